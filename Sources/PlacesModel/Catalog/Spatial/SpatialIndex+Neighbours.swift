extension SpatialIndex {
  /// The places of an index in order of distance from a point, produced as they are asked for.
  ///
  /// Made by ``SpatialIndex/neighbours(of:fromRank:)`` and ``SpatialIndex/neighbours(of:after:)``,
  /// nearest first, or by ``SpatialIndex/neighbours(of:before:)``, farthest first; places at the
  /// same distance in catalog order (reversed when farthest first). It is its own iterator:
  /// `next()` returns the next place and `nil` after the last. Copies iterate independently. It
  /// holds the index (sharing its storage) and a search frontier that grows with the places
  /// produced and with the nodes the circle through the current place crosses.
  ///
  /// A best-first search: nodes wait in one heap by the best distance a place in them may
  /// have, measured places in another by distance and position; a place is produced only when
  /// no waiting node could hold a place before it, so the order is exact.
  package struct Neighbours: Sequence, IteratorProtocol, Sendable {
    private let index: SpatialIndex
    private let origin: DistanceOrigin
    /// Where the sequence starts, and whether a place exactly there is produced; `nil` to
    /// start from the end (the nearest place, or the farthest).
    private let boundary: (key: DistanceKey, isIncluded: Bool)?
    /// Whether the sequence runs from far to near.
    private let isDescending: Bool
    private var nodes = MinimumHeap<NodeEntry>()
    private var places = MinimumHeap<OrientedKey>()

    init(
      index: SpatialIndex, origin: DistanceOrigin, boundary: (key: DistanceKey, isIncluded: Bool)?,
      isDescending: Bool = false
    ) {
      self.index = index
      self.origin = origin
      self.boundary = boundary
      self.isDescending = isDescending
      if index.count > 0 {
        enqueue(NodeEntry(lower: 0, upper: index.count, cell: .world))
      }
    }

    /// The next place, or `nil` when every place has been produced.
    ///
    /// - Complexity: O(log *n*) amortised.
    package mutating func next() -> Neighbour? {
      let index = self.index
      return index.withTree { tree in
        while let node = nodes.minimum {
          if let place = places.minimum, place.value < node.priority {
            break
          }
          _ = nodes.popMinimum()
          open(node, in: tree)
        }
        guard let place = places.popMinimum() else { return nil }
        return Neighbour(position: place.key.position, distance: place.key.distance)
      }
    }

    // MARK: - Search

    /// Measures a node's places, or queues its children.
    private mutating func open(_ node: NodeEntry, in tree: IndexTree) {
      if IndexTree.isLeaf(lower: node.lower, upper: node.upper) {
        for slot in node.lower..<node.upper {
          measure(slot, in: tree)
        }
        return
      }
      let split = tree.split(lower: node.lower, upper: node.upper, cell: node.cell)
      measure(split.middle, in: tree)
      enqueue(NodeEntry(lower: node.lower, upper: split.middle, cell: split.lower))
      enqueue(NodeEntry(lower: split.middle + 1, upper: node.upper, cell: split.upper))
    }

    /// Queues the place at `slot` unless it lies on the far side of the boundary.
    private mutating func measure(_ slot: Int, in tree: IndexTree) {
      let key = tree.key(at: slot, from: origin)
      if let boundary {
        let isBefore = isDescending ? boundary.key < key : key < boundary.key
        if isBefore || (!boundary.isIncluded && key == boundary.key) { return }
      }
      places.insert(OrientedKey(key: key, isDescending: isDescending))
    }

    /// Queues a node by the best distance its places may have, unless all of them lie on the
    /// far side of the boundary.
    private mutating func enqueue(_ node: NodeEntry) {
      guard node.lower < node.upper else { return }
      var node = node
      if isDescending {
        if let boundary, node.cell.lowerDistanceBound(from: origin) > boundary.key.distance {
          return
        }
        node.priority = -node.cell.upperDistanceBound(from: origin)
      } else {
        if let boundary, node.cell.upperDistanceBound(from: origin) < boundary.key.distance {
          return
        }
        node.priority = node.cell.lowerDistanceBound(from: origin)
      }
      nodes.insert(node)
    }
  }
}

/// A node waiting in a best-first search, ordered by the best distance a place in it may have:
/// its lower bound when the search runs outwards, its upper bound negated when inwards.
private struct NodeEntry: Comparable, Sendable {
  var lower: Int
  var upper: Int
  var cell: IndexCell
  var priority = -Double.infinity

  static func < (left: NodeEntry, right: NodeEntry) -> Bool {
    left.priority < right.priority
  }

  static func == (left: NodeEntry, right: NodeEntry) -> Bool {
    left.priority == right.priority
  }
}

/// A measured place, ordered so that the next one to produce is the smallest: by key when the
/// search runs outwards, by key reversed when inwards.
private struct OrientedKey: Comparable, Sendable {
  let key: DistanceKey
  /// The distance, negated when the search runs inwards: what nodes' priorities compare with.
  let value: Double
  private let position: Int

  init(key: DistanceKey, isDescending: Bool) {
    self.key = key
    value = isDescending ? -key.distance : key.distance
    position = isDescending ? -key.position : key.position
  }

  static func < (left: OrientedKey, right: OrientedKey) -> Bool {
    left.value != right.value ? left.value < right.value : left.position < right.position
  }

  static func == (left: OrientedKey, right: OrientedKey) -> Bool {
    left.value == right.value && left.position == right.position
  }
}
