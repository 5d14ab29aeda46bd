/// A rectangle of the fixed-point Web Mercator square (``WebMercator/position(of:)``): the
/// columns from ``west`` eastwards to ``east`` (``east`` below ``west`` across the
/// antimeridian; `0` to `UInt32.max` is every column) by the rows ``y``.
package struct MercatorRect: Sendable, Equatable {
  /// The westernmost column.
  package let west: UInt32
  /// The easternmost column: below ``west`` when the rectangle crosses the antimeridian.
  package let east: UInt32
  /// The rows.
  package let y: ClosedRange<UInt32>

  /// A rectangle of the columns `west` eastwards to `east` by the rows `y`.
  package init(west: UInt32, east: UInt32, y: ClosedRange<UInt32>) {
    self.west = west
    self.east = east
    self.y = y
  }

  /// Whether the rectangle holds every column.
  package var isWholeWidth: Bool { east &- west == .max }

  /// Whether `position` lies in the rectangle.
  @inline(__always)
  package func contains(_ position: (x: UInt32, y: UInt32)) -> Bool {
    y.contains(position.y) && position.x &- west <= east &- west
  }

  /// The rectangle widened by `units` on every side, clamped to the square's rows; every
  /// column once it would wrap onto itself.
  package func widened(by units: UInt32) -> MercatorRect {
    let north = y.lowerBound > units ? y.lowerBound - units : 0
    let south = UInt32.max - y.upperBound > units ? y.upperBound + units : .max
    let rows = north...south
    if isWholeWidth || UInt64(east &- west) + 2 * UInt64(units) >= UInt64(UInt32.max) {
      return MercatorRect(west: 0, east: .max, y: rows)
    }
    return MercatorRect(west: west &- units, east: east &+ units, y: rows)
  }
}
