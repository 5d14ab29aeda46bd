/// The places of a catalog sorted by name, then by identifier.
package struct NameOrder: Sendable {
  /// The catalog positions, row by row.
  package let positions: [Int32]
  /// The row of each catalog position.
  package let rowByPosition: [Int32]

  /// Sorts `places` by name, then by identifier.
  ///
  /// Names compare with `String`'s `<`: by Unicode scalars of their canonical form, not by a
  /// locale's collation, so the order is the same everywhere.
  ///
  /// - Complexity: O(*n* log *n*).
  package init(_ places: [Place]) {
    var positions = Array(0..<Int32(places.count))
    positions.sort { left, right in
      let leftPlace = places[Int(left)]
      let rightPlace = places[Int(right)]
      return leftPlace.name != rightPlace.name
        ? leftPlace.name < rightPlace.name : leftPlace.id < rightPlace.id
    }
    var rowByPosition = [Int32](repeating: 0, count: places.count)
    for (row, position) in positions.enumerated() {
      rowByPosition[Int(position)] = Int32(row)
    }
    self.init(positions: positions, rowByPosition: rowByPosition)
  }

  /// The order with these tables.
  init(positions: [Int32], rowByPosition: [Int32]) {
    self.positions = positions
    self.rowByPosition = rowByPosition
  }
}
