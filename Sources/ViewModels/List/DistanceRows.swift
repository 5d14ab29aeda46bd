import PlacesModel

/// The places of one catalog in order of distance from one origin, found as rows are read.
///
/// Rows are kept in runs: stretches of consecutive rows, each grown outwards and inwards from
/// the row it started at by the spatial index's enumerations, so reading the rows a screen
/// shows, then scrolling either way, costs O(log *n*) per row. A run starts at row 0, at the
/// anchor (a row already known, such as the selected place's, whose rank was counted for the
/// highlight), or, for a jump far from both and from every run, at a row found by selection.
///
/// Under a ``CategoryFilter`` that hides some places, the runs skip the hidden places as they
/// grow, so reading on costs O(log *n*) per place passed, shown or not; the spatial index
/// cannot select by a rank among the shown places, so a jump far from every run grows the
/// nearest run before it up to the row, and a place's row is counted over the catalog, O(*n*).
final class DistanceRows {
  /// How many runs are kept; the one used least recently goes first.
  private static let maximumRuns = 4

  let catalog: PlaceCatalog
  let origin: Coordinate
  /// The places shown.
  let filter: CategoryFilter
  /// The number of places `filter` shows.
  let count: Int
  private var runs: [Run] = []
  /// A row whose place is known: where a run may start without a selection.
  private var anchor: (row: Int, neighbour: CatalogSpatialIndex.Neighbour)?
  /// Where rank counts keep the haversines they measure, shared with the rows of the
  /// catalogs before and after this one (see ``/PlacesModel/SpatialDistanceMemo``).
  private let memo: SpatialDistanceMemo?

  /// The rows of the places of `catalog` that `filter` shows, `count` of them, nearest
  /// `origin` first; rank counts keep what they measure in `memo`, when given.
  init(
    catalog: PlaceCatalog, origin: Coordinate, filter: CategoryFilter = .all, count: Int,
    memo: SpatialDistanceMemo? = nil
  ) {
    self.catalog = catalog
    self.origin = origin
    self.filter = filter
    self.count = count
    self.memo = memo
  }

  /// The rows of every place of `catalog`, nearest `origin` first.
  convenience init(catalog: PlaceCatalog, origin: Coordinate) {
    self.init(catalog: catalog, origin: origin, count: catalog.count)
  }

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
    if !filter.showsEveryPlace,
      let below = runs.indices.filter({ runs[$0].end <= row }).max(by: {
        runs[$0].end < runs[$1].end
      }), anchor.map({ $0.row > row || $0.row < runs[below].end }) ?? true
    {
      return grow(use(below), to: row)
    }
    return grow(startRun(for: row), to: row)
  }

  /// The row of the place at catalog `position`, which `filter` must show.
  ///
  /// - Complexity: O(1) when it is the anchor, else a rank count, after which it is: O(√*n*)
  ///   in the spatial index (O(log *n*) once `memo` holds the index sorted from `origin`), or
  ///   O(*n*) under a filter that hides places.
  func row(ofPosition position: Int) -> Int {
    if let anchor, anchor.neighbour.position == position {
      return anchor.row
    }
    let coordinate = catalog[position].coordinate
    let row =
      filter.showsEveryPlace
      ? catalog.spatialIndex.distanceRank(
        ofPosition: position, at: coordinate, from: origin, memo: memo)
      : shownRank(ofPosition: position, at: coordinate)
    setAnchor(row: row, position: position, coordinate: coordinate)
    return row
  }

  /// The rows of the place at catalog `position` before and after the edit that made this
  /// catalog by moving it from `old` and changing nothing else: every place kept its position,
  /// and `filter` shows every place.
  ///
  /// - Complexity: One walk of the spatial index for both rows (see
  ///   ``/PlacesModel/CatalogSpatialIndex/distanceRanks(ofPosition:movedFrom:to:from:memo:)``),
  ///   about the cost of ``row(ofPosition:)`` when the place moved a little.
  func rows(ofPosition position: Int, movedFrom old: Coordinate) -> (old: Int, new: Int) {
    let coordinate = catalog[position].coordinate
    let rows = catalog.spatialIndex.distanceRanks(
      ofPosition: position, movedFrom: old, to: coordinate, from: origin, memo: memo)
    setAnchor(row: rows.new, position: position, coordinate: coordinate)
    return rows
  }

  /// Makes `row` the anchor: the row of the place at catalog `position` and `coordinate`.
  private func setAnchor(row: Int, position: Int, coordinate: Coordinate) {
    anchor = (
      row,
      CatalogSpatialIndex.Neighbour(position: position, distance: origin.distance(to: coordinate))
    )
  }

  /// The number of shown places nearer `origin` than the place at `position` and
  /// `coordinate`, or as near and before it in the catalog: the order of the spatial index.
  private func shownRank(ofPosition position: Int, at coordinate: Coordinate) -> Int {
    let distance = origin.distance(to: coordinate)
    var rank = 0
    for (other, place) in catalog.enumerated() where filter.shows(place) {
      let otherDistance = origin.distance(to: place.coordinate)
      if otherDistance < distance || (otherDistance == distance && other < position) {
        rank += 1
      }
    }
    return rank
  }

  // MARK: - Runs

  /// Moves the run at `index` to the back, as the most recently used, and returns its new index.
  private func use(_ index: Int) -> Int {
    let run = runs.remove(at: index)
    runs.append(run)
    return runs.count - 1
  }

  private func grow(_ index: Int, to row: Int) -> CatalogSpatialIndex.Neighbour {
    let catalog = catalog
    let filter = filter
    runs[index].grow(toCover: row, in: catalog.spatialIndex, from: origin) {
      filter.showsEveryPlace || filter.shows(catalog[$0.position])
    }
    return runs[index].neighbour(atRow: row)
  }

  /// Starts a run from which `row` is near enough to grow, and returns its index: at the
  /// anchor, else at row 0, else at `row` itself, found by selection; under a filter that hides
  /// places, at the nearest row known before `row` (or row 0) instead of a selection.
  private func startRun(for row: Int) -> Int {
    let index = catalog.spatialIndex
    let run: Run
    if let anchor, abs(anchor.row - row) <= runReach {
      run = Run(first: anchor.row, neighbour: anchor.neighbour)
    } else if !filter.showsEveryPlace {
      if let anchor, anchor.row < row {
        run = Run(first: anchor.row, neighbour: anchor.neighbour)
      } else {
        run = Run(first: 0, enumeration: index.neighbours(of: origin))
      }
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
  /// The row after the run's last.
  var end: Int { first + after.count }

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

  /// Grows the run until it covers `row`, taking only the places `isShown` accepts.
  mutating func grow(
    toCover row: Int, in index: CatalogSpatialIndex, from origin: Coordinate,
    isShown: (CatalogSpatialIndex.Neighbour) -> Bool
  ) {
    while row >= end {
      if outwards == nil, let last = after.last {
        outwards = index.neighbours(of: origin, after: last)
      }
      guard let next = outwards?.next() else { return }
      if isShown(next) {
        after.append(next)
      }
    }
    while row < start {
      if inwards == nil, let last = before.last ?? after.first {
        inwards = index.neighbours(of: origin, before: last)
      }
      guard let next = inwards?.next() else { return }
      if isShown(next) {
        before.append(next)
      }
    }
  }
}
