extension ClusterHierarchy {
  /// Calls `body` with each place of each entry of `indexes` at `level`, as
  /// ``forEachPlace(of:at:_:)`` does for one, with the position in `indexes` of the entry it
  /// belongs to (its owner); in no stated order.
  ///
  /// The walk goes down a level at a time for all the entries together, each level's entries
  /// read in ascending index order, so that a walk over many thousand places reads each
  /// level's tables forwards rather than one entry's path at a time, waiting on memory at
  /// every step (a view's first filter, whose clusters hold most of the catalog).
  ///
  /// - Precondition: each index is an entry of `level`.
  /// - Complexity: O(*k* + *d*) for *k* places and *d* entries of two places or more between,
  ///   plus a sort of each level's entries by index.
  package func forEachPlace(
    ofEach indexes: [Int], at level: Int,
    _ body: (_ owner: Int, _ handle: UInt32, _ x: UInt32, _ y: UInt32) -> Void
  ) {
    guard (0...placeLevel).contains(level) else { return }
    var entries = indexes.map { UInt64($0) }
    var owners = indexes.indices.map { UInt32($0) }
    var depth = level
    while !entries.isEmpty {
      if depth > level {
        // The children of the level above, in ascending order of index; each keeps its owner.
        let (sorted, positions) = RadixSort.sortedWithPositions(entries)
        owners = positions.map { owners[Int($0)] }
        entries = sorted
      }
      let node = self.level(depth)
      var children: [UInt64] = []
      var childOwners: [UInt32] = []
      for (entry, owner) in zip(entries, owners) {
        let entry = Int(truncatingIfNeeded: entry)
        if depth == placeLevel || node.count(entry) == 1 {
          body(Int(owner), node.representative(entry), node.x(entry), node.y(entry))
          continue
        }
        node.forEachChild(entry) { child in
          children.append(UInt64(child))
          childOwners.append(owner)
        }
      }
      entries = children
      owners = childOwners
      depth += 1
    }
  }
}
