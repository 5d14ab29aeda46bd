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

/// A rebuild of one of a ``ClusterHierarchy``'s levels from its entries (see
/// ``ClusterHierarchy/compactingLevel(_:)``) that runs off the calling thread, with every
/// change made to the hierarchy since the state it started from.
///
/// The edits go on meanwhile, each logged. Once the rebuild has finished, the next edit
/// brings it up to date: with the few changes logged since, at once; with more, in another
/// background step that applies those logged so far, and so on until few are left, so that no
/// edit applies more logged changes than ``catchUpLimit`` or its own changes, whichever are
/// more. An edit of as many changes as were logged since the last step started takes a
/// finished step, so that a stream of batches never leaves a finished rebuild held beside the
/// levels in use (a second copy of a level, and the patches of every level twice).
struct ClusterCompaction: Sendable {
  /// The rebuilt hierarchy, with the first `applied` logged changes applied.
  let job: IndexRebuild<(hierarchy: ClusterHierarchy, applied: Int)>
  /// Every change made since the state the rebuild started from, in order.
  private(set) var log: PersistentArray<ClusterPlaceChange>

  /// The most logged changes an edit of few changes applies to a finished rebuild to take it;
  /// an edit of more changes applies up to as many as it makes (see
  /// ``catchUpLimit(forEditOf:)``).
  static var catchUpLimit: Int { 16 }

  /// The most logged changes an edit of `changeCount` changes applies to a finished rebuild
  /// to take it: ``catchUpLimit``, or `changeCount` when more, so that taking the rebuild at
  /// most doubles the edit's own work, and an edit of a batch as large as those logged since
  /// the last step takes it.
  static func catchUpLimit(forEditOf changeCount: Int) -> Int {
    max(catchUpLimit, changeCount)
  }

  /// Starts rebuilding `hierarchy`'s level `level` in the background.
  init(compacting hierarchy: ClusterHierarchy, level: Int) {
    job = IndexRebuild(waitedOn: true) { (hierarchy: hierarchy.compactingLevel(level), applied: 0) }
    log = PersistentArray()
  }

  private init(
    job: IndexRebuild<(hierarchy: ClusterHierarchy, applied: Int)>,
    log: PersistentArray<ClusterPlaceChange>
  ) {
    self.job = job
    self.log = log
  }

  /// Logs `changes`, made after every change logged so far.
  mutating func log(_ changes: [ClusterPlaceChange]) {
    for change in changes { log.append(change) }
  }

  /// What to do with the rebuild after an edit logged its changes: the rebuilt hierarchy with
  /// every logged change applied, when it has finished with at most `limit` left to apply
  /// here (`population` gives the edited catalog's populations); otherwise the rebuild, still
  /// running or taking the next background step.
  ///
  /// - Complexity: O(1) while the rebuild runs; otherwise the cost of applying at most
  ///   `limit` changes (see ``ClusterHierarchy/applying(_:population:)``).
  func advanced(
    limit: Int, population: @escaping @Sendable (UInt32) -> Int
  ) -> (caughtUp: ClusterHierarchy?, pending: ClusterCompaction?) {
    guard let (rebuilt, applied) = job.finished else { return (nil, self) }
    let log = log
    let end = log.count
    if end - applied <= limit {
      return (rebuilt.applyingLogged(log[applied..<end], population: population), nil)
    }
    let next = IndexRebuild<(hierarchy: ClusterHierarchy, applied: Int)>(waitedOn: true) {
      (rebuilt.applyingLogged(log[applied..<end], population: population), end)
    }
    return (nil, ClusterCompaction(job: next, log: log))
  }

  /// Waits until the background step under way has finished: for tests.
  func waitUntilFinished() {
    job.waitUntilFinished()
  }
}
