/// Where the places of a catalog are: which lie in a rectangle, which are nearest a point, and
/// in what order by distance.
///
/// The index names places by their position in the catalog it was built from (`0..<count`),
/// so it stays small and says nothing about identifiers; each ``PlaceCatalog`` builds one, once,
/// on first use.
///
/// ## Structure
/// A k-d tree stored implicitly, with no nodes: the places' coordinates and catalog positions
/// in two arrays, sorted in place so that each node is a range of them. A node of more than
/// ``leafSize`` places is split at its middle element, by longitude or latitude (whichever
/// side of its cell is longer on the ground), the smaller half before the middle and the
/// larger after; a query finds each node's cell on its way down, as the build did. So a
/// node's size is the length of its range, and a subtree can be counted without visiting it.
///
/// ## Order by distance
/// Distances are great-circle distances from ``Coordinate/distance(to:)``, in metres, called
/// as `origin.distance(to: place.coordinate)`. "Nearest first" means by that distance, then by
/// catalog position: the order of a stable sort of the catalog by distance, exactly, including
/// among places at the same distance. The tree prunes with rigorous bounds on a node's
/// distances (widened by a few metres to cover rounding), and compares the exact distances of
/// the places themselves, so rounding never changes the order.
///
/// ## Cost
/// Building: O(*n* log *n*). Rectangles: O(log *n* + *m*) for *m* places found, O(√*n* + *m*)
/// at worst; their number alone, O(√*n*) at worst whatever *m*. Nearest first: O(log *n*) per
/// place produced. A place's rank by distance: O(√*n*), the cells the circle through it
/// crosses, each leaf among them costing at most ``leafSize`` distances. Each method says more.
///
/// ## Memory
/// 20 bytes per place: a ``Coordinate`` (16) and an `Int32` position (4), plus the arrays'
/// fixed overhead; see ``byteCount``. A catalog may hold at most `Int32.max` places.
///
/// The index is an immutable value, `Sendable`, and may be queried from any thread.
package struct SpatialIndex: Sendable {
  /// The most places a leaf holds; larger nodes are split.
  package static let leafSize = 16

  /// The coordinates, in tree order.
  let coordinates: [Coordinate]
  /// The catalog position of the place at each tree slot.
  let positions: [Int32]

  /// Indexes places at `coordinates`; the place at offset `i` of the sequence gets position
  /// `i`.
  ///
  /// - Precondition: At most `Int32.max` coordinates.
  /// - Complexity: O(*n* log *n*) expected: a selection at each of the tree's log(*n* /
  ///   ``leafSize``) levels.
  package init(coordinates: some Sequence<Coordinate>) {
    var coordinates = Array(coordinates)
    precondition(coordinates.count <= Int(Int32.max), "a catalog holds at most Int32.max places")
    var positions = Array(0..<Int32(coordinates.count))
    coordinates.withUnsafeMutableBufferPointer { coordinateBuffer in
      positions.withUnsafeMutableBufferPointer { positionBuffer in
        var builder = SpatialIndexBuilder(
          coordinates: coordinateBuffer, positions: positionBuffer)
        builder.sort(lower: 0, upper: coordinateBuffer.count, cell: .world)
      }
    }
    self.coordinates = coordinates
    self.positions = positions
  }

  /// Indexes `places`, in their order: the place at `places[i]` gets position `i`.
  ///
  /// - Complexity: O(*n* log *n*) expected.
  package init(places: [Place]) {
    self.init(coordinates: places.map { $0.coordinate })
  }

  /// An index of no places.
  package init() {
    coordinates = []
    positions = []
  }

  /// The number of places indexed.
  package var count: Int { coordinates.count }

  /// The bytes of memory the index holds: its two arrays' capacity, without their headers.
  package var byteCount: Int {
    coordinates.capacity * MemoryLayout<Coordinate>.stride
      + positions.capacity * MemoryLayout<Int32>.stride
  }

  // MARK: - Tree shape

  /// The middle slot of the node of slots `lower..<upper`: its splitting place.
  @inline(__always)
  static func middle(lower: Int, upper: Int) -> Int {
    lower + (upper - lower) / 2
  }

  /// A number above every node's number in the tree of an index of `count` places, nodes
  /// numbered as in a binary heap: the root 1, the children of node *k* 2*k* and 2*k* + 1.
  ///
  /// A node of *s* places splits into halves of at most *s* / 2, so the tree is as deep as
  /// the halvings of `count` take to reach ``leafSize``, and its numbers stay below 2 to the
  /// power of one more than that depth: about *n* / 4 for *n* places.
  package static func nodeNumberLimit(count: Int) -> Int {
    var (size, depth) = (count, 0)
    while size > leafSize {
      size /= 2
      depth += 1
    }
    return 1 << (depth + 1)
  }
}

/// Sorts the index's two arrays into tree order, in place.
private struct SpatialIndexBuilder {
  let coordinates: UnsafeMutableBufferPointer<Coordinate>
  let positions: UnsafeMutableBufferPointer<Int32>

  /// Sorts the node of slots `lower..<upper`, whose cell is `cell`, and its subtree.
  mutating func sort(lower: Int, upper: Int, cell: IndexCell) {
    guard upper - lower > SpatialIndex.leafSize else { return }
    let middle = SpatialIndex.middle(lower: lower, upper: upper)
    let onLongitude = cell.splitsOnLongitude
    select(middle, lower: lower, upper: upper, onLongitude: onLongitude)
    let value = key(middle, onLongitude)
    let halves = cell.split(at: value, onLongitude: onLongitude)
    sort(lower: lower, upper: middle, cell: halves.lower)
    sort(lower: middle + 1, upper: upper, cell: halves.upper)
  }

  @inline(__always)
  private func key(_ slot: Int, _ onLongitude: Bool) -> Double {
    onLongitude ? coordinates[slot].longitude : coordinates[slot].latitude
  }

  @inline(__always)
  private func swapAt(_ first: Int, _ second: Int) {
    coordinates.swapAt(first, second)
    positions.swapAt(first, second)
  }

  /// Reorders slots `lower..<upper` so that slot `target` holds the element a sort by key
  /// would put there, none before it greater and none after it smaller (quickselect with
  /// Hoare's partition and a median-of-three pivot, which keeps runs of equal keys balanced).
  private func select(_ target: Int, lower: Int, upper: Int, onLongitude: Bool) {
    var left = lower
    var right = upper - 1
    while right > left {
      let middle = left + (right - left) / 2
      if key(middle, onLongitude) < key(left, onLongitude) { swapAt(middle, left) }
      if key(right, onLongitude) < key(left, onLongitude) { swapAt(right, left) }
      if key(right, onLongitude) < key(middle, onLongitude) { swapAt(right, middle) }
      let pivot = key(middle, onLongitude)
      var low = left
      var high = right
      while low <= high {
        while key(low, onLongitude) < pivot { low += 1 }
        while key(high, onLongitude) > pivot { high -= 1 }
        if low <= high {
          swapAt(low, high)
          low += 1
          high -= 1
        }
      }
      // Now left...high <= pivot, low...right >= pivot, and everything between equals it.
      if target <= high {
        right = high
      } else if target >= low {
        left = low
      } else {
        return
      }
    }
  }
}
