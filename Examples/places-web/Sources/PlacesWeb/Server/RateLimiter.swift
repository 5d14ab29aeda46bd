/// Slows a session that sends faster than a bound: a token bucket refilled at a steady rate.
///
/// Each message takes a token; when the bucket is empty, ``delayForNextMessage(now:)`` says
/// how long to wait before reading the next one, so a flood from one page waits on its own
/// connection and the other sessions go on.
package struct RateLimiter {
  /// The messages allowed in a burst.
  let capacity: Double
  /// The messages allowed per second, on average.
  let ratePerSecond: Double
  private var tokens: Double
  private var last: ContinuousClock.Instant?

  package init(capacity: Double = 200, ratePerSecond: Double = 100) {
    self.capacity = capacity
    self.ratePerSecond = ratePerSecond
    tokens = capacity
  }

  /// Takes a token for a message arriving `now`, and returns how long to wait before handling
  /// it: zero while the bucket holds tokens.
  package mutating func delayForNextMessage(now: ContinuousClock.Instant) -> Duration {
    if let last {
      let elapsed = last.duration(to: now)
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      tokens = min(capacity, tokens + seconds * ratePerSecond)
    }
    last = now
    tokens -= 1
    guard tokens < 0 else { return .zero }
    return .milliseconds(Int((-tokens / ratePerSecond * 1000).rounded(.up)))
  }
}
