import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A full build of an index that runs off the calling thread, for an index that follows edits
/// (the spatial and name indexes through ``BuiltPlusChanges``, the cluster levels through
/// ``ClusterCompaction``): the edits go on meanwhile, and a later edit takes the result once it
/// is ready, so that no edit and no query waits for a full build.
///
/// The build reads only immutable values (a catalog's storage), and its result is handed over
/// under a lock: the build's thread writes it once, then raises a flag (a build given up
/// writes nothing); the editing thread reads the flag, and takes the lock only once it is
/// raised, when the build's thread has given the lock back. So a poll of an unfinished build
/// (one per edit) never waits on the build's thread: a thread at nice 19 that lost its core
/// while it held the lock could keep it for many time slices on a busy machine.
///
/// ## A thread that yields to the app's
/// Each build runs on a thread of its own, made for it and gone when it ends, at the lowest
/// priority the system gives an unprivileged thread: utility quality of service, and on Linux,
/// where that sets no priority, the highest nice value (19); a build the edits wait on, at
/// nice 10 (see ``init(waitedOn:slots:after:_:)``). So a build yields the core to the thread
/// that edits when both want it: on a machine with fewer cores than busy threads, an editing
/// thread of default priority at the same nice value as a build lost the core for a whole
/// time slice (about 4 ms) every few edits while a cluster rebuild and an index build both
/// ran. The thread is the build's own, not one of Dispatch's shared threads, so that the
/// lowered priority, which an unprivileged thread cannot raise again, ends with it.
///
/// ## A core left to the app
/// A lower priority did not keep a build off the editing thread's core: on a machine of 2
/// cores, with two builds under way, the scheduler still gave a build the editing thread's
/// core for a whole time slice (about 4 ms) every so often. So a build runs only while it
/// holds one of its ``BuildSlots``, which a catalog and the catalogs its edits make share,
/// and which let one build fewer than the cores run at once (but for a build the edits wait
/// on that waited a while: see ``BuildSlots``). The build gives its slot back once it has
/// finished and released what it read, so that freeing a catalog it alone still held counts
/// against the slot too; a build given up before it got a slot (``cancel()``) frees what it
/// captured without one.
package final class IndexRebuild<Index: Sendable>: Sendable {
  private let result: Locked<Index?>
  /// Raised, with release ordering, once `result` holds the index and its lock is given back.
  private let isFinished = Atomic<Bool>(false)
  /// Raised by ``cancel()``.
  private let isCancelled = Atomic<Bool>(false)
  private let running = DispatchGroup()
  /// The slots the build runs in, and its place in their queue, which ``cancel()`` withdraws.
  private let slots: BuildSlots
  private let ticket = BuildSlots.Ticket()

  /// The nice value a build's thread runs at on Linux.
  package static var niceValue: Int32 { 19 }

  /// The nice value, on Linux, of a build the edits wait on (``init(waitedOn:slots:after:_:)``).
  package static var waitedOnNiceValue: Int32 { 10 }

  /// Starts `build` on a background thread of its own, at low priority, holding a slot.
  ///
  /// The build runs once it holds one of `slots`: ahead of the other builds (nice
  /// ``waitedOnNiceValue`` rather than ``niceValue``, and first to a slot) when `waitedOn`.
  /// When `gate` is given, the thread calls it before it asks for a slot (a test holds a
  /// build back that way, without holding a slot).
  ///
  /// A build is *waited on* when the edits should not go on without it for long: the
  /// clusters' rebuild of a level, whose level's patch grows until an edit takes it. Behind a
  /// full index build at the same nice value, on 2 cores, it was taken late (when a rebuild's
  /// edits were applied again after it, it fell behind a stream of edits and was never
  /// taken). At nice 10 it still yields to the editing thread (a weight of 110 against the
  /// editing thread's 1,024), and takes its core ahead of the index builds (15).
  package init(
    waitedOn: Bool = false, slots: BuildSlots, after gate: (@Sendable () -> Void)? = nil,
    _ build: @escaping @Sendable () -> Index
  ) {
    let nice = waitedOn ? Self.waitedOnNiceValue : Self.niceValue
    let result = Locked<Index?>(nil)
    self.result = result
    self.slots = slots
    // The thread takes the build out to run it, so that what the build captured is released
    // when it ends, while it holds its slot (or, given up, without one), not when the thread
    // object goes.
    let pending = Locked<(@Sendable () -> Index)?>(build)
    running.enter()
    let thread = Thread { [self] in
      Self.lowerPriorityOfCurrentThread(to: nice)
      gate?()
      // ``cancel()`` withdraws the ticket: a build given up before its turn gets no slot and
      // never waits; one given up while it waits leaves the queue without one.
      let holdsSlot = slots.acquire(waitedOn: waitedOn, ticket: ticket)
      let index = Self.run(
        taking: pending, cancelled: !holdsSlot || isCancelled.load(ordering: .acquiring))
      if holdsSlot { slots.release() }
      if let index {
        result.withLock { $0 = index }
        isFinished.store(true, ordering: .releasing)
      }
      running.leave()
    }
    thread.qualityOfService = .utility
    thread.start()
  }

  /// Runs the build `pending` holds, taken out of it, unless `cancelled` (then `nil`): the
  /// build and what it captured are released before this returns, outside the lock.
  private static func run(
    taking pending: Locked<(@Sendable () -> Index)?>, cancelled: Bool
  ) -> Index? {
    let build = pending.withLock { taken in
      defer { taken = nil }
      return taken
    }
    guard let build else { preconditionFailure("a build runs once") }
    return cancelled ? nil : build()
  }

  /// Gives the build up if it has not started.
  ///
  /// Its thread then does not run it, and ``finished`` stays `nil`. Given up before its turn
  /// to ask for a slot, it asks for none; given up while it waits for one, it leaves the queue
  /// at once, without a slot, and the builds behind it move up. Either way its thread releases
  /// what the build captured and ends, however long the slots stay taken. A build under way
  /// or finished is not affected.
  ///
  /// For a build nobody will take, such as a list's own sort of an index for a location it
  /// has left: a stream of locations would otherwise queue a sort for each behind the slots,
  /// each holding the index it sorts. It takes the slots' lock briefly
  /// (``BuildSlots/withdraw(_:)``).
  package func cancel() {
    isCancelled.store(true, ordering: .releasing)
    slots.withdraw(ticket)
  }

  /// Gives the calling thread the lowest priority an unprivileged thread can take, where
  /// quality of service does not: on Linux, whose nice value is per thread.
  private static func lowerPriorityOfCurrentThread(to nice: Int32) {
    #if os(Linux)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
    #endif
  }

  /// Waits until the build has finished, or its thread has given it up (``cancel()``): for
  /// tests that drive a rebuild to its end.
  package func waitUntilFinished() {
    running.wait()
  }

  /// Waits until the build has finished or been given up, at most `timeout`; returns whether
  /// it has.
  package func waitUntilFinished(timeout: Duration) -> Bool {
    running.wait(timeout: timeout.dispatchTimeFromNow) == .success
  }

  /// The index, once the build has finished; `nil` before (and for a build given up), without
  /// waiting: the lock the index is written under is taken only once the build's thread has
  /// given it back.
  package var finished: Index? {
    guard isFinished.load(ordering: .acquiring) else { return nil }
    return result.withLock { $0 }
  }
}
