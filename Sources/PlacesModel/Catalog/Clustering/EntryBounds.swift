/// A rectangle that holds every place of an entry that edits changed, in fixed-point Web
/// Mercator units: the columns from ``west`` eastwards over ``width`` (wrapping at the
/// antimeridian; `UInt32.max` is every column) by the rows ``north`` to ``south``.
///
/// Conservative: a place that leaves does not shrink it, a place that comes widens it, so it
/// may be larger than its places need until the hierarchy is built again.
package struct EntryBounds: Sendable, Equatable {
  var west: UInt32
  var width: UInt32
  var north: UInt32
  var south: UInt32

  /// The place at `position` alone.
  init(place position: (x: UInt32, y: UInt32)) {
    west = position.x
    width = 0
    north = position.y
    south = position.y
  }

  /// The square of `reach` units either way around `position`: see ``ClusterLevel/reach``.
  package init(around position: (x: UInt32, y: UInt32), reach: UInt32) {
    if reach >= 1 << 31 {
      (west, width) = (0, .max)
    } else {
      (west, width) = (position.x &- reach, reach * 2)
    }
    north = position.y > reach ? position.y - reach : 0
    south = UInt32.max - position.y > reach ? position.y + reach : .max
  }

  /// Widens the rectangle to hold `other` too.
  mutating func formUnion(_ other: EntryBounds) {
    north = min(north, other.north)
    south = max(south, other.south)
    guard width != .max else { return }
    guard other.width != .max else {
      (west, width) = (0, .max)
      return
    }
    // Measured from this west edge, the other starts at its nearest copy.
    let start = Int64(Int32(bitPattern: other.west &- west))
    let low = min(0, start)
    let high = max(Int64(width), start + Int64(other.width))
    if high - low >= Int64(UInt32.max) {
      (west, width) = (0, .max)
    } else {
      (west, width) = (west &+ UInt32(truncatingIfNeeded: low), UInt32(high - low))
    }
  }

  /// The farthest the rectangle reaches from `position` along either axis, in units (going
  /// round the world where that is nearer); `UInt32.max` when it spans the world's width.
  ///
  /// So a rectangle that meets a view has `position` within this many units of it.
  func reach(from position: (x: UInt32, y: UInt32)) -> UInt32 {
    guard width != .max else { return .max }
    // Each edge measured the nearer way round from the position.
    let toWest = Self.distance(position.x, west)
    let toEast = Self.distance(position.x, west &+ width)
    let toNorth = position.y > north ? position.y - north : north - position.y
    let toSouth = position.y > south ? position.y - south : south - position.y
    let across = position.x &- west <= width ? max(toWest, toEast) : width &+ min(toWest, toEast)
    return max(across, toNorth, toSouth)
  }

  /// How far apart columns `a` and `b` are, the nearer way round.
  private static func distance(_ a: UInt32, _ b: UInt32) -> UInt32 {
    min(a &- b, b &- a)
  }

  /// Whether the rectangle holds `position` (its edges included).
  package func contains(_ position: (x: UInt32, y: UInt32)) -> Bool {
    north <= position.y && position.y <= south
      && (width == .max || position.x &- west <= width)
  }

  /// Whether the rectangle meets `rect`.
  package func intersects(_ rect: MercatorRect) -> Bool {
    guard north <= rect.y.upperBound, south >= rect.y.lowerBound else { return false }
    return width == .max || west &- rect.west <= rect.east &- rect.west
      || rect.west &- west <= width
  }
}
