/// One place of an edit as a ``ClusterHierarchy`` sees it: the place with `handle` left `old`
/// (if it was there) and took `new` (if it stays), in fixed-point Web Mercator units.
///
/// Plain numbers, so that a log of them copies without touching any reference count.
struct ClusterPlaceChange: Sendable {
  /// The place's handle in the catalog (see ``CatalogStorage``).
  let handle: UInt32
  /// Where the place was; `nil` for an inserted place.
  let old: (x: UInt32, y: UInt32)?
  /// Where the place is; `nil` for a removed place.
  let new: (x: UInt32, y: UInt32)?
  /// Whether the place kept its population: a move that may leave every representative as it
  /// was (see ``ClusterHierarchyEditor/moveInPlace(handle:from:to:)``).
  let keepsPopulation: Bool

  /// The change of `change`'s place.
  init(_ change: PlaceHandleChange) {
    handle = change.handle
    old = change.old.map { WebMercator.position(of: $0.coordinate) }
    new = change.new.map { WebMercator.position(of: $0.coordinate) }
    keepsPopulation = change.old?.population == change.new?.population
  }
}

/// One level of a ``ClusterHierarchy`` built again from its entries as one state of the
/// hierarchy had them (``ClusterHierarchy/rebuildingLevel(_:)``), and its neighbours' links to
/// it renumbered: what a later state takes in place of its own level
/// (``ClusterHierarchy/grafting(_:touched:)``).
struct RebuiltClusterLevel: Sendable {
  /// The level built again.
  let levelNumber: Int
  /// The index each entry of the level had in that state takes in ``level``, by that index;
  /// `UInt32.max` for an entry with no places.
  let newIndex: [UInt32]
  /// The level built again, its entries in the order of its grid.
  let level: ClusterLevel
  /// The level below as built, its parents renumbered through ``newIndex``; `nil` at the
  /// level of places.
  let below: ClusterLevel?
  /// The level above as built, its children renumbered through ``newIndex``; `nil` at level 0.
  let above: ClusterLevel?
  /// The built levels it was made from: the level, and those beside it, from the top.
  let sources: [ClusterLevel]

  /// The bytes it holds beside `levels`, those of the hierarchy that will take it: the
  /// arrays it made anew, and its map of indexes.
  func byteCount(besides levels: [ClusterLevel]) -> Int {
    [below, level, above].reduce(newIndex.count * 4) { total, level in
      guard let level, !levels.contains(where: { $0 === level }) else { return total }
      return total + level.byteCount
    }
  }
}

/// A rebuild of one of a ``ClusterHierarchy``'s levels from its entries (see
/// ``ClusterHierarchy/compactingLevel(_:)``) that runs off the calling thread, while the edits
/// go on.
///
/// Each edit meanwhile notes the entries of that level it writes. The first edit after the
/// rebuild has finished takes it (``ClusterHierarchy/grafting(_:touched:)``): the rebuilt
/// level in place of its own, with the entries noted since carried over from the patch, and
/// the neighbouring levels' links renumbered. Nothing is applied twice, so a rebuild holds no
/// second copy of the patches: only the level it makes and that level's map of indexes.
struct ClusterCompaction: Sendable {
  /// The level being built again.
  let levelNumber: Int
  /// The rebuilt level.
  let job: IndexRebuild<RebuiltClusterLevel>
  /// The entries of the level that edits wrote since the state the rebuild started from, as
  /// each edit noted them (with repeats).
  private(set) var touched: PersistentArray<UInt32>

  /// Starts rebuilding `hierarchy`'s level `level` in the background, once `gate` returns
  /// there when given (a test holds a rebuild back that way while it edits).
  init(
    compacting hierarchy: ClusterHierarchy, level: Int,
    after gate: (@Sendable () -> Void)? = nil
  ) {
    levelNumber = level
    job = IndexRebuild(waitedOn: true) {
      gate?()
      return hierarchy.rebuildingLevel(level)
    }
    touched = PersistentArray()
  }

  /// Notes that an edit wrote `entries` of the level.
  mutating func note(_ entries: [UInt32]) {
    for entry in entries { touched.append(entry) }
  }

  /// Waits until the rebuild has finished: for tests.
  func waitUntilFinished() {
    job.waitUntilFinished()
  }
}
