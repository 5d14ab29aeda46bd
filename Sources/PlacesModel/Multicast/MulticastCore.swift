import Synchronization

/// The part of a ``MulticastDelegate`` that does not depend on its delegate type: the
/// registrations, and the deliveries under way on each thread.
///
/// Everything is guarded by one lock except what a delivery reads on its fast path, which is
/// atomic: the entries' removed bits, the ``generation`` of the storage, and the primary
/// delivery slot. The primary slot lets the common case, one thread broadcasting at a time,
/// start a delivery with one lock round trip and end it with none; a thread that finds it
/// taken by another thread records its own delivery under the lock.
///
/// A delivery reads its storage without retaining it: a storage replaced while any delivery
/// is under way is retired rather than freed, and retired storages are freed when the last
/// delivery ends.
///
/// No delegate code runs under the lock, a `deinit` included, in any build: the last release
/// of a delegate, or of a queued broadcast and the user values it captured, would run a
/// `deinit` that may call back into the multicast (``MulticastDelegate/remove(_:)`` from a
/// delegate's own `deinit` is allowed) and wait for the lock forever. So nothing is released
/// under the lock that could be the last reference to anything: a critical section hands
/// everything it takes out of the state, or loads from it, to
/// ``Locked/withLockDeferringRelease(_:)``, which releases it after the unlock. The references
/// a critical section only borrows (a weak load of an object its caller holds, the storage the
/// state holds) are never the last; each section says which case it is.
///
/// `@unchecked Sendable`: the locked state holds queued broadcasts, closures that are not
/// `Sendable`; each queue is only filled and emptied by the thread whose delivery it belongs
/// to, so they never cross threads. Everything else is behind the lock or atomic.
@usableFromInline
final class MulticastCore: @unchecked Sendable {
  /// Bumped, under the lock, whenever the storage is replaced; a delivery that sees it change
  /// looks again.
  @usableFromInline let generation = Atomic<Int>(0)
  /// Whether a thread holds the primary delivery slot.
  ///
  /// It is taken under the lock, and given back without it by its holder when nothing was
  /// queued and nothing retired.
  @usableFromInline let primaryBusy = Atomic<Bool>(false)
  /// What the holder of the primary slot must see to before giving it back, in one word so
  /// that ending a delivery reads one atomic: ``retiredBit`` if a retired storage waits to be
  /// freed, plus ``queuedUnit`` for each broadcast the holder queued.
  @usableFromInline let pendingWork = Atomic<Int>(0)
  @usableFromInline static var retiredBit: Int { 1 }
  @usableFromInline static var queuedUnit: Int { 2 }
  let reentrancyLimit: Int
  let onReentrancyLimitExceeded: @Sendable (ReentrancyLimitExceeded) -> Void
  private let locked = Locked(CoreState())

  init(
    reentrancyLimit: Int,
    onReentrancyLimitExceeded: @escaping @Sendable (ReentrancyLimitExceeded) -> Void
  ) {
    self.reentrancyLimit = reentrancyLimit
    self.onReentrancyLimitExceeded = onReentrancyLimitExceeded
  }

  // MARK: - Registration

  /// Registers `object` after the others, unless it is registered already.
  ///
  /// - Complexity: Amortised O(1).
  func add(_ object: AnyObject, witness: UInt) {
    // A sweep loads every live delegate, and another thread may drop its own reference to one
    // meanwhile, leaving the last one here: release them, and the storages, after the unlock.
    locked.withLockDeferringRelease { state in
      let outcome = state.add(object, witness: witness)
      return (outcome.released, retire(outcome.replaced, state: &state))
    }
  }

  /// Unregisters the object with `identity`, if it is registered.
  ///
  /// - Complexity: Amortised O(1).
  func remove(_ identity: ObjectIdentifier) {
    // As in `add`: a sweep's delegates and the storages are released after the unlock.
    locked.withLockDeferringRelease { state in
      let outcome = state.remove(identity)
      return (outcome.released, retire(outcome.replaced, state: &state))
    }
  }

  /// Unregisters every object.
  func removeAll() {
    // The storages hold their delegates weakly, but are released after the unlock all the same.
    locked.withLockDeferringRelease { state in
      retire(state.removeAll(), state: &state)
    }
  }

  /// Whether `object` is registered.
  func contains(_ object: AnyObject) -> Bool {
    // The weak load inside finds `object`, which the caller holds, or nothing: never the last.
    locked.withLock { state in
      state.contains(object)
    }
  }

  /// The number of registered objects that are alive.
  ///
  /// - Complexity: O(*n*), where *n* is the number of registrations.
  func liveCount() -> Int {
    // Counting loads each live object; another thread may drop its own reference to one
    // meanwhile, leaving the last one here. They are collected, and released after the unlock.
    let alive = locked.withLock { state in
      state.liveObjects()
    }
    return withExtendedLifetime(alive) { alive.count }
  }

  /// Deals with a storage the state no longer uses: bumps the generation, and keeps the
  /// storage until no delivery can be reading it.
  ///
  /// - Returns: The storages that no delivery can be reading any more, for the caller to
  ///   release after the lock. A storage holds its delegates weakly, so freeing one runs no user
  ///   code; releasing them after the unlock anyway keeps the rule simple (nothing taken out of
  ///   the state is released under the lock) and the critical section short.
  private func retire(
    _ replaced: RegistrationStorage?, state: inout CoreState
  ) -> [RegistrationStorage] {
    guard let replaced else { return [] }
    generation.add(1, ordering: .releasing)
    if primaryBusy.load(ordering: .acquiring) || !state.secondaries.isEmpty {
      state.retired.append(replaced)
      pendingWork.bitwiseOr(Self.retiredBit, ordering: .relaxed)
      return []
    }
    pendingWork.bitwiseAnd(~Self.retiredBit, ordering: .relaxed)
    var unused = state.takeRetired()
    unused.append(replaced)
    return unused
  }

  // MARK: - Deliveries

  /// Starts a broadcast's delivery on this thread, pointing `cursor` at the registrations,
  /// or reserves it a place in the queue behind the delivery under way.
  ///
  /// Written without a closure around the lock, so that the common path stays one function.
  /// It releases nothing under the lock: it only reads the storage the state holds, and the
  /// arrays it appends to move, never release, what they hold when they grow.
  @usableFromInline
  func beginBroadcast(_ cursor: inout DeliveryCursor) -> BroadcastStart {
    let thread = ThreadIdentity.current
    locked.lock()
    let state = locked.value
    // A thread already delivering as a secondary keeps queueing there, even once the primary
    // slot is free again.
    if !primaryBusy.load(ordering: .relaxed) && state.pointee.secondaries.isEmpty {
      state.pointee.primaryOwner = thread
      primaryBusy.store(true, ordering: .relaxed)
      CoreState.point(&cursor, at: state, role: .primary, generation: currentGeneration)
      locked.unlock()
      return .deliver
    }
    let start = beginBroadcastBehindAnother(on: thread, cursor: &cursor, state: state)
    locked.unlock()
    return start
  }

  /// ``beginBroadcast(_:)`` when the primary slot is taken or other threads are delivering.
  private func beginBroadcastBehindAnother(
    on thread: ThreadIdentity, cursor: inout DeliveryCursor,
    state: UnsafeMutablePointer<CoreState>
  ) -> BroadcastStart {
    let busy = primaryBusy.load(ordering: .relaxed)
    if busy, let owner = state.pointee.primaryOwner, owner.isSame(as: thread) {
      guard let position = state.pointee.primaryQueue.reserve(limit: reentrancyLimit) else {
        return .dropped
      }
      pendingWork.add(Self.queuedUnit, ordering: .relaxed)
      return .queue(at: position)
    }
    if let index = state.pointee.secondaryIndex(of: thread) {
      guard
        let position = state.pointee.secondaries[index].queue.reserve(limit: reentrancyLimit)
      else {
        return .dropped
      }
      return .queue(at: position)
    }
    if !busy {
      state.pointee.primaryOwner = thread
      primaryBusy.store(true, ordering: .relaxed)
      CoreState.point(&cursor, at: state, role: .primary, generation: currentGeneration)
      return .deliver
    }
    state.pointee.secondaries.append(SecondaryDelivery(thread: thread))
    CoreState.point(&cursor, at: state, role: .secondary, generation: currentGeneration)
    return .deliver
  }

  /// Starts a query, or a group of broadcasts, on this thread: at once, nested in the delivery
  /// under way if there is one, otherwise as the outermost delivery, whose queue it drains
  /// when it finishes.
  @usableFromInline
  func beginQuery() -> DeliveryCursor {
    let thread = ThreadIdentity.current
    // Releases nothing: as in `beginBroadcast`.
    return locked.withLock { state in
      let busy = primaryBusy.load(ordering: .relaxed)
      if busy, let owner = state.primaryOwner, owner.isSame(as: thread) {
        return DeliveryCursor(state: &state, role: .nested, generation: currentGeneration)
      }
      if state.secondaryIndex(of: thread) != nil {
        return DeliveryCursor(state: &state, role: .nested, generation: currentGeneration)
      }
      if !busy {
        state.primaryOwner = thread
        primaryBusy.store(true, ordering: .relaxed)
        return DeliveryCursor(state: &state, role: .primary, generation: currentGeneration)
      }
      state.secondaries.append(SecondaryDelivery(thread: thread))
      return DeliveryCursor(state: &state, role: .secondary, generation: currentGeneration)
    }
  }

  /// Starts a group of `count` broadcasts on this thread, which are to be delivered whole or
  /// not at all: as the outermost delivery when none is under way, whose own broadcasts the
  /// next `count` are, not counting towards the limit; otherwise nested in the delivery under
  /// way, if its queue has room for all `count` within the limit.
  ///
  /// - Returns: The cursor to end the group with (``endGroup(_:)``), and whether the group may
  ///   start its broadcasts; if not, all `count` are counted as dropped and the group must
  ///   start none.
  func beginGroup(of count: Int) -> (cursor: DeliveryCursor, isAdmitted: Bool) {
    let thread = ThreadIdentity.current
    // Releases nothing: as in `beginBroadcast`.
    return locked.withLock { state in
      let cursor: DeliveryCursor
      let busy = primaryBusy.load(ordering: .relaxed)
      if busy, let owner = state.primaryOwner, owner.isSame(as: thread) {
        cursor = DeliveryCursor(state: &state, role: .nested, generation: currentGeneration)
        return (cursor, state.primaryQueue.admit(count, limit: reentrancyLimit))
      }
      if let index = state.secondaryIndex(of: thread) {
        cursor = DeliveryCursor(state: &state, role: .nested, generation: currentGeneration)
        return (cursor, state.secondaries[index].queue.admit(count, limit: reentrancyLimit))
      }
      if !busy {
        state.primaryOwner = thread
        primaryBusy.store(true, ordering: .relaxed)
        state.primaryQueue.exemptNext(count)
        cursor = DeliveryCursor(state: &state, role: .primary, generation: currentGeneration)
        return (cursor, true)
      }
      var secondary = SecondaryDelivery(thread: thread)
      secondary.queue.exemptNext(count)
      state.secondaries.append(secondary)
      cursor = DeliveryCursor(state: &state, role: .secondary, generation: currentGeneration)
      return (cursor, true)
    }
  }

  /// Ends a group that ``beginGroup(of:)`` began: an outermost one stops exempting broadcasts
  /// it did not start, then delivers what it queued, as ``finish(_:)`` does.
  func endGroup(_ cursor: DeliveryCursor) {
    if cursor.role != .nested {
      let thread = ThreadIdentity.current
      // Releases nothing: it changes two counters.
      locked.withLock { state in
        if cursor.role == .primary {
          state.primaryQueue.exemptNext(0)
        } else if let index = state.secondaryIndex(of: thread) {
          state.secondaries[index].queue.exemptNext(0)
        }
      }
    }
    finish(cursor)
  }

  /// Starts the delivery of a broadcast that was queued on this thread.
  @usableFromInline
  func beginQueued() -> DeliveryCursor {
    locked.withLock { state in
      DeliveryCursor(state: &state, role: .nested, generation: currentGeneration)
    }
  }

  /// Fills the place in this thread's queue that ``beginBroadcast(_:)`` reserved.
  @usableFromInline
  func enqueue(_ broadcast: QueuedBroadcast, at position: Int) {
    let thread = ThreadIdentity.current
    // The queue takes a reference of its own, into the place `beginBroadcast` reserved empty,
    // so nothing is overwritten; the caller's reference is released after this returns.
    locked.withLock { state in
      if let owner = state.primaryOwner, primaryBusy.load(ordering: .relaxed),
        owner.isSame(as: thread)
      {
        state.primaryQueue.fill(position, with: broadcast)
      } else if let index = state.secondaryIndex(of: thread) {
        state.secondaries[index].queue.fill(position, with: broadcast)
      }
    }
  }

  /// Moves `cursor` to the storage now in use, at the first entry whose token is at least
  /// `token`, after the generation changed.
  @usableFromInline
  func resynchronize(_ cursor: inout DeliveryCursor, resumingAt token: UInt64) {
    // Entries after `end` were registered after the delivery began, and a storage only ever
    // loses entries or gains later ones, so the last entry the cursor may reach bounds it.
    // (The storage read so far is still alive: it is retired, not freed.)
    guard cursor.end > 0, let states = cursor.states else { return }
    let lastToken = states[cursor.end - 1].load(ordering: .relaxed) >> 1
    // `storage` below borrows the state's own reference: releasing it is never the last.
    locked.withLock { state in
      cursor.generation = currentGeneration
      let storage = state.storage
      guard storage.entries != cursor.entries else { return }
      cursor.read(storage)
      cursor.index = storage.firstIndex(withTokenAtLeast: token)
      cursor.end = storage.firstIndex(withTokenAtLeast: lastToken + 1)
    }
  }

  /// Ends a delivery: for an outermost one, delivers what was queued behind it, then frees
  /// its slot.
  @inlinable
  @inline(__always)
  func finish(_ cursor: DeliveryCursor) {
    switch cursor.role {
    case .nested:
      return
    case .primary where pendingWork.load(ordering: .relaxed) == 0:
      primaryBusy.store(false, ordering: .releasing)
    case .primary, .secondary:
      drainQueue(of: cursor.role)
    }
  }

  /// Delivers the broadcasts queued on this thread, one by one in order, then ends the
  /// delivery, frees retired storages if it was the last one, and reports any broadcasts
  /// that were dropped.
  @usableFromInline
  func drainQueue(of role: DeliveryRole) {
    let thread = ThreadIdentity.current
    var dropped = 0
    // What ending the delivery takes out of the state: the emptied queue and the storages no
    // delivery reads any more. Released after the unlock, like everything taken out.
    var ended: (queue: DeliveryQueue?, storages: [RegistrationStorage]) = (nil, [])
    while true {
      let next: QueuedBroadcast? = locked.withLock { state in
        if role == .primary {
          if let next = state.primaryQueue.takeNext() {
            return next
          }
          dropped = state.primaryQueue.droppedCount
          ended.queue = state.takePrimaryQueue()
          state.primaryOwner = nil
          pendingWork.bitwiseAnd(Self.retiredBit, ordering: .relaxed)  // No longer queued.
          primaryBusy.store(false, ordering: .releasing)
        } else {
          guard let index = state.secondaryIndex(of: thread) else { return nil }
          if let next = state.secondaries[index].queue.takeNext() {
            return next
          }
          dropped = state.secondaries[index].queue.droppedCount
          ended.queue = state.secondaries.remove(at: index).queue
        }
        if !primaryBusy.load(ordering: .acquiring) && state.secondaries.isEmpty {
          ended.storages = state.takeRetired()
          pendingWork.bitwiseAnd(~Self.retiredBit, ordering: .relaxed)
        }
        return nil
      }
      guard let next else { break }
      // The queue let go of the broadcast under the lock, but `next` still held it: its last
      // release, and so that of the user values it captured, comes after this call, which is
      // after the unlock, since a release cannot move above a use.
      next.deliver()
    }
    withExtendedLifetime(ended) {}
    if dropped > 0 {
      onReentrancyLimitExceeded(
        ReentrancyLimitExceeded(limit: reentrancyLimit, droppedBroadcasts: dropped))
    }
  }

  private var currentGeneration: Int {
    generation.load(ordering: .relaxed)
  }
}
