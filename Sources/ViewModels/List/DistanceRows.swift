import PlacesModel

/// The places of one catalog in order of distance from one origin, found as rows are read.
///
/// Rows are kept in runs: stretches of consecutive rows, each grown outwards and inwards from
/// the row it started at by the spatial index's enumerations, so reading the rows a screen
/// shows, then scrolling either way, costs O(log *n*) per row. A run starts at row 0, at the
/// anchor (a row already known, such as the selected place's, whose rank was counted for the
/// highlight), or, for a jump far from both and from every run, at a row found by selection.
final class DistanceRows {
  /// How many runs are kept; the one used least recently goes first.
  private static let maximumRuns = 4

  let catalog: PlaceCatalog
  let origin: Coordinate
  private var runs: [Run] = []
  /// A row whose place is known: where a run may start without a selection.
  private var anchor: (row: Int, neighbour: CatalogSpatialIndex.Neighbour)?

  init(catalog: PlaceCatalog, origin: Coordinate) {
    self.catalog = catalog
    self.origin = origin
  }

  var count: Int { catalog.count }

  /// The place at `row` and its distance.
  ///
  /// - Precondition: `0 <= row < count`.
  func neighbour(atRow row: Int) -> CatalogSpatialIndex.Neighbour {
    if let found = runs.indices.first(where: { runs[$0].covers(row) }) {
      return runs[use(found)].neighbour(atRow: row)
    }
    if let near = runs.indices.first(where: { runs[$0].reaches(row) }) {
      return grow(use(near), to: row)
    }
    return grow(startRun(for: row), to: row)
  }

  /// The row of the place at catalog `position`.
  ///
  /// - Complexity: O(1) when it is the anchor, else a rank count, after which it is.
  func row(ofPosition position: Int) -> Int {
    if let anchor, anchor.neighbour.position == position {
      return anchor.row
    }
    let coordinate = catalog[position].coordinate
    let row = catalog.spatialIndex.distanceRank(ofPosition: position, at: coordinate, from: origin)
    anchor = (
      row,
      CatalogSpatialIndex.Neighbour(position: position, distance: origin.distance(to: coordinate))
    )
    return row
  }

  // MARK: - Runs

  /// Moves the run at `index` to the back, as the most recently used, and returns its new index.
  private func use(_ index: Int) -> Int {
    let run = runs.remove(at: index)
    runs.append(run)
    return runs.count - 1
  }

  private func grow(_ index: Int, to row: Int) -> CatalogSpatialIndex.Neighbour {
    runs[index].grow(toCover: row, in: catalog.spatialIndex, from: origin)
    return runs[index].neighbour(atRow: row)
  }

  /// Starts a run from which `row` is near enough to grow, and returns its index: at the
  /// anchor, else at row 0, else at `row` itself, found by selection.
  private func startRun(for row: Int) -> Int {
    let index = catalog.spatialIndex
    let run: Run
    if let anchor, abs(anchor.row - row) <= runReach {
      run = Run(first: anchor.row, neighbour: anchor.neighbour)
    } else if row <= runReach {
      run = Run(first: 0, enumeration: index.neighbours(of: origin))
    } else {
      run = Run(first: row, enumeration: index.neighbours(of: origin, fromRank: row))
    }
    if runs.count == Self.maximumRuns {
      runs.removeFirst()
    }
    runs.append(run)
    return runs.count - 1
  }
}

/// How far past either end of a run a read still grows the run instead of starting another.
private let runReach = 512

/// Consecutive rows of a distance order, with the enumerations that extend them either way.
private struct Run {
  /// The row of `after[0]`.
  private let first: Int
  /// Rows `first`, `first + 1`, … in order.
  private var after: [CatalogSpatialIndex.Neighbour] = []
  /// Rows `first - 1`, `first - 2`, … in that order.
  private var before: [CatalogSpatialIndex.Neighbour] = []
  /// Produces the rows after the last of `after`; made when first needed.
  private var outwards: CatalogSpatialIndex.Neighbours?
  /// Produces the rows before the last of `before`; made when first needed.
  private var inwards: CatalogSpatialIndex.Neighbours?

  /// A run of the one row `first`, whose place is `neighbour`.
  init(first: Int, neighbour: CatalogSpatialIndex.Neighbour) {
    self.first = first
    after = [neighbour]
  }

  /// A run starting at row `first`, whose rows `enumeration` produces in order.
  init(first: Int, enumeration: CatalogSpatialIndex.Neighbours) {
    self.first = first
    outwards = enumeration
  }

  private var start: Int { first - before.count }
  private var end: Int { first + after.count }

  func covers(_ row: Int) -> Bool {
    (start..<end).contains(row)
  }

  /// Whether `row` is close enough past either end to grow the run to it.
  func reaches(_ row: Int) -> Bool {
    (start - runReach..<end + runReach).contains(row)
  }

  func neighbour(atRow row: Int) -> CatalogSpatialIndex.Neighbour {
    row >= first ? after[row - first] : before[first - 1 - row]
  }

  mutating func grow(toCover row: Int, in index: CatalogSpatialIndex, from origin: Coordinate) {
    while row >= end {
      if outwards == nil, let last = after.last {
        outwards = index.neighbours(of: origin, after: last)
      }
      guard let next = outwards?.next() else { return }
      after.append(next)
    }
    while row < start {
      if inwards == nil, let last = before.last ?? after.first {
        inwards = index.neighbours(of: origin, before: last)
      }
      guard let next = inwards?.next() else { return }
      before.append(next)
    }
  }
}
