/// Finishes the levels of a hierarchy as ``ClusterLevelBuilder`` merges them, from the places
/// up: gives each level its parents, its children and the reach of its entries, none of
/// which the merges of the levels above read, so that finishing can run beside them.
struct LevelFinisher {
  /// The children of the entries of the level to finish next: the level below's, grouped.
  private var children: (start: [UInt32], order: [UInt32]) = ([], [])
  /// How far the places of each entry of the level to finish next lie from it.
  private var offsets: ReachOffsets
  /// The levels finished, from the level of places up.
  private(set) var finished: [ClusterLevel] = []

  /// A finisher whose first level holds `count` places, each alone.
  init(places count: Int) {
    offsets = ReachOffsets(places: count)
  }

  /// Finishes `level`, the next one up, whose entries have the parents `parents` in `above`,
  /// the level merged from it.
  ///
  /// - Complexity: O(*n* + *m*) for *n* entries in `level` and *m* in `above`.
  mutating func finish(_ level: SortedLevel, parents: [UInt32], above: SortedLevel) {
    finished.append(
      level.finished(
        parents: parents, childStart: children.start, childOrder: children.order,
        reach: offsets.reach))
    children = Self.children(of: parents, parentCount: above.x.count)
    offsets = offsets.parents(
      x: above.x, y: above.y, childX: level.x, childY: level.y, parent: parents)
  }

  /// Finishes the top level, which has no parents.
  mutating func finishTop(_ top: SortedLevel) {
    finished.append(
      top.finished(
        parents: [], childStart: children.start, childOrder: children.order,
        reach: offsets.reach))
  }

  /// The children of each parent, grouped: a counting sort of the child indexes by parent.
  private static func children(of parents: [UInt32], parentCount: Int) -> (
    start: [UInt32], order: [UInt32]
  ) {
    var start = [UInt32](repeating: 0, count: parentCount + 1)
    for parent in parents {
      start[Int(parent) + 1] += 1
    }
    for index in 0..<parentCount {
      start[index + 1] += start[index]
    }
    var next = start
    var order = [UInt32](repeating: 0, count: parents.count)
    for (child, parent) in parents.enumerated() {
      order[Int(next[Int(parent)])] = UInt32(child)
      next[Int(parent)] += 1
    }
    return (start, order)
  }
}
