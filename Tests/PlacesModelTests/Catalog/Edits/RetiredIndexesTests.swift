import Dispatch
import Foundation
import PlacesModel
import Synchronization
import Testing

/// A replaced index that a storage retires is freed on a background queue, never on the
/// thread that retired it: at the next edit, or shortly after without one.
struct RetiredIndexesTests {
  /// Notes whether it is freed on the thread that made it.
  final class Tracker: Sendable {
    let maker = Tracker.currentThread()
    let freed: @Sendable (Bool) -> Void

    init(freed: @escaping @Sendable (_ onThreadThatMadeIt: Bool) -> Void) {
      self.freed = freed
    }

    deinit {
      freed(Self.currentThread() == maker)
    }

    /// The calling thread's POSIX identity, as a number (the thread is alive while compared).
    static func currentThread() -> UInt {
      #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
      #else
        UInt(pthread_self())
      #endif
    }
  }

  /// Whether a tracker was freed on the thread that made it, once it was freed.
  final class FreedOn: Sendable {
    private let onThreadThatMadeIt = Mutex<Bool?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func note(_ onThreadThatMadeIt: Bool) {
      self.onThreadThatMadeIt.withLock { $0 = onThreadThatMadeIt }
      done.signal()
    }

    /// Whether it was, waiting up to a minute for the tracker to be freed; `nil` if not.
    func wait() -> Bool? {
      guard done.wait(timeout: .now() + 60) == .success else { return nil }
      return onThreadThatMadeIt.withLock { $0 }
    }
  }

  @Test func aRetiredIndexHandedOnIsFreedOnAnotherThread() {
    let retired = RetiredIndexes()
    let freedOn = FreedOn()
    retired.retire(Tracker(freed: freedOn.note))
    retired.releaseInBackground()
    #expect(freedOn.wait() == false)
  }

  @Test func aRetiredIndexNobodyHandsOnIsFreedOnAnotherThreadSoonAfter() {
    let retired = RetiredIndexes()
    let freedOn = FreedOn()
    retired.retire(Tracker(freed: freedOn.note))
    #expect(freedOn.wait() == false)
    withExtendedLifetime(retired) {}
  }
}
