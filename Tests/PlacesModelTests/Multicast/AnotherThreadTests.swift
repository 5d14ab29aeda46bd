import Dispatch
import Testing

/// The wait that lets a test whose threads deadlock fail instead of hanging the run.
struct AnotherThreadTests {
  @Test func workThatReturnsIsReportedAsFinished() {
    let ran = LockedValue(false)

    #expect(finishesOnAnotherThread { ran.withLock { $0 = true } })
    #expect(ran.withLock { $0 })
  }

  @Test(.timeLimit(.minutes(10)))
  func theWaitGivesUpOnWorkThatIsStuck() {
    let release = DispatchSemaphore(value: 0)

    #expect(!finishesOnAnotherThread(within: .milliseconds(1)) { release.wait() })

    release.signal()  // lets the stuck thread end
  }
}
