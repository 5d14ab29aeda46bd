import PlacesModel
import ViewModels

/// Merges clustering candidates until no two are closer than the radius.
///
/// Each round takes the groups by priority (most places first, then Z-order) and lets each
/// group not yet taken absorb every group not yet taken whose position lies within the radius
/// of its own; a merged group sits at the mean position of all its places and keeps the
/// identity of the group that absorbed the others. Rounds repeat until one merges nothing, so
/// at the end every two groups are at least the radius apart. Each round but the last removes
/// at least one group, and a round costs O(*m* log *m*) with a grid of radius-sized buckets;
/// after the first, only pairs with a group that changed are measured again.
struct ClusterMerger {
  /// A set of candidates that end up as one marker.
  struct Group {
    var count: Int
    var sumX: UInt64
    var sumY: UInt64
    /// The sum over the group's places of the world widths their copy lies east of the square.
    var wraps: Int64
    /// The candidate whose cell names the group, and whose Z-order orders the markers.
    var seed: Int
    /// The first and last candidate of the group, linked through ``ClusterMerger/next``.
    var head: Int
    var tail: Int
    var x: Double
    var y: Double
    /// Whether the group absorbed another in the last round (every group, before the first):
    /// two groups that did not were already found at least a radius apart.
    var hasChanged = true
  }

  /// The groups, in Z-order of their seeds once ``merge(radius:)`` has run.
  private(set) var groups: [Group]
  /// For each candidate, the next candidate of its group, or -1.
  private(set) var next: [Int]

  init(candidates: [ClusterCandidate]) {
    groups = candidates.enumerated().map { index, candidate in
      var group = Group(
        count: candidate.count, sumX: candidate.sumX, sumY: candidate.sumY,
        wraps: candidate.wraps * Int64(candidate.count), seed: index, head: index, tail: index,
        x: 0, y: 0)
      Self.place(&group)
      return group
    }
    next = Array(repeating: -1, count: candidates.count)
  }

  /// Puts `group` at the mean position of its places, in unwrapped units.
  ///
  /// The sums are exact integers, and below 2^53 (two million places) so is their conversion:
  /// the same places always give the same position, bit for bit.
  static func place(_ group: inout Group) {
    let count = Double(group.count)
    group.x = (Double(group.sumX) + Double(group.wraps) * WebMercator.worldSize) / count
    group.y = Double(group.sumY) / count
  }

  /// Merges until every two groups are at least `radius` units apart.
  mutating func merge(radius: Double) {
    var groups = self.groups
    while groups.count > 1 {
      let merged = Self.mergeRound(groups, radius: radius, next: &next)
      guard merged.count < groups.count else { break }
      groups = merged
    }
    self.groups = groups
  }

  /// Runs one round and returns the groups it leaves, in Z-order of their seeds.
  ///
  /// Each group, most places first, then in Z-order, absorbs the groups not yet taken within
  /// `radius` of it. The result is in Z-order so that index order breaks ties in the next
  /// round.
  private static func mergeRound(_ groups: [Group], radius: Double, next: inout [Int]) -> [Group] {
    let limit = radius * radius
    let grid = BucketGrid(groups: groups, side: radius)
    // Most places first, then Z-order (the groups are in Z-order): one word per group.
    var order = groups.indices.map { index in
      UInt64(UInt32.max - UInt32(clamping: groups[index].count)) << 32 | UInt64(index)
    }
    order.sort()
    var isTaken = [Bool](repeating: false, count: groups.count)
    // Each group left lands at its seed's index, so reading them in index order keeps Z-order.
    var merged = [Group?](repeating: nil, count: groups.count)
    var mergedCount = 0
    groups.withUnsafeBufferPointer { groups in
      isTaken.withUnsafeMutableBufferPointer { isTaken in
        next.withUnsafeMutableBufferPointer { next in
          for key in order {
            let index = Int(truncatingIfNeeded: key & 0xFFFF_FFFF)
            guard !isTaken[index] else { continue }
            isTaken[index] = true
            var group = groups[index]
            let (seedX, seedY) = (group.x, group.y)
            let seedHasChanged = group.hasChanged
            var didAbsorb = false
            grid.forEachNeighbour(of: seedX, seedY) { other in
              guard !isTaken[other], seedHasChanged || groups[other].hasChanged else { return }
              let dx = groups[other].x - seedX
              let dy = groups[other].y - seedY
              guard dx * dx + dy * dy < limit else { return }
              isTaken[other] = true
              let absorbed = groups[other]
              group.count += absorbed.count
              group.sumX &+= absorbed.sumX
              group.sumY &+= absorbed.sumY
              group.wraps += absorbed.wraps
              next[group.tail] = absorbed.head
              group.tail = absorbed.tail
              didAbsorb = true
            }
            if didAbsorb {
              place(&group)
            }
            group.hasChanged = didAbsorb
            merged[index] = group
            mergedCount += 1
          }
        }
      }
    }
    guard mergedCount < groups.count else { return groups }
    return merged.compactMap { $0 }
  }
}

/// Groups bucketed on a square grid, to find those near a point without looking at all.
private struct BucketGrid {
  private let minimumX: Double
  private let minimumY: Double
  private let side: Double
  private let columns: Int
  private let rows: Int
  /// The groups of bucket `b` are `members[starts[b]..<starts[b + 1]]`.
  private var starts: [Int]
  private var members: [Int]

  /// Buckets `groups` on a grid whose buckets are at least `side` wide, and at most about four
  /// per group.
  init(groups: [ClusterMerger.Group], side: Double) {
    var minimumX = Double.infinity
    var minimumY = Double.infinity
    var maximumX = -Double.infinity
    var maximumY = -Double.infinity
    for group in groups {
      minimumX = min(minimumX, group.x)
      minimumY = min(minimumY, group.y)
      maximumX = max(maximumX, group.x)
      maximumY = max(maximumY, group.y)
    }
    let budget = Double(4 * groups.count + 16)
    var side = max(side, 1)
    let area = ((maximumX - minimumX) / side + 1) * ((maximumY - minimumY) / side + 1)
    if area > budget {
      side *= (area / budget).squareRoot()
    }
    self.minimumX = minimumX
    self.minimumY = minimumY
    self.side = side
    columns = Int((maximumX - minimumX) / side) + 1
    rows = Int((maximumY - minimumY) / side) + 1
    starts = Array(repeating: 0, count: columns * rows + 1)
    members = Array(repeating: 0, count: groups.count)
    var bucketOfGroup = [Int](repeating: 0, count: groups.count)
    for (index, group) in groups.enumerated() {
      let bucket = self.bucket(column: column(of: group.x), row: row(of: group.y))
      bucketOfGroup[index] = bucket
      starts[bucket + 1] += 1
    }
    for bucket in 0..<columns * rows {
      starts[bucket + 1] += starts[bucket]
    }
    var filled = starts
    for (index, bucket) in bucketOfGroup.enumerated() {
      members[filled[bucket]] = index
      filled[bucket] += 1
    }
  }

  private func column(of x: Double) -> Int {
    min(max(Int((x - minimumX) / side), 0), columns - 1)
  }

  private func row(of y: Double) -> Int {
    min(max(Int((y - minimumY) / side), 0), rows - 1)
  }

  private func bucket(column: Int, row: Int) -> Int {
    row * columns + column
  }

  /// Calls `body` with every group in the buckets around `x`, `y`: all those within `side`.
  @inline(__always)
  func forEachNeighbour(of x: Double, _ y: Double, _ body: (Int) -> Void) {
    let column = column(of: x)
    let row = row(of: y)
    starts.withUnsafeBufferPointer { starts in
      members.withUnsafeBufferPointer { members in
        for neighbourRow in max(row - 1, 0)...min(row + 1, rows - 1) {
          let first = neighbourRow * columns
          let start = starts[first + max(column - 1, 0)]
          let end = starts[first + min(column + 1, columns - 1) + 1]
          for slot in start..<end {
            body(members[slot])
          }
        }
      }
    }
  }
}
