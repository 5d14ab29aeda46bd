/// A ``SpatialIndex``'s two arrays seen through buffer pointers for the length of one query,
/// with the traversals the queries share.
///
/// Made only by ``SpatialIndex/withTree(_:)``, inside the arrays' `withUnsafeBufferPointer`
/// calls, and never kept beyond them: the recursion then reads the arrays without retaining
/// them or checking bounds at every step.
struct IndexTree {
  let coordinates: UnsafeBufferPointer<Coordinate>
  let positions: UnsafeBufferPointer<Int32>
  /// Where the distance counts keep the haversines they compute, when the caller keeps them.
  var memo = HaversineMemo.none

  /// The middle slot of the node `lower..<upper`, where it splits, and its two halves' cells.
  @inline(__always)
  func split(lower: Int, upper: Int, cell: IndexCell) -> (
    middle: Int, lower: IndexCell, upper: IndexCell
  ) {
    let middle = SpatialIndex.middle(lower: lower, upper: upper)
    let onLongitude = cell.splitsOnLongitude
    let value = onLongitude ? coordinates[middle].longitude : coordinates[middle].latitude
    let halves = cell.split(at: value, onLongitude: onLongitude)
    return (middle, halves.lower, halves.upper)
  }

  /// Whether the node `lower..<upper` is a leaf, whose places are scanned rather than split.
  @inline(__always)
  static func isLeaf(lower: Int, upper: Int) -> Bool {
    upper - lower <= SpatialIndex.leafSize
  }

  /// The key of the place at slot `slot`.
  @inline(__always)
  func key(at slot: Int, from origin: DistanceOrigin) -> DistanceKey {
    DistanceKey(
      distance: Coordinate.distance(haversine: haversine(at: slot, from: origin)),
      position: Int(positions[slot]))
  }

  /// The haversine from `origin` to the place at `slot`, as
  /// ``DistanceOrigin/haversine(to:)`` computes it: kept in the memo, if any.
  @inline(__always)
  func haversine(at slot: Int, from origin: DistanceOrigin) -> Double {
    HaversineMemo.value(at: slot, in: memo.places) { origin.haversine(to: coordinates[slot]) }
  }

  /// The least haversine from `origin` to `cell`, that of the node numbered `node`, as
  /// ``IndexCell/minimumHaversine(from:to:)`` computes it: kept in the memo, if any.
  ///
  /// Nodes are numbered as in a binary heap: the root 1, the children of node *k* 2*k* (the
  /// lower half) and 2*k* + 1 (see ``SpatialIndex/nodeNumberLimit(count:)``).
  @inline(__always)
  func nearestHaversine(node: Int, cell: IndexCell, from origin: DistanceOrigin) -> Double {
    HaversineMemo.value(at: node, in: memo.cellsFromOrigin) {
      IndexCell.minimumHaversine(from: origin.point, to: cell)
    }
  }

  /// The least haversine from `origin`'s antipode to `cell`, that of the node numbered
  /// `node`: kept in the memo, if any.
  @inline(__always)
  func nearestHaversineFromAntipode(node: Int, cell: IndexCell, from origin: DistanceOrigin)
    -> Double
  {
    HaversineMemo.value(at: node, in: memo.cellsFromAntipode) {
      IndexCell.minimumHaversine(from: origin.antipode, to: cell)
    }
  }

  // MARK: - Rectangles

  /// Calls `body` with the position of each place of the node inside `region`.
  func visit(
    lower: Int, upper: Int, cell: IndexCell, region: IndexRegion, _ body: (Int) throws -> Void
  ) rethrows {
    guard lower < upper, cell.intersects(region) else { return }
    if cell.isInside(region) {
      for slot in lower..<upper { try body(Int(positions[slot])) }
      return
    }
    if Self.isLeaf(lower: lower, upper: upper) {
      for slot in lower..<upper where region.bounds.contains(coordinates[slot]) {
        try body(Int(positions[slot]))
      }
      return
    }
    let split = split(lower: lower, upper: upper, cell: cell)
    try visit(lower: lower, upper: split.middle, cell: split.lower, region: region, body)
    if region.bounds.contains(coordinates[split.middle]) {
      try body(Int(positions[split.middle]))
    }
    try visit(lower: split.middle + 1, upper: upper, cell: split.upper, region: region, body)
  }

  /// The number of places of the node inside `region`.
  func count(lower: Int, upper: Int, cell: IndexCell, region: IndexRegion) -> Int {
    guard lower < upper, cell.intersects(region) else { return 0 }
    if cell.isInside(region) {
      return upper - lower
    }
    if Self.isLeaf(lower: lower, upper: upper) {
      var found = 0
      for slot in lower..<upper where region.bounds.contains(coordinates[slot]) {
        found += 1
      }
      return found
    }
    let split = split(lower: lower, upper: upper, cell: cell)
    let middleFound = region.bounds.contains(coordinates[split.middle]) ? 1 : 0
    return count(lower: lower, upper: split.middle, cell: split.lower, region: region)
      + middleFound
      + count(lower: split.middle + 1, upper: upper, cell: split.upper, region: region)
  }

  // MARK: - Distances

  /// The number of places of the node whose key is less than `key`.
  ///
  /// A node wholly nearer or farther than `key` is counted by its size or skipped, settled by
  /// latitudes alone where they suffice and by the exact cell bounds otherwise; only the
  /// places of nodes that straddle `key`'s distance are measured.
  func countBefore(
    _ key: DistanceKey, _ threshold: DistanceThreshold, lower: Int, upper: Int, cell: IndexCell,
    node: Int = 1, origin: DistanceOrigin
  ) -> Int {
    guard lower < upper else { return 0 }
    if cell.latitudeLowerDistanceBound(from: origin) > key.distance { return 0 }
    if cell.latitudeUpperDistanceBound(from: origin) < key.distance { return upper - lower }
    // The cell is wholly farther, or wholly nearer (see `IndexCell.isWhollyFarther` and
    // `IndexCell.isWhollyNearer`, which these are, with the haversines kept).
    if nearestHaversine(node: node, cell: cell, from: origin) > threshold.farther { return 0 }
    if nearestHaversineFromAntipode(node: node, cell: cell, from: origin) > 1 - threshold.nearer {
      return upper - lower
    }
    if Self.isLeaf(lower: lower, upper: upper) {
      var found = 0
      for slot in lower..<upper where comesBefore(slot, key, threshold, origin) {
        found += 1
      }
      return found
    }
    let split = split(lower: lower, upper: upper, cell: cell)
    let middleFound = comesBefore(split.middle, key, threshold, origin) ? 1 : 0
    return countBefore(
      key, threshold, lower: lower, upper: split.middle, cell: split.lower, node: 2 * node,
      origin: origin)
      + middleFound
      + countBefore(
        key, threshold, lower: split.middle + 1, upper: upper, cell: split.upper,
        node: 2 * node + 1, origin: origin)
  }

  /// The number of places of the node whose key is less than `first.key`, and the number
  /// whose key is less than `second.key`: two ``countBefore(_:_:lower:upper:cell:origin:)``
  /// in one walk, which bounds each node it visits and measures each place it scans once for
  /// both keys, and goes on with one key alone below a node that settles the other.
  func countBefore(
    _ first: (key: DistanceKey, threshold: DistanceThreshold),
    _ second: (key: DistanceKey, threshold: DistanceThreshold),
    lower: Int, upper: Int, cell: IndexCell, node: Int = 1, origin: DistanceOrigin
  ) -> (first: Int, second: Int) {
    guard lower < upper else { return (0, 0) }
    let size = upper - lower
    // Each key's count when the node settles it: 0 when wholly farther, `size` when nearer.
    var counts: (first: Int?, second: Int?)
    let latitudeLower = cell.latitudeLowerDistanceBound(from: origin)
    let latitudeUpper = cell.latitudeUpperDistanceBound(from: origin)
    func byLatitude(_ key: DistanceKey) -> Int? {
      latitudeLower > key.distance ? 0 : latitudeUpper < key.distance ? size : nil
    }
    counts = (byLatitude(first.key), byLatitude(second.key))
    if counts.first == nil || counts.second == nil {
      let nearest = nearestHaversine(node: node, cell: cell, from: origin)
      if counts.first == nil, nearest > first.threshold.farther { counts.first = 0 }
      if counts.second == nil, nearest > second.threshold.farther { counts.second = 0 }
    }
    if counts.first == nil || counts.second == nil {
      let fromAntipode = nearestHaversineFromAntipode(node: node, cell: cell, from: origin)
      if counts.first == nil, fromAntipode > 1 - first.threshold.nearer { counts.first = size }
      if counts.second == nil, fromAntipode > 1 - second.threshold.nearer {
        counts.second = size
      }
    }
    switch counts {
    case (let firstCount?, let secondCount?):
      return (firstCount, secondCount)
    case (let firstCount?, nil):
      return (
        firstCount,
        countBefore(
          second.key, second.threshold, lower: lower, upper: upper, cell: cell, node: node,
          origin: origin)
      )
    case (nil, let secondCount?):
      return (
        countBefore(
          first.key, first.threshold, lower: lower, upper: upper, cell: cell, node: node,
          origin: origin),
        secondCount
      )
    case (nil, nil):
      break
    }
    if Self.isLeaf(lower: lower, upper: upper) {
      var found = (first: 0, second: 0)
      for slot in lower..<upper {
        let before = comesBefore(slot, first, second, origin)
        found.first += before.first ? 1 : 0
        found.second += before.second ? 1 : 0
      }
      return found
    }
    let split = split(lower: lower, upper: upper, cell: cell)
    let middle = comesBefore(split.middle, first, second, origin)
    let below = countBefore(
      first, second, lower: lower, upper: split.middle, cell: split.lower, node: 2 * node,
      origin: origin)
    let above = countBefore(
      first, second, lower: split.middle + 1, upper: upper, cell: split.upper,
      node: 2 * node + 1, origin: origin)
    return (
      below.first + (middle.first ? 1 : 0) + above.first,
      below.second + (middle.second ? 1 : 0) + above.second
    )
  }

  /// Whether the place at `slot` comes before `key`: settled by its haversine when that is
  /// clear of `threshold`, else by its key.
  @inline(__always)
  private func comesBefore(
    _ slot: Int, _ key: DistanceKey, _ threshold: DistanceThreshold, _ origin: DistanceOrigin
  ) -> Bool {
    comesBefore(slot, key, threshold, haversine: haversine(at: slot, from: origin))
  }

  /// Whether the place at `slot` comes before `first.key`, and whether before `second.key`,
  /// its haversine computed once for both.
  @inline(__always)
  private func comesBefore(
    _ slot: Int, _ first: (key: DistanceKey, threshold: DistanceThreshold),
    _ second: (key: DistanceKey, threshold: DistanceThreshold), _ origin: DistanceOrigin
  ) -> (first: Bool, second: Bool) {
    let haversine = self.haversine(at: slot, from: origin)
    return (
      comesBefore(slot, first.key, first.threshold, haversine: haversine),
      comesBefore(slot, second.key, second.threshold, haversine: haversine)
    )
  }

  /// Whether the place at `slot`, whose haversine from the origin is `haversine`, comes
  /// before `key` (see ``DistanceThreshold/placeComesBefore(_:haversine:position:)``).
  @inline(__always)
  private func comesBefore(
    _ slot: Int, _ key: DistanceKey, _ threshold: DistanceThreshold, haversine: Double
  ) -> Bool {
    threshold.placeComesBefore(key, haversine: haversine, position: Int(positions[slot]))
  }

  /// Appends the keys of the node's places farther than `low` and at most `high` from the
  /// origin.
  func collect(
    into keys: inout [DistanceKey], above low: DistanceThreshold, upTo high: DistanceThreshold,
    lower: Int, upper: Int, cell: IndexCell, origin: DistanceOrigin
  ) {
    guard lower < upper,
      !cell.isWhollyFarther(than: high, from: origin),
      !cell.isWhollyNearer(than: low, from: origin)
    else { return }
    if Self.isLeaf(lower: lower, upper: upper) {
      for slot in lower..<upper {
        collect(slot, into: &keys, above: low, upTo: high, origin: origin)
      }
      return
    }
    let split = split(lower: lower, upper: upper, cell: cell)
    collect(
      into: &keys, above: low, upTo: high, lower: lower, upper: split.middle, cell: split.lower,
      origin: origin)
    collect(split.middle, into: &keys, above: low, upTo: high, origin: origin)
    collect(
      into: &keys, above: low, upTo: high, lower: split.middle + 1, upper: upper,
      cell: split.upper, origin: origin)
  }

  @inline(__always)
  private func collect(
    _ slot: Int, into keys: inout [DistanceKey], above low: DistanceThreshold,
    upTo high: DistanceThreshold, origin: DistanceOrigin
  ) {
    let haversine = self.haversine(at: slot, from: origin)
    guard haversine >= low.nearer, haversine <= high.farther else { return }
    let key = self.key(at: slot, from: origin)
    if key.distance > low.distance, key.distance <= high.distance { keys.append(key) }
  }
}

extension SpatialIndex {
  /// Runs `body` with the index's arrays seen as an ``IndexTree``, which keeps the haversines
  /// it computes in `memo`, when given.
  func withTree<Result>(
    memo: HaversineMemo = .none, _ body: (IndexTree) throws -> Result
  ) rethrows -> Result {
    try coordinates.withUnsafeBufferPointer { coordinates in
      try positions.withUnsafeBufferPointer { positions in
        try body(IndexTree(coordinates: coordinates, positions: positions, memo: memo))
      }
    }
  }
}
