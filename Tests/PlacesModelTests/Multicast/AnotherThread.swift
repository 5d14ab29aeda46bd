import Dispatch
import Foundation
import Testing

/// Runs `work` on a thread of its own and waits for it, but no longer than `limit`: by default
/// the time limit of the running test (its `.timeLimit` trait), else one minute.
///
/// A `.timeLimit` on its own records a failure but cannot end a test that is blocked in a
/// synchronous wait: a deadlock would still hang the run. This wait gives up at the same limit,
/// so the test fails and the run goes on; the stuck thread is left behind. The test's own thread
/// stays busy while it waits, so the time it is charged is the time the work takes.
///
/// - Returns: Whether `work` returned within the limit.
func finishesOnAnotherThread(
  within limit: Duration? = nil, _ work: @escaping @Sendable () -> Void
) -> Bool {
  let limit = limit ?? Test.current?.timeLimit ?? .seconds(60)
  let finished = DispatchSemaphore(value: 0)
  Thread {
    work()
    finished.signal()
  }.start()
  let nanoseconds =
    limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
  return finished.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
}
