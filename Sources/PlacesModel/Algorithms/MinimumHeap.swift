/// A binary min-heap in an array: the smallest element first.
///
/// The package's one heap: the spatial index's nearest-first walk, the name index's top matches and its range-minimum
/// tree all use it.
///
/// - Complexity: ``insert(_:)``, ``popMinimum()`` and ``replaceMinimum(with:)`` O(log *n*);
///   ``minimum`` O(1).
struct MinimumHeap<Element: Comparable>: Sendable where Element: Sendable {
  private var elements: [Element] = []

  var isEmpty: Bool { elements.isEmpty }

  /// The number of elements.
  var count: Int { elements.count }

  /// The smallest element, or `nil` when the heap is empty.
  var minimum: Element? { elements.first }

  mutating func insert(_ element: Element) {
    elements.append(element)
    var child = elements.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard element < elements[parent] else { break }
      elements[child] = elements[parent]
      child = parent
    }
    elements[child] = element
  }

  /// Removes and returns the smallest element, or `nil` when the heap is empty.
  mutating func popMinimum() -> Element? {
    guard let last = elements.popLast() else { return nil }
    guard let first = elements.first else { return last }
    siftDown(last)
    return first
  }

  /// Replaces the smallest element by `element` (or inserts it into an empty heap).
  mutating func replaceMinimum(with element: Element) {
    guard !elements.isEmpty else {
      elements.append(element)
      return
    }
    siftDown(element)
  }

  /// Empties the heap, returning its elements in no particular order.
  mutating func removeAll() -> [Element] {
    defer { elements = [] }
    return elements
  }

  /// Sifts `element` down from the root, into the hole the root leaves.
  private mutating func siftDown(_ last: Element) {
    let count = elements.count
    var parent = 0
    while true {
      var child = 2 * parent + 1
      guard child < count else { break }
      if child + 1 < count, elements[child + 1] < elements[child] {
        child += 1
      }
      guard elements[child] < last else { break }
      elements[parent] = elements[child]
      parent = child
    }
    elements[parent] = last
  }
}
