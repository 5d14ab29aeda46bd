/// One level of a ``ClusterHierarchy`` as its edits left it: the built level's live entries,
/// as edits changed them, then the added ones.
///
/// An entry's index is its index in the built level, or, for an added entry, the built level's
/// entry count plus its index among the added ones. Indexes are stable until the hierarchy is
/// built again (see ``ClusterHierarchy/applying(_:slots:population:)``).
package struct ClusterLevelReader {
  /// The level as built.
  package let built: ClusterLevel
  let patch: LevelPatch
  /// The number of built entries: the first added entry's index.
  let builtCount: Int

  init(built: ClusterLevel, patch: LevelPatch) {
    self.built = built
    self.patch = patch
    builtCount = built.entryCount
  }

  /// Whether the level is as built: no edit changed it.
  package var isUnedited: Bool { patch.isEmpty }

  /// The number of entries, live or emptied by edits: every index below it is an entry.
  package var entryCount: Int { builtCount + patch.added.count }

  /// The number of entries with places.
  package var liveCount: Int { builtCount - patch.emptiedCount + patch.liveAddedCount }

  /// Whether the entry is built and no edit changed it: its fields are the built level's.
  @inline(__always)
  package func isAsBuilt(_ entry: Int) -> Bool { patch.isAsBuilt(entry) }

  /// The entry's x: the mean of its places' (see ``ClusterLevel/x``).
  @inline(__always)
  package func x(_ entry: Int) -> UInt32 { patch.x(of: entry, in: built) }

  /// The entry's y: the mean of its places'.
  @inline(__always)
  package func y(_ entry: Int) -> UInt32 { patch.y(of: entry, in: built) }

  /// The entry's number of places; 0 for an entry an edit removed.
  @inline(__always)
  package func count(_ entry: Int) -> UInt32 { patch.count(of: entry, in: built) }

  /// The entry's places' positions, summed exactly.
  package func sum(_ entry: Int) -> PositionSum { patch.sum(of: entry, in: built) }

  /// A rectangle that holds the entry's places: exact for a built entry (the square of its
  /// ``ClusterLevel/reach``), conservative for one an edit changed.
  package func bounds(_ entry: Int) -> EntryBounds { patch.bounds(of: entry, in: built) }

  /// The handle of the entry's representative place.
  @inline(__always)
  package func representative(_ entry: Int) -> UInt32 {
    patch.representative(of: entry, in: built)
  }

  /// The deepest level at which the entry has exactly its places.
  @inline(__always)
  package func formedLevel(_ entry: Int) -> UInt8 { patch.formedLevel(of: entry, in: built) }

  /// The entry's parent one level up.
  package func parent(_ entry: Int) -> Int { patch.parent(of: entry, in: built) }

  /// The entry's children one level down.
  package func children(_ entry: Int) -> [Int] {
    childIndexes(entry).map { Int($0) }
  }

  /// Calls `body` with each of the entry's children one level down, in the order
  /// ``children(_:)`` lists them, without making an array of them for an entry no edit gave
  /// other children.
  @inline(__always)
  package func forEachChild(_ entry: Int, _ body: (Int) -> Void) {
    patch.forEachChild(of: entry, in: built) { body(Int($0)) }
  }

  /// ``children(_:)`` as the level stores them: what an edit reads and writes back.
  func childIndexes(_ entry: Int) -> [UInt32] { patch.children(of: entry, in: built) }

  /// The live entries whose positions lie in the rectangle of columns `west` eastwards to
  /// `east` (wrapping as in ``ClusterLevel/entries(west:east:yRange:)``) by rows `yRange`, in
  /// index order: see ``LevelPatch/entries(west:east:yRange:in:)``.
  package func entries(west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>) -> [Int] {
    patch.entries(west: west, east: east, yRange: yRange, in: built)
  }

  /// The live entries a view shows: see ``LevelPatch/entries(inView:margin:in:)``.
  package func entries(inView view: MercatorRect, margin: UInt32) -> [Int] {
    patch.entries(inView: view, margin: margin, in: built)
  }

  /// Every live entry in the order a build of the level would give them (by grid key, ties
  /// in index order), and the index each entry takes in that order by its index here
  /// (`UInt32.max` for an entry with no places): what a level built again from its entries
  /// holds.
  ///
  /// - Complexity: O(*n*) for *n* entries.
  func liveEntriesInGridOrder() -> (live: [Int], newIndex: [UInt32]) {
    let shift = built.gridShift
    let entries = liveEntries
    // Sorted as a build sorts a level: by grid key, stably, so ties keep their index order.
    let (_, sortedPositions) = RadixSort.sortedWithPositions(
      entries.map { ClusterLevel.key(x: x($0), y: y($0), shift: shift) })
    let live = sortedPositions.map { entries[Int($0)] }
    var newIndex = [UInt32](repeating: UInt32.max, count: entryCount)
    for (new, old) in live.enumerated() { newIndex[old] = UInt32(new) }
    return (live, newIndex)
  }

  /// Every live entry, in index order.
  package var liveEntries: [Int] {
    var live = (0..<builtCount).filter { count($0) > 0 }
    for (offset, entry) in patch.added.enumerated() where entry.count > 0 {
      live.append(builtCount + offset)
    }
    return live
  }
}
