extension SpatialIndex {
  /// The catalog positions of the places inside `bounds`, edges included.
  ///
  /// A place is inside when ``CoordinateBounds/contains(_:)`` says so: rectangles that cross
  /// the antimeridian, reach a pole, or name longitude -180 or 180 (one meridian) all work.
  /// The positions come in the index's order, which is the same for every query of the same
  /// index but otherwise unspecified; sort them for catalog order.
  ///
  /// - Complexity: O(√*n* + *m*) in the worst case for *m* results, as for any k-d tree, and
  ///   O(log *n* + *m*) for a rectangle small against the spread of the places: only the
  ///   nodes whose cells cross the rectangle's edge are opened, and nodes inside it are
  ///   copied whole.
  public func positions(in bounds: CoordinateBounds) -> [Int] {
    var result: [Int] = []
    forEachPosition(in: bounds) { result.append($0) }
    return result
  }

  /// Calls `body` with the catalog position of each place inside `bounds`, in the order of
  /// ``positions(in:)``, without collecting them.
  ///
  /// - Complexity: As ``positions(in:)``.
  public func forEachPosition(in bounds: CoordinateBounds, _ body: (Int) throws -> Void) rethrows {
    guard !coordinates.isEmpty else { return }
    try visit(
      lower: 0, upper: coordinates.count, cell: .world, region: IndexRegion(bounds), body)
  }

  /// The number of places inside `bounds`, edges included, as ``positions(in:)`` would list.
  ///
  /// - Complexity: O(√*n*) in the worst case, O(log *n*) typically, whatever the count: a node
  ///   inside the rectangle is counted by its size, unvisited.
  public func numberOfPlaces(in bounds: CoordinateBounds) -> Int {
    guard !coordinates.isEmpty else { return 0 }
    return count(lower: 0, upper: coordinates.count, cell: .world, region: IndexRegion(bounds))
  }

  // MARK: - Traversal

  private func visit(
    lower: Int, upper: Int, cell: IndexCell, region: IndexRegion, _ body: (Int) throws -> Void
  ) rethrows {
    guard lower < upper, cell.intersects(region) else { return }
    if cell.isInside(region) {
      for slot in lower..<upper { try body(Int(positions[slot])) }
      return
    }
    if upper - lower <= Self.leafSize {
      for slot in lower..<upper where region.bounds.contains(coordinates[slot]) {
        try body(Int(positions[slot]))
      }
      return
    }
    let middle = Self.middle(lower: lower, upper: upper)
    let onLongitude = cell.splitsOnLongitude
    let halves = cell.split(
      at: splitValue(at: middle, onLongitude: onLongitude), onLongitude: onLongitude)
    try visit(lower: lower, upper: middle, cell: halves.lower, region: region, body)
    if region.bounds.contains(coordinates[middle]) {
      try body(Int(positions[middle]))
    }
    try visit(lower: middle + 1, upper: upper, cell: halves.upper, region: region, body)
  }

  private func count(lower: Int, upper: Int, cell: IndexCell, region: IndexRegion) -> Int {
    guard lower < upper, cell.intersects(region) else { return 0 }
    if cell.isInside(region) {
      return upper - lower
    }
    if upper - lower <= Self.leafSize {
      var found = 0
      for slot in lower..<upper where region.bounds.contains(coordinates[slot]) {
        found += 1
      }
      return found
    }
    let middle = Self.middle(lower: lower, upper: upper)
    let onLongitude = cell.splitsOnLongitude
    let halves = cell.split(
      at: splitValue(at: middle, onLongitude: onLongitude), onLongitude: onLongitude)
    let middleFound = region.bounds.contains(coordinates[middle]) ? 1 : 0
    return count(lower: lower, upper: middle, cell: halves.lower, region: region) + middleFound
      + count(lower: middle + 1, upper: upper, cell: halves.upper, region: region)
  }
}
