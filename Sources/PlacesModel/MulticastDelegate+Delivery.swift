import Synchronization

extension MulticastDelegate {
  /// Delivers a broadcast now, or queues it when this thread is already delivering one.
  @inlinable
  func broadcast(
    skipping skipped: ObjectIdentifier?,
    queued makeQueued: () -> QueuedBroadcast<Delegate>,
    deliver call: (Delegate) -> Void
  ) {
    let thread = ThreadIdentity.current
    let limit = reentrancyLimit
    let start = state.withLock { state in
      state.begin(on: thread, limit: limit)
    }
    switch start {
    case .deliver:
      break
    case .queue(let position):
      // Only this thread touches its own queue, so the place reserved is still there.
      let queued = makeQueued()
      state.withLock { state in
        state.enqueue(queued, on: thread, at: position)
      }
      return
    case .dropped:
      return
    }
    deliver(skipping: skipped, call)
    var dropped = 0
    while true {
      let next = state.withLock { state in
        state.nextQueued(on: thread, dropped: &dropped)
      }
      guard let next else { break }
      deliver(skipping: next.skipped, next.call)
    }
    if dropped > 0 {
      onReentrancyLimitExceeded(ReentrancyLimitExceeded(limit: limit, droppedBroadcasts: dropped))
    }
  }

  /// Calls `call` once on each delegate registered now, in order, honouring removals made
  /// while it runs.
  @inlinable
  func deliver(skipping skipped: ObjectIdentifier?, _ call: (Delegate) -> Void) {
    var (snapshot, removals) = state.withLock { state in
      (state.snapshot(), removalCount.load(ordering: .acquiring))
    }
    // Registrations are in ascending token order; later ones were added after this began.
    guard let lastToken = snapshot.registrations.last?.token else { return }
    var index = 0
    while index < snapshot.registrations.count {
      let token = snapshot.registrations[index].token
      if token > lastToken { break }
      guard let object = snapshot.registrations[index].object else {
        index += 1
        continue
      }
      if removalCount.load(ordering: .acquiring) != removals {
        // Something was removed meanwhile: continue on the current registrations.
        (snapshot, removals) = state.withLock { state in
          (state.snapshot(), removalCount.load(ordering: .acquiring))
        }
        index = snapshot.firstIndex(withTokenAtLeast: token)
        continue
      }
      if ObjectIdentifier(object) != skipped,
        let delegate: Delegate = representation.delegate(
          from: object,
          witness: snapshot.registrations[index].witness
        )
      {
        call(delegate)
      }
      index += 1
    }
  }
}
