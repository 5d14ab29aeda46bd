import Dispatch
import Foundation
import Synchronization

/// How many of a catalog's background builds (``IndexRebuild``) run at once: at most
/// ``limit``, the others waiting their turn, the builds that edits wait on first.
///
/// A catalog and every catalog its edits make share one (``CatalogStorage``), so that the
/// spatial index's, the name index's and the clusters' builds, which can all be under way
/// together, leave the editing thread a core of its own. On a machine of 2 cores, two builds
/// running beside the editing thread took its core from it for a whole time slice (about
/// 4 ms, each time a build's thread was picked), the slowest edits of a stream.
///
/// Guarantees:
/// - At most ``limit`` builds hold a slot at any time, but for builds the edits wait on that
///   waited ``overtakingDelay`` for one: those run beside the others. A full index build runs
///   at the lowest priority and may get little time on a busy device; a cluster level's
///   rebuild, whose patches grow while it waits, does not wait behind it for longer than that.
/// - A slot given back goes to a waiting build at once: a build the edits wait on
///   (``IndexRebuild/init(waitedOn:slots:after:_:)``) before the others, each kind in the
///   order they asked.
/// - No build waits for another build while it holds a slot (a gate that holds a build back
///   runs before the build asks), so every build that is not withdrawn gets one.
/// - A build withdrawn while it waits (``withdraw(_:)``, when it is given up) leaves the queue
///   at once, without a slot, and the builds behind it move up; one withdrawn before it asks
///   gets none and never waits.
package final class BuildSlots: Sendable {
  /// One build's place in the queue, which ``withdraw(_:)`` takes back: a build asks for a
  /// slot with a ticket of its own (``acquire(waitedOn:ticket:)``), once; a ticket is not
  /// used again.
  package final class Ticket: Sendable {
    /// Signalled once the build is handed a slot or taken out of the queue.
    fileprivate let wakeUp = DispatchSemaphore(value: 0)
    /// Set by ``withdraw(_:)``, under the slots' lock: the build is to get no slot, unless it
    /// already holds one.
    fileprivate let isWithdrawn = Atomic<Bool>(false)
    /// Set by ``withdraw(_:)``, under the slots' lock, when it took the waiting build out of
    /// the queue: the signal the build wakes to then hands it no slot.
    fileprivate let leftQueue = Atomic<Bool>(false)

    /// A ticket for a build that has not asked yet.
    package init() {}
  }

  private struct Waiter {
    let isWaitedOn: Bool
    let ticket: Ticket
  }

  private struct State {
    var running = 0
    /// The waiting builds, in the order they asked.
    var waiting: [Waiter] = []
  }

  /// The most builds that run at once, but for waited-on builds past ``overtakingDelay``.
  package let limit: Int
  /// How long a build the edits wait on waits for a slot before it runs anyway.
  package let overtakingDelay: Duration
  /// The sorts by distance that the spatial index's full builds make for the lists that
  /// follow the catalogs sharing these slots.
  package let distanceSorts = DistanceSorts()
  private let state = Locked(State())

  /// Slots for at most `limit` builds at once (at least 1), a build the edits wait on
  /// running anyway once it waited `overtakingDelay`.
  package init(limit: Int, overtakingDelay: Duration = .milliseconds(20)) {
    self.limit = max(1, limit)
    self.overtakingDelay = overtakingDelay
  }

  /// Slots for one build fewer than the system has active cores, and at least one: the
  /// editing thread keeps a core.
  package convenience init() {
    self.init(limit: ProcessInfo.processInfo.activeProcessorCount - 1)
  }

  /// Takes a slot, waiting until one is free: builds the edits wait on (`waitedOn`) are given
  /// one before the others, and take one anyway once they waited ``overtakingDelay``.
  ///
  /// For a build that is never withdrawn; see ``acquire(waitedOn:ticket:)``.
  package func acquire(waitedOn: Bool) {
    let holds = acquire(waitedOn: waitedOn, ticket: Ticket())
    assert(holds, "a ticket nobody else holds is never withdrawn")
  }

  /// Takes a slot for the build `ticket` stands for, waiting until one is free, as
  /// ``acquire(waitedOn:)`` does, unless the ticket is withdrawn first (``withdraw(_:)``).
  ///
  /// - Returns: Whether the build holds a slot, which it gives back with ``release()``:
  ///   `false` when `ticket` was withdrawn before the build got one; it then waited no longer,
  ///   and must not call ``release()``.
  package func acquire(waitedOn: Bool, ticket: Ticket) -> Bool {
    enum Start { case holding, withdrawn, waiting }
    let start: Start = state.withLock { state in
      if ticket.isWithdrawn.load(ordering: .relaxed) { return .withdrawn }
      if state.running < limit && state.waiting.isEmpty {
        state.running += 1
        return .holding
      }
      state.waiting.append(Waiter(isWaitedOn: waitedOn, ticket: ticket))
      return .waiting
    }
    switch start {
    case .holding: return true
    case .withdrawn: return false
    case .waiting: break
    }
    if !waitedOn {
      ticket.wakeUp.wait()
    } else if ticket.wakeUp.wait(timeout: overtakingDelay.dispatchTimeFromNow) == .timedOut {
      let overtakes = state.withLock { state in
        guard let index = state.waiting.firstIndex(where: { $0.ticket === ticket }) else {
          return false
        }
        state.waiting.remove(at: index)
        state.running += 1
        return true
      }
      if overtakes { return true }
      // A slot was handed over, or the build withdrawn, after the wait timed out: its signal
      // is on its way.
      ticket.wakeUp.wait()
    }
    // Stored before the signal the build woke to, with release ordering.
    return !ticket.leftQueue.load(ordering: .acquiring)
  }

  /// Withdraws `ticket`'s build: taken out of the queue and woken without a slot if it
  /// waits there, given none if it asks later; a build that already holds a slot keeps it.
  ///
  /// It takes the slots' lock, which the builds' threads take too, each briefly.
  package func withdraw(_ ticket: Ticket) {
    let removed = state.withLock { state in
      ticket.isWithdrawn.store(true, ordering: .relaxed)
      guard let index = state.waiting.firstIndex(where: { $0.ticket === ticket }) else {
        return false
      }
      state.waiting.remove(at: index)
      ticket.leftQueue.store(true, ordering: .releasing)
      return true
    }
    if removed { ticket.wakeUp.signal() }
  }

  /// Gives a slot back, handing it to the first waiting build, if any, unless builds that
  /// overtook still hold more than ``limit``.
  package func release() {
    let next: DispatchSemaphore? = state.withLock { state in
      assert(state.running > 0, "a slot is given back by the build that holds it")
      state.running -= 1
      guard state.running < limit,
        let first = state.waiting.firstIndex(where: \.isWaitedOn) ?? state.waiting.indices.first
      else { return nil }
      state.running += 1
      return state.waiting.remove(at: first).ticket.wakeUp
    }
    next?.signal()
  }

  /// The number of builds holding a slot.
  package var runningCount: Int {
    state.withLock { $0.running }
  }

  /// The number of builds waiting for a slot.
  package var waitingCount: Int {
    state.withLock { $0.waiting.count }
  }
}
