/// The exact sum of an entry's places' positions, in fixed-point Web Mercator units
/// (``WebMercator/position(of:)``), so that the entry's mean is the mean of its places after
/// any history of edits, never a running average that gathers rounding.
///
/// Across the antimeridian each place is summed on the copy of the world nearest the entry
/// (the seed that formed it, or its mean when a place joins or leaves), and the sum is kept on
/// the copy whose mean lies in the square, so that it stays within 2^60 for 2^27 places.
package struct PositionSum: Sendable, Equatable {
  /// The sum of the places' x, each on the copy of the world nearest the entry.
  private(set) var x: Int64
  /// The sum of the places' y.
  private(set) var y: UInt64
  /// The number of places summed.
  package private(set) var count: UInt32

  /// The sum of `count` places whose mean is (`x`, `y`) with the remainders of the divisions
  /// that made it: `x` · `count` + `remainderX`, and the same for y.
  init(x: UInt32, y: UInt32, count: UInt32, remainderX: UInt32, remainderY: UInt32) {
    self.x = Int64(x) * Int64(count) + Int64(remainderX)
    self.y = UInt64(y) * UInt64(count) + UInt64(remainderY)
    self.count = count
  }

  /// One place at `position`.
  package init(place position: (x: UInt32, y: UInt32)) {
    self.init(x: position.x, y: position.y, count: 1, remainderX: 0, remainderY: 0)
  }

  /// The mean position, rounded down, with the remainders of the two divisions; the origin
  /// when nothing is summed.
  package var mean: (x: UInt32, y: UInt32, remainderX: UInt32, remainderY: UInt32) {
    guard count > 1 else {
      // One place is its own mean, with nothing left over: no division (most entries of the
      // deepest levels are one place each).
      guard count == 1 else { return (0, 0, 0, 0) }
      return (UInt32(truncatingIfNeeded: x), UInt32(truncatingIfNeeded: y), 0, 0)
    }
    let total = Int64(count)
    let meanX = Self.floorDivision(x, total)
    let meanY = y / UInt64(count)
    return (
      UInt32(truncatingIfNeeded: meanX), UInt32(meanY), UInt32(x - meanX * total),
      UInt32(y - meanY * UInt64(count))
    )
  }

  /// Adds `other`, its places moved by whole worlds so that its mean is the copy nearest
  /// `anchor`, itself taken on the copy nearest this sum's mean.
  mutating func add(_ other: PositionSum, nearest anchor: UInt32) {
    guard other.count > 0 else { return }
    let otherMean = UInt32(truncatingIfNeeded: Self.floorDivision(other.x, Int64(other.count)))
    var liftedAnchor = Int64(anchor)
    if count > 0 {
      let current = Self.floorDivision(x, Int64(count))
      liftedAnchor =
        current + Int64(Int32(bitPattern: anchor &- UInt32(truncatingIfNeeded: current)))
    }
    let nearest = liftedAnchor + Int64(Int32(bitPattern: otherMean &- anchor))
    x += other.x + (nearest - Int64(otherMean)) * Int64(other.count)
    y += other.y
    count += other.count
    normalize()
  }

  /// Adds one place at `position`, on the copy of the world nearest the mean.
  package mutating func add(place position: (x: UInt32, y: UInt32)) {
    add(PositionSum(place: position), nearest: count > 0 ? mean.x : position.x)
  }

  /// Takes out one place at `position`, on the copy of the world nearest the mean: the copy
  /// it was added on, for any entry narrower than half the world.
  package mutating func remove(place position: (x: UInt32, y: UInt32)) {
    guard count > 1 else {
      self = PositionSum(x: 0, y: 0, count: 0, remainderX: 0, remainderY: 0)
      return
    }
    let meanX = mean.x
    x -= Int64(meanX) + Int64(Int32(bitPattern: position.x &- meanX))
    y -= UInt64(position.y)
    count -= 1
    normalize()
  }

  /// Moves every place by whole worlds so that the mean's x lies in the square.
  private mutating func normalize() {
    let total = Int64(count)
    let worlds = Self.floorDivision(Self.floorDivision(x, total), 1 << 32)
    x -= worlds * (1 << 32) * total
  }

  @inline(__always)
  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return quotient * divisor > value ? quotient - 1 : quotient
  }
}
