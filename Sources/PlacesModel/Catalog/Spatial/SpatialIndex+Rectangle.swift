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
  package func positions(in bounds: CoordinateBounds) -> [Int] {
    var result: [Int] = []
    forEachPosition(in: bounds) { result.append($0) }
    return result
  }

  /// Calls `body` with the catalog position of each place inside `bounds`, in the order of
  /// ``positions(in:)``, without collecting them.
  ///
  /// - Complexity: As ``positions(in:)``.
  package func forEachPosition(in bounds: CoordinateBounds, _ body: (Int) throws -> Void) rethrows {
    let region = IndexRegion(bounds)
    try withTree { tree in
      try tree.visit(lower: 0, upper: count, cell: .world, region: region, body)
    }
  }

  /// The number of places inside `bounds`, edges included, as ``positions(in:)`` would list.
  ///
  /// - Complexity: O(√*n*) in the worst case, O(log *n*) typically, whatever the count: a node
  ///   inside the rectangle is counted by its size, unvisited.
  package func numberOfPlaces(in bounds: CoordinateBounds) -> Int {
    let region = IndexRegion(bounds)
    return withTree { tree in
      tree.count(lower: 0, upper: count, cell: .world, region: region)
    }
  }
}
