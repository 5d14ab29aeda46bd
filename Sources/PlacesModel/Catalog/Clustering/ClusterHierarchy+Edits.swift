extension ClusterHierarchy {
  /// The hierarchy with `changes` applied; this one is left as it is.
  ///
  /// The changes are applied one place at a time, in order: each place leaves the entries on
  /// its path up the levels and joins entries on its new path.
  ///
  /// ## What an edit keeps
  /// Every invariant of the levels holds after an edit as after a build: every place is in
  /// exactly one entry of each level, an entry's children hold its places, no two entries of
  /// a level are within the radius of each other, a representative is its entry's most
  /// populous place (then the first in catalog order), and an entry's identity is its only
  /// child's, or (its level, its representative) when it has two or more. What an edit
  /// changes is local:
  /// - A removed place leaves each entry on its path: counts and exact sums, so means, follow
  ///   (``PositionSum``), an entry left empty goes; the rectangle that holds its places
  ///   (``EntryBounds``) stays, and grows with each place that joins.
  /// - An inserted place, from the deepest level up, joins the nearest entry within the
  ///   radius of its position, and from there that entry's ancestors; at a level where none
  ///   is that close it is carried up alone.
  /// - A moved place stays in the entries on its path when it may
  ///   (``ClusterHierarchyEditor/moveInPlace(handle:from:to:)``): where it is alone, no other
  ///   entry is within the radius of its new position, and at the deepest level where it
  ///   shares an entry, its new position is within the radius of that entry's new mean, no
  ///   farther from it than the old position was from the old mean, or inside the rectangle
  ///   that already holds the entry's places. Each entry on the path then takes the move into
  ///   its sum (and its rectangle), and keeps its index, children and identity. Otherwise, and
  ///   when its population changed, it is removed and inserted again.
  /// - Where a changed mean brings entries of a level within the radius of an entry the edit
  ///   left unsettled (the lowest-indexed first), that entry absorbs them, in index order, and
  ///   so do their ancestors up to the one they share, so that each entry still has one
  ///   parent.
  ///
  /// Every entry keeps its index (an entry an edit makes takes the next one); an entry no
  /// edit reaches keeps its position and its identity; an entry that gains or loses places
  /// keeps its identity while its representative and its number of
  /// children (one, or more) do. So the levels depend on the catalog's history of edits, not
  /// only on its places, and on when the background rebuilds below were taken.
  ///
  /// ## Rebuilding without a stall
  /// Once the entries edits changed or added, over every level, outnumber an eighth of the
  /// built ones (at least ``compactionMinimum``), an edit starts building the level with the
  /// most of them again from its entries as they are, keeping every cluster
  /// (``rebuildingLevel(_:)``, O(*n*) for its *n* entries), on a background thread
  /// (``ClusterCompaction``). The edits go on meanwhile, each noting the entries it writes in
  /// that level and the two beside it. The first edit after the rebuild has finished takes
  /// it, its own changes applied as usual first: the rebuilt level and its neighbours in place
  /// of the hierarchy's own, with the entries noted since carried over into their patches
  /// (``carryingOver(_:onto:)``, ``grafting(_:)``), when they are at most
  /// ``ClusterCompaction/carryOverLimit(forEditOf:)``; with more, a background step carries
  /// them over first, and a later edit takes its result the same way. Nothing is applied
  /// twice.
  ///
  /// - Parameters:
  ///   - changes: The places that left, moved, changed population or came, by handle.
  ///   - slots: The slots a rebuild this edit starts takes (see ``IndexRebuild``): a
  ///     catalog passes those of its line of edits.
  ///   - population: The population of the place with a handle, 0 when unknown.
  /// - Returns: The edited hierarchy, with a new ``ClusterHierarchy/version``.
  /// - Complexity: O(*L* · *s* + *c*) per place for *L* levels, *s* the cost of finding an
  ///   entry's neighbours (the built level's search plus the entries edits changed or added
  ///   in the level in the cells around it) and *c* the children of the entries whose
  ///   children change (where the place joins or leaves an entry's children) or whose
  ///   representative the place was when it leaves; merges add the children of the entries
  ///   they join. Taking a finished rebuild adds the carrying over of at most
  ///   ``ClusterCompaction/carryOverLimit(forEditOf:)`` entries, or, after
  ///   ``ClusterCompaction/stepLimit`` background steps, of those noted while the last ran.
  package func applying(
    _ changes: [PlaceHandleChange], slots: BuildSlots,
    population: @escaping @Sendable (UInt32) -> Int
  ) -> ClusterHierarchy {
    let placeChanges = changes.map(ClusterPlaceChange.init)
    var (edited, touched) = applyingWithoutRebuilding(
      placeChanges, population: population,
      noting: compaction?.notedLevels(placeLevel: placeLevel))
    if var compaction {
      compaction.note(touched)
      let (taken, pending) = compaction.advanced(in: edited, changeCount: changes.count)
      if let taken { return taken }
      edited.compaction = pending
    } else if let level = edited.levelWorthCompacting {
      edited.compaction = ClusterCompaction(compacting: edited, level: level, slots: slots)
    }
    return edited
  }

  /// The hierarchy with `changes` applied, as ``applying(_:slots:population:)`` applies them, but
  /// with no rebuild started or taken: the rebuild under way, if any, is not carried over.
  func applyingWithoutRebuilding(
    _ changes: some Collection<ClusterPlaceChange>, population: @escaping (UInt32) -> Int
  ) -> ClusterHierarchy {
    applyingWithoutRebuilding(changes, population: population, noting: nil).hierarchy
  }

  /// The hierarchy with `changes` applied and no rebuild started or taken, and the entries
  /// of `level` the changes wrote, as an edit notes them for a rebuild under way: for tests
  /// that check that every entry changed is noted.
  package func applyingNoting(
    _ changes: [PlaceHandleChange], level: Int, population: @escaping (UInt32) -> Int
  ) -> (hierarchy: ClusterHierarchy, touched: [UInt32]) {
    let (hierarchy, touched) = applyingWithoutRebuilding(
      changes.map(ClusterPlaceChange.init), population: population, noting: level...level)
    return (hierarchy, touched.map(\.entry))
  }

  /// ``applyingWithoutRebuilding(_:population:)``, and the entries of the levels `noting`
  /// the changes wrote, in the order written, with repeats (none when `noting` is `nil`).
  private func applyingWithoutRebuilding(
    _ changes: some Collection<ClusterPlaceChange>, population: @escaping (UInt32) -> Int,
    noting: ClosedRange<Int>?
  ) -> (hierarchy: ClusterHierarchy, touched: [ClusterEntryNote]) {
    // Every representative stored is the most populous of its entry's places by `population`
    // unless a place of these changes leaves or changes population: then only reading every
    // child finds it (see ``ClusterHierarchyEditor/followsChangedChildren``).
    let keepsPopulations =
      changes.count == 1
      || changes.allSatisfy { $0.new != nil && ($0.old == nil || $0.keepsPopulation) }
    var editor = ClusterHierarchyEditor(
      self, population: population, followsChangedChildren: keepsPopulations, noting: noting)
    for change in changes {
      if let old = change.old, let new = change.new, change.keepsPopulation,
        editor.moveInPlace(handle: change.handle, from: old, to: new)
      {
        continue
      }
      if let old = change.old {
        editor.remove(handle: change.handle, at: old)
      }
      if let new = change.new {
        editor.insert(handle: change.handle, at: new)
      }
    }
    editor.mergeCloseEntries()
    var edited = self
    edited.patches = editor.patches
    edited.entryOfPlace = editor.entryOfPlace
    edited.version = Version()
    edited.hasEdits = true
    edited.compaction = nil
    return (edited, editor.touched)
  }

  /// The bytes edits added beside the levels as built (``byteCount``): each level's patch,
  /// and the rebuild under way (see ``editByteCounts``).
  ///
  /// - Complexity: O(*e*) for *e* entries changed or added by edits.
  package var editByteCount: Int {
    let bytes = editByteCounts
    return bytes.patches + bytes.rebuild
  }

  /// ``editByteCount`` in its two parts: the patches of the levels in use, and the rebuild
  /// under way (the entries noted since it started, and once built, its levels and patches
  /// and its map of indexes).
  ///
  /// The rebuild's figure is an upper bound once it is built: its neighbouring levels and
  /// their patches share most of their arrays and tables with those in use, and are counted
  /// whole. While a background step carries entries over, the levels it started from are not
  /// counted.
  package var editByteCounts: (patches: Int, rebuild: Int) {
    let patchBytes = patches.reduce(0) { $0 + $1.byteCount }
    guard let compaction else { return (patchBytes, 0) }
    let rebuilt = compaction.job.finished?.byteCount(besides: levels) ?? 0
    return (patchBytes, rebuilt + compaction.touched.byteCount)
  }

  /// Whether the levels are being built again in the background.
  package var isCompacting: Bool { compaction != nil }

  /// This hierarchy with a rebuild of level `level` started in the background from this
  /// state, as an edit starts one once its patches are large enough: for tests.
  ///
  /// The rebuild waits on its own thread for `gate` to return first, when given, so that a
  /// test can make edits before a later edit takes it; it takes one of `slots` then.
  package func startingRebuild(
    ofLevel level: Int, slots: BuildSlots = BuildSlots(), after gate: (@Sendable () -> Void)? = nil
  ) -> ClusterHierarchy {
    var started = self
    started.compaction = ClusterCompaction(
      compacting: self, level: level, slots: slots, after: gate)
    return started
  }

  /// Waits for the rebuild under way, if any: for tests that drive a rebuild to its end (the
  /// next edit takes it).
  package func waitForCompaction() {
    compaction?.waitUntilFinished()
  }
}
