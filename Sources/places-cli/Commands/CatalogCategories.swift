import PlacesModel
import ViewModels

/// The categories of a catalog, to tell a filter that names a category no place has (a
/// misspelling, another case, a space after a comma) which categories there are.
struct CatalogCategories {
  /// The catalog's categories, read once.
  private let names: Set<String>
  /// Whether some place of the catalog has no category.
  private let hasNone: Bool
  /// The catalog they were read from.
  let catalog: PlaceCatalog

  /// The categories of `catalog`'s places.
  ///
  /// - Complexity: O(*n*) for *n* places.
  init(of catalog: PlaceCatalog) {
    var names: Set<String> = []
    var hasNone = false
    for place in catalog {
      if let category = place.category {
        names.insert(category)
      } else {
        hasNone = true
      }
    }
    self.names = names
    self.hasNone = hasNone
    self.catalog = catalog
  }

  /// The message saying which categories `filter` shows that no place has, with the
  /// catalog's own (at most 20 named), without the tool's name or a line feed; `nil` when
  /// every category it names has places.
  ///
  /// - Complexity: O(*c* log *c*) for the catalog's *c* categories.
  func message(for filter: CategoryFilter) -> String? {
    guard let shown = filter.shownCategories else { return nil }
    var unknown = shown.subtracting(names).sorted().map { "'\($0.escapedForMessage())'" }
    if filter.showsUncategorized && !hasNone { unknown.append("(none)") }
    guard !unknown.isEmpty else { return nil }
    var known = names.sorted().map { "'\($0.escapedForMessage())'" }
    if hasNone { known.append("(none)") }
    let listed = known.count > 20 ? known.prefix(20) + ["and \(known.count - 20) more"] : known
    let categories =
      listed.isEmpty
      ? "the places have no categories"
      : "the categories are " + listed.joined(separator: ", ")
    let named = unknown.count == 1 ? "the category" : "the categories"
    return "no place has \(named) \(unknown.joined(separator: ", ")); \(categories) "
      + "(names are compared exactly, case and spaces included)"
  }
}
