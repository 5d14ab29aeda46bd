/// A position on a map view, in points from its top-left corner; x grows right, y down.
public struct MapPoint: Hashable, Sendable {
  /// The distance from the left edge, in points.
  public var x: Double
  /// The distance from the top edge, in points.
  public var y: Double

  /// Creates the point `x` points right of and `y` points below the top-left corner.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The straight-line distance to `other`, in points.
  public func distance(to other: MapPoint) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    return (dx * dx + dy * dy).squareRoot()
  }
}
