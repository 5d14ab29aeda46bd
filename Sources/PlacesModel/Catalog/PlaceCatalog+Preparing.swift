import Dispatch

/// An index of a catalog that is built on first use, which ``PlaceCatalog/prepareIndexes(_:)``
/// can build ahead.
package enum CatalogIndexKind: CaseIterable, Sendable {
  /// The map's cluster hierarchy with the standard radius and deepest level.
  case clusterHierarchy
  /// The list's order by name.
  case nameOrder
  /// The index of folded names, for search.
  case nameIndex
  /// The spatial index.
  case spatialIndex

  /// What a first screen showing the map and the list by name reads.
  package static var firstScreen: [CatalogIndexKind] { [.clusterHierarchy, .nameOrder] }
}

extension PlaceCatalog {
  /// Builds every index of the catalog that is not built yet, so that no later query waits
  /// for one, and returns when all are built.
  ///
  /// The indexes are built at the same time, one a thread on as many cores as the system
  /// gives (the map's cluster hierarchy and the list's order by name start first, as a first
  /// screen reads them; the cluster hierarchy finishes each of its levels on one more thread
  /// while it merges the next). Each index is an immutable value, built once under a lock of
  /// its own, so building them at once changes none of them.
  ///
  /// Safe to call from any thread, and more than once: each index is still built once, and a
  /// query that asks for an index while it is being built waits for that build.
  ///
  /// - Complexity: O(*n* log *n*) work the first time, spread over the cores; O(1) after.
  public func prepareIndexes() {
    prepareIndexes(CatalogIndexKind.allCases)
  }

  /// Builds the indexes of `kinds` that are not built yet, at the same time, and returns
  /// when all are built; see ``prepareIndexes()``.
  package func prepareIndexes(_ kinds: [CatalogIndexKind]) {
    let storage = storage
    if kinds.count == 1, let kind = kinds.first {
      storage.build(kind)
      return
    }
    DispatchQueue.concurrentPerform(iterations: kinds.count) { index in
      storage.build(kinds[index])
    }
  }
}

extension CatalogStorage {
  /// Builds the index of `kind`, if it is not built yet.
  fileprivate func build(_ kind: CatalogIndexKind) {
    switch kind {
    case .clusterHierarchy:
      _ = clusterHierarchy(
        radius: PlaceCatalog.standardClusterRadius,
        maximumLevel: PlaceCatalog.standardClusterMaximumLevel)
    case .nameOrder: _ = nameOrder
    case .nameIndex: _ = nameIndex
    case .spatialIndex: _ = spatialIndex
    }
  }
}
