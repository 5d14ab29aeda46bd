/// A hash table whose copies share their buckets through a ``PersistentArray``: inserting or
/// removing one key of a copy copies the array's table of branches, one branch and one leaf of 64 buckets,
/// O(*b* / 4096 + 128) words for *b* buckets, not the whole table.
///
/// The table keeps at most two keys a bucket on average, so *b* ≥ *n* / 2 for *n* keys, and
/// grows fourfold when it would hold more, which rehashes every key (O(*n*), amortised O(1) an
/// insertion). It never shrinks: *b* is at most twice the most keys the table has held (and at
/// least 16), so a write copies between O(*n* / 8192 + 128) and O(*N* / 2048 + 128) words,
/// *N* being that most.
package struct PersistentDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private typealias Bucket = [(key: Key, value: Value)]
  private var buckets: PersistentArray<Bucket>
  /// The number of keys.
  package private(set) var count = 0

  /// No keys.
  package init() {
    buckets = PersistentArray(repeating: [], count: 16)
  }

  /// The pairs of `pairs`; a key given twice keeps its last value.
  ///
  /// - Complexity: O(*n*) on average.
  package init(_ pairs: some Sequence<(Key, Value)>) {
    self.init(pairs) { _, _, _ in }
  }

  /// The pairs of `pairs`, calling `duplicate` with a key given twice and its two values (the
  /// key then keeps the second); an error it throws ends the build.
  ///
  /// - Complexity: O(*n*) on average.
  package init<Failure: Error>(
    _ pairs: some Sequence<(Key, Value)>,
    duplicate: (Key, _ first: Value, _ second: Value) throws(Failure) -> Void
  ) throws(Failure) {
    // Room for the pairs known in advance, so that a large table is not rehashed as it grows.
    var bucketCount = 16
    while bucketCount * 2 < pairs.underestimatedCount { bucketCount *= 4 }
    var grouped: [Bucket] = Array(repeating: [], count: bucketCount)
    var count = 0
    for (key, value) in pairs {
      if count >= grouped.count * 2 {
        grouped = Self.rehashed(grouped, bucketCount: grouped.count * 4)
      }
      let bucket = Self.bucket(of: key, in: grouped.count)
      if let slot = grouped[bucket].firstIndex(where: { $0.key == key }) {
        try duplicate(key, grouped[bucket][slot].value, value)
        grouped[bucket][slot].value = value
      } else {
        grouped[bucket].append((key, value))
        count += 1
      }
    }
    buckets = PersistentArray(grouped)
    self.count = count
  }

  private static func bucket(of key: Key, in bucketCount: Int) -> Int {
    key.hashValue & (bucketCount - 1)
  }

  private static func rehashed(_ buckets: [Bucket], bucketCount: Int) -> [Bucket] {
    var grouped: [Bucket] = Array(repeating: [], count: bucketCount)
    for pair in buckets.joined() {
      grouped[bucket(of: pair.key, in: bucketCount)].append(pair)
    }
    return grouped
  }

  /// The value of `key`, or `nil`; setting `nil` removes the key.
  ///
  /// - Complexity: O(1) on average to read; to write, O(*b* / 4096 + 128) for *b* buckets (see
  ///   the type) when a copy shares the bucket's leaf, plus a rehash when an insertion
  ///   outgrows the table.
  package subscript(key: Key) -> Value? {
    get {
      buckets[Self.bucket(of: key, in: buckets.count)].first { $0.key == key }?.value
    }
    set {
      let bucket = Self.bucket(of: key, in: buckets.count)
      let slot = buckets[bucket].firstIndex { $0.key == key }
      switch (slot, newValue) {
      case (let slot?, let value?):
        buckets[bucket][slot].value = value
      case (let slot?, nil):
        buckets[bucket].remove(at: slot)
        count -= 1
      case (nil, let value?):
        buckets[bucket].append((key, value))
        count += 1
        if count > buckets.count * 2 {
          buckets = PersistentArray(Self.rehashed(Array(buckets), bucketCount: buckets.count * 4))
        }
      case (nil, nil):
        break
      }
    }
  }

  /// Whether the table has no keys.
  package var isEmpty: Bool { count == 0 }

  /// Calls `body` with every key and its value, in no particular order.
  ///
  /// - Complexity: O(*n*).
  package func forEachPair(_ body: (Key, Value) throws -> Void) rethrows {
    try buckets.forEachChunk { chunk, _ in
      for bucket in chunk {
        for pair in bucket { try body(pair.key, pair.value) }
      }
    }
  }

  /// The value of `key`, or `defaultValue` when it has none; writing sets the key's value.
  package subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
    get { self[key] ?? defaultValue() }
    set { self[key] = newValue }
  }
}
