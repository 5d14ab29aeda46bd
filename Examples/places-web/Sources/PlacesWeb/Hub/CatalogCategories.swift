import PlacesModel

/// The distinct categories of a catalog, sorted, each with its number of places, and the
/// number of places without a category: what a page's filter offers.
package struct CatalogCategories: Equatable, Sendable {
  /// The number of places of each category.
  private var countByName: [String: Int]
  /// The number of places without a category.
  package private(set) var uncategorized: Int

  /// The categories, sorted by name, with the number of places of each.
  package var counts: [(name: String, count: Int)] {
    countByName.sorted { $0.key < $1.key }.map { (name: $0.key, count: $0.value) }
  }

  /// The categories of `catalog`.
  ///
  /// - Complexity: O(*n*) for *n* places.
  package init(of catalog: PlaceCatalog) {
    countByName = [:]
    uncategorized = 0
    for place in catalog {
      count(place.category, by: 1)
    }
  }

  /// The categories of `revision`'s catalog, these being those of its base: only the places
  /// it changed are counted again.
  ///
  /// - Complexity: O(*c*) for *c* places changed.
  package func following(_ revision: PlaceCatalogRevision) -> CatalogCategories {
    var next = self
    let changes = revision.changes
    for id in changes.removed + changes.updated {
      if let place = revision.base.place(withID: id) { next.count(place.category, by: -1) }
    }
    for id in changes.inserted + changes.updated {
      if let place = revision.catalog.place(withID: id) { next.count(place.category, by: 1) }
    }
    return next
  }

  /// Adds `delta` places to `category` (`nil`: without a category); a category left with
  /// none is dropped.
  private mutating func count(_ category: String?, by delta: Int) {
    guard let category else {
      uncategorized += delta
      return
    }
    let count = countByName[category, default: 0] + delta
    countByName[category] = count > 0 ? count : nil
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
