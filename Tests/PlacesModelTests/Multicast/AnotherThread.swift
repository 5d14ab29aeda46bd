import Dispatch
import Foundation
import Testing

/// Runs `work` on a thread of its own and waits for it, but no longer than `limit` (one minute
/// by default), counted from when the work starts.
///
/// A `.timeLimit` on its own records a failure but cannot end a test that is blocked in a
/// synchronous wait: a deadlock would still hang the run. This wait gives up at its limit,
/// so the test fails and the run goes on; the stuck thread is left behind. The test's own thread
/// stays busy while it waits, so the time it is charged is the time the work takes.
///
/// The limit is not the test's `.timeLimit`: that one starts with the test, before its body has
/// a thread of the pool, and in a parallel run on two cores the body can wait for one longer
/// than a minute (CI once failed that way, under the address sanitizer). So the tests that wait
/// here give their trait a generous limit, a last guard, and the wait keeps the tight one.
///
/// - Returns: Whether `work` returned within the limit.
func finishesOnAnotherThread(
  within limit: Duration? = nil, _ work: @escaping @Sendable () -> Void
) -> Bool {
  let limit = limit ?? .seconds(60)
  let finished = DispatchSemaphore(value: 0)
  Thread {
    work()
    finished.signal()
  }.start()
  return finished.wait(timeout: limit.dispatchTimeFromNow) == .success
}
