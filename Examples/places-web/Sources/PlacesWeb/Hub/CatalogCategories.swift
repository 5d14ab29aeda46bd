import PlacesModel

/// The distinct categories of a catalog, sorted, each with its number of places, and the
/// number of places without a category: what a page's filter offers.
package struct CatalogCategories: Equatable, Sendable {
  /// The categories, sorted by name, with the number of places of each.
  package let counts: [(name: String, count: Int)]
  /// The number of places without a category.
  package let uncategorized: Int

  /// The categories of `catalog`.
  ///
  /// - Complexity: O(*n* + *k* log *k*) for *n* places of *k* categories.
  package init(of catalog: PlaceCatalog) {
    var counts: [String: Int] = [:]
    var uncategorized = 0
    for place in catalog {
      if let category = place.category {
        counts[category, default: 0] += 1
      } else {
        uncategorized += 1
      }
    }
    self.counts = counts.sorted { $0.key < $1.key }.map { (name: $0.key, count: $0.value) }
    self.uncategorized = uncategorized
  }

  package static func == (left: CatalogCategories, right: CatalogCategories) -> Bool {
    left.uncategorized == right.uncategorized
      && left.counts.elementsEqual(right.counts) { $0.name == $1.name && $0.count == $1.count }
  }
}

extension Outbox {
  /// Writes `categories`: `categories`, an array of `name` and `count`, sorted by name, then
  /// `uncategorized`, the number of places without a category.
  func sendCategories(_ categories: CatalogCategories) {
    send("categories") { writer in
      writer.key("categories")
      writer.beginArray()
      for category in categories.counts {
        writer.beginObject()
        writer.member("name", category.name)
        writer.member("count", category.count)
        writer.endObject()
      }
      writer.endArray()
      writer.member("uncategorized", categories.uncategorized)
    }
  }
}
