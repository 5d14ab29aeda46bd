import Dispatch

extension Duration {
  /// The moment this long after now, for Dispatch's waits with a timeout: whole nanoseconds,
  /// rounded down.
  package var dispatchTimeFromNow: DispatchTime {
    let (seconds, attoseconds) = components
    return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
