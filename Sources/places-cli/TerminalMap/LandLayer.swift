import PlacesModel
import ViewModels

/// The world's land (``WorldLand``, Natural Earth 1:110m, or ``WorldLandDetailed``, 1:50m),
/// decoded once and drawn through a map viewport as braille dots.
struct LandLayer: Sendable {
  /// One polygon: its outer ring, then its holes.
  struct Shape: Sendable {
    /// The rings, outer first.
    let rings: [[Coordinate]]
    /// The north-west and south-east corners of the smallest latitude and longitude rectangle
    /// holding the outer ring, its longitudes taken as they are (a shape never wraps).
    let northWest: Coordinate
    let southEast: Coordinate
  }

  /// The polygons.
  let shapes: [Shape]

  /// The land built into the tool, at 1:110m: for the world and continents.
  static let world = LandLayer(encodedRings: WorldLand.encodedRings)

  /// The land built into the tool, at 1:50m: for countries and regions.
  ///
  /// It is decoded on first use (the first zoom past continents), as a Swift `static let` is.
  static let detailed = LandLayer(encodedRings: WorldLandDetailed.encodedRings)

  /// Decodes rings in the form ``WorldLand/encodedRings`` documents; lines it cannot read, and
  /// points that are not valid coordinates, are skipped.
  init(encodedRings: String) {
    var shapes: [Shape] = []
    var rings: [[Coordinate]] = []
    func finishShape() {
      guard let outer = rings.first, !outer.isEmpty else { return }
      let latitudes = outer.map(\.latitude)
      let longitudes = outer.map(\.longitude)
      guard
        let northWest = try? Coordinate(
          latitude: latitudes.max() ?? 0, longitude: longitudes.min() ?? 0),
        let southEast = try? Coordinate(
          latitude: latitudes.min() ?? 0, longitude: longitudes.max() ?? 0)
      else { return }
      shapes.append(Shape(rings: rings, northWest: northWest, southEast: southEast))
    }
    for line in encodedRings.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard let kind = words.first, kind == "o" || kind == "h" else { continue }
      var ring: [Coordinate] = []
      var longitude = 0
      var latitude = 0
      for pair in words.dropFirst() {
        let numbers = pair.split(separator: ",")
        guard numbers.count == 2, let dx = Int(numbers[0]), let dy = Int(numbers[1]) else {
          continue
        }
        longitude += dx
        latitude += dy
        if let coordinate = try? Coordinate(
          latitude: Double(latitude) / 100, longitude: Double(longitude) / 100)
        {
          ring.append(coordinate)
        }
      }
      if kind == "o" {
        finishShape()
        rings = []
      }
      rings.append(ring)
    }
    finishShape()
    self.shapes = shapes
  }

  /// Draws into `canvas`, which stands for the whole of `viewport` (its dots times
  /// ``TerminalMapScale/pointsPerDot`` points each way), the land the viewport shows,
  /// projected through it: a shape is drawn whole on each copy of the world in view, filled,
  /// or as its outline (the coast) when `asOutlines`.
  ///
  /// An outline leaves out the edges that are not coast: those along the antimeridian, where
  /// the data cut shapes, and Antarctica's closing edge near the South Pole.
  ///
  /// - Complexity: O(points of the shapes in view, per copy of the world in view), plus the
  ///   dots set.
  func draw(into canvas: inout BrailleCanvas, viewport: MapViewport, asOutlines: Bool = false) {
    let width = viewport.size.width
    let height = viewport.size.height
    for copy in viewport.visibleWorldCopies {
      for shape in shapes {
        let topLeft = viewport.point(for: shape.northWest, inWorldCopy: copy)
        let bottomRight = viewport.point(for: shape.southEast, inWorldCopy: copy)
        guard bottomRight.x >= 0, topLeft.x <= width, bottomRight.y >= 0, topLeft.y <= height
        else { continue }
        guard asOutlines else {
          canvas.fillPolygon(
            shape.rings.map { ring in
              ring.map { viewport.point(for: $0, inWorldCopy: copy) }
            })
          continue
        }
        for ring in shape.rings {
          guard var previous = ring.last else { continue }
          var previousPoint = viewport.point(for: previous, inWorldCopy: copy)
          for coordinate in ring {
            let point = viewport.point(for: coordinate, inWorldCopy: copy)
            if Self.isCoast(from: previous, to: coordinate) {
              canvas.drawLine(from: previousPoint, to: point)
            }
            previous = coordinate
            previousPoint = point
          }
        }
      }
    }
  }

  /// Whether the edge from `start` to `end` is coast, not a cut of the data: along the
  /// antimeridian, or Antarctica's closing edge south of 84°S.
  private static func isCoast(from start: Coordinate, to end: Coordinate) -> Bool {
    let onAntimeridian = abs(start.longitude) >= 179.99 && abs(end.longitude) >= 179.99
    let nearSouthPole = start.latitude <= -84 && end.latitude <= -84
    return !onAntimeridian && !nearSouthPole
  }
}
