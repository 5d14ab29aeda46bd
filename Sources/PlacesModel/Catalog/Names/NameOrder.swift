/// The places of a catalog sorted by name, then by identifier: the list's rows.
///
/// The order holds the places' handles (see ``CatalogStorage``) in blocks of at most 512,
/// which copies share: an edit that renames, inserts or removes a place copies the table of
/// blocks and the one or two blocks it changes, not the order, and a move or any other edit
/// that keeps names keeps the order as it is. A row's place costs a binary search over the
/// blocks; a place's row a binary search by name.
package struct NameOrder: Sendable {
  /// Handles in order; written only while one order holds it.
  private final class Block: @unchecked Sendable {
    // Safe: a block is written only when `isKnownUniquelyReferenced` says the one order
    // writing it is its only holder.
    var handles: [UInt32]

    init(_ handles: some Sequence<UInt32>) {
      self.handles = Array(handles)
    }
  }

  private static var blockCapacity: Int { 512 }
  private var blocks: [Block] = []
  /// The row of each block's first place, and the number of places last.
  private var starts: [Int] = [0]

  /// The number of places.
  package var count: Int { starts[starts.count - 1] }

  /// Sorts the places of `handles` by name, then by identifier, reading each place with
  /// `place`.
  ///
  /// Names compare with `String`'s `<`: by Unicode scalars of their canonical form, not by a
  /// locale's collation, so the order is the same everywhere.
  ///
  /// Most comparisons read only each name's ``NameSortKey``, made once per place; whole names
  /// and identifiers are compared only when the keys cannot tell.
  ///
  /// - Complexity: O(*n* log *n*).
  init(handles: [UInt32], place: (UInt32) -> Place) {
    var keyed = handles.map { (key: NameSortKey(place($0).name), handle: $0) }
    keyed.sort { left, right in
      NameSortKey.order(left.key, right.key)
        ?? Self.isBefore(place(left.handle), place(right.handle))
    }
    var start = 0
    while start < keyed.count {
      let end = min(start + Self.blockCapacity / 2, keyed.count)
      blocks.append(Block(keyed[start..<end].lazy.map(\.handle)))
      starts.append(end)
      start = end
    }
  }

  /// Whether `left` comes before `right`: by name, then by identifier.
  static func isBefore(_ left: Place, _ right: Place) -> Bool {
    left.name != right.name ? left.name < right.name : left.id < right.id
  }

  // MARK: - Rows

  /// The handle of the place at `row`.
  ///
  /// - Complexity: O(log *n*).
  package func handle(atRow row: Int) -> UInt32 {
    precondition(row >= 0 && row < count, "a row is in range")
    let block = starts.indices.partitioningIndex { starts[$0] > row } - 1
    return blocks[block].handles[row - starts[block]]
  }

  /// The row of `place`, which the order holds, reading each place with `placeOfHandle`.
  ///
  /// - Complexity: O(log *n*) comparisons of names.
  package func row(of place: Place, placeOfHandle: (UInt32) -> Place) -> Int {
    let (block, offset) = slot(of: place, placeOfHandle: placeOfHandle)
    return starts[block] + offset
  }

  /// The block and the offset in it where `place` is, or would go.
  private func slot(of place: Place, placeOfHandle: (UInt32) -> Place) -> (Int, Int) {
    guard !blocks.isEmpty else { return (0, 0) }
    // The first block whose last place does not come before `place`; else the last block.
    let block = min(
      blocks.indices.partitioningIndex { block in
        let handles = blocks[block].handles
        return !Self.isBefore(placeOfHandle(handles[handles.count - 1]), place)
      }, blocks.count - 1)
    let handles = blocks[block].handles
    let offset = handles.indices.partitioningIndex {
      !Self.isBefore(placeOfHandle(handles[$0]), place)
    }
    return (block, offset)
  }

  // MARK: - Edits

  /// Takes out the place `place` (with `handle`), reading places with `placeOfHandle` in the
  /// catalog the order is of.
  ///
  /// - Complexity: O(log *n*) comparisons, plus O(*n* / 256 + 512) to copy.
  mutating func remove(_ place: Place, handle: UInt32, placeOfHandle: (UInt32) -> Place) {
    let (block, offset) = slot(of: place, placeOfHandle: placeOfHandle)
    precondition(
      block < blocks.count && offset < blocks[block].handles.count
        && blocks[block].handles[offset] == handle, "the order holds the place it loses")
    if blocks[block].handles.count == 1 {
      blocks.remove(at: block)
      starts.remove(at: block + 1)
    } else {
      makeUnique(block)
      blocks[block].handles.remove(at: offset)
    }
    for index in (block + 1)..<starts.count where index < starts.count {
      starts[index] -= 1
    }
  }

  /// Puts in `place` (with `handle`), reading places with `placeOfHandle` in the catalog the
  /// order is of.
  ///
  /// - Complexity: O(log *n*) comparisons, plus O(*n* / 256 + 512) to copy.
  mutating func insert(_ place: Place, handle: UInt32, placeOfHandle: (UInt32) -> Place) {
    guard !blocks.isEmpty else {
      blocks = [Block([handle])]
      starts = [0, 1]
      return
    }
    var (block, offset) = slot(of: place, placeOfHandle: placeOfHandle)
    if block == blocks.count - 1, offset == blocks[block].handles.count,
      blocks[block].handles.count >= Self.blockCapacity
    {
      blocks.append(Block([handle]))
      starts.append(starts[starts.count - 1] + 1)
      return
    }
    block = min(block, blocks.count - 1)
    makeUnique(block)
    blocks[block].handles.insert(handle, at: offset)
    for index in (block + 1)..<starts.count {
      starts[index] += 1
    }
    if blocks[block].handles.count > Self.blockCapacity {
      let handles = blocks[block].handles
      let half = handles.count / 2
      blocks[block] = Block(handles[..<half])
      blocks.insert(Block(handles[half...]), at: block + 1)
      starts.insert(starts[block] + half, at: block + 1)
    }
  }

  private mutating func makeUnique(_ block: Int) {
    if !isKnownUniquelyReferenced(&blocks[block]) {
      blocks[block] = Block(blocks[block].handles)
    }
  }

  /// Every handle, row by row.
  package var handles: [UInt32] {
    blocks.flatMap(\.handles)
  }

  /// The bytes the order holds.
  package var byteCount: Int {
    count * MemoryLayout<UInt32>.stride + starts.count * MemoryLayout<Int>.stride * 2
  }
}
