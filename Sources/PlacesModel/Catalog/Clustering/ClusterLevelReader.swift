/// One level of a ``ClusterHierarchy`` as its edits left it: the built level's live entries,
/// as edits changed them, then the added ones.
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

  /// ``children(_:)`` as the level stores them: what an edit reads and writes back.
  func childIndexes(_ entry: Int) -> [UInt32] { patch.children(of: entry, in: built) }

  /// The live entries whose positions lie in the rectangle of columns `west` eastwards to
  /// `east` (wrapping as in ``ClusterLevel/entries(west:east:yRange:)``) by rows `yRange`, in
  /// index order.
  ///
  /// - Complexity: the built level's search, plus O(*c* + *l*) for the *c* cells of the
  ///   level's grid the rectangle touches and the *l* changed or added entries listed there,
  ///   or O(*e*) for the *e* entries edits changed or added when that is fewer.
  package func entries(west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>) -> [Int] {
    var found = built.entries(west: west, east: east, yRange: yRange)
    guard !patch.isEmpty else { return found }
    if patch.changedCount > 0 {
      found.removeAll { patch.isChanged(builtEntry: $0) }
    }
    var edited: [Int] = []
    editedEntries(west: west, east: east, yRange: yRange) { entry, _ in edited.append(entry) }
    return Self.merged(found, edited)
  }

  /// The entries of two ascending lists with none in common, ascending.
  private static func merged(_ first: [Int], _ second: [Int]) -> [Int] {
    guard let next = second.first else { return first }
    guard first.last.map({ $0 > next }) ?? false else { return first + second }
    return (first + second).sorted()
  }

  /// Calls `body` with each live entry an edit changed or added whose position lies in the
  /// rectangle of `entries(west:east:yRange:)`, in index order, and the entry's fields.
  ///
  /// Few such entries are read in a scan; many, in the cells the rectangle touches of the
  /// patch's grid, each in the cell its position is in now.
  private func editedEntries(
    west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>,
    _ body: (_ entry: Int, _ fields: AddedClusterFields) -> Void
  ) {
    let width = east &- west
    let (north, south) = (yRange.lowerBound, yRange.upperBound)
    func isInside(_ fields: AddedClusterFields) -> Bool {
      fields.count > 0 && fields.x &- west <= width && fields.y >= north && fields.y <= south
    }
    let patch = patch
    let listed = patch.editedCount
    var fromGrid: [(entry: Int, fields: AddedClusterFields)] = []
    let grid = patch.grid
    let readGrid =
      listed > Self.scanLimit
      && grid.forEachListed(
        west: west, east: east, yRange: yRange, cellLimit: listed / Self.scanLimit
      ) { index, cell in
        let fields = patch.editedFields(index)
        if isInside(fields), grid.cell(x: fields.x, y: fields.y) == cell {
          fromGrid.append((index, fields))
        }
      }
    if readGrid {
      fromGrid.sort { $0.entry < $1.entry }
      for (entry, fields) in fromGrid { body(entry, fields) }
      return
    }
    if patch.changedCount > 0 {
      var changed: [(entry: Int, fields: AddedClusterFields)] = []
      let indexes = patch.changedIndexes
      patch.changedEntries.forEachChunk { entries, start in
        for (offset, fields) in entries.enumerated() where isInside(fields) {
          changed.append((Int(indexes[start + offset]), fields))
        }
      }
      changed.sort { $0.entry < $1.entry }
      for (entry, fields) in changed { body(entry, fields) }
    }
    patch.added.forEachChunk { entries, start in
      for (offset, fields) in entries.enumerated() where isInside(fields) {
        body(builtCount + start + offset, fields)
      }
    }
  }

  /// The number of changed and added entries up to which a search reads them all, and the
  /// number of them per cell of the rectangle beyond which it does.
  private static var scanLimit: Int { 32 }

  /// The live entries a view shows: see ``ClusterLevel/entries(inView:margin:)``; an entry
  /// an edit changed or added is shown when its position lies in `view` widened by `margin`
  /// or its bounds meet `view`.
  ///
  /// Those entries are searched by position like the built ones, in `view` widened by the
  /// larger of `margin` and the farthest any of their bounds reach from their positions
  /// (``LevelPatch/addedReach``): an entry whose bounds meet the view lies that close to it.
  ///
  /// - Complexity: the built level's search, plus the search of the changed and added entries
  ///   in the widened view (see ``entries(west:east:yRange:)``).
  package func entries(inView view: MercatorRect, margin: UInt32) -> [Int] {
    var found = built.entries(inView: view, margin: margin)
    guard !patch.isEmpty else { return found }
    if patch.changedCount > 0 {
      found.removeAll { patch.isChanged(builtEntry: $0) }
    }
    let region = view.widened(by: margin)
    let searched = view.widened(by: max(margin, patch.addedReach))
    var edited: [Int] = []
    editedEntries(west: searched.west, east: searched.east, yRange: searched.y) {
      entry, fields in
      if region.contains((fields.x, fields.y)) || fields.bounds.intersects(view) {
        edited.append(entry)
      }
    }
    return Self.merged(found, edited)
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
