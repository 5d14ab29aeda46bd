import Foundation

/// The Web Mercator projection of web maps, at zoom 0: the world is a square of
/// ``worldSize`` points, longitude -180° at x = 0, latitude ``maximumLatitude`` at y = 0.
enum WebMercator {
  /// The width and height of the world at zoom 0, in points.
  static let worldSize = 256.0
  /// The latitude of the square's top edge (and, negated, its bottom edge): the latitudes
  /// beyond it are not drawn.
  static let maximumLatitude = 85.051_128_779_806_59

  /// The point of latitude and longitude in degrees; latitudes beyond
  /// ``maximumLatitude`` are drawn on the edge.
  static func point(latitude: Double, longitude: Double) -> TerminalMapPoint {
    let clamped = min(max(latitude, -maximumLatitude), maximumLatitude) * .pi / 180
    let x = (longitude + 180) / 360 * worldSize
    let y = (1 - log(tan(.pi / 4 + clamped / 2)) / .pi) / 2 * worldSize
    return TerminalMapPoint(x: x, y: y)
  }

  /// The latitude and longitude in degrees of `point`; x is not wrapped, y is clamped to the
  /// square.
  static func coordinate(of point: TerminalMapPoint) -> (latitude: Double, longitude: Double) {
    let y = min(max(point.y, 0), worldSize)
    let latitude = atan(sinh(.pi * (1 - 2 * y / worldSize))) * 180 / .pi
    let longitude = point.x / worldSize * 360 - 180
    return (latitude, longitude)
  }
}
