/// One level of a ``ClusterHierarchy`` as its edits left it: the built level's live entries,
/// then the added ones.
///
/// An entry's index is its index in the built level, or, for an added entry, the built level's
/// entry count plus its index among the added ones. Indexes are stable until the hierarchy is
/// built again (see ``ClusterHierarchy/applying(_:population:)``).
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

  /// The number of entries with places.
  package var liveCount: Int { builtCount - patch.deadCount + patch.liveAddedCount }

  @inline(__always)
  private func added(_ entry: Int) -> AddedClusterFields { patch.added[entry - builtCount] }

  /// The entry's x: the mean of its places' (see ``ClusterLevel/x``).
  @inline(__always)
  package func x(_ entry: Int) -> UInt32 {
    entry < builtCount ? built.x[entry] : added(entry).x
  }

  /// The entry's y: the mean of its places'.
  @inline(__always)
  package func y(_ entry: Int) -> UInt32 {
    entry < builtCount ? built.y[entry] : added(entry).y
  }

  /// The entry's number of places; 0 for an entry an edit removed.
  @inline(__always)
  package func count(_ entry: Int) -> UInt32 {
    if entry < builtCount { return patch.isDead(builtEntry: entry) ? 0 : built.count[entry] }
    return added(entry).count
  }

  /// The entry's places' positions, summed exactly.
  package func sum(_ entry: Int) -> PositionSum {
    guard entry < builtCount else { return added(entry).sum }
    return patch.isDead(builtEntry: entry)
      ? PositionSum(x: 0, y: 0, count: 0, remainderX: 0, remainderY: 0) : built.sum(entry)
  }

  /// A rectangle that holds the entry's places: exact for a built entry (the square of its
  /// ``ClusterLevel/reach``), conservative for one an edit changed.
  package func bounds(_ entry: Int) -> EntryBounds {
    guard entry < builtCount else { return added(entry).bounds }
    return EntryBounds(around: (built.x[entry], built.y[entry]), reach: built.reach[entry])
  }

  /// The handle of the entry's representative place.
  @inline(__always)
  package func representative(_ entry: Int) -> UInt32 {
    entry < builtCount ? built.representative[entry] : added(entry).representative
  }

  /// The deepest level at which the entry has exactly its places.
  @inline(__always)
  package func formedLevel(_ entry: Int) -> UInt8 {
    entry < builtCount ? built.formedLevel[entry] : added(entry).formedLevel
  }

  /// The entry's parent one level up.
  package func parent(_ entry: Int) -> Int {
    guard entry < builtCount else { return Int(added(entry).parent) }
    return Int(patch.parentOverride[UInt32(entry)] ?? built.parent[entry])
  }

  /// The entry's children one level down.
  package func children(_ entry: Int) -> [Int] {
    guard entry < builtCount else {
      return patch.addedChildren[entry - builtCount].map { Int($0) }
    }
    return (built.childStart[entry]..<built.childStart[entry + 1]).map {
      Int(built.childOrder[Int($0)])
    }
  }

  /// The live entries whose positions lie in the rectangle of columns `west` eastwards to
  /// `east` (wrapping as in ``ClusterLevel/entries(west:east:yRange:)``) by rows `yRange`, in
  /// index order.
  ///
  /// - Complexity: the built level's search, plus O(*c* + *l*) for the *c* cells of the
  ///   level's grid the rectangle touches and the *l* added entries listed there, or O(*a*)
  ///   for *a* added entries when that is fewer.
  package func entries(west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>) -> [Int] {
    var found = built.entries(west: west, east: east, yRange: yRange)
    guard !patch.isEmpty else { return found }
    if patch.deadCount > 0 {
      found.removeAll { patch.isDead(builtEntry: $0) }
    }
    addedEntries(west: west, east: east, yRange: yRange) { entry, _ in found.append(entry) }
    return found
  }

  /// Calls `body` with each live added entry whose position lies in the rectangle of
  /// `entries(west:east:yRange:)`, in index order, and the entry's fields.
  ///
  /// Few added entries are read in a scan; many, in the cells the rectangle touches of the
  /// patch's grid, each in the cell its position is in now.
  private func addedEntries(
    west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>,
    _ body: (_ entry: Int, _ fields: AddedClusterFields) -> Void
  ) {
    let width = east &- west
    let (north, south) = (yRange.lowerBound, yRange.upperBound)
    var fromGrid: [Int] = []
    let grid = patch.grid
    let added = patch.added
    let readGrid =
      added.count > Self.scanLimit
      && grid.forEachListed(
        west: west, east: east, yRange: yRange, cellLimit: added.count / Self.scanLimit
      ) { index, cell in
        let entry = added[index]
        if entry.count > 0, entry.x &- west <= width, entry.y >= north, entry.y <= south,
          grid.cell(x: entry.x, y: entry.y) == cell
        {
          fromGrid.append(index)
        }
      }
    if readGrid {
      for index in fromGrid.sorted() { body(builtCount + index, added[index]) }
      return
    }
    added.forEachChunk { entries, start in
      for (offset, entry) in entries.enumerated()
      where entry.count > 0 && entry.x &- west <= width && entry.y >= north && entry.y <= south {
        body(builtCount + start + offset, entry)
      }
    }
  }

  /// The number of added entries up to which a search reads them all, and the number of
  /// added entries per cell of the rectangle beyond which it does.
  private static var scanLimit: Int { 32 }

  /// The live entries a view shows: see ``ClusterLevel/entries(inView:margin:)``; an added
  /// entry is shown when its position lies in `view` widened by `margin` or its bounds meet
  /// `view`.
  ///
  /// The added entries are searched by position like the built ones, in `view` widened by
  /// the larger of `margin` and the farthest any added entry's bounds reach from its position
  /// (``LevelPatch/addedReach``): an entry whose bounds meet the view lies that close to it.
  ///
  /// - Complexity: the built level's search, plus the search of the added entries in the
  ///   widened view (see ``entries(west:east:yRange:)``).
  package func entries(inView view: MercatorRect, margin: UInt32) -> [Int] {
    var found = built.entries(inView: view, margin: margin)
    guard !patch.isEmpty else { return found }
    if patch.deadCount > 0 {
      found.removeAll { patch.isDead(builtEntry: $0) }
    }
    let region = view.widened(by: margin)
    let searched = view.widened(by: max(margin, patch.addedReach))
    addedEntries(west: searched.west, east: searched.east, yRange: searched.y) { entry, fields in
      if region.contains((fields.x, fields.y)) || fields.bounds.intersects(view) {
        found.append(entry)
      }
    }
    return found
  }

  /// Every live entry, in index order.
  package var liveEntries: [Int] {
    var live = (0..<builtCount).filter { !patch.isDead(builtEntry: $0) }
    for (offset, entry) in patch.added.enumerated() where entry.count > 0 {
      live.append(builtCount + offset)
    }
    return live
  }
}
