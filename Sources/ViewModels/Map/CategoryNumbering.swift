/// Numbers for categories, given in the order they are first seen, so that a composition
/// (``CategoryComposition``) names a category by a small number rather than by its name.
///
/// The category asked last is checked first (places read in a row mostly share one); then a
/// short table is searched in order (most catalogs have a few categories, whose names compare
/// faster than they hash); a long one is looked up by name.
struct CategoryNumbering {
  /// The categories, by number.
  private(set) var names: [String?] = []
  /// The number of each category of ``names``, once there are more than
  /// ``categoriesSearchedInOrder``.
  private var numbers: [String?: Int] = [:]

  /// The most categories ``number(of:)`` searches in order.
  private static let categoriesSearchedInOrder = 16

  /// The category asked last, and its number.
  private var last: (category: String?, number: Int)?

  /// The number of `category`, given on first sight.
  mutating func number(of category: String?) -> Int {
    if let last, last.category == category { return last.number }
    let number = lookUp(category)
    last = (category, number)
    return number
  }

  /// The number of `category`, given on first sight, found without the last one asked.
  private mutating func lookUp(_ category: String?) -> Int {
    if names.count <= Self.categoriesSearchedInOrder {
      if let number = names.firstIndex(of: category) { return number }
    } else if let number = numbers[category] {
      return number
    }
    numbers[category] = names.count
    names.append(category)
    return names.count - 1
  }
}
