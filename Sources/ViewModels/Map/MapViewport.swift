import PlacesModel

/// What a map view shows: its camera and its size, and so its visible region.
///
/// ## The region
/// The region is the view's rectangle on the Web Mercator square at the camera's zoom. Places
/// are tested against it at the projection's resolution (one unit of a 2^32-unit square, about
/// 9 mm at the equator); ``contains(_:)`` is that test, and ``visibleRegion`` is the smallest
/// latitude and longitude rectangle holding every coordinate it accepts.
///
/// - Longitude: when the view is narrower than the world, the region is one stretch of
///   longitudes, which crosses the antimeridian when the view does. When the view is at least
///   as wide as the world (a phone at zoom 0), every longitude is in the region, and each place
///   counts once, on the copy of the world nearest the camera's centre.
/// - Latitude: Web Mercator ends at ±85.0511°. Places beyond lie on the square's top or bottom
///   edge, so they are in the region whenever that edge is (``visibleRegion`` then reaches ±90).
///   The view's part beyond the edge holds nothing.
///
/// ## The projection
/// ``point(for:)`` and ``coordinate(at:)`` convert between coordinates and points on the view,
/// and ``panned(byX:y:)`` moves the view by points. They are the package's one Web Mercator
/// projection, the one the region and the clustering use: a front end that draws markers, land
/// or anything else through them draws each where the view model reckons it is.
public struct MapViewport: Hashable, Sendable {
  /// Where the view looks.
  public let camera: MapCamera
  /// The view's size in points.
  public let size: MapSize
  /// The camera's centre on the Web Mercator square, in world units (``WebMercator``).
  let centreX: Double
  let centreY: Double
  /// How many world units one point spans at the camera's zoom.
  let unitsPerPoint: Double

  /// Creates the viewport of a view of `size` looking through `camera`.
  public init(camera: MapCamera, size: MapSize) {
    self.camera = camera
    self.size = size
    centreX = WebMercator.x(longitude: camera.centre.longitude)
    centreY = WebMercator.y(latitude: camera.centre.latitude)
    unitsPerPoint = WebMercator.unitsPerPoint(atZoom: camera.zoom)
  }

  // MARK: - Region

  /// Whether `coordinate` lies in the region the view shows.
  public func contains(_ coordinate: Coordinate) -> Bool {
    let position = WebMercator.position(of: coordinate)
    return frame.contains(x: position.x, y: position.y)
  }

  /// The smallest latitude and longitude rectangle holding every coordinate in the region;
  /// its west edge is east of its east edge when the region crosses the antimeridian.
  public var visibleRegion: CoordinateBounds {
    frame.bounds
  }

  /// The region in world units, as the cluster index queries it.
  package var frame: ViewportFrame {
    ViewportFrame(self)
  }

  // MARK: - Projection

  /// Where `coordinate` appears on the view: the Web Mercator projection at the camera's zoom,
  /// in points from the view's top-left corner, x growing right and y down.
  ///
  /// - The camera's centre is at the middle of the view, (`size.width / 2`, `size.height / 2`),
  ///   exactly; the world is ``MapCamera/worldWidthInPoints`` wide and as high.
  /// - Longitudes wrap: the world repeats every world width to the east and west, and the point
  ///   is on the copy of the world nearest the camera's centre (the copy in view, for a
  ///   coordinate in the region). So across the antimeridian a coordinate near the centre is
  ///   drawn beside it, not a world away.
  /// - Latitudes beyond ±85.0511°, where the world ends, give its top or bottom edge.
  ///
  /// The point may lie outside the view; ``contains(_:)`` says whether the coordinate is in the
  /// region.
  public func point(for coordinate: Coordinate) -> MapPoint {
    let x = WebMercator.x(longitude: coordinate.longitude)
    let copy = ((centreX - x) / WebMercator.worldSize).rounded()
    return point(x: x, copy: copy, y: WebMercator.y(latitude: coordinate.latitude))
  }

  /// The coordinate shown at `point` of the view: the inverse of ``point(for:)``.
  ///
  /// - `point` is in points from the view's top-left corner, x growing right and y down; it may
  ///   lie outside the view.
  /// - Longitudes wrap: the result's longitude is in `-180..<180`, whichever copy of the world
  ///   the point falls on.
  /// - Latitudes clamp: a point above the world's top edge or below its bottom edge gives the
  ///   edge's latitude, ±85.0511°.
  ///
  /// For every coordinate within ±85.0511°, `coordinate(at: point(for: coordinate))` is that
  /// coordinate to within rounding, longitude 180 coming back as -180.
  ///
  /// - Precondition: `point.x` and `point.y` are finite.
  public func coordinate(at point: MapPoint) -> Coordinate {
    precondition(point.x.isFinite && point.y.isFinite, "the point \(point) is not finite")
    // Whole worlds east or west change nothing, and a world above or below is off the square.
    let world = camera.worldWidthInPoints
    let dx = (point.x - size.width / 2).truncatingRemainder(dividingBy: world)
    let dy = min(max(point.y - size.height / 2, -world), world)
    return WebMercator.coordinate(x: centreX + dx * unitsPerPoint, y: centreY + dy * unitsPerPoint)
  }

  /// The viewport of the same size and zoom moved `dx` points right and `dy` points down, as a
  /// drag of the map by (-`dx`, -`dy`) moves it.
  ///
  /// Its camera's centre is the coordinate this view shows at (`size.width / 2 + dx`,
  /// `size.height / 2 + dy`), ``coordinate(at:)``: longitudes wrap, so panning east across the
  /// antimeridian goes on to longitude -180 and beyond; the latitude clamps to ±85.0511°, so
  /// panning north stops with the world's top edge at the middle of the view. Panning by 0 and 0
  /// returns the viewport unchanged.
  ///
  /// - Precondition: `dx` and `dy` are finite.
  public func panned(byX dx: Double, y dy: Double) -> MapViewport {
    guard dx != 0 || dy != 0 else { return self }
    let centre = coordinate(at: MapPoint(x: size.width / 2 + dx, y: size.height / 2 + dy))
    return MapViewport(camera: camera.centred(on: centre), size: size)
  }

  // MARK: - Copies of the world

  /// The copies of the world the view shows some of, numbered as in
  /// ``point(for:inWorldCopy:)``.
  ///
  /// One copy, 0, unless the view crosses the antimeridian or is wider than the world.
  package var visibleWorldCopies: ClosedRange<Int> {
    let world = WebMercator.worldSize
    let halfWidth = size.width / 2 * unitsPerPoint
    let west = Int(((centreX - halfWidth) / world).rounded(.down))
    let east = Int(((centreX + halfWidth) / world).rounded(.down))
    return west...max(west, east)
  }

  /// Where `coordinate` appears on the copy `copy` of the world: ``point(for:)``, but on a
  /// copy of the caller's choosing, so that a shape is drawn whole on one copy.
  ///
  /// Copy 0 is the one the camera's centre is on (longitudes -180 to 180 running west to east);
  /// copy *k* lies *k* world widths east of it (west for negative *k*). On the copy
  /// ``point(for:)`` picks, the two give the same point, bit for bit.
  package func point(for coordinate: Coordinate, inWorldCopy copy: Int) -> MapPoint {
    point(
      x: WebMercator.x(longitude: coordinate.longitude), copy: Double(copy),
      y: WebMercator.y(latitude: coordinate.latitude))
  }

  /// The point of the world position `x`, `y` (world units) on the copy `copy` worlds east of
  /// the centre's: every projection to the view goes through here.
  private func point(x: Double, copy: Double, y: Double) -> MapPoint {
    MapPoint(
      x: size.width / 2 + (x + copy * WebMercator.worldSize - centreX) / unitsPerPoint,
      y: size.height / 2 + (y - centreY) / unitsPerPoint)
  }
}

extension MapViewport: CustomStringConvertible {
  /// The viewport as `camera in size`, for example `59.3,18.1@11.0 in 390.0x844.0`.
  public var description: String { "\(camera) in \(size)" }
}

/// A viewport's region in world units: up to two rectangles of the square, each with the
/// number of world widths to add to its x to place it on the view.
package struct ViewportFrame {
  /// One rectangle of the region, in whole units, edges included.
  package struct Piece {
    package let west: UInt32
    package let east: UInt32
    /// World widths added to x to reach the view's unwrapped coordinates.
    package let wraps: Int64
  }

  /// How many units one point spans.
  package let unitsPerPoint: Double
  /// The x of the camera's centre, in units.
  package let centreX: Double
  /// Whether the view is at least as wide as the world.
  package let isWide: Bool
  /// The rows of the region, edges included; `north <= south`.
  package let north: UInt32
  package let south: UInt32
  /// The rectangles of the region, west to east on the view.
  ///
  /// When the view is wide, one rectangle covers the square, and each cell is placed on the
  /// copy nearest the centre.
  package let pieces: [Piece]

  init(_ viewport: MapViewport) {
    let world = WebMercator.worldSize
    let unitsPerPoint = viewport.unitsPerPoint
    let centreX = viewport.centreX
    let centreY = viewport.centreY
    let halfWidth = viewport.size.width / 2 * unitsPerPoint
    let halfHeight = viewport.size.height / 2 * unitsPerPoint
    self.unitsPerPoint = unitsPerPoint
    self.centreX = centreX
    let top = centreY - halfHeight
    isWide = 2 * halfWidth >= world
    let north = max(top, 0).rounded(.up)
    let south = min(centreY + halfHeight, world - 1).rounded(.down)
    if north <= south {
      self.north = UInt32(north)
      self.south = UInt32(south)
    } else {
      // Less than a unit of the square is in view (a point-high view at the very edge): keep
      // the row of the centre, so the region is never empty.
      self.north = WebMercator.fixedY(centreY)
      self.south = self.north
    }
    if isWide {
      pieces = [Piece(west: 0, east: UInt32.max, wraps: 0)]
      return
    }
    let west = Int64((centreX - halfWidth).rounded(.up))
    let east = Int64((centreX + halfWidth).rounded(.down))
    var pieces: [Piece] = []
    let worldUnits = Int64(1) << 32
    var wraps = west >> 32  // floor division by 2^32
    while west <= east, wraps <= east >> 32 {
      let start = max(west, wraps << 32) - wraps * worldUnits
      let end = min(east, (wraps + 1) * worldUnits - 1) - wraps * worldUnits
      pieces.append(
        Piece(west: UInt32(start), east: UInt32(end), wraps: wraps))
      wraps += 1
    }
    self.pieces = pieces
  }

  /// Whether the fixed-point position `x`, `y` lies in the region.
  func contains(x: UInt32, y: UInt32) -> Bool {
    guard north <= y, y <= south else { return false }
    return pieces.contains { $0.west <= x && x <= $0.east }
  }

  /// The smallest latitude and longitude rectangle holding the region.
  var bounds: CoordinateBounds {
    let worldUnits = Int64(1) << 32
    let north = self.north == 0 ? 90 : WebMercator.latitude(y: Double(self.north))
    let south = self.south == UInt32.max ? -90 : WebMercator.latitude(y: Double(self.south) + 1)
    var west = -180.0
    var east = 180.0
    if !isWide, let first = pieces.first, let last = pieces.last {
      let westUnits = Int64(first.west)
      let eastUnits = Int64(last.east) + 1
      west = westUnits == 0 ? -180 : WebMercator.longitude(x: Double(westUnits))
      east = eastUnits == worldUnits ? 180 : WebMercator.longitude(x: Double(eastUnits))
    }
    // Valid by construction: the latitudes are projected rows (or ±90), south of north, and
    // the longitudes projected columns (or ±180).
    return CoordinateBounds(uncheckedSouth: south, west: west, north: north, east: east)
  }
}
