extension SpatialIndex {
  /// A place found by distance: its catalog position and its distance from the query's origin.
  package struct Neighbour: Hashable, Sendable {
    /// The place's position in the catalog the index was built from.
    package let position: Int
    /// The great-circle distance from the origin in metres, as
    /// `origin.distance(to: place.coordinate)` computes it.
    package let distance: Double

    /// Creates a neighbour from its parts.
    package init(position: Int, distance: Double) {
      self.position = position
      self.distance = distance
    }
  }

  /// The `count` places nearest `origin`, nearest first, places at the same distance in catalog
  /// order; all of them when the catalog has fewer.
  ///
  /// The result equals the first `count` elements of the catalog sorted by distance from
  /// `origin` with a stable sort.
  ///
  /// - Complexity: Best-first search: O((*k* + *b*) log *n*) for *k* results, where *b* is the
  ///   number of places in the leaves the circle through the *k*th place crosses; about
  ///   O(log *n* + *k* log *k*) for places spread evenly. No place farther than the *k*th is
  ///   measured unless it shares a leaf with a nearer one.
  package func nearest(_ count: Int, to origin: Coordinate) -> [Neighbour] {
    Array(neighbours(of: origin).prefix(max(0, count)))
  }

  /// The places in order of distance from `origin`, nearest first, places at the same distance
  /// in catalog order, produced one at a time as they are asked for.
  ///
  /// - Parameters:
  ///   - origin: The point distances are measured from.
  ///   - rank: How many of the nearest places to skip: the sequence starts with the place a
  ///     stable sort by distance would put at offset `rank`, and is empty when `rank` is
  ///     `count` or more.
  /// - Returns: A sequence of ``Neighbour``s that measures places only as it is iterated.
  /// - Complexity: From rank 0, O(log *n*) to start and O(log *n*) amortised per place, as for
  ///   ``nearest(_:to:)``. From a later rank, the start costs a selection: a search on the
  ///   distance, each step counting as ``distanceRank(ofPosition:at:from:)`` does, until at
  ///   most 256 places remain undecided, which are then sorted. To continue from a place
  ///   already found, ``neighbours(of:after:)`` and ``neighbours(of:before:)`` need no
  ///   selection.
  package func neighbours(of origin: Coordinate, fromRank rank: Int = 0) -> Neighbours {
    let distanceOrigin = DistanceOrigin(origin)
    guard rank > 0 else {
      return Neighbours(index: self, origin: distanceOrigin, boundary: nil)
    }
    guard rank < count else {
      return Neighbours(index: SpatialIndex(), origin: distanceOrigin, boundary: nil)
    }
    let start = key(atRank: rank, from: distanceOrigin)
    return Neighbours(
      index: self, origin: distanceOrigin, boundary: (key: start, isIncluded: true))
  }

  /// The places after `neighbour` in order of distance from `origin`, nearest first: those
  /// farther than it, and those as far and later in the catalog.
  ///
  /// `neighbour` is the position of a place and its distance from `origin`, typically one
  /// produced by an earlier enumeration from the same origin; it need not be in the index.
  ///
  /// - Complexity: The start opens the nodes whose distances straddle `neighbour`'s, as
  ///   ``distanceRank(ofPosition:at:from:)`` visits; then O(log *n*) amortised per place.
  package func neighbours(of origin: Coordinate, after neighbour: Neighbour) -> Neighbours {
    Neighbours(
      index: self, origin: DistanceOrigin(origin),
      boundary: (key: DistanceKey(neighbour), isIncluded: false))
  }

  /// The places before `neighbour` in order of distance from `origin`, farthest first: the
  /// order of ``neighbours(of:fromRank:)`` reversed, from the place just before `neighbour`
  /// back to the nearest.
  ///
  /// - Complexity: As ``neighbours(of:after:)``.
  package func neighbours(of origin: Coordinate, before neighbour: Neighbour) -> Neighbours {
    Neighbours(
      index: self, origin: DistanceOrigin(origin),
      boundary: (key: DistanceKey(neighbour), isIncluded: false), isDescending: true)
  }

  /// The number of places that come before a place at `coordinate`, with catalog position
  /// `position`, in the order of ``neighbours(of:fromRank:)``: its offset in the catalog sorted
  /// by distance from `origin`, when it is in the catalog.
  ///
  /// A place comes before it when it is nearer `origin`, or as near and earlier in the catalog.
  ///
  /// - Complexity: Visits only the nodes whose distance bounds straddle the place's distance:
  ///   those whose cells the circle around `origin` through `coordinate` may cross. For places
  ///   spread in the plane that is O(√*n*) nodes in the worst case, as a line crosses a k-d
  ///   tree, each leaf among them costing at most ``leafSize`` exact distances; nodes wholly
  ///   inside or outside the circle are counted by their size or skipped, unvisited.
  package func distanceRank(
    ofPosition position: Int, at coordinate: Coordinate, from origin: Coordinate
  )
    -> Int
  {
    let key = DistanceKey(distance: origin.distance(to: coordinate), position: position)
    return numberOfPlaces(before: key, from: DistanceOrigin(origin))
  }

  // MARK: - Counting

  /// The number of places whose key is less than `key`; the haversines computed are kept in
  /// `memo`, when given, and those it keeps are read from it.
  func numberOfPlaces(
    before key: DistanceKey, from origin: DistanceOrigin, memo: HaversineMemo = .none
  ) -> Int {
    let threshold = DistanceThreshold(key.distance)
    return withTree(memo: memo) { tree in
      tree.countBefore(key, threshold, lower: 0, upper: count, cell: .world, origin: origin)
    }
  }

  /// The number of places whose key is less than `first`, and the number whose key is less
  /// than `second`: two ``numberOfPlaces(before:from:memo:)`` in one walk of the tree.
  func numberOfPlaces(
    before first: DistanceKey, and second: DistanceKey, from origin: DistanceOrigin,
    memo: HaversineMemo = .none
  ) -> (first: Int, second: Int) {
    let first = (key: first, threshold: DistanceThreshold(first.distance))
    let second = (key: second, threshold: DistanceThreshold(second.distance))
    return withTree(memo: memo) { tree in
      tree.countBefore(first, second, lower: 0, upper: count, cell: .world, origin: origin)
    }
  }

  // MARK: - Selection

  /// The most places a selection sorts once its search has narrowed the distance enough.
  private static let selectionBatch = 256

  /// The key of the place at offset `rank` in distance order.
  ///
  /// Searches the distance, keeping `low` and `high` such that at most `rank` places are
  /// within `low` and more than `rank` within `high`, until few places lie between them (or
  /// the two distances are adjacent numbers); then sorts those. The steps alternate between
  /// interpolating on the counts, which lands near the answer where places are spread evenly,
  /// and halving, which bounds the number of steps wherever they are not.
  ///
  /// - Precondition: `0 <= rank < count`.
  func key(atRank rank: Int, from origin: DistanceOrigin) -> DistanceKey {
    // No computed distance exceeds half the Earth's circumference, about 20,015 km.
    var low = -1.0
    var lowCount = 0
    var high = 21_000_000.0
    var highCount = coordinates.count
    var interpolates = true
    while highCount - lowCount > Self.selectionBatch {
      var middle = (low + high) / 2
      if interpolates {
        // Aim a little inside the rank's side, so that a good guess leaves one batch.
        let span = Double(highCount - lowCount)
        let share = (Double(rank - lowCount) + 0.5) / span
        let margin = Double(Self.selectionBatch) / 4 / span
        let fraction = share < 0.5 ? min(share + margin, 0.5) : max(share - margin, 0.5)
        middle = low + (high - low) * fraction
      }
      interpolates.toggle()
      guard middle > low, middle < high else { break }
      let within = numberOfPlaces(
        before: DistanceKey(distance: middle, position: Int.max), from: origin)
      if within > rank {
        high = middle
        highCount = within
      } else {
        low = middle
        lowCount = within
      }
    }
    var keys: [DistanceKey] = []
    keys.reserveCapacity(highCount - lowCount)
    let (above, upTo) = (DistanceThreshold(low), DistanceThreshold(high))
    withTree { tree in
      tree.collect(
        into: &keys, above: above, upTo: upTo, lower: 0, upper: count, cell: .world,
        origin: origin)
    }
    keys.sort()
    return keys[rank - lowCount]
  }
}

/// A place's place in distance order: its distance, then its catalog position.
struct DistanceKey: Comparable, Sendable {
  var distance: Double
  var position: Int

  init(distance: Double, position: Int) {
    self.distance = distance
    self.position = position
  }

  init(_ neighbour: SpatialIndex.Neighbour) {
    self.init(distance: neighbour.distance, position: neighbour.position)
  }

  static func < (left: DistanceKey, right: DistanceKey) -> Bool {
    left.distance != right.distance
      ? left.distance < right.distance : left.position < right.position
  }
}
