extension SpatialIndex {
  /// The places of an index in order of distance from a point, produced as they are asked for.
  ///
  /// Made by ``SpatialIndex/neighbours(of:fromRank:)``. It is its own iterator: `next()`
  /// returns the next place, nearest first, places at the same distance in catalog order, and
  /// `nil` after the farthest. Copies iterate independently. It holds the index (sharing its
  /// storage) and a search frontier that grows with the places produced and with the nodes
  /// the circle through the current place crosses.
  ///
  /// A best-first search: nodes wait in one heap by a lower bound on their distances, measured
  /// places in another by distance and position; a place is produced only when no waiting node
  /// could hold a place before it, so the order is exact.
  public struct Neighbours: Sequence, IteratorProtocol, Sendable {
    private let index: SpatialIndex
    private let origin: DistanceOrigin
    /// The first key produced, or `nil` to start from the nearest place.
    private let start: DistanceKey?
    private var nodes = MinimumHeap<NodeEntry>()
    private var places = MinimumHeap<DistanceKey>()

    init(index: SpatialIndex, origin: DistanceOrigin, start: DistanceKey?) {
      self.index = index
      self.origin = origin
      self.start = start
      if index.count > 0 {
        let root = IndexCell.world
        enqueue(NodeEntry(lower: 0, upper: index.count, cell: root))
      }
    }

    /// The next place, or `nil` when every place has been produced.
    ///
    /// - Complexity: O(log *n*) amortised.
    public mutating func next() -> Neighbour? {
      while let node = nodes.minimum {
        if let place = places.minimum, place.distance < node.lowerBound {
          break
        }
        _ = nodes.popMinimum()
        open(node)
      }
      guard let place = places.popMinimum() else { return nil }
      return Neighbour(position: place.position, distance: place.distance)
    }

    // MARK: - Search

    /// Measures a node's places, or queues its children, skipping whatever comes before
    /// ``start``.
    private mutating func open(_ node: NodeEntry) {
      if node.upper - node.lower <= SpatialIndex.leafSize {
        for slot in node.lower..<node.upper {
          measure(slot)
        }
        return
      }
      let middle = SpatialIndex.middle(lower: node.lower, upper: node.upper)
      let onLongitude = node.cell.splitsOnLongitude
      let halves = node.cell.split(
        at: index.splitValue(at: middle, onLongitude: onLongitude), onLongitude: onLongitude)
      measure(middle)
      enqueue(NodeEntry(lower: node.lower, upper: middle, cell: halves.lower))
      enqueue(NodeEntry(lower: middle + 1, upper: node.upper, cell: halves.upper))
    }

    private mutating func measure(_ slot: Int) {
      let key = index.key(at: slot, from: origin)
      if let start, key < start { return }
      places.insert(key)
    }

    private mutating func enqueue(_ node: NodeEntry) {
      guard node.lower < node.upper else { return }
      var node = node
      let bounds = node.cell.distanceBounds(from: origin)
      if let start, bounds.upper < start.distance { return }
      node.lowerBound = bounds.lower
      nodes.insert(node)
    }
  }
}

/// A node waiting in a best-first search, ordered by the least distance a place in it may have.
private struct NodeEntry: Comparable, Sendable {
  var lower: Int
  var upper: Int
  var cell: IndexCell
  var lowerBound = -Double.infinity

  static func < (left: NodeEntry, right: NodeEntry) -> Bool {
    left.lowerBound < right.lowerBound
  }

  static func == (left: NodeEntry, right: NodeEntry) -> Bool {
    left.lowerBound == right.lowerBound
  }
}
