extension LevelPatch {
  /// The live entries of the level, `built` with this patch over it, whose positions lie in
  /// the rectangle of columns `west` eastwards to `east` (wrapping as in
  /// ``ClusterLevel/entries(west:east:yRange:)``) by rows `yRange`, in index order.
  ///
  /// A method of the patch, so that the cluster editor searches a patch it borrows from its
  /// array of them, where a ``ClusterLevelReader`` made for the search would copy it (a
  /// retain and a release of each of its tables).
  ///
  /// - Complexity: the built level's search, plus O(*c* + *l*) for the *c* cells of the
  ///   level's grid the rectangle touches and the *l* changed or added entries listed there,
  ///   or O(*e*) for the *e* entries edits changed or added when that is fewer.
  func entries(
    west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>, in built: ClusterLevel
  ) -> [Int] {
    var found = AscendingEntries()
    forEachEntry(west: west, east: east, yRange: yRange, in: built) { entry, _, _ in
      found.append(entry)
    }
    return found.sorted()
  }

  /// Calls `body` with each live entry of ``entries(west:east:yRange:in:)``, and its position,
  /// in no stated order.
  ///
  /// The cluster editor's search for an entry's neighbours: it keeps few of the entries it
  /// finds (most often none but the entry itself), so it makes no list of them. A search that
  /// made its lists (the built level's, the changed and added entries', both merged and then
  /// filtered by distance) spent a quarter of the cluster edits' instructions on them.
  ///
  /// - Complexity: as ``entries(west:east:yRange:in:)``.
  @inline(__always)
  func forEachEntry(
    west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>, in built: ClusterLevel,
    _ body: (_ entry: Int, _ x: UInt32, _ y: UInt32) -> Void
  ) {
    built.forEachEntry(west: west, east: east, yRange: yRange) { index, x, y in
      if !isChanged(builtEntry: index) { body(index, x, y) }
    }
    guard !isEmpty else { return }
    editedEntries(west: west, east: east, yRange: yRange) { entry, fields in
      body(entry, fields.x, fields.y)
    }
  }

  /// The live entries a view shows: see ``ClusterLevel/entries(inView:margin:)``; an entry
  /// an edit changed or added is shown when its position lies in `view` widened by `margin`
  /// or its bounds meet `view`.
  ///
  /// Those entries are searched by position like the built ones, in `view` widened by the
  /// larger of `margin` and the farthest any of their bounds reach from their positions
  /// (``addedReach``): an entry whose bounds meet the view lies that close to it.
  ///
  /// - Complexity: the built level's search, plus the search of the changed and added entries
  ///   in the widened view (see ``entries(west:east:yRange:in:)``).
  func entries(inView view: MercatorRect, margin: UInt32, in built: ClusterLevel) -> [Int] {
    var found = built.entries(inView: view, margin: margin)
    guard !isEmpty else { return found }
    if changedCount > 0 {
      found.removeAll { isChanged(builtEntry: $0) }
    }
    var listed = AscendingEntries(found)
    let region = view.widened(by: margin)
    let searched = view.widened(by: max(margin, addedReach))
    editedEntries(west: searched.west, east: searched.east, yRange: searched.y) {
      entry, fields in
      if region.contains((fields.x, fields.y)) || fields.bounds.intersects(view) {
        listed.append(entry)
      }
    }
    return listed.sorted()
  }

  /// Calls `body` with each live entry an edit changed or added whose position lies in the
  /// rectangle of `entries(west:east:yRange:in:)`, and the entry's fields, in no stated order.
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
    let listed = editedCount
    let readGrid =
      listed > Self.scanLimit
      && grid.forEachListed(
        west: west, east: east, yRange: yRange, cellLimit: listed / Self.scanLimit
      ) { index, cell in
        let fields = editedFields(index)
        if isInside(fields), grid.cell(x: fields.x, y: fields.y) == cell {
          body(index, fields)
        }
      }
    guard !readGrid else { return }
    if changedCount > 0 {
      changedEntries.forEachChunk { entries, _ in
        for entry in entries where isInside(entry.fields) {
          body(Int(entry.index), entry.fields)
        }
      }
    }
    added.forEachChunk { entries, start in
      for (offset, fields) in entries.enumerated() where isInside(fields) {
        body(builtCount + start + offset, fields)
      }
    }
  }

  /// The number of changed and added entries up to which a search reads them all, and the
  /// number of them per cell of the rectangle beyond which it does.
  private static var scanLimit: Int { 32 }
}
