extension SpatialIndex {
  /// A place found by distance: its catalog position and its distance from the query's origin.
  public struct Neighbour: Hashable, Sendable {
    /// The place's position in the catalog the index was built from.
    public let position: Int
    /// The great-circle distance from the origin in metres, as
    /// `origin.distance(to: place.coordinate)` computes it.
    public let distance: Double

    /// Creates a neighbour from its parts.
    public init(position: Int, distance: Double) {
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
  public func nearest(_ count: Int, to origin: Coordinate) -> [Neighbour] {
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
  ///   ``nearest(_:to:)``. From a later rank, the start costs a selection: a bisection on the
  ///   distance, each step counting as ``distanceRank(ofPosition:at:from:)`` does, until at
  ///   most 256 places remain undecided, which are then sorted. Nothing is sorted beyond that.
  public func neighbours(of origin: Coordinate, fromRank rank: Int = 0) -> Neighbours {
    let distanceOrigin = DistanceOrigin(origin)
    guard rank > 0 else {
      return Neighbours(index: self, origin: distanceOrigin, start: nil)
    }
    guard rank < count else {
      return Neighbours(index: SpatialIndex(), origin: distanceOrigin, start: nil)
    }
    let start = key(atRank: rank, from: distanceOrigin)
    return Neighbours(index: self, origin: distanceOrigin, start: start)
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
  public func distanceRank(
    ofPosition position: Int, at coordinate: Coordinate, from origin: Coordinate
  )
    -> Int
  {
    let key = DistanceKey(distance: origin.distance(to: coordinate), position: position)
    return numberOfPlaces(before: key, from: DistanceOrigin(origin))
  }

  // MARK: - Counting

  /// The number of places whose key is less than `key`.
  func numberOfPlaces(before key: DistanceKey, from origin: DistanceOrigin) -> Int {
    guard !coordinates.isEmpty else { return 0 }
    return countBefore(key, lower: 0, upper: coordinates.count, cell: .world, origin: origin)
  }

  private func countBefore(
    _ key: DistanceKey, lower: Int, upper: Int, cell: IndexCell, origin: DistanceOrigin
  ) -> Int {
    guard lower < upper else { return 0 }
    let bounds = cell.distanceBounds(from: origin)
    if bounds.upper < key.distance { return upper - lower }
    if bounds.lower > key.distance { return 0 }
    if upper - lower <= Self.leafSize {
      var found = 0
      for slot in lower..<upper where self.key(at: slot, from: origin) < key {
        found += 1
      }
      return found
    }
    let middle = Self.middle(lower: lower, upper: upper)
    let onLongitude = cell.splitsOnLongitude
    let halves = cell.split(
      at: splitValue(at: middle, onLongitude: onLongitude), onLongitude: onLongitude)
    let middleFound = self.key(at: middle, from: origin) < key ? 1 : 0
    return countBefore(key, lower: lower, upper: middle, cell: halves.lower, origin: origin)
      + middleFound
      + countBefore(key, lower: middle + 1, upper: upper, cell: halves.upper, origin: origin)
  }

  /// The key of the place at tree slot `slot`.
  @inline(__always)
  func key(at slot: Int, from origin: DistanceOrigin) -> DistanceKey {
    DistanceKey(
      distance: origin.coordinate.distance(to: coordinates[slot]), position: Int(positions[slot]))
  }

  // MARK: - Selection

  /// The most places a selection sorts once its bisection has narrowed the distance enough.
  private static let selectionBatch = 256

  /// The key of the place at offset `rank` in distance order.
  ///
  /// Bisects on the distance, keeping `low` and `high` such that at most `rank` places are
  /// within `low` and more than `rank` within `high`, until few places lie between them (or
  /// the two distances are adjacent numbers); then sorts those.
  ///
  /// - Precondition: `0 <= rank < count`.
  func key(atRank rank: Int, from origin: DistanceOrigin) -> DistanceKey {
    // No computed distance exceeds half the Earth's circumference, about 20,015 km.
    var low = -1.0
    var lowCount = 0
    var high = 21_000_000.0
    var highCount = coordinates.count
    while highCount - lowCount > Self.selectionBatch {
      let middle = (low + high) / 2
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
    collect(
      into: &keys, above: low, upTo: high, lower: 0, upper: coordinates.count, cell: .world,
      origin: origin)
    keys.sort()
    return keys[rank - lowCount]
  }

  /// Appends the keys of the places farther than `low` and at most `high` from the origin.
  private func collect(
    into keys: inout [DistanceKey], above low: Double, upTo high: Double, lower: Int, upper: Int,
    cell: IndexCell, origin: DistanceOrigin
  ) {
    guard lower < upper else { return }
    let bounds = cell.distanceBounds(from: origin)
    guard bounds.upper > low, bounds.lower <= high else { return }
    if upper - lower <= Self.leafSize {
      for slot in lower..<upper {
        let key = self.key(at: slot, from: origin)
        if key.distance > low, key.distance <= high { keys.append(key) }
      }
      return
    }
    let middle = Self.middle(lower: lower, upper: upper)
    let onLongitude = cell.splitsOnLongitude
    let halves = cell.split(
      at: splitValue(at: middle, onLongitude: onLongitude), onLongitude: onLongitude)
    collect(
      into: &keys, above: low, upTo: high, lower: lower, upper: middle, cell: halves.lower,
      origin: origin)
    let key = self.key(at: middle, from: origin)
    if key.distance > low, key.distance <= high { keys.append(key) }
    collect(
      into: &keys, above: low, upTo: high, lower: middle + 1, upper: upper, cell: halves.upper,
      origin: origin)
  }
}

/// A place's place in distance order: its distance, then its catalog position.
struct DistanceKey: Comparable, Sendable {
  var distance: Double
  var position: Int

  static func < (left: DistanceKey, right: DistanceKey) -> Bool {
    left.distance != right.distance
      ? left.distance < right.distance : left.position < right.position
  }
}
