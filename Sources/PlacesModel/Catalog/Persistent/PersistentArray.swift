/// An array whose copies share its elements in chunks of 256: writing one element of a copy
/// copies the table of chunks and the one chunk it lies in, never the whole array.
///
/// So an edit of a large catalog copies O(*n* / 256 + 256) words, not O(*n*), and every
/// earlier copy keeps the elements it had. Reads cost one more indirection than an `Array`.
package struct PersistentArray<Element: Sendable>: Sendable, RandomAccessCollection {
  /// The elements of one chunk; written only while one array holds it.
  private final class Chunk: @unchecked Sendable {
    // Safe: a chunk is written only when `isKnownUniquelyReferenced` says that the one
    // array writing it is its only holder, so no other thread can be reading it.
    var elements: [Element]

    init(_ elements: [Element]) {
      self.elements = elements
    }
  }

  private static var chunkShift: Int { 8 }
  private static var chunkSize: Int { 1 << chunkShift }
  private var chunks: [Chunk] = []
  /// The number of elements.
  package private(set) var count = 0

  /// No elements.
  package init() {}

  /// The elements of `elements`, in order.
  ///
  /// - Complexity: O(*n*).
  package init(_ elements: some Collection<Element>) {
    var chunk: [Element] = []
    chunk.reserveCapacity(Self.chunkSize)
    for element in elements {
      chunk.append(element)
      if chunk.count == Self.chunkSize {
        chunks.append(Chunk(chunk))
        chunk.removeAll(keepingCapacity: true)
      }
    }
    if !chunk.isEmpty {
      chunks.append(Chunk(chunk))
    }
    count = elements.count
  }

  /// `value`, `count` times.
  package init(repeating value: Element, count: Int) {
    self.init(repeatElement(value, count: count))
  }

  /// The position of the first element: 0.
  package var startIndex: Int { 0 }
  /// The position after the last element: the number of elements.
  package var endIndex: Int { count }

  /// The element at `position`.
  ///
  /// - Complexity: O(1) to read; O(*n* / 256 + 256) to write when a copy shares the chunk,
  ///   O(1) otherwise.
  package subscript(position: Int) -> Element {
    get {
      precondition(position >= 0 && position < count, "a persistent array index is in range")
      return chunks[position >> Self.chunkShift].elements[position & (Self.chunkSize - 1)]
    }
    set {
      precondition(position >= 0 && position < count, "a persistent array index is in range")
      let chunk = position >> Self.chunkShift
      if !isKnownUniquelyReferenced(&chunks[chunk]) {
        chunks[chunk] = Chunk(chunks[chunk].elements)
      }
      chunks[chunk].elements[position & (Self.chunkSize - 1)] = newValue
    }
  }

  /// Adds `element` at the end.
  ///
  /// - Complexity: O(1) amortised, plus a chunk's copy when a copy shares the last chunk.
  package mutating func append(_ element: Element) {
    if count & (Self.chunkSize - 1) == 0 {
      var elements: [Element] = []
      elements.reserveCapacity(Self.chunkSize)
      elements.append(element)
      chunks.append(Chunk(elements))
    } else {
      let last = chunks.count - 1
      if !isKnownUniquelyReferenced(&chunks[last]) {
        chunks[last] = Chunk(chunks[last].elements)
      }
      chunks[last].elements.append(element)
    }
    count += 1
  }

  /// The bytes the elements take, not counting what they refer to.
  package var byteCount: Int {
    count * MemoryLayout<Element>.stride + chunks.count * MemoryLayout<Int>.stride * 4
  }
}
