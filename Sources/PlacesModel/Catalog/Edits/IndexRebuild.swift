import Dispatch

/// A full build of an index that runs off the calling thread, for an index that follows edits
/// (the spatial and name indexes through ``BuiltPlusChanges``, the cluster levels through
/// ``ClusterCompaction``): the edits go on meanwhile, and a later edit takes the result once it
/// is ready, so that no edit and no query waits for a full build.
///
/// The build reads only immutable values (a catalog's storage), and its result is handed over
/// under a lock: the build's thread writes it once, the editing thread reads it.
final class IndexRebuild<Index: Sendable>: Sendable {
  private let result: Locked<Index?>
  private let running = DispatchGroup()

  /// Starts `build` on a background queue.
  init(_ build: @escaping @Sendable () -> Index) {
    let result = Locked<Index?>(nil)
    self.result = result
    running.enter()
    DispatchQueue.global(qos: .utility).async { [running] in
      let index = build()
      result.withLock { $0 = index }
      running.leave()
    }
  }

  /// Waits until the build has finished: for tests that drive a rebuild to its end.
  func waitUntilFinished() {
    running.wait()
  }

  /// The index, once the build has finished; `nil` before, without waiting.
  var finished: Index? {
    result.withLock { $0 }
  }
}
