extension Duration {
  /// The duration as `poll(2)` takes a timeout: whole milliseconds, rounded up so that a wait
  /// never ends before the duration has passed; 0 for a duration not above zero, and at most
  /// `Int32.max`.
  var pollTimeout: Int32 {
    let (seconds, attoseconds) = max(self, .zero).components
    return Int32(
      clamping: seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }
}
