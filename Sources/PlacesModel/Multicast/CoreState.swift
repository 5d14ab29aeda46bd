/// The registrations and deliveries of one multicast, guarded by its lock.
///
/// A removed entry stays in the storage with its removed bit set, and a deallocated delegate's
/// entry stays with its weak reference `nil`; both are swept in bulk, into a new storage, once
/// they could make up half of it or it is full, so that adding and removing are amortised
/// O(1) even while deliveries are under way. Strong references loaded while sweeping are handed
/// back to the caller, to be released after the lock is dropped: releasing the last one runs a
/// `deinit`, which may call back into the multicast. So are the storages and queues taken out
/// (see ``MulticastCore``): nothing this state lets go of is released under the lock.
struct CoreState {
  private(set) var storage = RegistrationStorage(capacity: Self.minimumCapacity)
  /// Storages replaced while a delivery might still read them; freed once none is under way.
  var retired: [RegistrationStorage] = []
  /// The position of each registered delegate in `storage`; 32 bits keep the index small.
  private var indexByIdentity: [ObjectIdentifier: Int32] = [:]
  private var nextToken: UInt64 = 1
  private var removedSinceSweep = 0
  /// The thread holding the primary delivery slot; meaningful only while the slot is busy.
  var primaryOwner: ThreadIdentity?
  var primaryQueue = DeliveryQueue()
  /// The outermost deliveries of the other threads delivering at the same time.
  var secondaries: [SecondaryDelivery] = []

  static var minimumCapacity: Int { 16 }

  // MARK: - Registration

  /// Registers `object`; returns a new storage if it had to sweep into one, and the
  /// references to release after the lock.
  mutating func add(
    _ object: AnyObject, witness: UInt
  ) -> (replaced: RegistrationStorage?, released: [AnyObject]) {
    let identity = ObjectIdentifier(object)
    // The caller holds `object`, so this load cannot release the last reference to anything:
    // it finds `object` itself or an earlier, dead object at the same address.
    if let index = indexByIdentity[identity], !storage.isRemoved(at: Int(index)),
      storage.entries[Int(index)].object === object
    {
      return (nil, [])
    }
    var swept: (replaced: RegistrationStorage?, released: [AnyObject]) = (nil, [])
    if storage.isFull {
      swept = sweep()
    }
    precondition(nextToken < 1 << 62, "MulticastDelegate registered too many delegates")
    indexByIdentity[identity] = Int32(storage.count)
    storage.append(object: object, witness: witness, token: nextToken)
    nextToken += 1
    return swept
  }

  /// Unregisters the object with `identity`; returns the storage it replaced if it swept.
  mutating func remove(
    _ identity: ObjectIdentifier
  ) -> (replaced: RegistrationStorage?, released: [AnyObject]) {
    guard let index = indexByIdentity.removeValue(forKey: identity).map(Int.init) else {
      return (nil, [])
    }
    storage.markRemoved(at: index)
    removedSinceSweep += 1
    if removedSinceSweep >= Self.minimumCapacity, removedSinceSweep * 2 >= storage.count {
      return sweep()
    }
    return (nil, [])
  }

  /// Unregisters everything; returns the storage it replaced.
  mutating func removeAll() -> RegistrationStorage {
    let old = storage
    storage = RegistrationStorage(capacity: Self.minimumCapacity)
    indexByIdentity.removeAll()
    removedSinceSweep = 0
    return old
  }

  func contains(_ object: AnyObject) -> Bool {
    guard let index = indexByIdentity[ObjectIdentifier(object)].map(Int.init) else {
      return false
    }
    // As in `add`, the caller holds `object`.
    return !storage.isRemoved(at: index) && storage.entries[index].object === object
  }

  /// The registered objects that are alive, for the caller to release after the lock: the
  /// last reference to one may be in the array.
  func liveObjects() -> [AnyObject] {
    var alive: [AnyObject] = []
    alive.reserveCapacity(indexByIdentity.count)
    for index in indexByIdentity.values {
      if let object = storage.entries[Int(index)].object {
        alive.append(object)
      }
    }
    return alive
  }

  /// Copies the live entries into a new storage with room to grow, and rebuilds the index.
  ///
  /// - Returns: The storage replaced, and the delegates loaded while copying, to release
  ///   after the lock.
  private mutating func sweep() -> (replaced: RegistrationStorage?, released: [AnyObject]) {
    let old = storage
    var alive: [AnyObject] = []
    alive.reserveCapacity(old.count - removedSinceSweep)
    for index in 0..<old.count where !old.isRemoved(at: index) {
      if let object = old.entries[index].object {
        alive.append(object)
      }
    }
    let new = RegistrationStorage(capacity: max(Self.minimumCapacity, 2 * alive.count))
    indexByIdentity.removeAll(keepingCapacity: true)
    var aliveIndex = 0
    // `alive` holds every object found, so loading them again releases nothing for good.
    for index in 0..<old.count where !old.isRemoved(at: index) {
      guard aliveIndex < alive.count, old.entries[index].object === alive[aliveIndex] else {
        continue
      }
      let object = alive[aliveIndex]
      indexByIdentity[ObjectIdentifier(object)] = Int32(new.count)
      new.append(object: object, witness: old.entries[index].witness, token: old.token(at: index))
      aliveIndex += 1
    }
    storage = new
    removedSinceSweep = 0
    return (old, alive)
  }

  // MARK: - Deliveries

  /// Takes the retired storages out, for the caller to release after the lock.
  mutating func takeRetired() -> [RegistrationStorage] {
    var taken: [RegistrationStorage] = []
    swap(&taken, &retired)
    return taken
  }

  /// Takes the primary delivery's queue out, leaving an empty one, for the caller to release
  /// after the lock.
  ///
  /// Every broadcast queued in it has been taken out and delivered by then, so it holds no
  /// captures; it is released after the lock all the same, like everything taken out.
  mutating func takePrimaryQueue() -> DeliveryQueue {
    var taken = DeliveryQueue()
    swap(&taken, &primaryQueue)
    return taken
  }

  /// Points `cursor` at the registrations in `state` as they are now, without copying the
  /// state.
  static func point(
    _ cursor: inout DeliveryCursor, at state: UnsafeMutablePointer<CoreState>,
    role: DeliveryRole, generation: Int
  ) {
    cursor.role = role
    cursor.generation = generation
    cursor.index = 0
    cursor.read(state.pointee.storage)
  }

  /// The position of `thread`'s delivery among the secondary ones.
  func secondaryIndex(of thread: ThreadIdentity) -> Int? {
    secondaries.firstIndex { $0.thread.isSame(as: thread) }
  }
}
