import Dispatch
import Foundation
import PlacesModel
import PlacesModelTestSupport
import Synchronization
import Testing

/// Many threads adding, removing and broadcasting on one multicast at once.
///
/// The threads are waited for no longer than a minute (`finishesOnAnotherThread`), so a
/// deadlock fails the test instead of hanging the run; the suite's time limit is a last guard,
/// generous because it also counts a test's wait for a thread in a loaded parallel run.
@Suite(.timeLimit(.minutes(10)))
struct MulticastDelegateConcurrencyTests {
  /// A thread-safe listener that counts the calls of each broadcast it hears.
  final class CountingListener: Listener, Sendable {
    let calls = LockedValue<[Int: Int]>([:])
    /// The clock reading taken after ``MulticastDelegate/remove(_:)`` returned.
    let removedAt = Atomic<Int>(.max)
    let lateCalls = Atomic<Int>(0)

    func hear(_ event: Int) {
      if event > removedAt.load(ordering: .acquiring) {
        lateCalls.add(1, ordering: .relaxed)
      }
      calls.withLock { $0[event, default: 0] += 1 }
    }

    func answer() -> String { "counting" }
  }

  @Test func concurrentAddsRemovesAndBroadcastsKeepEveryPromise() throws {
    let multicast = MulticastDelegate<any Listener & Sendable>()
    let permanent = (0..<8).map { _ in CountingListener() }
    permanent.forEach(multicast.add)
    let broadcasts = LockedValue<[Int]>([])
    let transients = LockedValue<[CountingListener]>([])
    let threads = 4

    let finished = finishesOnAnotherThread {
      let clock = Atomic<Int>(0)
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var generator = SplitMix64(seed: UInt64(thread + 1))
        var mine: [CountingListener] = []
        for _ in 0..<1_500 {
          switch Int.random(in: 0..<10, using: &generator) {
          case 0..<4:
            let tick = clock.add(1, ordering: .sequentiallyConsistent).newValue
            broadcasts.withLock { $0.append(tick) }
            multicast.invoke(with: tick) { $0.hear($1) }
          case 4..<7:
            let listener = CountingListener()
            multicast.add(listener)
            mine.append(listener)
            transients.withLock { $0.append(listener) }
          case 7..<9:
            if let index = mine.indices.randomElement(using: &generator) {
              let listener = mine.remove(at: index)
              multicast.remove(listener)
              let tick = clock.add(1, ordering: .sequentiallyConsistent).newValue
              listener.removedAt.store(tick, ordering: .releasing)
            }
          default:
            mine.removeAll()  // released while still registered
          }
        }
      }
    }

    try #require(finished, "the threads did not finish: a deadlock?")

    let allBroadcasts = broadcasts.withLock { $0 }
    for listener in permanent {
      let calls = listener.calls.withLock { $0 }
      // None lost, none called twice for one broadcast.
      #expect(calls.count == allBroadcasts.count)
      #expect(calls.values.allSatisfy { $0 == 1 })
    }
    for listener in transients.withLock({ $0 }) {
      #expect(listener.calls.withLock { $0.values.allSatisfy { $0 == 1 } })
      #expect(listener.lateCalls.load(ordering: .relaxed) == 0)
    }
    #expect(multicast.count >= permanent.count)
  }

  @Test func aDelegateMayCallBackInFromAnotherThreadsBroadcastWithoutDeadlock() throws {
    let multicast = MulticastDelegate<any Listener & Sendable>()
    let reentrant = ReentrantListener(multicast: multicast)
    multicast.add(reentrant)

    let finished = finishesOnAnotherThread {
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for round in 0..<200 {
          multicast.invoke(with: thread * 1_000 + round) { $0.hear($1) }
        }
      }
    }

    try #require(finished, "the threads did not finish: a deadlock?")

    #expect(reentrant.heard.load(ordering: .relaxed) >= 800)
    #expect(multicast.count == 1)
  }
}

extension MulticastDelegateConcurrencyTests {
  /// Runs a hook for each event it hears, and records the events.
  final class HookedListener: Listener, Sendable {
    let heard = LockedValue<[Int]>([])
    let hook: @Sendable (Int) -> Void

    init(hook: @escaping @Sendable (Int) -> Void = { _ in }) { self.hook = hook }

    func hear(_ event: Int) {
      heard.withLock { $0.append(event) }
      hook(event)
    }

    func answer() -> String { "hooked" }
  }

  @Test(.timeLimit(.minutes(10)))
  func aBroadcastFromACallbackIsQueuedEvenAfterAnotherThreadsDeliveryEnded() {
    let multicast = MulticastDelegate<any Listener & Sendable>()
    let firstThreadDelivering = DispatchSemaphore(value: 0)
    let secondThreadDelivering = DispatchSemaphore(value: 0)
    let firstThreadDone = DispatchSemaphore(value: 0)
    let trigger = HookedListener { event in
      switch event {
      case 100:  // On the first thread, which holds the multicast's first delivery slot.
        firstThreadDelivering.signal()
        secondThreadDelivering.wait()
      case 200:  // On the second thread, delivering beside the first.
        secondThreadDelivering.signal()
        firstThreadDone.wait()  // The first thread's delivery has ended meanwhile.
        multicast.invoke(with: 201) { $0.hear($1) }
      default:
        break
      }
    }
    let observer = HookedListener()
    multicast.add(trigger)
    multicast.add(observer)

    let secondThreadFinished = DispatchSemaphore(value: 0)
    // Two threads of their own: each blocks until the other has reached a given point.
    Thread {
      multicast.invoke(with: 100) { $0.hear($1) }
      firstThreadDone.signal()
    }.start()
    Thread {
      firstThreadDelivering.wait()
      multicast.invoke(with: 200) { $0.hear($1) }
      secondThreadFinished.signal()
    }.start()
    secondThreadFinished.wait()

    // Delivered depth-first, 201 would reach the observer before 200.
    #expect(observer.heard.withLock { $0 }.filter { $0 >= 200 } == [200, 201])
    #expect(trigger.heard.withLock { $0 }.filter { $0 >= 200 } == [200, 201])
  }
}

/// Calls back into the multicast from its callback: registers, counts and unregisters a
/// helper, then queues one more broadcast.
final class ReentrantListener: Listener, Sendable {
  let multicast: MulticastDelegate<any Listener & Sendable>
  let heard = Atomic<Int>(0)

  init(multicast: MulticastDelegate<any Listener & Sendable>) { self.multicast = multicast }

  func hear(_ event: Int) {
    heard.add(1, ordering: .relaxed)
    let helper = MulticastDelegateConcurrencyTests.CountingListener()
    multicast.add(helper)
    _ = multicast.count
    multicast.remove(helper)
    if event >= 0 {
      multicast.invoke(with: -1) { $0.hear($1) }
    }
  }

  func answer() -> String { "reentrant" }
}
