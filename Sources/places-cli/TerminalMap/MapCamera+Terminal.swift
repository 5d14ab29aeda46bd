import Foundation
import PlacesModel
import ViewModels

/// How a terminal map panel measures the view models' points: a terminal cell stands for
/// ``pointsPerColumn`` by ``pointsPerRow`` points (8 by 16, the shape of a typical character
/// cell, so a panel of 80 by 24 cells is 640 by 384 points), and each of a braille character's
/// 2 by 4 dots for ``pointsPerDot`` by ``pointsPerDot`` points: square dots, so shapes keep
/// their proportions.
enum TerminalMapScale {
  /// The points a terminal column stands for.
  static let pointsPerColumn = 8.0
  /// The points a terminal row stands for.
  static let pointsPerRow = 16.0
  /// The points a braille dot stands for, in both directions.
  static let pointsPerDot = 4.0

  /// The size in points of a panel of `columns` by `rows` cells; `nil` when either is not
  /// positive or the panel is larger than a map view may be.
  static func viewSize(columns: Int, rows: Int) -> MapSize? {
    try? MapSize(width: Double(columns) * pointsPerColumn, height: Double(rows) * pointsPerRow)
  }
}

/// The terminal's camera is the view models' ``MapCamera``: these add what a terminal panel
/// needs to draw through it and to move it by whole cells.
///
/// At zoom 0 the whole world is ``WebMercator/worldSize`` (256) points wide, as ``MapCamera``
/// defines it. Longitudes wrap: the world repeats to the left and right.
extension MapCamera {
  /// The zooms the terminal map takes: from the whole world to a street.
  static let terminalZoomRange = 0.0...20.0

  /// A camera looking at `centre` from `zoom` clamped to ``terminalZoomRange``.
  static func clamped(centre: Coordinate, zoom: Double) -> MapCamera {
    let zoom = zoom.isFinite ? zoom : 0
    let clampedZoom = min(max(zoom, terminalZoomRange.lowerBound), terminalZoomRange.upperBound)
    return (try? MapCamera(centre: centre, zoom: clampedZoom)) ?? .world
  }

  /// The centre, in points of the world at this zoom.
  private var centrePoint: TerminalMapPoint {
    let point = WebMercator.point(latitude: centre.latitude, longitude: centre.longitude)
    let scale = pow(2, zoom)
    return TerminalMapPoint(x: point.x * scale, y: point.y * scale)
  }

  /// Where a point of the world at zoom 0 is drawn in a viewport of `width` by `height`
  /// points centred on the camera, taking the copy of the world nearest the centre.
  func viewportPoint(ofWorldPoint point: TerminalMapPoint, width: Double, height: Double)
    -> TerminalMapPoint
  {
    let scale = pow(2, zoom)
    let centre = centrePoint
    var x = point.x * scale - centre.x
    let world = worldWidthInPoints
    x -= (x / world).rounded() * world
    return TerminalMapPoint(x: x + width / 2, y: point.y * scale - centre.y + height / 2)
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
    let centre = centrePoint
    let world = TerminalMapPoint(
      x: (centre.x + point.x - width / 2) / scale, y: (centre.y + point.y - height / 2) / scale)
    let (latitude, longitude) = WebMercator.coordinate(of: world)
    return Self.coordinate(latitude: latitude, longitude: longitude)
  }

  /// The camera moved by `columns` and `rows` terminal cells (positive: right and down).
  func panned(columns: Double, rows: Double) -> MapCamera {
    let point = coordinate(
      atViewportPoint: TerminalMapPoint(
        x: columns * TerminalMapScale.pointsPerColumn, y: rows * TerminalMapScale.pointsPerRow),
      width: 0, height: 0)
    return centred(on: point)
  }

  /// The camera zoomed in by `steps` (out when negative), keeping the centre, within
  /// ``terminalZoomRange``.
  func zoomed(by steps: Double) -> MapCamera {
    .clamped(centre: centre, zoom: zoom + steps)
  }

  /// A valid coordinate near `latitude` and `longitude`: latitude clamped, longitude wrapped.
  private static func coordinate(latitude: Double, longitude: Double) -> Coordinate {
    var wrapped = longitude.truncatingRemainder(dividingBy: 360)
    if wrapped > 180 { wrapped -= 360 }
    if wrapped < -180 { wrapped += 360 }
    let clamped = min(max(latitude, -90), 90)
    return (try? Coordinate(latitude: clamped, longitude: wrapped)) ?? MapCamera.world.centre
  }
}
