/// A binary heap that hands out its smallest element first.
struct MinimumHeap<Element: Comparable> {
  private var elements: [Element] = []

  /// The number of elements.
  var count: Int { elements.count }

  /// The smallest element, or `nil` when empty.
  var minimum: Element? { elements.first }

  /// Adds `element`.
  ///
  /// - Complexity: O(log *n*).
  mutating func insert(_ element: Element) {
    elements.append(element)
    var child = elements.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard elements[child] < elements[parent] else { break }
      elements.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the smallest element, or `nil` when empty.
  ///
  /// - Complexity: O(log *n*).
  mutating func popMinimum() -> Element? {
    guard let last = elements.popLast() else { return nil }
    guard !elements.isEmpty else { return last }
    let minimum = elements[0]
    elements[0] = last
    siftDown(from: 0)
    return minimum
  }

  /// Replaces the smallest element with `element`.
  ///
  /// - Complexity: O(log *n*).
  mutating func replaceMinimum(with element: Element) {
    guard !elements.isEmpty else {
      elements.append(element)
      return
    }
    elements[0] = element
    siftDown(from: 0)
  }

  /// The elements, in no particular order, leaving the heap empty.
  mutating func removeAll() -> [Element] {
    defer { elements = [] }
    return elements
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < elements.count, elements[left] < elements[smallest] { smallest = left }
      if right < elements.count, elements[right] < elements[smallest] { smallest = right }
      if smallest == parent { return }
      elements.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
