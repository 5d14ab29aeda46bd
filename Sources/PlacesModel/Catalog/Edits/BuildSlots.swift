import Dispatch
import Foundation

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
///   runs before the build asks), so every build gets one.
package final class BuildSlots: Sendable {
  private struct Waiter {
    let isWaitedOn: Bool
    let wakeUp: DispatchSemaphore
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
  package func acquire(waitedOn: Bool) {
    let wakeUp: DispatchSemaphore? = state.withLock { state in
      if state.running < limit && state.waiting.isEmpty {
        state.running += 1
        return nil
      }
      let waiter = Waiter(isWaitedOn: waitedOn, wakeUp: DispatchSemaphore(value: 0))
      state.waiting.append(waiter)
      return waiter.wakeUp
    }
    guard let wakeUp else { return }
    guard waitedOn else {
      wakeUp.wait()
      return
    }
    guard wakeUp.wait(timeout: overtakingDelay.dispatchTimeFromNow) == .timedOut else { return }
    let overtakes = state.withLock { state in
      guard let index = state.waiting.firstIndex(where: { $0.wakeUp === wakeUp }) else {
        return false
      }
      state.waiting.remove(at: index)
      state.running += 1
      return true
    }
    if !overtakes {
      // A slot was handed over after the wait timed out: its signal is on its way.
      wakeUp.wait()
    }
  }

  /// Gives a slot back, handing it to the first waiting build, if any, unless builds that
  /// overtook still hold more than ``limit``.
  package func release() {
    let next: DispatchSemaphore? = state.withLock { state in
      state.running -= 1
      guard state.running < limit,
        let first = state.waiting.firstIndex(where: \.isWaitedOn) ?? state.waiting.indices.first
      else { return nil }
      state.running += 1
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
