/// Where the entries edits changed or added in one level of a ``ClusterHierarchy`` lie, by
/// cell of the level's grid, so that a search reads those in the cells a rectangle touches
/// instead of every one (see ``LevelPatch``); each is named by its index in the level.
///
/// Each cell lists the entries with places whose position it holds: an entry that moves
/// to another cell leaves the list of the one it left, and an entry left without places leaves
/// the grid. Copies share the cells (see ``PersistentDictionary``): moving one entry copies a
/// few of them.
package struct AddedEntryGrid: Sendable {
  /// The side of a cell: 2^`shift` units.
  package let shift: Int
  /// The added entries listed in each cell, by the cell's key.
  private var cells = PersistentDictionary<UInt64, [UInt32]>()

  /// No entries, on a grid of cells 2^`shift` units on a side.
  package init(shift: Int) {
    self.shift = min(max(shift, 0), 32)
  }

  /// The key of the cell holding (`x`, `y`).
  @inline(__always)
  package func cell(x: UInt32, y: UInt32) -> UInt64 {
    ClusterLevel.key(x: x, y: y, shift: shift)
  }

  /// Records that entry `index`, which had `old` position and number of places (`nil`
  /// when it is new), now has `new`: an entry with places is listed in the cell of its
  /// position, and nowhere else.
  package mutating func move(
    _ index: Int, from old: (x: UInt32, y: UInt32, count: UInt32)?,
    to new: (x: UInt32, y: UInt32, count: UInt32)
  ) {
    let oldCell = old.flatMap { $0.count > 0 ? cell(x: $0.x, y: $0.y) : nil }
    let newCell = new.count > 0 ? cell(x: new.x, y: new.y) : nil
    guard oldCell != newCell else { return }
    if let oldCell, var listed = cells[oldCell] {
      listed.removeAll { $0 == UInt32(index) }
      cells[oldCell] = listed.isEmpty ? nil : listed
    }
    if let newCell {
      cells[newCell, default: []].append(UInt32(index))
    }
  }

  /// The bytes the grid holds: its slots, and the lists of entries in them.
  ///
  /// - Complexity: O(*c*) for *c* cells.
  package var byteCount: Int {
    var lists = 0
    cells.forEachPair { _, listed in
      if listed.capacity > 0 { lists += 32 + listed.capacity * 4 }
    }
    return cells.byteCount + lists
  }

  /// Calls `body` with each entry listed in the cells that columns `west` eastwards to
  /// `east` (wrapping) by rows `yRange` touch, and the key of the cell it was listed in;
  /// returns `false`, calling nothing, when the rectangle touches more than `cellLimit` cells.
  package func forEachListed(
    west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>, cellLimit: Int,
    _ body: (_ index: Int, _ cell: UInt64) -> Void
  ) -> Bool {
    guard shift < 32 else {
      for index in cells[0] ?? [] { body(Int(index), 0) }
      return true
    }
    let columnCount = UInt64(1) << UInt64(32 - shift)
    let cellMask = (UInt64(1) << UInt64(shift)) - 1
    let width = UInt64(east &- west)
    let columnsCrossed = min(((UInt64(west) & cellMask) + width) >> UInt64(shift) + 1, columnCount)
    let firstRow = UInt64(yRange.lowerBound) >> UInt64(shift)
    let lastRow = UInt64(yRange.upperBound) >> UInt64(shift)
    let rowsCrossed = lastRow - firstRow + 1
    guard columnsCrossed * rowsCrossed <= UInt64(cellLimit) else { return false }
    let firstColumn = UInt64(west) >> UInt64(shift)
    for row in firstRow...lastRow {
      for step in 0..<columnsCrossed {
        let column = (firstColumn + step) & (columnCount - 1)
        let key = ClusterLevel.key(row: row, column: column, shift: shift)
        for index in cells[key] ?? [] { body(Int(index), key) }
      }
    }
    return true
  }
}
