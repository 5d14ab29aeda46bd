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
    // One lock both starts the delivery and takes the registrations it goes to.
    let start = state.withLock { state in
      state.begin(on: thread, limit: limit, removals: removalCount.load(ordering: .acquiring))
    }
    let first: (RegistrationSnapshot, Int)
    switch start {
    case .deliver(let snapshot, let removals):
      first = (snapshot, removals)
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
    deliver(skipping: skipped, startingFrom: first, call)
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
  func deliver(
    skipping skipped: ObjectIdentifier?,
    startingFrom taken: (RegistrationSnapshot, Int)? = nil,
    _ call: (Delegate) -> Void
  ) {
    var (snapshot, removals) =
      taken
      ?? state.withLock { state in
        (state.snapshot(), removalCount.load(ordering: .acquiring))
      }
    // Keep this loop's shape: `places-bench` measured that small rewrites (taking the snapshot
    // from a parameter, say) make the optimizer copy each entry again, doubling its cost.
    // Registrations are in ascending token order; later ones were added after this began.
    guard let lastToken = snapshot.registrations.last?.token else { return }
    var index = 0
    while true {
      // Entries are read in place: copying one would retain and release its weak reference.
      let resumeToken: UInt64? = snapshot.registrations.withUnsafeBufferPointer { buffer in
        // A mutable pointer, though nothing is written: reading a weak field through an
        // immutable one copies the whole entry first.
        guard let base = buffer.baseAddress.map(UnsafeMutablePointer.init(mutating:)) else {
          return nil
        }
        while index < buffer.count {
          let entry = base + index
          let token = entry.pointee.token
          if token > lastToken { return nil }
          guard let object = entry.pointee.object else {
            index += 1
            continue
          }
          if removalCount.load(ordering: .acquiring) != removals {
            return token  // Something was removed meanwhile: look again from here.
          }
          if ObjectIdentifier(object) != skipped {
            representation.withDelegate(from: object, witness: entry.pointee.witness, call)
          }
          index += 1
        }
        return nil
      }
      guard let resumeToken else { return }
      (snapshot, removals) = state.withLock { state in
        (state.snapshot(), removalCount.load(ordering: .acquiring))
      }
      index = snapshot.firstIndex(withTokenAtLeast: resumeToken)
    }
  }
}
