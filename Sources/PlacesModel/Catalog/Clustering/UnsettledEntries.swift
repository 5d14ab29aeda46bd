/// The entries of one cluster level that an edit may have left within the radius of another,
/// taken lowest index first, as the cluster editor merges them.
///
/// A set, for membership, with a binary min-heap of its entries beside it, so that taking the
/// lowest costs O(log *k*) for *k* entries: a set's `min()` reads all of them, which made the
/// merges after a batch of *k* moves cost O(*k*²) a level. An entry removed stays in the heap
/// until it reaches the top, and is skipped there.
package struct UnsettledEntries {
  /// The entries, exactly.
  private var members: Set<Int> = []
  /// A min-heap holding every member, and perhaps entries removed since, or one twice.
  private var heap: [Int] = []

  /// No entries.
  package init() {}

  /// Whether there are no entries.
  package var isEmpty: Bool { members.isEmpty }

  /// Adds `entry`, if it is not there.
  ///
  /// - Complexity: O(log *h*) for a heap of *h*.
  package mutating func insert(_ entry: Int) {
    guard members.insert(entry).inserted else { return }
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
    members.remove(entry)
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
      if members.remove(top) != nil { return top }
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
