import PlacesModel

/// One catalog as the list knows it: the places a `didChange(places:)` carried, their spatial
/// index and, once needed, their order by name.
///
/// Shared by the list's view model and every ``ListRows`` made from this catalog, so the name
/// order is sorted at most once per catalog.
final class ListCatalog {
  /// The places, in catalog order.
  let places: [Place]
  /// The spatial index of ``places``.
  let spatialIndex: SpatialIndex
  /// The model, to look identifiers up in while it still holds this catalog; held weakly, as
  /// rows a view keeps may outlive it.
  private weak var model: PlacesModel?
  private var nameOrderCache: NameOrder?

  /// The catalog of `places`, sharing the model's spatial index when the model holds these
  /// places, else indexing them anew.
  ///
  /// The model holds them unless another catalog was installed while this one's broadcast was
  /// queued; checking costs O(1) when the arrays share storage, as a broadcast's does.
  init(places: [Place], model: PlacesModel) {
    self.places = places
    self.model = model
    spatialIndex = model.places == places ? model.spatialIndex : SpatialIndex(places: places)
  }

  /// The positions of the places by name, and the row of each position, sorted on first use.
  var nameOrder: NameOrder {
    if let nameOrderCache { return nameOrderCache }
    let order = NameOrder(places)
    nameOrderCache = order
    return order
  }

  /// The position in ``places`` of the place with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(1) on average: the model's lookup, checked against these places, which
  ///   agree unless a newer catalog is queued behind this one; O(*n*) in that case only.
  func position(ofPlaceWithID id: Place.ID) -> Int? {
    if let position = model?.position(ofPlaceWithID: id), position < places.count,
      places[position].id == id
    {
      return position
    }
    return places.firstIndex { $0.id == id }
  }

  /// The row of the place at `position`, when it shows `distance` metres from the origin.
  func row(at position: Int, distance: Double?) -> ListRow {
    let place = places[position]
    return ListRow(id: place.id, name: place.name, country: place.country, distance: distance)
  }
}

/// The places of a catalog sorted by name, then by identifier.
struct NameOrder {
  /// The catalog positions, row by row.
  let positions: [Int32]
  /// The row of each catalog position.
  let rowByPosition: [Int32]

  /// Sorts `places` by name, then by identifier.
  ///
  /// Names compare with `String`'s `<`: by Unicode scalars of their canonical form, not by a
  /// locale's collation, so the order is the same everywhere.
  ///
  /// - Complexity: O(*n* log *n*).
  init(_ places: [Place]) {
    var positions = Array(0..<Int32(places.count))
    positions.sort { left, right in
      let leftPlace = places[Int(left)]
      let rightPlace = places[Int(right)]
      return leftPlace.name != rightPlace.name
        ? leftPlace.name < rightPlace.name : leftPlace.id < rightPlace.id
    }
    var rowByPosition = [Int32](repeating: 0, count: places.count)
    for (row, position) in positions.enumerated() {
      rowByPosition[Int(position)] = Int32(row)
    }
    self.positions = positions
    self.rowByPosition = rowByPosition
  }
}
