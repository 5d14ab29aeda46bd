/// How far the places of each entry of a level lie from its position, each way, while levels
/// are built: exact, each level's made from the level below's.
struct ReachOffsets {
  /// The farthest any place lies west of the entry's position, in units (0 or more); east,
  /// north (towards row 0) and south likewise.
  private(set) var west: [Int64]
  private(set) var east: [Int64]
  private(set) var north: [Int64]
  private(set) var south: [Int64]

  /// The offsets of `count` single places: 0 every way.
  init(places count: Int) {
    west = [Int64](repeating: 0, count: count)
    east = west
    north = west
    south = west
  }

  /// The offsets of the entries at `x` and `y` one level up, whose children are the entries
  /// of these offsets at `childX` and `childY`, the child at `index` having parent
  /// `parent[index]`.
  ///
  /// - Complexity: O(*c* + *p*) for *c* children and *p* parents.
  func parents(
    x: [UInt32], y: [UInt32], childX: [UInt32], childY: [UInt32], parent: [UInt32]
  ) -> ReachOffsets {
    var offsets = ReachOffsets(places: x.count)
    for child in parent.indices {
      let entry = Int(parent[child])
      // The child's nearest copy: exact while an entry spans less than half the world.
      let dx = Int64(Int32(bitPattern: childX[child] &- x[entry]))
      let dy = Int64(childY[child]) - Int64(y[entry])
      offsets.west[entry] = max(offsets.west[entry], west[child] - dx)
      offsets.east[entry] = max(offsets.east[entry], east[child] + dx)
      offsets.north[entry] = max(offsets.north[entry], north[child] - dy)
      offsets.south[entry] = max(offsets.south[entry], south[child] + dy)
    }
    return offsets
  }

  /// Each entry's reach: the farthest any of its places lies from its position along either
  /// axis, `UInt32.max` for one whose places span the world's width.
  var reach: [UInt32] {
    west.indices.map { entry in
      if west[entry] + east[entry] >= Int64(UInt32.max) { return .max }
      let farthest = max(west[entry], east[entry], north[entry], south[entry])
      return UInt32(min(farthest, Int64(UInt32.max)))
    }
  }
}
