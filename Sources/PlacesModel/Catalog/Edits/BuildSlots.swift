import Dispatch
import Foundation

/// How many of a catalog's background builds (``IndexRebuild``) run at once: at most
/// ``limit``, the others waiting their turn, the builds that edits wait on first.
///
/// A catalog and every catalog its edits made share one (``CatalogStorage``), so that the
/// spatial index's, the name index's and the clusters' builds, which can all be under way
/// together, leave the editing thread a core of its own. On a machine of 2 cores, two builds
/// running beside the editing thread took its core from it for a whole time slice (about
/// 4 ms, each time a build's thread was picked), the slowest edits of a stream.
///
/// Guarantees: at most ``limit`` builds hold a slot at any time; a build that waits gets a
/// slot as soon as one is given back, the builds edits wait on
/// (``IndexRebuild/init(waitedOn:slots:after:_:)``) before the others, and each kind in the
/// order they asked. No build waits for another build while it holds a slot (a gate that
/// holds a build back runs before the build asks), so every build gets one.
package final class BuildSlots: Sendable {
  private struct Waiter {
    let isWaitedOn: Bool
    let ticket: UInt64
    let wakeUp: DispatchSemaphore
  }

  private struct State {
    var running = 0
    var nextTicket: UInt64 = 0
    var waiting: [Waiter] = []
  }

  /// The most builds that run at once.
  package let limit: Int
  private let state = Locked(State())

  /// Slots for at most `limit` builds at once (at least 1).
  package init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Slots for one build fewer than the system has active cores, and at least one: the
  /// editing thread keeps a core.
  package convenience init() {
    self.init(limit: ProcessInfo.processInfo.activeProcessorCount - 1)
  }

  /// Takes a slot, waiting until one is free: builds that edits wait on (`waitedOn`) are given
  /// one before the others.
  package func acquire(waitedOn: Bool) {
    let wakeUp: DispatchSemaphore? = state.withLock { state in
      if state.running < limit && state.waiting.isEmpty {
        state.running += 1
        return nil
      }
      let waiter = Waiter(
        isWaitedOn: waitedOn, ticket: state.nextTicket, wakeUp: DispatchSemaphore(value: 0))
      state.nextTicket += 1
      state.waiting.append(waiter)
      return waiter.wakeUp
    }
    wakeUp?.wait()
  }

  /// Gives a slot back, handing it to the first waiting build, if any.
  package func release() {
    let next: DispatchSemaphore? = state.withLock { state in
      let first = state.waiting.indices.min { lhs, rhs in
        let (a, b) = (state.waiting[lhs], state.waiting[rhs])
        return a.isWaitedOn != b.isWaitedOn ? a.isWaitedOn : a.ticket < b.ticket
      }
      guard let first else {
        state.running -= 1
        return nil
      }
      // The slot passes to the waiter: `running` stays as it is.
      return state.waiting.remove(at: first).wakeUp
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
