/// Where the entries edits changed or added in one level of a ``ClusterHierarchy`` lie, by
/// cell of the level's grid, so that a search reads those in the cells a rectangle touches
/// instead of every one (see ``LevelPatch``); each is named by its index in the level.
///
/// Each entry with places is listed once, in the cell that holds its position: an entry that
/// moves to another cell leaves the one it left, and an entry left without places leaves the
/// grid.
///
/// The listings are (cell, entry) pairs in one open-addressed table keyed by the cell alone:
/// a cell's entries lie in the run of full slots from its cell's hash to the next free slot.
/// A slot is two numbers, so the table holds no reference: copies share its slots through a
/// ``PersistentArray``, and moving an entry in a copy copies a leaf or two of plain bytes,
/// retaining nothing. (A table of a list per cell copied 64 lists a leaf, each retained on
/// the copy and released when the copy's original went.) The table keeps at most half its
/// slots full, and doubles when it would fill more.
package struct AddedEntryGrid: Sendable {
  /// One listing: `entry` lies in `cell`; an empty slot has no entry.
  private struct Slot: Sendable {
    var cell: UInt64
    var entry: UInt32

    static var empty: Slot { Slot(cell: 0, entry: .max) }
    var isEmpty: Bool { entry == .max }
  }

  /// The side of a cell: 2^`shift` units.
  package let shift: Int
  /// The (cell, entry) listings, by the cell's hash; no slots until the first listing.
  private var slots = PersistentArray<Slot>()
  /// The number of listings.
  private var count = 0

  /// No entries, on a grid of cells 2^`shift` units on a side.
  package init(shift: Int) {
    self.shift = min(max(shift, 0), 32)
  }

  /// The key of the cell holding (`x`, `y`).
  @inline(__always)
  package func cell(x: UInt32, y: UInt32) -> UInt64 {
    ClusterLevel.key(x: x, y: y, shift: shift)
  }

  /// The slot where the run of `cell`'s listings starts, in a table of `capacity` slots (a
  /// power of two): a mix of the key's bits, since neighbouring cells have neighbouring keys.
  @inline(__always)
  private static func home(of cell: UInt64, capacity: Int) -> Int {
    var mixed = cell &* 0x9E37_79B9_7F4A_7C15
    mixed ^= mixed >> 29
    return Int(truncatingIfNeeded: mixed) & (capacity - 1)
  }

  /// Records that entry `index`, which had `old` position and number of places (`nil`
  /// when it is new), now has `new`: an entry with places is listed in the cell of its
  /// position, and nowhere else.
  ///
  /// - Complexity: O(1) on average; a leaf's copy when a copy shares it, and a rehash when
  ///   the table outgrows its slots.
  package mutating func move(
    _ index: Int, from old: (x: UInt32, y: UInt32, count: UInt32)?,
    to new: (x: UInt32, y: UInt32, count: UInt32)
  ) {
    let oldCell = old.flatMap { $0.count > 0 ? cell(x: $0.x, y: $0.y) : nil }
    let newCell = new.count > 0 ? cell(x: new.x, y: new.y) : nil
    guard oldCell != newCell else { return }
    if let oldCell { unlist(UInt32(index), from: oldCell) }
    if let newCell { list(UInt32(index), in: newCell) }
  }

  private mutating func list(_ entry: UInt32, in cell: UInt64) {
    if 2 * (count + 1) > slots.count { grow() }
    let mask = slots.count - 1
    var slot = Self.home(of: cell, capacity: slots.count)
    while !slots[slot].isEmpty { slot = (slot + 1) & mask }
    slots[slot] = Slot(cell: cell, entry: entry)
    count += 1
  }

  /// Takes `entry` out of `cell`, closing the gap behind it: each listing after it that would
  /// no longer be found past the gap moves back (no tombstones).
  private mutating func unlist(_ entry: UInt32, from cell: UInt64) {
    guard !slots.isEmpty else { return }
    let mask = slots.count - 1
    var hole = Self.home(of: cell, capacity: slots.count)
    while true {
      let listed = slots[hole]
      if listed.isEmpty { return }
      if listed.entry == entry && listed.cell == cell { break }
      hole = (hole + 1) & mask
    }
    var probe = (hole + 1) & mask
    while case let listed = slots[probe], !listed.isEmpty {
      let home = Self.home(of: listed.cell, capacity: slots.count)
      // The listing may fill the hole when its home is not after the hole on its way here.
      if (probe &- home) & mask >= (probe &- hole) & mask {
        slots[hole] = listed
        hole = probe
      }
      probe = (probe + 1) & mask
    }
    slots[hole] = .empty
    count -= 1
  }

  /// Doubles the table, listing every entry again.
  private mutating func grow() {
    let capacity = max(16, slots.count * 2)
    var grown = [Slot](repeating: .empty, count: capacity)
    slots.forEachChunk { chunk, _ in
      for listed in chunk where !listed.isEmpty {
        var slot = Self.home(of: listed.cell, capacity: capacity)
        while !grown[slot].isEmpty { slot = (slot + 1) & (capacity - 1) }
        grown[slot] = listed
      }
    }
    slots = PersistentArray(grown)
  }

  /// Calls `body` with each entry listed in `cell`.
  @inline(__always)
  private func forEachListed(in cell: UInt64, _ body: (_ index: Int, _ cell: UInt64) -> Void) {
    guard !slots.isEmpty else { return }
    // The run is read leaf by leaf: the table's slots are never all full, so it ends.
    slots.scan(from: Self.home(of: cell, capacity: slots.count)) { listed in
      guard !listed.isEmpty else { return false }
      if listed.cell == cell { body(Int(listed.entry), cell) }
      return true
    }
  }

  /// The bytes the grid holds: its slots.
  package var byteCount: Int { slots.byteCount }

  /// Calls `body` with each entry listed in the cells that columns `west` eastwards to
  /// `east` (wrapping) by rows `yRange` touch, and the key of the cell it was listed in;
  /// returns `false`, calling nothing, when the rectangle touches more than `cellLimit` cells.
  package func forEachListed(
    west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>, cellLimit: Int,
    _ body: (_ index: Int, _ cell: UInt64) -> Void
  ) -> Bool {
    guard shift < 32 else {
      forEachListed(in: 0, body)
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
        forEachListed(in: ClusterLevel.key(row: row, column: column, shift: shift), body)
      }
    }
    return true
  }
}
