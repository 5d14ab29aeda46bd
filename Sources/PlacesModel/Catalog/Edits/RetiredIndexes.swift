import Dispatch

/// What an edit or a query replaced: the storage of the catalog an edit came from, and a name
/// or spatial index whose background build a query took, held so that it is freed on a
/// background queue, not on the thread that edits.
///
/// Releasing the catalog an edit came from frees what only it held: the nodes of its
/// persistent tables that the edit copied (a sixth of a `session`'s CPU per move), and after
/// an edit took a full build, the whole index or cluster levels it replaced (up to a second
/// on the editing thread). A storage holds what it replaced here, and hands it to a background
/// queue shortly after (a few milliseconds), or at once when the next edit derives from the
/// storage, whichever comes first. Whoever else still holds it (an older catalog the app
/// kept) keeps it alive as before; the queue only takes over this one reference, which is the
/// last one in the common case.
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
