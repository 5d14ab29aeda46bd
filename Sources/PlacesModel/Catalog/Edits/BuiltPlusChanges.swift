/// An index built for an earlier catalog, or this one, and what edits changed since, by handle:
/// the bookkeeping that ``CatalogSpatialIndex`` and ``CatalogNameIndex`` share.
///
/// The index that follows edits says what an edit changes (see
/// ``deriving(noting:rebuildsWhen:edited:extra:building:)``): some places of the built index
/// become *stale*, left out of its answers, with what the index keeps of each; some places are
/// *changed*, with what a small index of them needs (``changedInHandleOrder()``); and anything
/// else the index notes goes in ``Changes/extra`` (the name index's moved places). Queries ask
/// the built index and the small one and merge their answers; that is each index's own.
///
/// ## Rebuilding without a stall
/// Once enough places changed (each index says when, from ``rebuildThreshold(builtCount:)``),
/// an edit starts a full build for the catalog it made on a background thread
/// (``IndexRebuild``) and the edits go on, each noted both against the built index and against
/// the one being built. The first edit after the build has finished takes it, with the changes
/// since its catalog, as does the first read of the index through ``takingFinishedRebuild()``:
/// no edit and no query waits for a full build, and every answer stays exact throughout.
struct BuiltPlusChanges<Built: Sendable, Stale: Sendable, Changed: Sendable, Extra: Sendable>:
  Sendable
{
  /// What edits changed since a catalog's index was built, by handle.
  struct Changes: Sendable {
    /// One past the greatest handle of that catalog's places: a place with a handle from it on
    /// was inserted since (no edit names a place removed before the build).
    let builtEnd: UInt32
    /// The built index's places edits made stale, each with what the index keeps of it.
    var stale = PersistentDictionary<UInt32, Stale>()
    /// The places edits changed or inserted, each with what the index keeps of it.
    var changed = PersistentDictionary<UInt32, Changed>()
    /// What else the index notes of the edits.
    var extra: Extra
  }

  /// A built index, and the handle of each of its places.
  struct Build: Sendable {
    let index: Built
    /// The handle of the place at each position of ``index``; `nil` when handles are positions.
    let handles: [UInt32]?
  }

  /// A full build under way for a later catalog, and what edits changed since that catalog.
  private struct Rebuild: Sendable {
    let job: IndexRebuild<Build>
    var changes: Changes
  }

  /// The index built for an earlier catalog, or this one.
  let built: Built
  /// The handle of the place at each position of ``built``; `nil` when handles are positions.
  let builtHandles: [UInt32]?
  /// What edits changed since ``built``'s catalog.
  private(set) var changes: Changes
  /// The full build under way, if any.
  private var rebuild: Rebuild?

  /// The number of changed places from which an edit starts a full build in the background:
  /// 256, or a 512th of the built places when that is more.
  static func rebuildThreshold(builtCount: Int) -> Int {
    max(256, builtCount / 512)
  }

  /// `built`, an index of `count` places whose handles are `handles` (their positions when
  /// `nil`), with no changes: `extra` is what the index notes before any edit.
  init(built: Built, count: Int, handles: [UInt32]?, extra: Extra) {
    self.built = built
    builtHandles = handles
    let builtEnd = handles.map { $0.last.map { $0 + 1 } ?? 0 } ?? UInt32(count)
    changes = Changes(builtEnd: builtEnd, extra: extra)
  }

  private init(_ build: Build, changes: Changes) {
    built = build.index
    builtHandles = build.handles
    self.changes = changes
  }

  // MARK: - Edits

  /// These changes with an edit's noted by `note`, for `edited`, the storage the edit made.
  ///
  /// `note` is called with the changes since the built index and, while a full build is under
  /// way, with those since the build's catalog. Then a finished build is taken, or one is
  /// started for `edited` when none is under way and `needsRebuild` holds for the changes noted:
  /// `building` indexes `edited`'s places on a background thread, and `extra` is what the index
  /// notes before any edit.
  ///
  /// - Complexity: `note`, twice while a full build is under way; starting a build costs O(1)
  ///   here.
  func deriving(
    noting note: (inout Changes) -> Void, rebuildsWhen needsRebuild: (Changes) -> Bool,
    edited: CatalogStorage, extra: Extra, building: @escaping @Sendable ([Place]) -> Built
  ) -> Self {
    var derived = self
    note(&derived.changes)
    if var rebuild = derived.rebuild {
      // Out of `derived` while written, so that its tables are not copied.
      derived.rebuild = nil
      note(&rebuild.changes)
      derived.rebuild = rebuild
    }
    if let taken = derived.takingFinishedRebuild() {
      return taken
    }
    if derived.rebuild == nil, needsRebuild(derived.changes) {
      derived.rebuild = Rebuild(
        job: IndexRebuild(slots: edited.buildSlots) {
          Build(index: building(edited.placesNotKept), handles: edited.handlesByPosition)
        },
        changes: Changes(builtEnd: UInt32(edited.placeOfHandle.count), extra: extra))
    }
    return derived
  }

  /// These with the full build under way taken, if it has finished: the same answers, from the
  /// newer built index and the changes since its catalog; `nil` otherwise.
  func takingFinishedRebuild() -> Self? {
    guard let rebuild, let build = rebuild.job.finished else { return nil }
    return Self(build, changes: rebuild.changes)
  }

  /// Waits for the full build under way, if any: for tests that drive a rebuild to its end.
  func waitForRebuild() {
    rebuild?.job.waitUntilFinished()
  }

  /// Whether a full build is under way in the background.
  var isRebuilding: Bool { rebuild != nil }

  // MARK: - Reading

  /// The changed places in ascending handle order, with what the index keeps of each: what its
  /// small index of them is built from, so that the small index's positions follow handles.
  ///
  /// - Complexity: O(*c* log *c*) for the *c* changed places.
  func changedInHandleOrder() -> (handles: [UInt32], values: [Changed]) {
    var pairs: [(handle: UInt32, value: Changed)] = []
    pairs.reserveCapacity(changes.changed.count)
    changes.changed.forEachPair { pairs.append(($0, $1)) }
    pairs.sort { $0.handle < $1.handle }
    return (pairs.map(\.handle), pairs.map(\.value))
  }

  /// The handle of the place at `position` of the built index.
  @inline(__always)
  func builtHandle(at position: Int) -> UInt32 {
    builtHandles?[position] ?? UInt32(position)
  }
}

/// An index that keeps a ``BuiltPlusChanges`` (``CatalogSpatialIndex``, ``CatalogNameIndex``):
/// its full builds are taken and waited for through it.
protocol BuiltPlusChangesIndex: Sendable {
  associatedtype Built: Sendable
  associatedtype Stale: Sendable
  associatedtype Changed: Sendable
  associatedtype Extra: Sendable

  /// The built index and the changes since.
  var bookkeeping: BuiltPlusChanges<Built, Stale, Changed, Extra> { get }

  /// The index that answers from `bookkeeping`, with nothing built from it yet.
  init(_ bookkeeping: BuiltPlusChanges<Built, Stale, Changed, Extra>)
}

extension BuiltPlusChangesIndex {
  /// The index built for an earlier catalog, or this one.
  var built: Built { bookkeeping.built }

  /// The handle of the place at each position of ``built``; `nil` when handles are positions.
  var builtHandles: [UInt32]? { bookkeeping.builtHandles }

  /// The built index's places that edits made stale, by handle.
  var stale: PersistentDictionary<UInt32, Stale> { bookkeeping.changes.stale }

  /// The places edits changed or inserted since the built index, by handle.
  var changed: PersistentDictionary<UInt32, Changed> { bookkeeping.changes.changed }

  /// The handle of the place at `position` of the built index.
  @inline(__always)
  func builtHandle(at position: Int) -> UInt32 {
    bookkeeping.builtHandle(at: position)
  }

  /// The index with the full build under way taken, if it has finished: the same answers,
  /// from the newer built index and the changes since its catalog; `nil` otherwise.
  func takingFinishedRebuild() -> Self? {
    bookkeeping.takingFinishedRebuild().map { Self($0) }
  }

  /// Waits for the full build under way, if any: for tests that drive a rebuild to its end.
  func waitForRebuild() {
    bookkeeping.waitForRebuild()
  }
}
