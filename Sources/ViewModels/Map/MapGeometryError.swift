/// Why a camera, a view size or a clustering option was rejected.
public enum MapGeometryError: Error, Equatable, Sendable {
  /// The zoom is not finite or lies outside `0...MapCamera.maximumZoom`.
  case invalidZoom(Double)
  /// The width or height is not a finite number of points in `1...MapSize.maximumSide`.
  case invalidSize(width: Double, height: Double)
  /// The clustering radius is not a finite number of points in
  /// `1...MapClusterOptions.maximumRadius`.
  case invalidRadius(Double)
}

extension MapGeometryError: CustomStringConvertible {
  /// A message that names the rejected value and the valid range.
  public var description: String {
    switch self {
    case .invalidZoom(let zoom):
      "zoom \(zoom) is not a finite number in 0...\(Int(MapCamera.maximumZoom))"
    case .invalidSize(let width, let height):
      "view size \(width)x\(height) is not a finite number of points in "
        + "1...\(Int(MapSize.maximumSide)) on each side"
    case .invalidRadius(let radius):
      "cluster radius \(radius) is not a finite number of points in "
        + "1...\(Int(MapClusterOptions.maximumRadius))"
    }
  }
}
