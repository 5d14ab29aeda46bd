extension NameOrder {
  /// How an edit moved a catalog's places, for deriving the edited catalog's name order from
  /// the old one instead of sorting every name again.
  struct Edit: Sendable {
    /// The name order of the catalog before the edit.
    let old: NameOrder
    /// The old positions of the places removed, ascending.
    let removedPositions: [Int]
    /// The old positions of the places updated, ascending.
    let updatedPositions: [Int]
  }

  /// The name order of `places`, the catalog that `edit` made, derived from the old order:
  /// equal to `NameOrder(places)`.
  ///
  /// The places the edit did not touch keep their order relative to each other (their names,
  /// identifiers and, removals aside, positions are unchanged), so only the updated and the
  /// inserted places (those after the old places that remain) are sorted and placed again, by
  /// binary search.
  ///
  /// - Complexity: O(*n* + *k* log *n*) for *k* places updated or inserted, in whole-number
  ///   work besides *k* log *n* name comparisons.
  init(_ places: [Place], editing edit: Edit) {
    let oldCount = edit.old.positions.count
    // The new position of each old place, or -1 for one removed or placed again.
    var newPosition = [Int32](repeating: -1, count: oldCount)
    var removedBefore = 0
    for position in 0..<oldCount {
      if removedBefore < edit.removedPositions.count,
        edit.removedPositions[removedBefore] == position
      {
        removedBefore += 1
      } else {
        newPosition[position] = Int32(position - removedBefore)
      }
    }
    var placedAgain = edit.updatedPositions.map { newPosition[$0] }
    for position in edit.updatedPositions {
      newPosition[position] = -1
    }
    placedAgain += (oldCount - edit.removedPositions.count..<places.count).map { Int32($0) }
    func isBefore(_ left: Int32, _ right: Int32) -> Bool {
      let leftPlace = places[Int(left)]
      let rightPlace = places[Int(right)]
      return leftPlace.name != rightPlace.name
        ? leftPlace.name < rightPlace.name : leftPlace.id < rightPlace.id
    }
    placedAgain.sort(by: isBefore)
    var kept: [Int32] = []
    kept.reserveCapacity(places.count)
    for position in edit.old.positions where newPosition[Int(position)] >= 0 {
      kept.append(newPosition[Int(position)])
    }
    var positions: [Int32] = []
    positions.reserveCapacity(places.count)
    var copied = 0
    for position in placedAgain {
      var low = copied
      var high = kept.count
      while low < high {
        let middle = (low + high) / 2
        if isBefore(kept[middle], position) { low = middle + 1 } else { high = middle }
      }
      positions.append(contentsOf: kept[copied..<low])
      positions.append(position)
      copied = low
    }
    positions.append(contentsOf: kept[copied...])
    var rowByPosition = [Int32](repeating: 0, count: places.count)
    for (row, position) in positions.enumerated() {
      rowByPosition[Int(position)] = Int32(row)
    }
    self.init(positions: positions, rowByPosition: rowByPosition)
  }
}
