/// What became of a broadcast by the time ``MulticastDelegate/invoke(with:skipping:_:)`` or
/// ``MulticastDelegate/invoke(skipping:_:)`` returned.
public enum BroadcastOutcome: Equatable, Sendable {
  /// It was delivered, and so was every broadcast queued behind it, before the call returned.
  case delivered
  /// It was started from inside a callback on this thread, so it was queued: it will be
  /// delivered after the broadcast under way, before the outermost one returns.
  case queued
  /// It was started past the multicast's ``MulticastDelegate/reentrancyLimit`` and will never
  /// be delivered; the multicast reports it when the outermost broadcast ends.
  case dropped
}
