extension ClusterHierarchy {
  /// Calls `body` with each place of each entry of `indexes` at `level`, as
  /// ``forEachPlace(of:at:_:)`` does for one, with the position in `indexes` of the entry it
  /// belongs to (its owner); in no stated order.
  ///
  /// The walk goes down a level at a time for all the entries together, each level's entries
  /// read in ascending index order, so that a walk over many thousand places reads each
  /// level's tables forwards rather than one entry's path at a time, waiting on memory at
  /// every step (a view's first filter, whose clusters hold most of the catalog). A level's
  /// entries are put in that order by a sort, or, when they are at least half the level's,
  /// by marking each in a table of the level's indexes and reading the table in order.
  ///
  /// - Precondition: each index is an entry of `level`.
  /// - Complexity: O(*k* + *d*) for *k* places and *d* entries of two places or more between,
  ///   plus, at each level, a sort of its entries by index or a read of a table of its
  ///   indexes when they are at least half of them.
  package func forEachPlace(
    ofEach indexes: [Int], at level: Int,
    _ body: (_ owner: Int, _ handle: UInt32, _ x: UInt32, _ y: UInt32) -> Void
  ) {
    guard (0...placeLevel).contains(level) else { return }
    var entries = indexes.map { UInt64($0) }
    var owners = indexes.indices.map { UInt32($0) }
    var depth = level
    while !entries.isEmpty {
      let node = self.level(depth)
      if depth > level {
        // The children of the level above, in ascending order of index; each keeps its owner.
        (entries, owners) = Self.ascending(entries, owners: owners, entryCount: node.entryCount)
      }
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

  /// `entries`, indexes below `entryCount`, in ascending order, each with its owner from
  /// `owners`: marked in a table of every index and read from it in order when they are at
  /// least half of `entryCount` and distinct, which costs less than the sort's passes;
  /// sorted otherwise (an entry asked twice keeps both its owners).
  private static func ascending(
    _ entries: [UInt64], owners: [UInt32], entryCount: Int
  ) -> (entries: [UInt64], owners: [UInt32]) {
    func sorted() -> (entries: [UInt64], owners: [UInt32]) {
      let (sorted, positions) = RadixSort.sortedWithPositions(entries)
      return (sorted, positions.map { owners[Int($0)] })
    }
    guard entries.count >= entryCount / 2,
      let positions = PositionTable.positions(of: entries, below: entryCount)
    else { return sorted() }
    var ascendingEntries: [UInt64] = []
    var ascendingOwners: [UInt32] = []
    ascendingEntries.reserveCapacity(entries.count)
    ascendingOwners.reserveCapacity(entries.count)
    for (entry, position) in positions.enumerated() where position != .max {
      ascendingEntries.append(UInt64(entry))
      ascendingOwners.append(owners[Int(position)])
    }
    return (ascendingEntries, ascendingOwners)
  }
}
