import PlacesModel
import ViewModels

/// A run of places in code order, `lower..<upper`, on the copy of the world `wraps` widths
/// east of the square.
struct MemberRange {
  var lower: Int
  var upper: Int
  var wraps: Int64
}

/// One grid cell's places in the region, before merging.
struct ClusterCandidate {
  var level: Int
  var column: UInt64
  var row: UInt64
  /// 1 when the cell already gave a candidate in a piece further west, else 0.
  var copy = 0
  var count = 0
  var sumX: UInt64 = 0
  var sumY: UInt64 = 0
  var wraps: Int64
  /// The candidate's runs: `ranges[firstRange..<endRange]` of the query.
  var firstRange: Int
  var endRange: Int
}

/// One query of a ``MapClusterIndex``: finds the grid cells in the region and clips them to it.
struct ClusterQuery {
  let index: MapClusterIndex
  let frame: ViewportFrame
  /// The grid level whose cells are at least a radius wide at the zoom; when not clustering,
  /// 0, and every run becomes markers of single places.
  let cellLevel: Int
  /// The index in code order of the place kept out of clusters, if any.
  let unclustered: Int?

  /// The cells with places in the region, each clipped to them: per piece, in Z-order.
  private(set) var candidates: [ClusterCandidate] = []
  /// The runs of the candidates.
  private(set) var ranges: [MemberRange] = []
  /// Whether the unclustered place lies in the region.
  private(set) var unclusteredIsInRegion = false
  /// The copy of the world the unclustered place was found on.
  private(set) var unclusteredWraps: Int64 = 0

  init(index: MapClusterIndex, frame: ViewportFrame, cellLevel: Int, unclustered: Int?) {
    self.index = index
    self.frame = frame
    self.cellLevel = cellLevel
    self.unclustered = unclustered
  }

  /// Collects the candidates of every piece of the region, west to east, each in Z-order.
  mutating func run() {
    guard index.count > 0 else { return }
    // At most two pieces: the view is narrower than the world, or one piece covers it.
    var eastStart = 0
    let descent = index.withStorage { storage in
      var descent = Descent(
        storage: storage, frame: frame, cellLevel: cellLevel, unclustered: unclustered)
      for piece in frame.pieces {
        eastStart = descent.candidates.count
        descent.visit(piece: piece)
      }
      return descent.finished()
    }
    candidates = descent.candidates
    ranges = descent.ranges
    unclusteredIsInRegion = descent.unclusteredIsInRegion
    unclusteredWraps = descent.unclusteredWraps
    if frame.pieces.count == 2 {
      markSecondCopies(west: 0..<eastStart, east: eastStart..<candidates.count)
    }
    if frame.isWide {
      placeOnNearestCopies()
    }
  }

  /// Marks the candidates of `east` whose cell also gave one of `west`: a view almost as wide
  /// as the world meets such a cell at both its edges.
  private mutating func markSecondCopies(west: Range<Int>, east: Range<Int>) {
    var westCells = Set<UInt64>()
    for index in west {
      westCells.insert(
        MortonCode.code(x: UInt32(candidates[index].column), y: UInt32(candidates[index].row)))
    }
    for index in east
    where westCells.contains(
      MortonCode.code(x: UInt32(candidates[index].column), y: UInt32(candidates[index].row)))
    {
      candidates[index].copy = 1
    }
  }

  /// Moves each candidate of a view wider than the world to the copy of the world whose
  /// version of its mean position is nearest the camera's centre, so that it is in view.
  private mutating func placeOnNearestCopies() {
    for index in candidates.indices {
      let candidate = candidates[index]
      let meanX = Double(candidate.sumX) / Double(candidate.count)
      let wraps = Int64(((frame.centreX - meanX) / WebMercator.worldSize).rounded())
      candidates[index].wraps = wraps
      for range in candidate.firstRange..<candidate.endRange {
        ranges[range].wraps = wraps
      }
    }
  }
}

/// The descent of the quadtree for one query, over the index's storage, which it may use only
/// while the storage is lent.
///
/// Nodes outside the region are skipped without looking at their places; nodes inside it are
/// taken whole from the prefix sums; nodes that cross its edge are split until they are
/// inside or outside, or small enough to test place by place.
private struct Descent {
  /// Below this many places, a node that crosses the region's edge is scanned place by place:
  /// about what one binary search costs.
  private static let scanLimit = 48

  private var storage: IndexStorage?
  let frame: ViewportFrame
  let cellLevel: Int
  let unclustered: Int?

  private(set) var candidates: [ClusterCandidate] = []
  private(set) var ranges: [MemberRange] = []
  private(set) var unclusteredIsInRegion = false
  private(set) var unclusteredWraps: Int64 = 0

  private var wraps: Int64 = 0
  private var west: UInt64 = 0
  private var east: UInt64 = 0
  private let north: UInt64
  private let south: UInt64
  /// The candidate being filled, or -1 above the cell level.
  private var current = -1

  init(storage: IndexStorage, frame: ViewportFrame, cellLevel: Int, unclustered: Int?) {
    self.storage = storage
    self.frame = frame
    self.cellLevel = cellLevel
    self.unclustered = unclustered
    north = UInt64(frame.north)
    south = UInt64(frame.south)
  }

  /// Collects the candidates of `piece`.
  mutating func visit(piece: ViewportFrame.Piece) {
    guard let storage else { return }
    wraps = piece.wraps
    west = UInt64(piece.west)
    east = UInt64(piece.east)
    visit(
      level: 0, column: 0, row: 0, lower: 0, upper: storage.codes.count, storage: storage)
  }

  /// The descent with the storage given back, to keep the results after the loan ends.
  consuming func finished() -> Descent {
    storage = nil
    return self
  }

  private mutating func visit(
    level: Int, column: UInt64, row: UInt64, lower: Int, upper: Int, storage: IndexStorage
  ) {
    guard lower < upper else { return }
    if level == cellLevel {
      current = candidates.count
      candidates.append(
        ClusterCandidate(
          level: level, column: column, row: row, wraps: wraps, firstRange: ranges.count,
          endRange: ranges.count))
    }
    let side = UInt64(1) << UInt64(32 - level)
    let nodeWest = column &* side
    let nodeNorth = row &* side
    let isInside =
      nodeWest >= west && nodeWest &+ side &- 1 <= east && nodeNorth >= north
      && nodeNorth &+ side &- 1 <= south
    if level >= cellLevel && isInside {
      add(lower, upper, storage: storage)
    } else if isInside && cellLevel <= storage.tableLevel {
      addCells(level: level, column: column, row: row, storage: storage)
    } else if level >= cellLevel && (upper - lower <= Self.scanLimit || level == 32) {
      scan(lower, upper, storage: storage)
    } else {
      visitChildren(
        level: level, column: column, row: row, lower: lower, upper: upper, storage: storage)
    }
    if level == cellLevel {
      if candidates[current].count == 0 {
        candidates.removeLast()
      }
      current = -1
    }
  }

  private mutating func visitChildren(
    level: Int, column: UInt64, row: UInt64, lower: Int, upper: Int, storage: IndexStorage
  ) {
    let childLevel = level + 1
    let side = UInt64(1) << UInt64(32 - childLevel)
    // `position` is at or before the start of the next child; `isKnown` says it is exact.
    var position = lower
    var isKnown = true
    for quadrant in 0..<UInt64(4) {
      let childColumn = column << 1 | quadrant & 1
      let childRow = row << 1 | quadrant >> 1
      let childWest = childColumn &* side
      let childNorth = childRow &* side
      guard childWest &+ side &- 1 >= west, childWest <= east,
        childNorth &+ side &- 1 >= north, childNorth <= south
      else {
        isKnown = false
        continue
      }
      let childLower =
        isKnown
        ? position
        : storage.start(
          level: childLevel, column: childColumn, row: childRow, within: position, upper)
      var childUpper = upper
      if quadrant < 3 {
        let nextColumn = column << 1 | (quadrant + 1) & 1
        let nextRow = row << 1 | (quadrant + 1) >> 1
        childUpper = storage.start(
          level: childLevel, column: nextColumn, row: nextRow, within: childLower, upper)
      }
      visit(
        level: childLevel, column: childColumn, row: childRow, lower: childLower,
        upper: childUpper, storage: storage)
      position = childUpper
      isKnown = true
    }
  }

  /// Adds the cells of the cell level inside the node at `level`, `column`, `row`, which lies
  /// wholly in the region, reading their bounds from the table instead of descending.
  private mutating func addCells(level: Int, column: UInt64, row: UInt64, storage: IndexStorage) {
    let depth = cellLevel - level
    let firstCell = Int(MortonCode.code(x: UInt32(column), y: UInt32(row))) << (2 * depth)
    let shift = 2 * (storage.tableLevel - cellLevel)
    for cell in firstCell..<firstCell + 1 << (2 * depth) {
      let lower = Int(storage.table[cell << shift])
      let upper = Int(storage.table[(cell + 1) << shift])
      guard lower < upper else { continue }
      current = candidates.count
      candidates.append(
        ClusterCandidate(
          level: cellLevel, column: UInt64(MortonCode.x(of: UInt64(cell))),
          row: UInt64(MortonCode.y(of: UInt64(cell))), wraps: wraps, firstRange: ranges.count,
          endRange: ranges.count))
      add(lower, upper, storage: storage)
      if candidates[current].count == 0 {
        candidates.removeLast()
      }
    }
    current = -1
  }

  /// Adds the places `lower..<upper`, all in the region, to the current candidate.
  private mutating func add(_ lower: Int, _ upper: Int, storage: IndexStorage) {
    if let unclustered, lower <= unclustered, unclustered < upper {
      unclusteredIsInRegion = true
      unclusteredWraps = wraps
      addRun(lower, unclustered, storage: storage)
      addRun(unclustered + 1, upper, storage: storage)
    } else {
      addRun(lower, upper, storage: storage)
    }
  }

  /// Adds those of the places `lower..<upper` that lie in the region, run by run.
  private mutating func scan(_ lower: Int, _ upper: Int, storage: IndexStorage) {
    var runStart = -1
    for place in lower..<upper {
      let x = storage.x(at: place)
      let y = storage.y(at: place)
      let isIn = x >= west && x <= east && y >= north && y <= south
      if isIn, runStart < 0 {
        runStart = place
      } else if !isIn, runStart >= 0 {
        add(runStart, place, storage: storage)
        runStart = -1
      }
    }
    if runStart >= 0 {
      add(runStart, upper, storage: storage)
    }
  }

  private mutating func addRun(_ lower: Int, _ upper: Int, storage: IndexStorage) {
    guard lower < upper, current >= 0 else { return }
    candidates[current].sumX &+= storage.sumsX[upper] &- storage.sumsX[lower]
    candidates[current].sumY &+= storage.sumsY[upper] &- storage.sumsY[lower]
    let candidate = candidates[current]
    if candidate.endRange > candidate.firstRange, ranges[ranges.count - 1].upper == lower {
      ranges[ranges.count - 1].upper = upper
    } else {
      ranges.append(MemberRange(lower: lower, upper: upper, wraps: wraps))
      candidates[current].endRange = ranges.count
    }
    candidates[current].count += upper - lower
  }
}
