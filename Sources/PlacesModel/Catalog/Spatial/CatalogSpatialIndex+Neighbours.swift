extension CatalogSpatialIndex {
  /// Where a sequence of neighbours starts: from the nearest place, or from a key by distance,
  /// then handle.
  enum NeighboursStart {
    /// From the nearest place, outwards.
    case nearest
    /// From the first place whose key is `key` or more, outwards.
    case from(DistanceKey)
    /// From the first place whose key is more than `key`, outwards.
    case after(DistanceKey)
    /// From the last place whose key is less than `key`, inwards.
    case before(DistanceKey)
  }

  /// The places of a ``CatalogSpatialIndex`` in order of distance from a point, produced as
  /// they are asked for: nearest first, or farthest first when made by
  /// ``CatalogSpatialIndex/neighbours(of:before:)``; places at the same distance in catalog
  /// order (reversed when farthest first).
  ///
  /// It merges the built index's sequence, with the stale places left out, and the small
  /// index's, comparing distances, then handles, which are in catalog order. It is its own
  /// iterator; copies iterate independently.
  package struct Neighbours: Sequence, IteratorProtocol, Sendable {
    private let index: CatalogSpatialIndex
    private let isDescending: Bool
    private var fromBuilt: SpatialIndex.Neighbours
    private var fromChanged: SpatialIndex.Neighbours?
    private let changedHandles: [UInt32]
    /// The next live place of each sequence, by distance and handle, once read.
    private var builtHead: DistanceKey?
    private var changedHead: DistanceKey?
    private var needsBuiltHead = true
    private var needsChangedHead = true
    /// Whether the built index's sequence is the whole answer: no place is stale or changed.
    private var isBuiltAlone: Bool { fromChanged == nil && index.stale.isEmpty }

    /// The places of `index` from `start`, measured from `origin`.
    init(index: CatalogSpatialIndex, origin: Coordinate, start: NeighboursStart) {
      let distanceOrigin = DistanceOrigin(origin)
      self.index = index
      let builtHandles = index.builtHandles
      let builtCount = index.built.count
      fromBuilt = Self.neighbours(
        of: index.built, from: distanceOrigin, start: start,
        lowerBound: {
          CatalogSpatialIndex.lowerBound(of: $0, among: builtHandles, count: builtCount)
        })
      if let small = index.changedPlaces {
        changedHandles = small.handles
        fromChanged = Self.neighbours(
          of: small.index, from: distanceOrigin, start: start,
          lowerBound: {
            CatalogSpatialIndex.lowerBound(of: $0, among: small.handles, count: small.handles.count)
          })
      } else {
        changedHandles = []
        fromChanged = nil
      }
      if case .before = start {
        isDescending = true
      } else {
        isDescending = false
      }
    }

    /// The places of `index`, whose sequence from rank 0 or a later rank is `fromBuilt`.
    init(index: CatalogSpatialIndex, fromBuilt: SpatialIndex.Neighbours) {
      self.index = index
      isDescending = false
      self.fromBuilt = fromBuilt
      fromChanged = nil
      changedHandles = []
    }

    /// The sequence of one index from `start`, whose handle keys become keys there by
    /// `lowerBound` (see ``CatalogSpatialIndex/lowerBound(of:among:count:)``).
    private static func neighbours(
      of index: SpatialIndex, from origin: DistanceOrigin, start: NeighboursStart,
      lowerBound: (Int) -> (position: Int, holdsHandle: Bool)
    ) -> SpatialIndex.Neighbours {
      func local(_ key: DistanceKey) -> (key: DistanceKey, holdsHandle: Bool) {
        let bound = lowerBound(key.position)
        return (DistanceKey(distance: key.distance, position: bound.position), bound.holdsHandle)
      }
      switch start {
      case .nearest:
        return SpatialIndex.Neighbours(index: index, origin: origin, boundary: nil)
      case .from(let key):
        // The places from the key's handle on have positions from its lower bound on.
        return SpatialIndex.Neighbours(
          index: index, origin: origin, boundary: (local(key).key, isIncluded: true))
      case .after(let key):
        // The place at the lower bound comes after the key unless it has the key's handle.
        let (key, holdsHandle) = local(key)
        return SpatialIndex.Neighbours(
          index: index, origin: origin, boundary: (key, isIncluded: !holdsHandle))
      case .before(let key):
        return SpatialIndex.Neighbours(
          index: index, origin: origin, boundary: (local(key).key, isIncluded: false),
          isDescending: true)
      }
    }

    /// The next place, or `nil` when every place has been produced.
    ///
    /// - Complexity: O(log *n*) amortised, plus a step past each stale place met, plus
    ///   O(log *r*) in a catalog edits removed *r* places from.
    package mutating func next() -> Neighbour? {
      if isBuiltAlone {
        // No merge: the built index's places, their positions converted if need be.
        guard let neighbour = fromBuilt.next() else { return nil }
        guard !index.builtPositionsAreCatalogPositions else { return neighbour }
        return Neighbour(
          position: index.position(ofHandle: index.builtHandle(at: neighbour.position)),
          distance: neighbour.distance)
      }
      guard let key = nextKey() else { return nil }
      return Neighbour(
        position: index.position(ofHandle: UInt32(key.position)), distance: key.distance)
    }

    /// Reads past the next `count` places.
    mutating func skip(_ count: Int) {
      var skipped = 0
      while skipped < count, nextKey() != nil {
        skipped += 1
      }
    }

    /// The key, by distance and handle, of the next place.
    private mutating func nextKey() -> DistanceKey? {
      if needsBuiltHead {
        builtHead = nextLiveBuiltKey()
        needsBuiltHead = false
      }
      if needsChangedHead {
        changedHead = fromChanged?.next().map { neighbour in
          DistanceKey(
            distance: neighbour.distance, position: Int(changedHandles[neighbour.position]))
        }
        needsChangedHead = false
      }
      if let changedKey = changedHead {
        let isFirst =
          if let builtKey = builtHead {
            isDescending ? builtKey < changedKey : changedKey < builtKey
          } else {
            true
          }
        if isFirst {
          needsChangedHead = true
          return changedKey
        }
      }
      needsBuiltHead = true
      return builtHead
    }

    /// The key of the built index's next place that is not stale.
    private mutating func nextLiveBuiltKey() -> DistanceKey? {
      while let neighbour = fromBuilt.next() {
        let handle = index.builtHandle(at: neighbour.position)
        if index.stale.isEmpty || index.stale[handle] == nil {
          return DistanceKey(distance: neighbour.distance, position: Int(handle))
        }
      }
      return nil
    }
  }
}
