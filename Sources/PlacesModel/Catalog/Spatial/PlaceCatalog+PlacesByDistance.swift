extension PlaceCatalog {
  /// The catalog's places in order of distance from `origin`, nearest first, each with its
  /// great-circle distance in metres; places at the same distance come in catalog order.
  ///
  /// The places are found as they are read, from the catalog's spatial index (built once per
  /// catalog, on first use, or derived from the catalog an edit came from): nothing sorts the
  /// catalog, so reading the first rows of a list "near here" costs little more than those
  /// rows. The order and distances are those of the list's rows by distance
  /// (`ListViewModel` in `ViewModels`), from any origin, without changing the user's location.
  ///
  /// - Complexity: O(log *n*) to start and O(log *n*) amortised per place read, after the
  ///   spatial index is built.
  public func placesByDistance(from origin: Coordinate) -> PlacesByDistance {
    PlacesByDistance(catalog: self, neighbours: spatialIndex.neighbours(of: origin))
  }
}

/// The places of a catalog in order of distance from a point, nearest first, produced as they
/// are read: see ``PlaceCatalog/placesByDistance(from:)``.
///
/// It is its own iterator; copies iterate independently.
public struct PlacesByDistance: Sequence, IteratorProtocol, Sendable {
  /// A place and its great-circle distance from the origin, in metres.
  public typealias Element = (place: Place, distance: Double)

  private let catalog: PlaceCatalog
  private var neighbours: CatalogSpatialIndex.Neighbours

  init(catalog: PlaceCatalog, neighbours: CatalogSpatialIndex.Neighbours) {
    self.catalog = catalog
    self.neighbours = neighbours
  }

  /// The next place out from the origin, with its distance; `nil` after the farthest.
  ///
  /// - Complexity: O(log *n*) amortised.
  public mutating func next() -> Element? {
    guard let neighbour = neighbours.next() else { return nil }
    return (catalog[neighbour.position], neighbour.distance)
  }
}
