/// An array whose copies share its elements in chunks of 256: writing one element of a copy
/// copies the table of chunks and the one chunk it lies in, never the whole array.
///
/// So an edit of a large catalog copies O(*n* / 256 + 256) words, not O(*n*), and every
/// earlier copy keeps the elements it had. Reads cost one more indirection than an `Array`.
package struct PersistentArray<Element: Sendable>: Sendable, RandomAccessCollection {
  /// The elements of one chunk, in memory of its own; written only while one array holds it.
  ///
  /// The elements sit behind a constant pointer, not in a stored `var`, so that reading one
  /// costs no dynamic exclusivity check.
  private final class Chunk: @unchecked Sendable {
    // Safe: a chunk is written only when `isKnownUniquelyReferenced` says that the one
    // array writing it is its only holder, so no other thread can be reading it.
    let elements: UnsafeMutablePointer<Element>
    /// The elements initialized, from the first; read and written only by appends, copies and
    /// `deinit`.
    private(set) var count: Int

    init(copying source: UnsafePointer<Element>, count: Int) {
      elements = .allocate(capacity: PersistentArray.chunkSize)
      elements.initialize(from: source, count: count)
      self.count = count
    }

    convenience init(_ elements: [Element]) {
      self.init(copying: elements, count: elements.count)
    }

    /// A copy of this chunk.
    func copy() -> Chunk {
      Chunk(copying: elements, count: count)
    }

    /// Adds `element` after the last.
    func append(_ element: Element) {
      (elements + count).initialize(to: element)
      count += 1
    }

    deinit {
      elements.deinitialize(count: count)
      elements.deallocate()
    }
  }

  private static var chunkShift: Int { 8 }
  fileprivate static var chunkSize: Int { 1 << chunkShift }
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
        chunks[chunk] = chunks[chunk].copy()
      }
      chunks[chunk].elements[position & (Self.chunkSize - 1)] = newValue
    }
  }

  /// Adds `element` at the end.
  ///
  /// - Complexity: O(1) amortised, plus a chunk's copy when a copy shares the last chunk.
  package mutating func append(_ element: Element) {
    if count & (Self.chunkSize - 1) == 0 {
      chunks.append(Chunk([element]))
    } else {
      let last = chunks.count - 1
      if !isKnownUniquelyReferenced(&chunks[last]) {
        chunks[last] = chunks[last].copy()
      }
      chunks[last].append(element)
    }
    count += 1
  }

  /// Calls `body` with each chunk's elements in order, and the position of the first: a scan
  /// without a lookup per element.
  package func forEachChunk(_ body: (UnsafeBufferPointer<Element>, Int) throws -> Void) rethrows {
    for (index, chunk) in chunks.enumerated() {
      let start = index << Self.chunkShift
      try withExtendedLifetime(chunk) {
        try body(
          UnsafeBufferPointer(
            start: chunk.elements, count: Swift.min(Self.chunkSize, count - start)),
          start)
      }
    }
  }

  /// The bytes the elements take, not counting what they refer to.
  package var byteCount: Int {
    count * MemoryLayout<Element>.stride + chunks.count * MemoryLayout<Int>.stride * 4
  }
}
