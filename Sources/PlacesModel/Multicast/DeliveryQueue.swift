/// A broadcast started from inside a delivery, waiting for its turn.
///
/// It sits in the locked state, but only the thread that queued it takes it out and runs it,
/// so its captures never cross threads.
@usableFromInline
struct QueuedBroadcast {
  @usableFromInline let deliver: () -> Void

  @inlinable
  init(deliver: @escaping () -> Void) {
    self.deliver = deliver
  }
}

/// The broadcasts queued behind one thread's outermost delivery.
struct DeliveryQueue {
  /// Every broadcast queued since the outermost delivery began; delivered ones are `nil`.
  private var broadcasts: [QueuedBroadcast?] = []
  private var nextPosition = 0
  private(set) var droppedCount = 0
  /// How many of `broadcasts` belong to the outermost delivery itself (a group's), and so are
  /// not counted towards the limit.
  private var exemptCount = 0
  /// How many of the next reservations are exempt.
  private var exemptToReserve = 0

  /// Reserves the next place, or counts a dropped broadcast once `limit` were queued.
  mutating func reserve(limit: Int) -> Int? {
    if exemptToReserve > 0 {
      exemptToReserve -= 1
      exemptCount += 1
    } else if broadcasts.count - exemptCount >= limit {
      droppedCount += 1
      return nil
    }
    broadcasts.append(nil)
    return broadcasts.count - 1
  }

  /// Whether `count` more broadcasts fit within `limit`; if not, counts all of them dropped.
  mutating func admit(_ count: Int, limit: Int) -> Bool {
    guard broadcasts.count - exemptCount + count <= limit else {
      droppedCount += count
      return false
    }
    return true
  }

  /// Exempts the next `count` reservations from the limit, 0 ending an exemption.
  ///
  /// They are the outermost delivery's own broadcasts, not ones queued from within it.
  mutating func exemptNext(_ count: Int) {
    exemptToReserve = count
  }

  /// Puts `broadcast` in the place ``reserve(limit:)`` returned, which is empty: nothing is
  /// overwritten, so nothing is released.
  mutating func fill(_ position: Int, with broadcast: QueuedBroadcast) {
    broadcasts[position] = broadcast
  }

  /// Takes the next queued broadcast out, if any is left.
  ///
  /// The queue's reference is released here, under the lock, but the one returned keeps the
  /// broadcast alive, so that release is never the last.
  mutating func takeNext() -> QueuedBroadcast? {
    while nextPosition < broadcasts.count {
      let position = nextPosition
      nextPosition += 1
      if let next = broadcasts[position] {
        broadcasts[position] = nil
        return next
      }
    }
    return nil
  }
}
