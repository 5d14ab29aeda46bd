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
public struct MapViewport: Hashable, Sendable {
  /// Where the view looks.
  public let camera: MapCamera
  /// The view's size in points.
  public let size: MapSize

  /// Creates the viewport of a view of `size` looking through `camera`.
  public init(camera: MapCamera, size: MapSize) {
    self.camera = camera
    self.size = size
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

  /// Where `coordinate` appears on the view, in points from its top-left corner.
  ///
  /// The point is on the copy of the world nearest the camera's centre: for a coordinate in
  /// the region, the copy in view (when the view shows the world more than once, the one
  /// markers are placed on). Latitudes beyond ±85.0511° yield the top or bottom edge of the
  /// world.
  public func point(for coordinate: Coordinate) -> MapPoint {
    frame.point(
      x: WebMercator.x(longitude: coordinate.longitude),
      y: WebMercator.y(latitude: coordinate.latitude))
  }

  /// The region in world units, as the cluster index queries it.
  var frame: ViewportFrame {
    ViewportFrame(self)
  }
}

extension MapViewport: CustomStringConvertible {
  /// The viewport as `camera in size`, for example `59.3,18.1@11.0 in 390.0x844.0`.
  public var description: String { "\(camera) in \(size)" }
}

/// A viewport's region in world units: up to two rectangles of the square, each with the
/// number of world widths to add to its x to place it on the view.
struct ViewportFrame {
  /// One rectangle of the region, in whole units, edges included.
  struct Piece {
    let west: UInt32
    let east: UInt32
    /// World widths added to x to reach the view's unwrapped coordinates.
    let wraps: Int64
  }

  /// How many units one point spans.
  let unitsPerPoint: Double
  /// The unwrapped x of the view's left edge and the y of its top edge, in units.
  let left: Double
  let top: Double
  /// The x of the camera's centre, in units.
  let centreX: Double
  /// Whether the view is at least as wide as the world.
  let isWide: Bool
  /// The rows of the region, edges included; `north <= south`.
  let north: UInt32
  let south: UInt32
  /// The rectangles of the region, west to east on the view.
  ///
  /// When the view is wide, one rectangle covers the square, and each cell is placed on the
  /// copy nearest the centre.
  let pieces: [Piece]

  init(_ viewport: MapViewport) {
    let world = WebMercator.worldSize
    let unitsPerPoint = WebMercator.unitsPerPoint(atZoom: viewport.camera.zoom)
    let centreX = WebMercator.x(longitude: viewport.camera.centre.longitude)
    let centreY = WebMercator.y(latitude: viewport.camera.centre.latitude)
    let halfWidth = viewport.size.width / 2 * unitsPerPoint
    let halfHeight = viewport.size.height / 2 * unitsPerPoint
    self.unitsPerPoint = unitsPerPoint
    self.centreX = centreX
    left = centreX - halfWidth
    top = centreY - halfHeight
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
    let west = Int64(left.rounded(.up))
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

  /// The view's unwrapped x for the world x `x` (in `0...2^32`): the copy of the world
  /// nearest the camera's centre, which for a place in the region is the copy in view.
  func unwrappedX(_ x: Double) -> Double {
    let world = WebMercator.worldSize
    return x + ((centreX - x) / world).rounded() * world
  }

  /// The view point of the world point `x`, `y`, in units.
  func point(x: Double, y: Double) -> MapPoint {
    MapPoint(x: (unwrappedX(x) - left) / unitsPerPoint, y: (y - top) / unitsPerPoint)
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
