/// The markers of one zoom level of a ``ClusterHierarchy``: clusters and single places, each an
/// entry.
///
/// Entries are sorted by the cell they lie in on a square grid of side 2^``gridShift`` units
/// (rows from north to south, then columns from the antimeridian eastwards), so the entries in
/// a rectangle are found row by row with a binary search each. A directory of where each band of
/// 2^``directoryShift`` grid rows starts narrows the search for the first and the last row
/// crossed to one band each, so that a query does not search the whole level to find them. Positions are Web Mercator in fixed point
/// (``WebMercator/position(of:)``): a square of 2^32 units on a side.
///
/// A class, immutable, so that a camera move holding a level holds one reference, not nine.
package final class ClusterLevel: Sendable {
  /// The grid the entries are sorted on: cells of 2^`gridShift` units.
  package let gridShift: Int
  /// Each entry's x, the mean of its places', rounded down (across the antimeridian, the mean
  /// of the copies nearest its seed, wrapped into the square).
  package let x: [UInt32]
  /// Each entry's y, the mean of its places', rounded down.
  package let y: [UInt32]
  /// What the divisions that made each entry's mean left over, both below its count.
  ///
  /// Its places' x sum to `x * count + remainderX` (see ``PositionSum``), so that edits keep
  /// means exact. Packed as `remainderX << 16 | remainderY` for an entry of fewer than 2^16 places;
  /// the few larger ones are in ``largeRemainders``.
  private let remainders: [UInt32]
  /// The remainders of the entries of 2^16 places or more.
  private let largeRemainders: [UInt32: (x: UInt32, y: UInt32)]
  /// How far each entry's places lie from its position along either axis, in units.
  ///
  /// `UInt32.max` when they span the world's width. Exact as a build of the hierarchy makes
  /// it; at least as far as the places lie in a level built again from its entries alone
  /// (see ``ClusterHierarchy/compactingLevel(_:)``).
  package let reach: [UInt32]
  /// The reach that only the entries of ``wideEntries`` exceed: a view's query by position
  /// widened by this much finds every other entry any of whose places is in view.
  package let wideReach: UInt32
  /// The entries whose reach exceeds ``wideReach``, widest first: at most
  /// ``wideEntryLimit``, each checked on its own by a view's query that is not widened as
  /// far as it reaches.
  let wideEntries: [UInt32]
  /// The number of places of each entry.
  package let count: [UInt32]
  /// The index, one level up, of the entry each entry merged into; empty at level 0.
  package let parent: [UInt32]
  /// The catalog position of each entry's representative place: the most populous, then the
  /// first in catalog order.
  package let representative: [UInt32]
  /// The deepest level at which each entry has exactly these places: its identity is
  /// (`formedLevel`, ``representative``), the same at every level it spans.
  package let formedLevel: [UInt8]
  /// The children of entry `i` one level down are `childOrder[childStart[i]..<childStart[i + 1]]`;
  /// both empty at the level of places.
  ///
  /// Both in 2 bytes a value when the level down has fewer than 2^16 entries
  /// (``CompactColumn``), as in every level of a category's hierarchy of fewer places.
  package let childStart: CompactColumn
  /// The indexes one level down, grouped by parent.
  package let childOrder: CompactColumn
  /// The grid rows of one band of the directory: 2^`directoryShift`.
  package let directoryShift: Int
  /// The index of the first entry of each band of grid rows (band *b* holds rows
  /// `b << directoryShift` up to the next band), and the entry count last: about one band per
  /// two to four entries (at most 2 bytes an entry, plus 8 bytes a level), never more than
  /// the grid has rows.
  let directory: [UInt32]

  /// A level of entries sorted on a grid of 2^`gridShift` units, with their parents and
  /// children.
  init(
    gridShift: Int, x: [UInt32], y: [UInt32], count: [UInt32], parent: [UInt32],
    representative: [UInt32], formedLevel: [UInt8], childStart: [UInt32], childOrder: [UInt32],
    remainderX: [UInt32], remainderY: [UInt32], reach: [UInt32]
  ) {
    self.gridShift = gridShift
    self.x = x
    self.y = y
    self.count = count
    self.parent = parent
    self.representative = representative
    self.formedLevel = formedLevel
    self.childStart = CompactColumn(childStart)
    self.childOrder = CompactColumn(childOrder)
    var large: [UInt32: (x: UInt32, y: UInt32)] = [:]
    remainders = count.indices.map { entry in
      guard count[entry] < 1 << 16 else {
        large[UInt32(entry)] = (remainderX[entry], remainderY[entry])
        return 0
      }
      return remainderX[entry] << 16 | remainderY[entry]
    }
    largeRemainders = large
    self.reach = reach
    (wideReach, wideEntries) = Self.wideEntries(reach: reach)
    (directoryShift, directory) = Self.directory(y: y, gridShift: gridShift)
  }

  /// This level with its ``parent`` column replaced: every other column is shared.
  ///
  /// - Complexity: O(1) beyond `parent` itself.
  func replacing(parent: [UInt32]) -> ClusterLevel {
    precondition(parent.count == self.parent.count, "a level keeps one parent per entry")
    return ClusterLevel(self, parent: parent, childOrder: childOrder)
  }

  /// This level with its ``childOrder`` column replaced, each entry keeping as many children:
  /// every other column is shared.
  ///
  /// - Complexity: O(1) beyond `childOrder` itself.
  func replacing(childOrder: [UInt32]) -> ClusterLevel {
    precondition(childOrder.count == self.childOrder.count, "a level keeps its children's count")
    return ClusterLevel(self, parent: parent, childOrder: CompactColumn(childOrder))
  }

  /// A copy of `level` with `parent` and `childOrder` in place of its own.
  private init(_ level: ClusterLevel, parent: [UInt32], childOrder: CompactColumn) {
    gridShift = level.gridShift
    x = level.x
    y = level.y
    remainders = level.remainders
    largeRemainders = level.largeRemainders
    reach = level.reach
    wideReach = level.wideReach
    wideEntries = level.wideEntries
    count = level.count
    self.parent = parent
    representative = level.representative
    formedLevel = level.formedLevel
    childStart = level.childStart
    self.childOrder = childOrder
    directoryShift = level.directoryShift
    directory = level.directory
  }

  /// The band size and the band directory of entries sorted by grid row then column.
  ///
  /// - Complexity: O(*n*), for *n* entries.
  private static func directory(y: [UInt32], gridShift: Int) -> (shift: Int, starts: [UInt32]) {
    let rowBits = gridShift >= 32 ? 0 : 32 - gridShift
    // Two to four entries a band: few bytes per entry, a short search within a band.
    let bandBits = min(rowBits, max(0, Int.bitWidth - (y.count / 4).leadingZeroBitCount))
    let shift = rowBits - bandBits
    var starts = [UInt32](repeating: 0, count: (1 << bandBits) + 1)
    var index = 0
    for band in 0..<(1 << bandBits) {
      starts[band] = UInt32(index)
      while index < y.count, Self.band(ofY: y[index], gridShift: gridShift, shift: shift) == band {
        index += 1
      }
    }
    starts[1 << bandBits] = UInt32(y.count)
    return (shift, starts)
  }

  @inline(__always)
  private static func band(ofY y: UInt32, gridShift: Int, shift: Int) -> Int {
    gridShift >= 32 ? 0 : Int(y >> UInt32(gridShift)) >> shift
  }

  /// The entries of the band holding grid row `row`: every entry of that row lies in it.
  @inline(__always)
  private func band(holdingRow row: UInt64) -> Range<Int> {
    let band = Int(row >> UInt64(directoryShift))
    return Int(directory[band])..<Int(directory[band + 1])
  }

  /// The number of entries.
  package var entryCount: Int { x.count }

  /// The bytes the level's arrays hold.
  var byteCount: Int {
    entryCount * (4 * 7 + 1) + childStart.byteCount + childOrder.byteCount + directory.count * 4
      + wideEntries.count * 4 + largeRemainderCount * 12
  }

  /// The number of entries of 2^16 places or more, whose remainders are kept apart.
  var largeRemainderCount: Int { largeRemainders.count }

  /// The places of entry `index`, summed exactly.
  func sum(_ index: Int) -> PositionSum {
    let (remainderX, remainderY) =
      count[index] < 1 << 16
      ? (remainders[index] >> 16, remainders[index] & 0xFFFF)
      : largeRemainders[UInt32(index)] ?? (0, 0)
    return PositionSum(
      x: x[index], y: y[index], count: count[index], remainderX: remainderX,
      remainderY: remainderY)
  }

  /// The sort key of a position on a grid of 2^`shift` units: row, then column.
  @inline(__always)
  static func key(x: UInt32, y: UInt32, shift: Int) -> UInt64 {
    guard shift < 32 else { return 0 }
    return key(row: UInt64(y >> UInt32(shift)), column: UInt64(x >> UInt32(shift)), shift: shift)
  }

  /// The sort key of a cell of a grid of 2^`shift` units: its row, then its column, packed
  /// into as few bits as the grid needs, so that a radix sort makes few passes.
  @inline(__always)
  static func key(row: UInt64, column: UInt64, shift: Int) -> UInt64 {
    guard shift < 32 else { return 0 }
    return row << UInt64(32 - shift) | column
  }

  @inline(__always)
  func key(at index: Int) -> UInt64 {
    Self.key(x: x[index], y: y[index], shift: gridShift)
  }

  /// The first index of `range` whose key is at least `key`.
  func firstIndex(notBelow key: UInt64, in range: Range<Int>) -> Int {
    range.partitioningIndex { self.key(at: $0) >= key }
  }

  /// The entries whose positions lie in the rectangle of columns `west` eastwards to `east`
  /// (`east` below `west` crosses the antimeridian; `0` to `UInt32.max` is the whole world) by
  /// rows `yRange`, in index order.
  ///
  /// - Complexity: O(log *d* + *r* log *b* + *k*) for *d* entries in the bands of the first and
  ///   last rows crossed, *r* grid rows crossed, *b* entries in those rows around the world and
  ///   *k* entries in the cells the rectangle touches.
  package func entries(west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>) -> [Int] {
    var found = AscendingEntries()
    forEachEntry(west: west, east: east, yRange: yRange) { index, _, _ in found.append(index) }
    return found.sorted()
  }

  /// Calls `body` with each entry whose position lies in the rectangle of
  /// ``entries(west:east:yRange:)``, and its position, in no stated order (in index order
  /// unless the rectangle crosses the antimeridian and is searched row by row).
  ///
  /// What a search that keeps few of the entries it finds calls, so that it makes no list of
  /// them: the cluster editor's search for an entry's neighbours, which finds none but the
  /// entry itself far more often than not.
  ///
  /// - Complexity: as ``entries(west:east:yRange:)``.
  @inline(__always)
  func forEachEntry(
    west: UInt32, east: UInt32, yRange: ClosedRange<UInt32>,
    _ body: (_ index: Int, _ x: UInt32, _ y: UInt32) -> Void
  ) {
    guard !x.isEmpty else { return }
    // A position is inside when its distance eastwards from `west`, wrapping, is within `width`.
    let width = east &- west
    let shift = UInt32(min(gridShift, 32))
    let firstRow = shift >= 32 ? 0 : UInt64(yRange.lowerBound >> shift)
    let lastRow = shift >= 32 ? 0 : UInt64(yRange.upperBound >> shift)
    let lastColumn = shift >= 32 ? 0 : UInt64(UInt32.max >> shift)
    // The rows crossed, around the world: every search below stays inside them.
    let start = firstIndex(
      notBelow: Self.key(row: firstRow, column: 0, shift: gridShift),
      in: band(holdingRow: firstRow))
    let endKey = Self.key(row: lastRow, column: lastColumn, shift: gridShift)
    let end = max(start, band(holdingRow: lastRow).partitioningIndex { key(at: $0) > endKey })
    let (north, south) = (yRange.lowerBound, yRange.upperBound)
    // A band of few entries (zoomed in far) is read whole rather than searched row by row.
    if end - start <= 32 * Int(lastRow - firstRow + 1) {
      x.withUnsafeBufferPointer { x in
        y.withUnsafeBufferPointer { y in
          for index in start..<end where x[index] &- west <= width {
            // The band goes around the world: most entries fail on x.
            if y[index] >= north, y[index] <= south {
              body(index, x[index], y[index])
            }
          }
        }
      }
      return
    }
    // The columns crossed, in one run, or two when the rectangle wraps (the second from 0).
    let wraps = west > east
    var rowStart = start
    for row in firstRow...lastRow {
      var rowEnd = rowStart
      for part in 0..<(wraps ? 2 : 1) {
        let run =
          part == 0 ? (first: west, last: wraps ? UInt32.max : east) : (first: 0, last: east)
        let firstColumn = shift >= 32 ? 0 : UInt64(run.first >> shift)
        let lastColumn = shift >= 32 ? 0 : UInt64(run.last >> shift)
        var index = firstIndex(
          notBelow: Self.key(row: row, column: firstColumn, shift: gridShift), in: rowStart..<end)
        let last = Self.key(row: row, column: lastColumn, shift: gridShift)
        while index < end, key(at: index) <= last {
          let (entryX, entryY) = (x[index], y[index])
          if entryX >= run.first, entryX <= run.last, entryY >= north, entryY <= south {
            body(index, entryX, entryY)
          }
          index += 1
        }
        rowEnd = max(rowEnd, index)
      }
      rowStart = rowEnd
    }
  }
}
