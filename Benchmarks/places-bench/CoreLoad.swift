import Foundation
import Synchronization

/// Threads that keep cores busy at the default priority while a measurement runs, as other
/// work on a loaded device does: each spins until ``end()``.
///
/// The edits' background builds run at the lowest priority (see `IndexRebuild`), so under
/// such a load they get almost no time: what an edit costs when they fall behind.
final class CoreLoad: Sendable {
  private let stopping = Atomic<Bool>(false)
  private let running = DispatchGroup()

  /// Starts `threadCount` busy threads.
  init(threadCount: Int) {
    for _ in 0..<threadCount {
      running.enter()
      let thread = Thread { [self] in
        while !stopping.load(ordering: .relaxed) {}
        running.leave()
      }
      thread.start()
    }
  }

  /// Stops the busy threads and waits until each has ended.
  func end() {
    stopping.store(true, ordering: .relaxed)
    running.wait()
  }
}
