/// The rows of a catalog sorted by name, split by category.
///
/// For each category, the rows (in ``NameOrder``) of its places, ascending. A list shows the
/// rows of a ``CategoryFilter`` from them without sorting or scanning the catalog again: see
/// ``FilteredNameRows``. Built once per catalog, from the name order, when a filter first needs
/// it; an edit derives the runs of the edited catalog from these with ``applying(_:from:to:)``.
package struct CategoryNameRuns: Sendable {
  /// The categories, `nil` standing for the places without one, in the order first met.
  private var categoryList: [String?] = []
  /// The rows of the places of `categoryList[i]`, ascending.
  private var runs: [[Int32]] = []
  /// The number of rows of the name order.
  package private(set) var count: Int

  /// Splits the name order of `catalog` by category.
  ///
  /// - Complexity: O(*n*), after the name order is built.
  package init(catalog: PlaceCatalog) {
    count = catalog.count
    var last = -1
    var row: Int32 = 0
    for handle in catalog.nameOrder.handles {
      let category = catalog.place(withHandle: handle).category
      // Places of one category often follow each other; there are few categories.
      if last < 0 || categoryList[last] != category {
        last = index(of: category)
      }
      runs[last].append(row)
      row += 1
    }
  }

  /// The index of `category` in `categoryList`, added if new.
  private mutating func index(of category: String?) -> Int {
    if let index = categoryList.firstIndex(of: category) {
      return index
    }
    categoryList.append(category)
    runs.append([])
    return categoryList.count - 1
  }

  /// The categories of the catalog's places; `nil` stands for the places without one.
  package var categories: [String?] {
    categoryList.indices.filter { !runs[$0].isEmpty }.map { categoryList[$0] }
  }

  /// The number of places of `category` (`nil`: without a category).
  package func count(of category: String?) -> Int {
    categoryList.firstIndex(of: category).map { runs[$0].count } ?? 0
  }

  /// The rows of the places of `category`, ascending.
  package func rows(of category: String?) -> [Int32] {
    categoryList.firstIndex(of: category).map { runs[$0] } ?? []
  }

  /// The rows `filter` shows.
  ///
  /// - Complexity: O(*c*) for the *c* categories of the catalog.
  package func rows(shownBy filter: CategoryFilter) -> FilteredNameRows {
    FilteredNameRows(
      runs: categoryList.indices.filter { filter.shows(category: categoryList[$0]) }
        .map { runs[$0] }.filter { !$0.isEmpty },
      nameRowCount: count)
  }

  // MARK: - Edits

  /// The runs of `new`, which `changes` made from `old`, the catalog these runs are of.
  ///
  /// Each place removed, inserted, renamed or given another category leaves its row and takes
  /// its new one; every other row is renumbered past them, in one pass over each run. When no
  /// place left or took a row (moves, and updates that keep the name and the category), the
  /// runs are these, shared.
  ///
  /// - Complexity: O(*k*) for *k* places changed when none left or took a row; else O(*n* +
  ///   *c* *k*) for *c* categories, plus O(*k* log *n*) to find their rows. No place is read
  ///   but the changed ones.
  package func applying(
    _ changes: PlaceCatalogChanges, from old: PlaceCatalog, to new: PlaceCatalog
  ) -> CategoryNameRuns {
    var left: [(row: Int32, category: String?)] = []
    var joined: [(row: Int32, category: String?)] = []
    func leave(_ id: Place.ID, _ place: Place) {
      if let row = old.nameRow(ofPlaceWithID: id) { left.append((Int32(row), place.category)) }
    }
    func join(_ id: Place.ID, _ place: Place) {
      if let row = new.nameRow(ofPlaceWithID: id) { joined.append((Int32(row), place.category)) }
    }
    for id in changes.removed {
      if let place = old.place(withID: id) { leave(id, place) }
    }
    for id in changes.inserted {
      if let place = new.place(withID: id) { join(id, place) }
    }
    for id in changes.updated {
      guard let before = old.place(withID: id), let after = new.place(withID: id),
        before.name != after.name || before.category != after.category
      else { continue }
      leave(id, before)
      join(id, after)
    }
    // A move keeps every row: nothing to renumber, and no copy of the runs.
    if left.isEmpty && joined.isEmpty && new.count == count { return self }
    let leftRows = left.map(\.row).sorted()
    let joinedRows = joined.map(\.row).sorted()
    var edited = self
    edited.count = new.count
    for index in edited.runs.indices {
      let category = edited.categoryList[index]
      let leaving = Set(left.lazy.filter { $0.category == category }.map(\.row))
      edited.runs[index] = Self.renumbered(
        runs[index], leaving: leaving, leftRows: leftRows, joinedRows: joinedRows)
    }
    for (row, category) in joined.sorted(by: { $0.row < $1.row }) {
      let index = edited.index(of: category)
      let run = edited.runs[index]
      edited.runs[index].insert(row, at: run.indices.partitioningIndex { run[$0] > row })
    }
    return edited
  }

  /// The rows of `run` but those `leaving`, each renumbered from the old order, which loses
  /// `leftRows`, to the new, which gains `joinedRows`: both ascending.
  private static func renumbered(
    _ run: [Int32], leaving: Set<Int32>, leftRows: [Int32], joinedRows: [Int32]
  ) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(run.count)
    var leftBefore = 0
    var joinedBefore = 0
    for row in run where !leaving.contains(row) {
      while leftBefore < leftRows.count, leftRows[leftBefore] < row { leftBefore += 1 }
      // The row among the places that stay, then past the rows that joined before it.
      var newRow = Int(row) - leftBefore
      while joinedBefore < joinedRows.count, Int(joinedRows[joinedBefore]) <= newRow + joinedBefore
      {
        joinedBefore += 1
      }
      newRow += joinedBefore
      result.append(Int32(newRow))
    }
    return result
  }
}
