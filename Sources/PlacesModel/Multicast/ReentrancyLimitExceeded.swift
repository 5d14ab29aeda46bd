/// The diagnostic a ``MulticastDelegate`` gives when a cycle of delegates keeps starting
/// broadcasts from inside broadcasts past its ``MulticastDelegate/reentrancyLimit``.
public struct ReentrancyLimitExceeded: Error, Equatable, Sendable {
  /// The bound that was reached: the most broadcasts queued within one outermost broadcast.
  public let limit: Int
  /// How many broadcasts were dropped, undelivered, because the bound was reached.
  public let droppedBroadcasts: Int

  /// Creates the diagnostic.
  package init(limit: Int, droppedBroadcasts: Int) {
    self.limit = limit
    self.droppedBroadcasts = droppedBroadcasts
  }
}

extension ReentrancyLimitExceeded: CustomStringConvertible {
  /// A message that names the bound and the likely cause.
  public var description: String {
    "re-entrant broadcast limit of \(limit) reached: \(droppedBroadcasts) broadcast(s) dropped; "
      + "delegates are probably re-triggering each other in a cycle"
  }
}
