/// Which places a view shows, by their ``Place/category``: every place, or only the places of
/// the categories named (and, if asked, the places without a category).
///
/// A filter is a value the map, the list and search apply when they read what the catalog
/// already built: changing it builds no index again. Categories are compared exactly, as
/// the data spells them (`city` and `City` are two categories).
public struct CategoryFilter: Hashable, Sendable, CustomStringConvertible {
  /// The categories shown, or `nil` when every place is shown.
  public let shownCategories: Set<String>?
  /// Whether places without a category are shown; `true` when every place is shown.
  public let showsUncategorized: Bool

  /// The filter that shows every place, whatever its category.
  public static let all = CategoryFilter(shownCategories: nil, showsUncategorized: true)

  /// A filter showing only the places whose category is one of `categories`, and, when
  /// `includingUncategorized` is `true`, the places without a category.
  ///
  /// An empty `categories` without `includingUncategorized` shows no place at all.
  public init(showing categories: some Sequence<String>, includingUncategorized: Bool = false) {
    self.init(shownCategories: Set(categories), showsUncategorized: includingUncategorized)
  }

  private init(shownCategories: Set<String>?, showsUncategorized: Bool) {
    self.shownCategories = shownCategories
    self.showsUncategorized = showsUncategorized
  }

  /// Whether every place is shown, whatever its category.
  public var showsEveryPlace: Bool { shownCategories == nil }

  /// Whether a place of `category` (`nil`: without a category) is shown.
  public func shows(category: String?) -> Bool {
    guard let shownCategories else { return true }
    guard let category else { return showsUncategorized }
    return shownCategories.contains(category)
  }

  /// Whether `place` is shown.
  public func shows(_ place: Place) -> Bool {
    shows(category: place.category)
  }

  /// `all`, or the categories shown, sorted and separated by commas, with `(none)` last when
  /// places without a category are shown: `airport,city`.
  public var description: String {
    guard let shownCategories else { return "all" }
    let names = shownCategories.sorted() + (showsUncategorized ? ["(none)"] : [])
    return names.joined(separator: ",")
  }
}
