/// A hash table whose copies share their slots through a ``PersistentArray``: inserting or
/// removing one key of a copy copies the array's table of branches, a branch and a leaf or two
/// (of 256 slots for plain keys and values of up to 16 bytes together, else of 64):
/// O(*b* / 4096 + 272) slots and references for *b* slots, not the whole table.
///
/// The pairs sit in the slots themselves (open addressing, each key in the first free slot
/// from its hash's, a removal closing the gap behind it), not in a list per bucket: copying a
/// leaf copies its pairs, and for keys and values that hold no references (handles,
/// coordinates) it copies plain bytes, touching no reference count. The table keeps at most
/// half its slots full, so *b* ≥ 2*n* for *n* keys, and doubles when it would fill more, which
/// rehashes every key (O(*n*), amortised O(1) an insertion). It never shrinks: *b* is at most
/// four times the most keys the table has held (and at least 16 once it has held one).
package struct PersistentDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private typealias Slot = (key: Key, value: Value)?
  private var slots: PersistentArray<Slot>
  /// The number of keys.
  package private(set) var count = 0

  /// No keys, and no slots until the first is set.
  package init() {
    slots = PersistentArray()
  }

  /// The pairs of `pairs`; a key given twice keeps its last value.
  ///
  /// - Complexity: O(*n*) on average.
  package init(_ pairs: some Collection<(Key, Value)>) {
    self.init(pairs) { _, _, _ in }
  }

  /// The pairs of `pairs`, calling `duplicate` with a key given twice and its two values (the
  /// key then keeps the second); an error it throws ends the build.
  ///
  /// A large table is filled in the order of the keys' first slots, roughly, so that each
  /// insertion touches slots near the last one's instead of a random slot of a table larger
  /// than the caches. The first key found twice sends the build back to the pairs' own
  /// order, so that `duplicate` hears of the duplicates in the order the pairs give them.
  ///
  /// - Complexity: O(*n*) on average; `pairs` is read twice.
  package init<Failure: Error>(
    _ pairs: some Collection<(Key, Value)>,
    duplicate: (Key, _ first: Value, _ second: Value) throws(Failure) -> Void
  ) throws(Failure) {
    // Room for every pair from the start, so that a large table is never rehashed.
    var capacity = 16
    while capacity < 2 * pairs.count { capacity *= 2 }
    var table = SlotTable(capacity: capacity)
    if pairs.count >= Self.homeOrderMinimum, table.insertInHomeOrder(pairs) {
      slots = table.movedIntoPersistentArray()
      count = pairs.count
      return
    }
    table = SlotTable(capacity: capacity)
    var count = 0
    for (key, value) in pairs {
      let slot = Self.slot(of: key, in: table.slots.count) { table.slots[$0] }
      if let pair = table.slots[slot] {
        try duplicate(key, pair.value, value)
      } else {
        count += 1
      }
      table.slots[slot] = (key, value)
    }
    // Moved, not copied, into the persistent array: the table is never destroyed slot by slot.
    slots = table.movedIntoPersistentArray()
    self.count = count
  }

  /// The fewest pairs a table is filled with in the order of their first slots: below it,
  /// the table fits in the caches and sorting costs more than it saves.
  package static var homeOrderMinimum: Int { 1 << 12 }

  /// The slots of a table being built, in memory the table owns: moved into a
  /// ``PersistentArray`` once built, or destroyed if the build ends early.
  private struct SlotTable: ~Copyable {
    let slots: UnsafeMutableBufferPointer<Slot>

    /// `capacity` free slots.
    init(capacity: Int) {
      slots = .allocate(capacity: capacity)
      slots.initialize(repeating: nil)
    }

    /// `capacity` slots (a power of two) holding each pair of `slots`, where it goes.
    init(capacity: Int, rehashing slots: some Sequence<Slot>) {
      self.init(capacity: capacity)
      for case let pair? in slots {
        let slot = PersistentDictionary.slot(of: pair.key, in: capacity) { self.slots[$0] }
        self.slots[slot] = pair
      }
    }

    /// Puts every pair of `pairs` where it goes; returns `false` at the first key found
    /// twice, with some pairs left out.
    ///
    /// The pairs are taken in the order of their keys' first slots, roughly: bucketed by the
    /// slot's high bits (then in their own order), so that the insertions of one bucket all
    /// touch one short stretch of slots, which stays in the caches.
    ///
    /// - Precondition: The slots are free, and at least twice as many as the pairs.
    mutating func insertInHomeOrder(_ pairs: some Collection<(Key, Value)>) -> Bool {
      let mask = slots.count - 1
      let homes = pairs.map { PersistentDictionary.hash($0.0) & mask }
      // A stable counting sort into at most 4,096 buckets: one pass, writing to each
      // bucket's next place in turn and reading nothing at random.
      let shift = max(0, slots.count.trailingZeroBitCount - 12)
      var next = [Int](repeating: 0, count: (mask >> shift) + 2)
      for home in homes {
        next[(home >> shift) + 1] += 1
      }
      for bucket in next.indices.dropFirst() {
        next[bucket] += next[bucket - 1]
      }
      let bucketed = UnsafeMutableBufferPointer<(home: Int, pair: (Key, Value))>.allocate(
        capacity: homes.count)
      defer { bucketed.deallocate() }
      for (home, pair) in zip(homes, pairs) {
        let bucket = home >> shift
        bucketed.initializeElement(at: next[bucket], to: (home, pair))
        next[bucket] += 1
      }
      // Each pair is moved out of `bucketed` into its slot; a duplicate leaves the rest to
      // destroy.
      for index in bucketed.indices {
        let (home, (key, value)) = bucketed.moveElement(from: index)
        var slot = home
        while let pair = slots[slot] {
          guard pair.key != key else {
            bucketed.extracting((index + 1)...).deinitialize()
            return false
          }
          slot = (slot + 1) & mask
        }
        slots[slot] = (key, value)
      }
      return true
    }

    /// The slots, in a persistent array that takes them over.
    consuming func movedIntoPersistentArray() -> PersistentArray<Slot> {
      let slots = slots
      discard self
      let array = PersistentArray(moving: slots)
      slots.deallocate()
      return array
    }

    deinit {
      slots.deinitialize()
      slots.deallocate()
    }
  }

  /// Where `key`'s run of slots starts, before the mask is applied.
  ///
  /// The catalog's own 32-bit numbers (handles, entry indexes), which no input chooses, are
  /// mixed by a multiplication and a shift, a few instructions; a profile of a stream of
  /// edits found `hashValue` (a keyed SipHash, some eighty instructions) taking about 1.4% of
  /// the editing thread in the tables keyed by them. Every other key (an identifier read from
  /// a file, which an input may choose to collide) takes its `hashValue`.
  @inline(__always)
  static func hash(_ key: Key) -> Int {
    if let number = key as? UInt32 {
      var mixed = UInt64(number) &* 0x9E37_79B9_7F4A_7C15
      mixed ^= mixed >> 29
      return Int(truncatingIfNeeded: mixed)
    }
    return key.hashValue
  }

  /// The slot holding `key`, or the free slot where it would go, in a table of `capacity`
  /// slots (a power of two) read by `slotAt`.
  @inline(__always)
  private static func slot(of key: Key, in capacity: Int, _ slotAt: (Int) -> Slot) -> Int {
    let mask = capacity - 1
    var slot = hash(key) & mask
    while let pair = slotAt(slot), pair.key != key {
      slot = (slot + 1) & mask
    }
    return slot
  }

  /// The value of `key`, or `nil`; setting `nil` removes the key.
  ///
  /// - Complexity: O(1) on average to read; to write, O(*b* / 4096 + 272) for *b* slots (see
  ///   the type) when a copy shares the slots' leaves, plus a rehash when an insertion
  ///   outgrows the table.
  package subscript(key: Key) -> Value? {
    get {
      guard !slots.isEmpty else { return nil }
      // The key's run of slots, read leaf by leaf; a free slot ends it.
      var value: Value?
      slots.scan(from: Self.hash(key) & (slots.count - 1)) { slot in
        guard let pair = slot else { return false }
        guard pair.key == key else { return true }
        value = pair.value
        return false
      }
      return value
    }
    set {
      if slots.isEmpty {
        guard newValue != nil else { return }
        slots = PersistentArray(repeating: nil, count: 16)
      }
      let slot = Self.slot(of: key, in: slots.count) { slots[$0] }
      switch (slots[slot] != nil, newValue) {
      case (true, let value?):
        slots[slot] = (key, value)
      case (true, nil):
        removePair(at: slot)
      case (false, let value?):
        slots[slot] = (key, value)
        count += 1
        if 2 * count > slots.count {
          slots = SlotTable(capacity: slots.count * 2, rehashing: slots)
            .movedIntoPersistentArray()
        }
      case (false, nil):
        break
      }
    }
  }

  /// Empties `slot`, moving back each pair after it that would no longer be found past the
  /// gap (backward-shift deletion: no tombstones).
  private mutating func removePair(at slot: Int) {
    let mask = slots.count - 1
    var hole = slot
    var probe = (slot + 1) & mask
    while let pair = slots[probe] {
      let home = Self.hash(pair.key) & mask
      // The pair may fill the hole when its home is not after the hole on its way to `probe`.
      if (probe &- home) & mask >= (probe &- hole) & mask {
        slots[hole] = pair
        hole = probe
      }
      probe = (probe + 1) & mask
    }
    slots[hole] = nil
    count -= 1
  }

  /// Whether the table has no keys.
  package var isEmpty: Bool { count == 0 }

  /// Calls `body` with every key and its value, in no particular order.
  ///
  /// - Complexity: O(*b*) for *b* slots.
  package func forEachPair(_ body: (Key, Value) throws -> Void) rethrows {
    try slots.forEachChunk { chunk, _ in
      for case let pair? in chunk { try body(pair.key, pair.value) }
    }
  }

  /// Calls `removed` with each pair of `other` and `added` with each pair of this table
  /// that the two do not hold in the same slot.
  ///
  /// When one table came from the other by insertions and removals, that is what happened
  /// between them, as pairs that left and pairs that came: a key whose value changed is
  /// given to both, and so is a pair a removal moved to another slot, once each, in no
  /// stated order (take every pair that left before adding those that came). Returns
  /// `false`, calling nothing, when the two have different numbers of slots (one of them
  /// was rehashed since): then only reading every pair tells.
  ///
  /// - Complexity: O(*b* / 4096 + the slots of the leaves either wrote since the other),
  ///   for *b* slots (see ``PersistentArray/forEachLeaf(differingFrom:_:)``).
  package func forEachDifference(
    from other: PersistentDictionary, isSameValue: (Value, Value) -> Bool,
    removed: (Key, Value) -> Void, added: (Key, Value) -> Void
  ) -> Bool {
    slots.forEachLeaf(differingFrom: other.slots) { mine, theirs, _ in
      for (new, old) in zip(mine, theirs) {
        if let new, let old, new.key == old.key, isSameValue(new.value, old.value) { continue }
        if let old { removed(old.key, old.value) }
        if let new { added(new.key, new.value) }
      }
    }
  }

  /// The value of `key`, or `defaultValue` when it has none; writing sets the key's value.
  package subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
    get { self[key] ?? defaultValue() }
    set { self[key] = newValue }
  }

  /// The bytes the slots take, not counting what their keys and values refer to.
  package var byteCount: Int { slots.byteCount }
}
