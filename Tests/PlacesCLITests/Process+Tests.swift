import Foundation

extension Process {
  /// Starts the process while no other test starts one.
  ///
  /// Foundation on Linux learns that a process exited from a socket whose one end only the new
  /// process holds. In the new process it closes the descriptors the tests have open, but only
  /// those open when it counted them: a process started at the same moment on another thread
  /// can inherit the first one's socket, and the first then seems to run until the second exits
  /// (a `--version` run once seemed to take over a minute, beside a run on the world file).
  /// Starting one process at a time closes that window.
  func runAlone() throws {
    Self.startLock.lock()
    defer { Self.startLock.unlock() }
    try run()
  }

  /// Held while a test starts a process.
  private static let startLock = NSLock()

  /// Waits until the running process exits, on a thread of its own.
  ///
  /// `waitUntilExit()` blocks the thread that calls it. Called from a test, that is a thread of
  /// Swift concurrency's pool, which has one thread per core: two tests waiting for the tool on a
  /// two-core machine leave no thread for any other test, and a test with a time limit can then
  /// wait in the queue for longer than its limit without having run at all (CI once failed
  /// that way). Here the wait happens on a thread made for it, and the calling task is suspended.
  func exited() async {
    _ = await exited(killingAfter: nil)
  }

  /// Waits as ``exited()`` does, killing the process if it runs for more than `timeLimit`
  /// seconds; whether it was killed.
  ///
  /// The limit is kept on the waiting thread, not by the calling task: a task resumes only when
  /// the pool has a thread for it, which can be long after the process exited. The thread looks
  /// every two milliseconds: `waitUntilExit()` on a thread without a run loop source would spin
  /// a core for as long as the process runs.
  func exited(killingAfter timeLimit: Double?) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      Thread.detachNewThread {
        let deadline = timeLimit.map { Date(timeIntervalSinceNow: $0) }
        var killed = false
        while self.isRunning {
          if let deadline, !killed, Date() >= deadline {
            kill(self.processIdentifier, SIGKILL)
            killed = true
          }
          usleep(2_000)
        }
        continuation.resume(returning: killed)
      }
    }
  }
}
