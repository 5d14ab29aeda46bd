/// The entries of one cluster level that an edit may have left within the radius of another,
/// taken lowest index first, as the cluster editor merges them.
///
/// A set, for membership, with a binary min-heap of its entries beside it, so that taking the
/// lowest costs O(log *k*) for *k* entries: a set's `min()` reads all of them, which made the
/// merges after a batch of *k* moves cost O(*k*²) a level. An entry removed stays in the heap
/// until it reaches the top, and is skipped there.
///
/// An edit of one place leaves one or two entries a level: up to ``fewLimit`` members are kept
/// in a small array searched in turn, which costs less than hashing them, and more in a set.
/// (Callgrind, a session of 3,000 moves: 43 fewer hashes of an `Int` and 5.8 K fewer
/// instructions a move, 1%.)
package struct UnsettledEntries {
  /// The entries, exactly, while there are at most ``fewLimit`` and ``many`` is `nil`.
  private var few: [Int] = []
  /// The entries, exactly, once there were more than ``fewLimit``.
  private var many: Set<Int>?
  /// A min-heap holding every member, and perhaps entries removed since, or one twice.
  private var heap: [Int] = []

  /// The most members kept in ``few``.
  private static var fewLimit: Int { 16 }

  /// No entries.
  package init() {}

  /// Whether there are no entries.
  package var isEmpty: Bool { many?.isEmpty ?? few.isEmpty }

  /// Adds `entry`, if it is not there.
  ///
  /// - Complexity: O(log *h*) for a heap of *h*.
  package mutating func insert(_ entry: Int) {
    guard addMember(entry) else { return }
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child] < heap[parent] else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Takes out `entry`, if it is there.
  ///
  /// - Complexity: O(1) on average.
  package mutating func remove(_ entry: Int) {
    _ = removeMember(entry)
  }

  /// Makes `entry` a member; returns whether it was not one.
  private mutating func addMember(_ entry: Int) -> Bool {
    if let inserted = many?.insert(entry).inserted { return inserted }
    guard !few.contains(entry) else { return false }
    if few.count < Self.fewLimit {
      few.append(entry)
    } else {
      var members = Set(few)
      members.insert(entry)
      many = members
      few = []
    }
    return true
  }

  /// Makes `entry` no longer a member; returns whether it was one.
  private mutating func removeMember(_ entry: Int) -> Bool {
    if many != nil { return many?.remove(entry) != nil }
    guard let index = few.firstIndex(of: entry) else { return false }
    few.swapAt(index, few.count - 1)
    few.removeLast()
    return true
  }

  /// Takes out the lowest entry and returns it; `nil` when there are none.
  ///
  /// - Complexity: O(log *h*) amortised for a heap of *h*.
  package mutating func removeFirst() -> Int? {
    while let top = heap.first {
      let last = heap.removeLast()
      if !heap.isEmpty {
        heap[0] = last
        siftDown()
      }
      if removeMember(top) { return top }
    }
    return nil
  }

  /// Restores the heap's order from its top down.
  private mutating func siftDown() {
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      let right = left + 1
      let smaller = right < heap.count && heap[right] < heap[left] ? right : left
      guard heap[smaller] < heap[parent] else { return }
      heap.swapAt(smaller, parent)
      parent = smaller
    }
  }
}
