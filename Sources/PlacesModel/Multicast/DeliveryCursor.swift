import Synchronization

/// Which delivery a cursor belongs to, and so what ending it involves.
@usableFromInline
enum DeliveryRole {
  /// The outermost delivery of the thread that holds the primary slot.
  case primary
  /// The outermost delivery of a thread that found the primary slot taken.
  case secondary
  /// A delivery inside an outermost one on the same thread: a query, or a queued broadcast.
  case nested
}

/// A delivery's place in the registrations.
///
/// Entries from `index` up to `end` are those registered when the delivery began that it has
/// not reached yet. It does not retain its storage: ``MulticastCore`` keeps every storage a
/// delivery may read alive until no delivery is under way. A cursor made with ``init()``
/// points nowhere and has nothing to read.
@usableFromInline
struct DeliveryCursor {
  @usableFromInline var entries: UnsafeMutablePointer<RegistrationEntry>?
  @usableFromInline var states: UnsafeMutablePointer<Atomic<UInt64>>?
  @usableFromInline var index = 0
  @usableFromInline var end = 0
  /// The ``MulticastCore/generation`` of the storage read.
  @usableFromInline var generation = 0
  @usableFromInline var role = DeliveryRole.nested

  /// A cursor that points nowhere.
  @inlinable
  init() {}

  /// A cursor over the registrations in `state` as they are now.
  init(state: inout CoreState, role: DeliveryRole, generation: Int) {
    self.role = role
    self.generation = generation
    read(state.storage)
  }

  /// Reads `storage` from now on, to its end.
  mutating func read(_ storage: RegistrationStorage) {
    entries = storage.entries
    states = storage.states
    end = storage.count
  }
}
