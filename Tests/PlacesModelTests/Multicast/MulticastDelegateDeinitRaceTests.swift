import Dispatch
import Foundation
import PlacesModel
import Synchronization
import Testing

/// Threads adding and removing delegates that unregister themselves from their `deinit`: no
/// delegate's `deinit` may run while the multicast holds its lock, or it deadlocks on it.
///
/// A sweep of the registrations loads strong references to the live delegates; when another
/// thread drops its last reference to one of them meanwhile, the sweeping thread's release is
/// the last, and runs that `deinit`. If the release happened before the lock was given back
/// (as `_ = released` allowed under `-O`), the `deinit` called ``MulticastDelegate/remove(_:)``
/// under the lock and waited for itself. The race depends on timing and shows only in optimised
/// builds, so the workload repeats it many times on 8 threads, and CI runs it with
/// `-c release` (its filter `Multicast|PlacesModelTests` selects this suite).
///
/// A deadlock must fail the test rather than hang the run, so the workload runs on threads of
/// its own and the test watches their progress: if none makes any for ``stallLimit``, it
/// records an issue and returns. The deadlocked threads are then left behind, blocked for good
/// (they and what they hold leak until the process exits); that is the price of reporting the
/// failure instead of hanging.
struct MulticastDelegateDeinitRaceTests {
  /// Unregisters itself from its `deinit`, which may run on whichever thread drops the last
  /// reference, the multicast's sweep included.
  final class SelfRemovingDelegate: Listener, Sendable {
    let multicast: MulticastDelegate<any Listener & Sendable>

    init(multicast: MulticastDelegate<any Listener & Sendable>) { self.multicast = multicast }

    deinit { multicast.remove(self) }

    func hear(_ event: Int) {}
    func answer() -> String { "self-removing" }
  }

  /// The rounds the threads have completed, read by the watching test.
  final class Progress: Sendable {
    let rounds = Atomic<Int>(0)
  }

  /// How long the threads may all make no progress before the test calls it a deadlock.
  ///
  /// The whole workload takes well under a second in a release build; this is a deadline for
  /// a hang, not a timing assertion, and it is generous so that a slow machine or a sanitizer
  /// build is never mistaken for one.
  static var stallLimit: DispatchTimeInterval { .seconds(3) }

  @Test func delegatesThatRemoveThemselvesInDeinitNeverDeadlockConcurrentAddsAndRemoves() {
    let threads = 8
    let roundsPerThread = 2_000
    let delegatesPerRound = 16
    let multicast = MulticastDelegate<any Listener & Sendable>()
    let progress = Progress()
    let finished = DispatchSemaphore(value: 0)

    for thread in 0..<threads {
      Thread {
        for round in 0..<roundsPerThread {
          var mine: [SelfRemovingDelegate] = []
          for _ in 0..<delegatesPerRound {
            let delegate = SelfRemovingDelegate(multicast: multicast)
            multicast.add(delegate)
            mine.append(delegate)
          }
          // Remove some explicitly, and drop every one: those still registered unregister
          // themselves from their `deinit`, on this thread or on one that is sweeping.
          for (index, delegate) in mine.enumerated() where (index + thread + round) % 3 == 0 {
            multicast.remove(delegate)
          }
          if round.isMultiple(of: 16) {
            _ = multicast.count  // Loads every live delegate under the lock, too.
          }
          mine.removeAll()
          progress.rounds.add(1, ordering: .relaxed)
        }
        finished.signal()
      }.start()
    }

    var threadsFinished = 0
    while threadsFinished < threads {
      let before = progress.rounds.load(ordering: .relaxed)
      if finished.wait(timeout: .now() + Self.stallLimit) == .success {
        threadsFinished += 1
      } else if progress.rounds.load(ordering: .relaxed) == before {
        Issue.record(
          """
          No thread made progress for \(Self.stallLimit) after \(before) of \
          \(threads * roundsPerThread) rounds: the multicast deadlocked (a deinit ran under \
          its lock?). The blocked threads are left behind.
          """)
        return
      }
    }

    #expect(progress.rounds.load(ordering: .relaxed) == threads * roundsPerThread)
    #expect(multicast.isEmpty)
  }

  /// Calls back into its multicast from its `deinit`, and says so in `log`.
  final class CallsBackWhenReleased {
    let multicast: MulticastDelegate<any Listener>
    let log: LockedValue<[String]>

    init(multicast: MulticastDelegate<any Listener>, log: LockedValue<[String]>) {
      self.multicast = multicast
      self.log = log
    }

    deinit {
      let count = multicast.count  // Takes the multicast's lock.
      log.withLock { $0.append("deinit saw \(count) delegate(s)") }
    }
  }

  @Test(.timeLimit(.minutes(10)))
  func aQueuedBroadcastReleasesWhatItCapturedOutsideTheLock() throws {
    let log = LockedValue<[String]>([])

    // On a thread of its own: released under the lock, the capture's deinit would wait for
    // the lock forever, and the test must fail rather than hang.
    let finished = finishesOnAnotherThread {
      let multicast = MulticastDelegate<any Listener>()
      var capture: CallsBackWhenReleased? = CallsBackWhenReleased(multicast: multicast, log: log)
      let recorder = Recorder("queuing") { _, event in
        guard event == 1, let held = capture else { return }
        capture = nil  // From now on the queued broadcast holds the only reference.
        multicast.invoke { [held] in $0.hear(held.multicast.count + 1) }
      }
      multicast.add(recorder)

      multicast.invoke(with: 1) { $0.hear($1) }

      log.withLock { $0.append("heard \(recorder.events)") }
    }

    try #require(finished, "the capture's deinit did not return: released under the lock?")
    #expect(log.withLock { $0 } == ["deinit saw 1 delegate(s)", "heard [1, 2]"])
  }
}
