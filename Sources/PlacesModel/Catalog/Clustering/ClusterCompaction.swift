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

/// An entry of a ``ClusterHierarchy`` that an edit wrote: its fields, children or parent.
struct ClusterEntryNote: Sendable {
  let level: UInt8
  let entry: UInt32
}

/// One level of a ``ClusterHierarchy`` built again from its entries, with the levels beside
/// it, as one state of the hierarchy had them, renumbered: what a later state takes in place
/// of its own (``ClusterHierarchy/grafting(_:)``), once the entries edited since are carried
/// over (``ClusterHierarchy/carryingOver(_:onto:)``).
///
/// The level's entries have their indexes in the order of its grid; the level below's
/// parents and the level above's children follow, built and patched, and so does each place's
/// entry at the level of places. Each index of the level in the state the rebuild started
/// from maps to its index here through ``newIndex``; an entry added to the level since maps to
/// the index after the rebuilt ones that keeps its order (``index(ofEntry:)``).
struct RebuiltClusterLevels: Sendable {
  /// The level built again.
  let levelNumber: Int
  /// The first of ``levels``: the level above the one built again, or 0.
  let firstLevel: Int
  /// The index each entry of the level had in the state the rebuild started from takes
  /// here, by that index; `UInt32.max` for an entry with no places then.
  let newIndex: [UInt32]
  /// The number of entries the rebuild made: those with places in that state.
  let rebuiltCount: Int
  /// The levels from ``firstLevel`` to the one below the level built again (or the level of
  /// places), as built: the rebuilt one, and its neighbours with their links renumbered.
  let levels: [ClusterLevel]
  /// Their patches, as edits left them in the state they stand for, renumbered.
  var patches: [LevelPatch]
  /// Each place's entry, renumbered, when the level built again is the level of places.
  var entryOfPlace: PersistentArray<UInt32>?
  /// The built levels of the hierarchy these replace, from ``firstLevel``.
  let sources: [ClusterLevel]

  /// The index here of entry `entry` of the level built again, as a state since the rebuild
  /// started numbers it: `UInt32.max` for an entry that had no places then.
  @inline(__always)
  func index(ofEntry entry: UInt32) -> UInt32 {
    Int(entry) < newIndex.count
      ? newIndex[Int(entry)] : UInt32(rebuiltCount + Int(entry) - newIndex.count)
  }

  /// The bytes it holds beside `levels`, those of the hierarchy that will take it, at most:
  /// each of its levels not in `levels`, its patches and its map of indexes, counted whole
  /// though the neighbouring levels and their patches share most of their arrays with those in
  /// use.
  func byteCount(besides levels: [ClusterLevel]) -> Int {
    var total = newIndex.count * 4 + patches.reduce(0) { $0 + $1.byteCount }
    for level in self.levels where !levels.contains(where: { $0 === level }) {
      total += level.byteCount
    }
    return total + (entryOfPlace?.byteCount ?? 0)
  }
}

/// A rebuild of one of a ``ClusterHierarchy``'s levels from its entries (see
/// ``ClusterHierarchy/compactingLevel(_:)``) that runs off the calling thread, while the edits
/// go on.
///
/// Each edit meanwhile notes the entries it writes in that level and the two beside it. Once
/// the rebuild has finished, the next edit takes it when few entries were noted
/// (``ClusterHierarchy/carryingOver(_:onto:)``, then ``ClusterHierarchy/grafting(_:)``): the
/// rebuilt level and its neighbours in place of the hierarchy's own, with the entries noted
/// carried over. With more noted, it starts a background step that carries those over onto
/// the hierarchy as it is, and a later edit takes that step's result the same way, so that an
/// edit carries over at most ``carryOverLimit(forEditOf:)`` entries (or, after
/// ``stepLimit`` steps, those noted while the last one ran). Nothing is applied twice,
/// and a rebuild holds no second copy of every level's patches: only the levels it made and
/// their patches.
struct ClusterCompaction: Sendable {
  /// The level being built again.
  let levelNumber: Int
  /// The rebuilt levels, as the state the rebuild or its last step started from has them.
  let job: IndexRebuild<RebuiltClusterLevels>
  /// The entries edits wrote since that state, in the order written, with repeats.
  private(set) var touched: PersistentArray<ClusterEntryNote>
  /// The background steps that carried entries over so far.
  private let steps: Int
  /// The slots the rebuild and its steps take.
  private let slots: BuildSlots

  /// Starts rebuilding `hierarchy`'s level `level` in the background, holding one of
  /// `slots`, once `gate` returns there when given (a test holds a rebuild back that way
  /// while it edits).
  init(
    compacting hierarchy: ClusterHierarchy, level: Int, slots: BuildSlots,
    after gate: (@Sendable () -> Void)? = nil
  ) {
    levelNumber = level
    job = IndexRebuild(waitedOn: true, slots: slots, after: gate) {
      hierarchy.rebuildingLevel(level)
    }
    touched = PersistentArray()
    steps = 0
    self.slots = slots
  }

  /// Carries the entries `touched` over onto `rebuilt` in the background, `hierarchy` being
  /// the state they bring it to.
  private init(
    carryingOver touched: [ClusterEntryNote], onto rebuilt: RebuiltClusterLevels,
    in hierarchy: ClusterHierarchy, steps: Int, slots: BuildSlots
  ) {
    levelNumber = rebuilt.levelNumber
    job = IndexRebuild(waitedOn: true, slots: slots) {
      hierarchy.carryingOver(touched, onto: rebuilt)
    }
    self.touched = PersistentArray()
    self.steps = steps
    self.slots = slots
  }

  /// The levels whose entries an edit notes: the level being built again and those beside it.
  func notedLevels(placeLevel: Int) -> ClosedRange<Int> {
    max(levelNumber - 1, 0)...min(levelNumber + 1, placeLevel)
  }

  /// The most noted entries an edit of `changeCount` changes carries over to take a finished
  /// rebuild: 512, or 16 for each of its changes when more.
  ///
  /// Carrying an entry over costs about 1.5 µs; a change of a batch costs about 60 µs and
  /// notes about 13 entries. So a batch pays at most about a third more, and takes a rebuild
  /// once the entries noted since are about its own.
  static func carryOverLimit(forEditOf changeCount: Int) -> Int {
    max(512, 16 * changeCount)
  }

  /// The most background steps that carry entries over before an edit takes the rebuild
  /// whatever it noted: so a stream of edits that each note more than
  /// ``carryOverLimit(forEditOf:)`` still takes it, with what one step's run let them note.
  static var stepLimit: Int { 2 }

  /// What to do with the rebuild after an edit of `changeCount` changes noted its entries,
  /// `hierarchy` being the state it left: the hierarchy with the rebuild taken, when it has
  /// finished with few enough entries noted; otherwise the rebuild, still running or taking
  /// another background step.
  func advanced(in hierarchy: ClusterHierarchy, changeCount: Int) -> (
    taken: ClusterHierarchy?, pending: ClusterCompaction?
  ) {
    guard let rebuilt = job.finished else { return (nil, self) }
    let touched = Array(touched)
    if touched.count <= Self.carryOverLimit(forEditOf: changeCount) || steps >= Self.stepLimit {
      return (hierarchy.grafting(hierarchy.carryingOver(touched, onto: rebuilt)), nil)
    }
    return (
      nil,
      ClusterCompaction(
        carryingOver: touched, onto: rebuilt, in: hierarchy, steps: steps + 1, slots: slots)
    )
  }

  /// Notes that an edit wrote `entries`.
  mutating func note(_ entries: [ClusterEntryNote]) {
    for entry in entries { touched.append(entry) }
  }

  /// Waits until the rebuild's step under way has finished: for tests.
  func waitUntilFinished() {
    job.waitUntilFinished()
  }
}
