import Dispatch

/// Indexes an edit or a query replaced with a full build it took (a name or spatial index
/// whose background build it took, a cluster hierarchy whose rebuilt levels it took), held so
/// that they are freed on a background queue, not on the thread that edits.
///
/// Freeing a replaced index means freeing its every node, which took up to a second on the
/// editing thread when the catalog it belonged to was released. A storage that replaced one
/// holds it here, and hands it to a background queue shortly after (a few milliseconds), or
/// at once when the next edit derives from the storage, whichever comes first. Whoever still
/// holds the replaced index (an older catalog kept by the app) keeps it alive as before; the
/// queue only takes over this one reference, which is the last one in the common case.
package final class RetiredIndexes: Sendable {
  private let values = Locked<[any Sendable]>([])

  /// Holds nothing yet.
  package init() {}

  /// How long a retired index waits for the next edit before the background queue frees it.
  private static let delay: DispatchTimeInterval = .milliseconds(20)

  /// Holds `value`, which an index of the storage replaced, until a background queue frees
  /// it.
  package func retire(_ value: any Sendable) {
    let isFirst = values.withLock { values in
      values.append(value)
      return values.count == 1
    }
    guard isFirst else { return }
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.delay) {
      [weak self] in
      // Taken here, so that they are freed on this background thread.
      let taken = self?.takeAll() ?? []
      withExtendedLifetime(taken) {}
    }
  }

  /// Hands every index held to a background queue that frees it.
  package func releaseInBackground() {
    guard values.withLock({ !$0.isEmpty }) else { return }
    // Taken in the block, not here: a block that has run may still be released by this
    // thread, which would then free whatever it captured.
    DispatchQueue.global(qos: .utility).async { [self] in
      let taken = takeAll()
      withExtendedLifetime(taken) {}
    }
  }

  /// The indexes held, no longer held here.
  private func takeAll() -> [any Sendable] {
    values.withLock { values in
      defer { values = [] }
      return values
    }
  }
}
