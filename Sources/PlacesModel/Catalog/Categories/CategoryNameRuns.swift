/// The rows of a catalog sorted by name, split by category.
///
/// For each category, the rows (in ``NameOrder``) of its places, ascending. A list shows the
/// rows of a ``CategoryFilter`` from them without sorting or scanning the catalog again: see
/// ``FilteredNameRows``.
///
/// Built once per catalog, from the name order, when a filter first needs it.
package struct CategoryNameRuns: Sendable {
  /// The rows of each category's places, ascending; the key `nil` holds the places without a
  /// category.
  private let rowsOfCategory: [String?: [Int32]]
  /// The number of rows of the name order.
  package let count: Int

  /// Splits the name order of `catalog` by category.
  ///
  /// - Complexity: O(*n*), after the name order is built.
  package init(catalog: PlaceCatalog) {
    var rowsOfCategory: [String?: [Int32]] = [:]
    var lastCategory: String?? = .none
    var run: [Int32] = []
    // Consecutive rows of one category are gathered before one dictionary write.
    for (row, handle) in catalog.nameOrder.handles.enumerated() {
      let category = catalog.place(withHandle: handle).category
      if let last = lastCategory, last != category {
        rowsOfCategory[last, default: []].append(contentsOf: run)
        run.removeAll(keepingCapacity: true)
      }
      lastCategory = .some(category)
      run.append(Int32(row))
    }
    if let last = lastCategory {
      rowsOfCategory[last, default: []].append(contentsOf: run)
    }
    self.rowsOfCategory = rowsOfCategory
    count = catalog.count
  }

  /// The categories of the catalog's places; `nil` stands for the places without one.
  package var categories: some Collection<String?> { rowsOfCategory.keys }

  /// The number of places of `category` (`nil`: without a category).
  package func count(of category: String?) -> Int {
    rowsOfCategory[category]?.count ?? 0
  }

  /// The rows of the places of `category`, ascending.
  package func rows(of category: String?) -> [Int32] {
    rowsOfCategory[category] ?? []
  }

  /// The rows `filter` shows.
  ///
  /// - Complexity: O(*c*) for the *c* categories of the catalog.
  package func rows(shownBy filter: CategoryFilter) -> FilteredNameRows {
    FilteredNameRows(
      runs: rowsOfCategory.filter { filter.shows(category: $0.key) }.values.filter { !$0.isEmpty },
      nameRowCount: count)
  }
}
