/// An array whose copies share its elements in a shallow tree.
///
/// The elements sit in leaves, the leaves in branches of 4,096 elements, the branches in one
/// table. Writing one element of a copy copies the table, one branch and one leaf, never the
/// whole array. Copying a branch retains each of its leaves, and copying a leaf retains what
/// its elements refer to; so elements of up to 16 bytes that refer to nothing sit in leaves of
/// 256, in branches of 16 (a copy's write copies 1–4 KB of plain bytes and retains 16 leaves),
/// and other elements in leaves of 64, in branches of 64. So an edit of a large catalog copies
/// O(*n* / 4096 + 272) elements and references, not O(*n*), and every earlier copy keeps the
/// elements it had.
/// Reads cost two more indirections than an `Array` (the branch, then the leaf: each node holds
/// its items in its own allocation).
///
/// `@unchecked Sendable` (its nodes, `ManagedBuffer`s, cannot be `Sendable`): its nodes are
/// written only when `isKnownUniquelyReferenced` says that the one array writing a node is its
/// only holder, so no other thread can be reading it; every other access reads; and the
/// elements it shares between threads are `Sendable`.
package struct PersistentArray<Element: Sendable>: @unchecked Sendable, RandomAccessCollection {
  private typealias Leaf = PersistentNode<Element>
  private typealias Branch = PersistentNode<Leaf>

  private static var leafShift: Int {
    _isPOD(Element.self) && MemoryLayout<Element>.stride <= 16 ? 8 : 6
  }
  private static var branchShift: Int { 12 }
  /// The most elements a leaf holds.
  private static var leafCapacity: Int { 1 << leafShift }
  private static var leafMask: Int { leafCapacity - 1 }
  /// The most leaves a branch holds.
  private static var branchCapacity: Int { 1 << (branchShift - leafShift) }
  private static var branchMask: Int { branchCapacity - 1 }
  private var branches: [Branch] = []
  /// The number of elements.
  package private(set) var count = 0

  /// No elements.
  package init() {}

  /// The elements of `elements`, in order.
  ///
  /// - Complexity: O(*n*).
  package init(_ elements: some Collection<Element>) {
    // Each element is copied once, straight into its leaf.
    var leaf = Leaf.make(capacity: Self.leafCapacity)
    var leaves: [Leaf] = []
    leaves.reserveCapacity(Self.branchCapacity)
    for element in elements {
      leaf.append(element)
      if leaf.count == Self.leafCapacity {
        leaves.append(leaf)
        leaf = Leaf.make(capacity: Self.leafCapacity)
        if leaves.count == Self.branchCapacity {
          branches.append(Self.branch(leaves))
          leaves.removeAll(keepingCapacity: true)
        }
      }
    }
    if leaf.count > 0 {
      leaves.append(leaf)
    }
    if !leaves.isEmpty {
      branches.append(Self.branch(leaves))
    }
    count = elements.count
  }

  /// The `buffer.count` elements of `buffer`, in order, moved out of it: the buffer is left
  /// uninitialized, for its owner to deallocate without deinitializing it.
  ///
  /// - Complexity: O(*n*), each element moved once, touching no reference count.
  init(moving buffer: UnsafeMutableBufferPointer<Element>) {
    guard let base = buffer.baseAddress else { return }
    var leaves: [Leaf] = []
    leaves.reserveCapacity(Self.branchCapacity)
    var start = 0
    while start < buffer.count {
      let length = Swift.min(Self.leafCapacity, buffer.count - start)
      leaves.append(Leaf.make(moving: base + start, count: length, capacity: Self.leafCapacity))
      start += length
      if leaves.count == Self.branchCapacity {
        branches.append(Self.branch(leaves))
        leaves.removeAll(keepingCapacity: true)
      }
    }
    if !leaves.isEmpty {
      branches.append(Self.branch(leaves))
    }
    count = buffer.count
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
  /// - Complexity: O(1) to read; O(*n* / 4096 + 272) to write when a copy shares the leaf,
  ///   O(1) otherwise.
  package subscript(position: Int) -> Element {
    get {
      precondition(position >= 0 && position < count, "a persistent array index is in range")
      let branch = branches[position >> Self.branchShift]
      let leaf = branch.elements[(position >> Self.leafShift) & Self.branchMask]
      return leaf.elements[position & Self.leafMask]
    }
    set {
      precondition(position >= 0 && position < count, "a persistent array index is in range")
      let leaf = uniqueLeaf(
        branch: position >> Self.branchShift, leaf: (position >> Self.leafShift) & Self.branchMask)
      leaf.elements[position & Self.leafMask] = newValue
    }
  }

  /// What `body` makes of the element at `position`, read where it lies: a field of a large
  /// element is read without copying the rest of it (and retaining what it refers to), as the
  /// subscript's copy would.
  ///
  /// - Complexity: O(1).
  package func withElement<Result>(
    at position: Int, _ body: (UnsafePointer<Element>) throws -> Result
  ) rethrows -> Result {
    precondition(position >= 0 && position < count, "a persistent array index is in range")
    let branch = branches[position >> Self.branchShift]
    let leaf = branch.elements[(position >> Self.leafShift) & Self.branchMask]
    return try withExtendedLifetime(leaf) {
      try body(UnsafePointer(leaf.elements + (position & Self.leafMask)))
    }
  }

  /// A leaf of `elements`, with room for a full leaf.
  private static func leaf(_ elements: [Element]) -> Leaf {
    Leaf.make(elements, capacity: leafCapacity)
  }

  /// A branch of `leaves`, with room for a full branch.
  private static func branch(_ leaves: [Leaf]) -> Branch {
    Branch.make(leaves, capacity: branchCapacity)
  }

  /// Leaf `leaf` of branch `branch`, copied along with its branch if another array shares
  /// either, so that this array alone holds it.
  private mutating func uniqueLeaf(branch: Int, leaf: Int) -> Leaf {
    if !isKnownUniquelyReferenced(&branches[branch]) {
      branches[branch] = branches[branch].copy()
    }
    let owner = branches[branch]
    if !isKnownUniquelyReferenced(&owner.elements[leaf]) {
      owner.elements[leaf] = owner.elements[leaf].copy()
    }
    return owner.elements[leaf]
  }

  /// Adds `element` at the end.
  ///
  /// - Complexity: O(1) amortised, plus a leaf's and a branch's copy when a copy shares them.
  package mutating func append(_ element: Element) {
    if count & ((1 << Self.branchShift) - 1) == 0 {
      branches.append(Self.branch([Self.leaf([element])]))
    } else if count & Self.leafMask == 0 {
      let last = branches.count - 1
      if !isKnownUniquelyReferenced(&branches[last]) {
        branches[last] = branches[last].copy()
      }
      branches[last].append(Self.leaf([element]))
    } else {
      let last = count - 1
      let leaf = uniqueLeaf(
        branch: last >> Self.branchShift, leaf: (last >> Self.leafShift) & Self.branchMask)
      leaf.append(element)
    }
    count += 1
  }

  /// Calls `body` with the elements from `position` on, in order, going on from the first
  /// after the last, until `body` returns `false` or every element has been seen: a scan that
  /// finds each leaf once, not each element (an open-addressed table's run of slots).
  ///
  /// - Complexity: O(*k*) for the *k* elements seen.
  package func scan(from position: Int, while body: (Element) throws -> Bool) rethrows {
    precondition(position >= 0 && position < count, "a persistent array index is in range")
    var position = position
    var seen = 0
    while seen < count {
      let leaf = branches[position >> Self.branchShift].elements[
        (position >> Self.leafShift) & Self.branchMask]
      let go = try withExtendedLifetime(leaf) {
        var offset = position & Self.leafMask
        let end = leaf.count
        while offset < end && seen < count {
          guard try body(leaf.elements[offset]) else { return false }
          offset += 1
          seen += 1
        }
        return true
      }
      guard go else { return }
      position = (position | Self.leafMask) + 1
      if position >= count { position = 0 }
    }
  }

  /// Calls `body` with each leaf's elements in order, and the position of the first: a scan
  /// without a lookup per element.
  package func forEachChunk(_ body: (UnsafeBufferPointer<Element>, Int) throws -> Void) rethrows {
    var start = 0
    for branch in branches {
      try withExtendedLifetime(branch) {
        for leafIndex in 0..<branch.count {
          let leaf = branch.elements[leafIndex]
          try withExtendedLifetime(leaf) {
            try body(UnsafeBufferPointer(start: leaf.elements, count: leaf.count), start)
          }
          start += leaf.count
        }
      }
    }
  }

  /// Calls `body` with each leaf of this array that is not `other`'s leaf at the same place,
  /// and that leaf of `other`, each as a buffer of its elements and the position of its first;
  /// returns `false`, calling nothing, when the two arrays do not have the same number of
  /// elements.
  ///
  /// Leaves and branches are compared by identity: two arrays that one came from the other by
  /// writes share every leaf neither wrote, so this finds what the writes changed (a leaf
  /// written with its old value back is still given). Two arrays of one count have the same
  /// leaves and branches, every leaf full but the last.
  ///
  /// - Complexity: O(1) when the arrays share their table of branches; else O(*n* / 4096 +
  ///   *b* *l*) for *b* branches either wrote, of *l* leaves each (16 or 64).
  package func forEachLeaf(
    differingFrom other: PersistentArray,
    _ body: (UnsafeBufferPointer<Element>, UnsafeBufferPointer<Element>, Int) throws -> Void
  ) rethrows -> Bool {
    guard count == other.count, branches.count == other.branches.count else { return false }
    let sharesBranches = branches.withUnsafeBufferPointer { mine in
      other.branches.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress }
    }
    if sharesBranches { return true }
    for (index, (branch, otherBranch)) in zip(branches, other.branches).enumerated()
    where branch !== otherBranch {
      // Arrays of one count have one layout (see above).
      assert(branch.count == otherBranch.count, "arrays of one count have one layout")
      var start = index << Self.branchShift
      try withExtendedLifetime((branch, otherBranch)) {
        for leafIndex in 0..<branch.count {
          let (leaf, otherLeaf) = (branch.elements[leafIndex], otherBranch.elements[leafIndex])
          if leaf !== otherLeaf {
            try withExtendedLifetime((leaf, otherLeaf)) {
              try body(
                UnsafeBufferPointer(start: leaf.elements, count: leaf.count),
                UnsafeBufferPointer(start: otherLeaf.elements, count: otherLeaf.count), start)
            }
          }
          start += leaf.count
        }
      }
    }
    return true
  }

  /// The bytes the elements take, not counting what they refer to: a node's object header
  /// and its count and capacity are 4 words.
  package var byteCount: Int {
    let leaves = (count + Self.leafMask) >> Self.leafShift
    return count * MemoryLayout<Element>.stride + leaves * MemoryLayout<Int>.stride * 4
      + branches.count * MemoryLayout<Int>.stride * (4 + Self.branchCapacity)
  }
}

/// What a ``PersistentNode`` keeps before its items: how many it has room for, and how many
/// are initialized, from the first.
private struct PersistentNodeHeader {
  let capacity: Int
  var count: Int
}

/// Up to `capacity` items, a leaf or a branch of a ``PersistentArray``, in one allocation with
/// the object; written only while one array holds it.
///
/// The items are allocated with the object, not behind a pointer it holds: a read reaches an
/// item from the node without loading another address, and making or freeing a node is one
/// allocation, not two (measured: most of an edit's cost is copying and freeing nodes; see the
/// Performance article). The header and the items are reached through pointers, so that no
/// access makes a dynamic exclusivity check. Read the capacity from the header, never through
/// `ManagedBuffer.capacity`, which asks the allocator and may be larger.
///
/// Not `Sendable` (no subclass of `ManagedBuffer` can be): the array that holds nodes is, and
/// says why.
private final class PersistentNode<Item>: ManagedBuffer<PersistentNodeHeader, Item> {

  /// A node with room for `capacity` items and none yet.
  static func make(capacity: Int) -> PersistentNode {
    let buffer = create(minimumCapacity: capacity) { _ in
      PersistentNodeHeader(capacity: capacity, count: 0)
    }
    return unsafeDowncast(buffer, to: PersistentNode.self)
  }

  /// A node of the `count` items at `source`, copied, with room for `capacity`.
  static func make(copying source: UnsafePointer<Item>, count: Int, capacity: Int)
    -> PersistentNode
  {
    let node = make(capacity: capacity)
    let elements = node.elements
    if _isPOD(Item.self) {
      elements.initialize(from: source, count: count)
    } else {
      // One item at a time, in code specialized for the item's type: the copy of a range
      // goes through the runtime, which copies each item through its type's value witnesses.
      for offset in 0..<count {
        (elements + offset).initialize(to: source[offset])
      }
    }
    node.headerPointer.pointee.count = count
    return node
  }

  /// A node of the `count` items at `source`, moved out of it, with room for `capacity`.
  static func make(moving source: UnsafeMutablePointer<Item>, count: Int, capacity: Int)
    -> PersistentNode
  {
    let node = make(capacity: capacity)
    node.elements.moveInitialize(from: source, count: count)
    node.headerPointer.pointee.count = count
    return node
  }

  /// A node of `items`, with room for `capacity`.
  static func make(_ items: [Item], capacity: Int) -> PersistentNode {
    items.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return make(capacity: capacity) }
      return make(copying: base, count: buffer.count, capacity: capacity)
    }
  }

  /// The node's header: valid while the node lives, which whoever holds the node guarantees
  /// (an array's table, a local reference, a `withExtendedLifetime`); the object never moves.
  @inline(__always)
  private var headerPointer: UnsafeMutablePointer<PersistentNodeHeader> {
    withUnsafeMutablePointerToHeader { $0 }
  }

  /// The first item's memory: valid while the node lives, as ``headerPointer`` is.
  @inline(__always)
  var elements: UnsafeMutablePointer<Item> {
    withUnsafeMutablePointerToElements { $0 }
  }

  /// The items initialized, from the first; written only by appends, copies and `deinit`.
  @inline(__always)
  var count: Int { headerPointer.pointee.count }

  /// A copy of this node, sharing the items' references.
  func copy() -> PersistentNode {
    Self.make(copying: elements, count: count, capacity: headerPointer.pointee.capacity)
  }

  /// Adds `item` after the last.
  func append(_ item: Item) {
    assert(count < headerPointer.pointee.capacity, "a persistent node has room for its items")
    (elements + count).initialize(to: item)
    headerPointer.pointee.count += 1
  }

  deinit {
    withUnsafeMutablePointers { header, elements in
      _ = elements.deinitialize(count: header.pointee.count)
    }
  }
}
