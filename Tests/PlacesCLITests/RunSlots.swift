/// A counting semaphore for tasks: at most `count` holders at once, the others suspended (not
/// blocked) in the order they asked.
actor RunSlots {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Slots for `count` holders at once (at least one).
  init(count: Int) {
    free = max(1, count)
  }

  /// Takes a slot, waiting for one to be released when none is free.
  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Gives a slot back: to the first task waiting, if any.
  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
