/// The registrations and deliveries of one ``MulticastDelegate``, guarded by its mutex.
///
/// Registrations are kept in registration order, which is also ascending token order.
/// A removed or deallocated delegate leaves an entry whose object is `nil`; such entries
/// are swept in bulk once they could make up half of the list, so that adding and removing
/// are amortised O(1). Strong references loaded while sweeping are handed back to the caller,
/// to be released after the lock is dropped: releasing the last one runs a `deinit`, which
/// may call back into the multicast.
@usableFromInline
struct MulticastState<Delegate> {
  @usableFromInline var registrations: ContiguousArray<Registration> = []
  /// The position of each registered delegate; 32 bits keep the index at about half the size.
  @usableFromInline var indexByIdentity: [ObjectIdentifier: Int32] = [:]
  @usableFromInline var nextToken: UInt64 = 1
  @usableFromInline var removedSinceSweep = 0
  @usableFromInline var sweepThreshold = Self.minimumSweepThreshold
  /// The broadcasts being delivered, one per thread.
  @usableFromInline var deliveries: [Delivery<Delegate>] = []

  @usableFromInline static var minimumSweepThreshold: Int { 16 }

  @usableFromInline init() {}

  // MARK: - Registration

  mutating func add(_ registration: Registration) -> ReleasedReferences {
    guard let object = registration.object else { return ReleasedReferences() }
    let identity = ObjectIdentifier(object)
    if let index = indexByIdentity[identity], registrations[Int(index)].object === object {
      return ReleasedReferences()
    }
    // An entry under this identity whose object is gone belonged to an earlier object at the
    // same address; it is already inert, and the new registration takes its place in the index.
    var released = ReleasedReferences()
    if registrations.count >= sweepThreshold {
      released = sweep()
    }
    indexByIdentity[identity] = Int32(registrations.count)
    registrations.append(registration.withToken(nextToken))
    nextToken += 1
    return released
  }

  mutating func remove(_ identity: ObjectIdentifier) -> (
    didRemove: Bool, released: ReleasedReferences
  ) {
    guard let index = indexByIdentity.removeValue(forKey: identity).map(Int.init) else {
      return (false, ReleasedReferences())
    }
    registrations[index].object = nil
    removedSinceSweep += 1
    if removedSinceSweep >= Self.minimumSweepThreshold,
      removedSinceSweep * 2 >= registrations.count
    {
      return (true, sweep())
    }
    return (true, ReleasedReferences())
  }

  mutating func removeAll() {
    registrations.removeAll()
    indexByIdentity.removeAll()
    removedSinceSweep = 0
    sweepThreshold = Self.minimumSweepThreshold
  }

  func contains(_ identity: ObjectIdentifier) -> Bool {
    guard let index = indexByIdentity[identity], let object = registrations[Int(index)].object
    else {
      return false
    }
    return ObjectIdentifier(object) == identity
  }

  func liveDelegates() -> ReleasedReferences {
    var alive: [AnyObject] = []
    alive.reserveCapacity(indexByIdentity.count)
    for index in indexByIdentity.values {
      if let object = registrations[Int(index)].object {
        alive.append(object)
      }
    }
    return ReleasedReferences(objects: alive)
  }

  @inlinable
  func snapshot() -> RegistrationSnapshot {
    RegistrationSnapshot(registrations: registrations)
  }

  /// Drops every entry whose delegate is gone and rebuilds the index.
  private mutating func sweep() -> ReleasedReferences {
    var alive: [AnyObject] = []
    alive.reserveCapacity(registrations.count)
    var kept = ContiguousArray<Registration>()
    kept.reserveCapacity(registrations.count)
    indexByIdentity.removeAll(keepingCapacity: true)
    for registration in registrations {
      guard let object = registration.object else { continue }
      alive.append(object)
      indexByIdentity[ObjectIdentifier(object)] = Int32(kept.count)
      kept.append(registration)
    }
    registrations = kept
    removedSinceSweep = 0
    sweepThreshold = max(Self.minimumSweepThreshold, 2 * kept.count)
    return ReleasedReferences(objects: alive)
  }

  // MARK: - Deliveries

  /// Starts a delivery on `thread`, or reserves a place in its queue if one is under way.
  @inlinable
  mutating func begin(on thread: ThreadIdentity, limit: Int, removals: Int) -> BroadcastStart {
    guard let index = deliveries.firstIndex(where: { $0.thread == thread }) else {
      deliveries.append(Delivery(thread: thread))
      return .deliver(snapshot(), removals: removals)
    }
    if deliveries[index].queue.count >= limit {
      deliveries[index].droppedCount += 1
      return .dropped
    }
    deliveries[index].queue.append(nil)
    return .queue(at: deliveries[index].queue.count - 1)
  }

  /// Fills the queue place that ``begin(on:limit:)`` reserved on `thread`.
  @inlinable
  mutating func enqueue(
    _ broadcast: QueuedBroadcast<Delegate>, on thread: ThreadIdentity, at position: Int
  ) {
    guard let index = deliveries.firstIndex(where: { $0.thread == thread }) else { return }
    deliveries[index].queue[position] = broadcast
  }

  /// Takes the next queued broadcast on `thread`, or ends its delivery when none is left.
  @inlinable
  mutating func nextQueued(
    on thread: ThreadIdentity,
    dropped: inout Int
  ) -> QueuedBroadcast<Delegate>? {
    guard let index = deliveries.firstIndex(where: { $0.thread == thread }) else {
      return nil
    }
    while deliveries[index].nextPosition < deliveries[index].queue.count {
      let position = deliveries[index].nextPosition
      deliveries[index].nextPosition += 1
      if let next = deliveries[index].queue[position] {
        deliveries[index].queue[position] = nil  // Its captures are released outside the lock.
        return next
      }
    }
    dropped = deliveries[index].droppedCount
    deliveries.remove(at: index)
    return nil
  }
}

/// One delegate's place in the list.
///
/// Snapshots of registrations leave the lock for the broadcasting thread: the weak reference is
/// safe to load from any thread, and an entry is never mutated once a snapshot shares it (copy
/// on write).
@usableFromInline
struct Registration {
  @usableFromInline weak var object: AnyObject?
  /// Increases with each registration, so registration order is token order.
  @usableFromInline let token: UInt64
  /// The second word of the delegate's representation, when it has one.
  @usableFromInline let witness: UInt

  /// This registration, numbered `token`.
  func withToken(_ token: UInt64) -> Registration {
    Registration(object: object, token: token, witness: witness)
  }
}

/// The registrations as they were when a delivery began or last looked again.
@usableFromInline
struct RegistrationSnapshot {
  @usableFromInline let registrations: ContiguousArray<Registration>

  @usableFromInline
  init(registrations: ContiguousArray<Registration>) {
    self.registrations = registrations
  }

  /// The position of the first registration whose token is at least `token`.
  ///
  /// - Complexity: O(log *n*).
  @usableFromInline
  func firstIndex(withTokenAtLeast token: UInt64) -> Int {
    var low = 0
    var high = registrations.count
    while low < high {
      let middle = (low + high) / 2
      if registrations[middle].token < token {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}

/// A broadcast started from inside a delivery, waiting for its turn.
///
/// It sits in the locked state, but only the thread that queued it takes it out and runs it
/// (queues are per thread), so its captures never cross threads.
@usableFromInline
struct QueuedBroadcast<Delegate> {
  @usableFromInline let skipped: ObjectIdentifier?
  @usableFromInline let call: (Delegate) -> Void

  @inlinable
  init(skipped: ObjectIdentifier?, call: @escaping (Delegate) -> Void) {
    self.skipped = skipped
    self.call = call
  }
}

/// How a broadcast begins: delivered now, queued behind the one under way, or dropped.
@usableFromInline
enum BroadcastStart {
  case deliver(RegistrationSnapshot, removals: Int)
  case queue(at: Int)
  case dropped
}

/// Strong references taken under the lock, to be released after it is dropped.
@usableFromInline
struct ReleasedReferences {
  @usableFromInline var objects: [AnyObject] = []

  @usableFromInline
  init(objects: [AnyObject] = []) {
    self.objects = objects
  }
}

/// The broadcasts one thread is delivering: the one under way and those queued behind it.
@usableFromInline
struct Delivery<Delegate> {
  @usableFromInline let thread: ThreadIdentity
  @usableFromInline var queue: [QueuedBroadcast<Delegate>?] = []
  @usableFromInline var nextPosition = 0
  @usableFromInline var droppedCount = 0

  @usableFromInline
  init(thread: ThreadIdentity) {
    self.thread = thread
  }
}
