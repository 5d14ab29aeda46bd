import ViewModels

/// The world's land (``WorldLand``, Natural Earth 1:110m), projected once and drawn at any
/// camera as braille dots.
struct LandLayer: Sendable {
  /// One polygon: its outer ring, then its holes, in points of the world at zoom 0.
  struct Shape: Sendable {
    /// The rings, outer first.
    let rings: [[TerminalMapPoint]]
    /// The smallest and largest x and y of the outer ring.
    let minimum: TerminalMapPoint
    let maximum: TerminalMapPoint
  }

  /// The polygons.
  let shapes: [Shape]

  /// The land built into the tool.
  static let world = LandLayer(encodedRings: WorldLand.encodedRings)

  /// Decodes rings in the form ``WorldLand/encodedRings`` documents; lines it cannot read are
  /// skipped.
  init(encodedRings: String) {
    var shapes: [Shape] = []
    var rings: [[TerminalMapPoint]] = []
    func finishShape() {
      guard let outer = rings.first, !outer.isEmpty else { return }
      let xs = outer.map(\.x)
      let ys = outer.map(\.y)
      shapes.append(
        Shape(
          rings: rings,
          minimum: TerminalMapPoint(x: xs.min() ?? 0, y: ys.min() ?? 0),
          maximum: TerminalMapPoint(x: xs.max() ?? 0, y: ys.max() ?? 0)))
    }
    for line in encodedRings.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard let kind = words.first, kind == "o" || kind == "h" else { continue }
      var ring: [TerminalMapPoint] = []
      var longitude = 0
      var latitude = 0
      for pair in words.dropFirst() {
        let numbers = pair.split(separator: ",")
        guard numbers.count == 2, let dx = Int(numbers[0]), let dy = Int(numbers[1]) else {
          continue
        }
        longitude += dx
        latitude += dy
        ring.append(
          WebMercator.point(latitude: Double(latitude) / 100, longitude: Double(longitude) / 100))
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

  /// Fills `canvas` with the land `camera` shows, the canvas standing for a viewport of its dots
  /// times ``TerminalMapScale/pointsPerDot`` points.
  func draw(into canvas: inout BrailleCanvas, camera: MapCamera) {
    let dot = TerminalMapScale.pointsPerDot
    let width = Double(canvas.dotWidth) * dot
    let height = Double(canvas.dotHeight) * dot
    let world = camera.worldWidthInPoints
    let scale = world / WebMercator.worldSize
    for shape in shapes {
      // Where the shape's left edge lands, and every copy of the world that shows it.
      let anchor = camera.viewportPoint(ofWorldPoint: shape.minimum, width: width, height: height)
      let shapeWidth = (shape.maximum.x - shape.minimum.x) * scale
      let top = anchor.y
      let bottom = anchor.y + (shape.maximum.y - shape.minimum.y) * scale
      guard bottom >= 0, top <= height else { continue }
      var left = anchor.x - ((anchor.x + shapeWidth) / world).rounded(.down) * world
      while left <= width {
        if left + shapeWidth >= 0 {
          let offsetX = left - shape.minimum.x * scale
          let offsetY = anchor.y - shape.minimum.y * scale
          let rings = shape.rings.map { ring in
            ring.map { point in
              TerminalMapPoint(
                x: (point.x * scale + offsetX) / dot, y: (point.y * scale + offsetY) / dot)
            }
          }
          canvas.fillPolygon(rings)
        }
        left += world
      }
    }
  }
}
