/// A point on a flat map, in points (or dots) from the top left, x to the right, y down.
struct TerminalMapPoint: Equatable, Sendable {
  /// The distance to the right.
  var x: Double
  /// The distance down.
  var y: Double
}
