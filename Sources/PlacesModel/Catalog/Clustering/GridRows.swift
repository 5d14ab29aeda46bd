/// The rows of a level sorted on its grid (by row, then column, of cells 2^`shift` units
/// wide): where each row starts, for visiting the entries in the 3 × 3 cells around one.
struct GridRows {
  /// The cells' size: 2^`shift` units.
  let shift: Int
  /// How many columns the grid has around the world.
  let columnCount: UInt64
  /// The index of each row's first entry, then the level's entry count.
  let starts: [Int]
  /// The grid row of each row, ascending.
  let numbers: [UInt64]

  /// The rows of the entries at `x` and `y`, sorted on a grid of 2^`shift` units.
  init(y: [UInt32], shift: Int) {
    self.shift = shift
    columnCount = shift >= 32 ? 1 : 1 << UInt64(32 - shift)
    var starts: [Int] = []
    var numbers: [UInt64] = []
    var previous = UInt64.max
    for (index, y) in y.enumerated() {
      let row = shift >= 32 ? 0 : UInt64(y >> UInt32(shift))
      if row != previous {
        starts.append(index)
        numbers.append(row)
        previous = row
      }
    }
    starts.append(y.count)
    self.starts = starts
    self.numbers = numbers
  }

  /// The grid column of `x`.
  @inline(__always)
  func column(ofX x: UInt32) -> UInt64 {
    shift >= 32 ? 0 : UInt64(x >> UInt32(shift))
  }

  /// The rows that hold the cells above, beside and below those of row `row`: itself, and
  /// the rows before and after it where their grid rows are adjacent.
  func neighbourRows(of row: Int) -> ClosedRange<Int> {
    let first = row > 0 && numbers[row - 1] + 1 == numbers[row] ? row - 1 : row
    let last = row + 1 < numbers.count && numbers[row + 1] == numbers[row] + 1 ? row + 1 : row
    return first...last
  }

  /// The entries of row `row` whose column is `column` or next to it, wrapping at the
  /// antimeridian, each once; `x` is the level's.
  ///
  /// `cursor` starts at the row's start; calls for the columns of one row in ascending order
  /// only move it forward, so that a sweep in grid order costs O(1) amortised per call, plus
  /// the entries visited.
  ///
  /// `x` is read unchecked: these are the innermost loops of every merge, with the loop in
  /// `ClusterLevelBuilder`'s `gatherFreeNeighbours`. Checked reads in both made the world
  /// file's merge passes 5% more instructions (953 million against 908 million).
  @inline(__always)
  func entries(
    inRow row: Int, besideColumn column: UInt64, cursor: inout Int, x: UnsafeBufferPointer<UInt32>
  ) -> IndexRanges {
    let start = starts[row]
    let end = starts[row + 1]
    guard columnCount > 3 else { return IndexRanges(start..<end) }
    let lowest = column == 0 ? 0 : column - 1
    while cursor < end, self.column(ofX: x[cursor]) < lowest { cursor += 1 }
    var last = cursor
    while last < end, self.column(ofX: x[last]) <= column + 1 { last += 1 }
    if column == 0 {
      var first = end
      while first > start, self.column(ofX: x[first - 1]) == columnCount - 1 { first -= 1 }
      return IndexRanges(cursor..<last, first..<end)
    } else if column == columnCount - 1 {
      var first = start
      while first < end, self.column(ofX: x[first]) == 0 { first += 1 }
      return IndexRanges(cursor..<last, start..<first)
    }
    return IndexRanges(cursor..<last)
  }
}

/// The indexes of one range, then of another.
struct IndexRanges: Sequence, IteratorProtocol {
  private var current: Range<Int>
  private var following: Range<Int>

  init(_ first: Range<Int>, _ second: Range<Int> = 0..<0) {
    current = first
    following = second
  }

  @inline(__always)
  mutating func next() -> Int? {
    if current.isEmpty {
      guard !following.isEmpty else { return nil }
      current = following
      following = 0..<0
    }
    defer { current = current.index(after: current.lowerBound)..<current.upperBound }
    return current.lowerBound
  }
}

/// A sweep over a level's entries in grid order that visits each one's neighbours: the
/// entries in the 3 × 3 cells around it, itself included.
struct GridSweep {
  /// One of the three rows of cells around an entry.
  enum Row: CaseIterable {
    /// The row of cells above the entry's.
    case above
    /// The entry's own row of cells.
    case own
    /// The row of cells below the entry's.
    case below
  }

  private let grid: GridRows
  private var row = 0
  private var rows = 0...0
  private var cursors = (0, 0, 0)

  /// A sweep of the level whose rows are `grid`, before its first entry.
  init(_ grid: GridRows) {
    self.grid = grid
    if !grid.numbers.isEmpty {
      moveToRow(0)
    }
  }

  /// Moves to `entry`, at or after the entry moved to last.
  @inline(__always)
  mutating func move(to entry: Int) {
    guard entry >= grid.starts[row + 1] else { return }
    var next = row + 1
    while entry >= grid.starts[next + 1] { next += 1 }
    moveToRow(next)
  }

  private mutating func moveToRow(_ newRow: Int) {
    row = newRow
    rows = grid.neighbourRows(of: newRow)
    cursors = (grid.starts[rows.lowerBound], grid.starts[row], grid.starts[rows.upperBound])
  }

  /// The grid column of `x`.
  @inline(__always)
  func column(ofX x: UInt32) -> UInt64 {
    grid.column(ofX: x)
  }

  /// The entries around the current entry, whose column is `column`, in one of the three
  /// rows of cells around it (its own holds itself); `x` is the level's.
  @inline(__always)
  mutating func entries(in part: Row, column: UInt64, x: UnsafeBufferPointer<UInt32>)
    -> IndexRanges
  {
    switch part {
    case .above:
      guard rows.lowerBound < row else { return IndexRanges(0..<0) }
      return grid.entries(inRow: rows.lowerBound, besideColumn: column, cursor: &cursors.0, x: x)
    case .own:
      return grid.entries(inRow: row, besideColumn: column, cursor: &cursors.1, x: x)
    case .below:
      guard rows.upperBound > row else { return IndexRanges(0..<0) }
      return grid.entries(inRow: rows.upperBound, besideColumn: column, cursor: &cursors.2, x: x)
    }
  }
}
