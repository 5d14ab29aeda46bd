import Foundation
import PlacesModel

/// What a map panel shows: the coordinate at its centre and the zoom, as web maps define it.
///
/// At zoom 0 the whole world is ``WebMercator/worldSize`` (256) points wide and each step
/// doubles the scale. A terminal cell stands for ``pointsPerColumn`` by ``pointsPerRow`` points
/// (8 by 16, the shape of a typical character cell, so a map of 80 by 24 cells is 640 by 384
/// points), and each of a braille character's 2 by 4 dots for ``pointsPerDot`` by
/// ``pointsPerDot`` points: square dots, so shapes keep their proportions. Longitudes wrap: the
/// world repeats to the left and right.
struct TerminalMapCamera: Equatable, Sendable {
  /// The zooms a camera can take: from the whole world to a street.
  static let zoomRange = 0.0...20.0
  /// The points a terminal column stands for.
  static let pointsPerColumn = 8.0
  /// The points a terminal row stands for.
  static let pointsPerRow = 16.0
  /// The points a braille dot stands for, in both directions.
  static let pointsPerDot = 4.0

  /// The coordinate at the centre of the map.
  private(set) var center: Coordinate
  /// The zoom, within ``zoomRange``.
  private(set) var zoom: Double

  /// Creates a camera, clamping `zoom` to ``zoomRange``.
  init(center: Coordinate, zoom: Double) {
    self.center = center
    self.zoom = min(max(zoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
  }

  /// The width of the world at this zoom, in points.
  var worldWidth: Double { WebMercator.worldSize * pow(2, zoom) }

  /// The centre, in points of the world at this zoom.
  private var centerPoint: TerminalMapPoint {
    let point = WebMercator.point(latitude: center.latitude, longitude: center.longitude)
    let scale = pow(2, zoom)
    return TerminalMapPoint(x: point.x * scale, y: point.y * scale)
  }

  /// Where a point of the world at zoom 0 is drawn in a viewport of `width` by `height`
  /// points centred on the camera, taking the copy of the world nearest the centre.
  func viewportPoint(ofWorldPoint point: TerminalMapPoint, width: Double, height: Double)
    -> TerminalMapPoint
  {
    let scale = pow(2, zoom)
    let center = centerPoint
    var x = point.x * scale - center.x
    let world = worldWidth
    x -= (x / world).rounded() * world
    return TerminalMapPoint(x: x + width / 2, y: point.y * scale - center.y + height / 2)
  }

  /// Where `coordinate` is drawn in a viewport of `width` by `height` points.
  func viewportPoint(of coordinate: Coordinate, width: Double, height: Double) -> TerminalMapPoint {
    viewportPoint(
      ofWorldPoint: WebMercator.point(
        latitude: coordinate.latitude, longitude: coordinate.longitude),
      width: width, height: height)
  }

  /// The coordinate drawn at `point` of a viewport of `width` by `height` points.
  func coordinate(atViewportPoint point: TerminalMapPoint, width: Double, height: Double)
    -> Coordinate
  {
    let scale = pow(2, zoom)
    let center = centerPoint
    let world = TerminalMapPoint(
      x: (center.x + point.x - width / 2) / scale, y: (center.y + point.y - height / 2) / scale)
    let (latitude, longitude) = WebMercator.coordinate(of: world)
    return Self.coordinate(latitude: latitude, longitude: longitude)
  }

  /// The camera moved by `columns` and `rows` terminal cells (positive: right and down).
  func panned(columns: Double, rows: Double) -> TerminalMapCamera {
    let point = coordinate(
      atViewportPoint: TerminalMapPoint(
        x: columns * Self.pointsPerColumn, y: rows * Self.pointsPerRow),
      width: 0, height: 0)
    return TerminalMapCamera(center: point, zoom: zoom)
  }

  /// The camera zoomed in by `steps` (out when negative), keeping the centre.
  func zoomed(by steps: Double) -> TerminalMapCamera {
    TerminalMapCamera(center: center, zoom: zoom + steps)
  }

  /// A valid coordinate near `latitude` and `longitude`: latitude clamped, longitude wrapped.
  private static func coordinate(latitude: Double, longitude: Double) -> Coordinate {
    var wrapped = longitude.truncatingRemainder(dividingBy: 360)
    if wrapped > 180 { wrapped -= 360 }
    if wrapped < -180 { wrapped += 360 }
    let clamped = min(max(latitude, -90), 90)
    return (try? Coordinate(latitude: clamped, longitude: wrapped)) ?? Self.origin
  }

  private static let origin: Coordinate = {
    guard let origin = try? Coordinate(latitude: 0, longitude: 0) else {
      preconditionFailure("0,0 is a valid coordinate")
    }
    return origin
  }()
}
