import Synchronization

/// One delegate's place in a ``RegistrationStorage``: its weak reference, and the word that
/// rebuilds the delegate value from the object (see ``DelegateRepresentation``).
@usableFromInline
struct RegistrationEntry {
  @usableFromInline weak var object: AnyObject?
  @usableFromInline let witness: UInt

  init(object: AnyObject, witness: UInt) {
    self.object = object
    self.witness = witness
  }
}

/// The registrations of one multicast, in registration order, in memory that deliveries read
/// without the lock.
///
/// Once an entry is written it never moves and is never rewritten while the storage lives,
/// so a delivery on another thread may read it at any time. Under the multicast's lock, a
/// storage only changes in two ways: an entry is appended after the last one (a delivery stops
/// at the count it took when it began), or an entry's removed bit is set (an atomic store).
/// Anything else, a sweep of dead entries or growth, builds a new storage and bumps the
/// multicast's generation; a delivery keeps the storage it reads alive, and looks again when
/// it sees the generation change.
@usableFromInline
final class RegistrationStorage {
  /// The entries, read in place through this pointer: copying one would retain and release
  /// its weak reference.
  @usableFromInline let entries: UnsafeMutablePointer<RegistrationEntry>
  /// Each entry's token shifted left by one, with the low bit set once it was removed.
  ///
  /// Tokens grow with each registration, so registration order is token order.
  @usableFromInline let states: UnsafeMutablePointer<Atomic<UInt64>>
  let capacity: Int
  /// The number of entries written; changed only under the lock.
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    entries = .allocate(capacity: capacity)
    states = .allocate(capacity: capacity)
  }

  deinit {
    entries.deinitialize(count: count)
    entries.deallocate()
    states.deinitialize(count: count)
    states.deallocate()
  }

  /// Whether another entry fits.
  var isFull: Bool { count == capacity }

  /// Writes an entry after the last one.
  func append(object: AnyObject, witness: UInt, token: UInt64) {
    precondition(count < capacity, "RegistrationStorage is full")
    (entries + count).initialize(to: RegistrationEntry(object: object, witness: witness))
    (states + count).initialize(to: Atomic(token << 1))
    count += 1
  }

  /// Sets the removed bit of the entry at `index`, once.
  func markRemoved(at index: Int) {
    let state = states[index].load(ordering: .relaxed)
    states[index].store(state | 1, ordering: .releasing)
  }

  /// Whether the entry at `index` was removed.
  @inlinable
  func isRemoved(at index: Int) -> Bool {
    states[index].load(ordering: .acquiring) & 1 != 0
  }

  /// The token of the entry at `index`.
  @inlinable
  func token(at index: Int) -> UInt64 {
    states[index].load(ordering: .relaxed) >> 1
  }

  /// The position of the first entry whose token is at least `token`, or ``count``.
  ///
  /// - Complexity: O(log *n*).
  func firstIndex(withTokenAtLeast token: UInt64) -> Int {
    (0..<count).partitioningIndex { self.token(at: $0) >= token }
  }
}
