import PlacesModel

/// The edits of a live catalog, drawn at random with a fixed seed: 60% moves of up to 0.05
/// degrees, 20% renames, 10% inserts of new identifiers, 10% removes of identifiers in the
/// catalog, as a fleet of vehicles or a feed of corrections makes them.
///
/// The generator tracks the identifiers its edits leave in the catalog, so that every edit it
/// makes is valid for the catalog the edits before it made.
struct RandomEdits {
  /// What the mix is, for the figures' notes.
  static let mix =
    "60% moves of up to 0.05 degrees, 20% renames, 10% inserts of new ids, 10% removes of "
    + "ids in the catalog"

  private var generator: SplitMix64
  /// The identifiers in the catalog, as the edits made so far leave it.
  private var liveIDs: [Place.ID]
  private var nextID: Int64 = 10_000_000_000

  /// A generator for edits of a catalog holding `ids`, seeded with `seed`.
  init(ids: [Place.ID], seed: UInt64) {
    generator = SplitMix64(seed: seed)
    liveIDs = ids
  }

  /// The next edit of `catalog`, the catalog the edits made so far left; `pending` holds the
  /// places edited since `catalog` was made, by identifier (a removed one maps to `nil`), for
  /// edits gathered into one batch.
  mutating func next(
    of catalog: PlaceCatalog, pending: inout [Place.ID: Place?]
  ) throws -> PlaceEdit {
    let roll = Int.random(in: 0..<10, using: &generator)
    if roll < 8 || liveIDs.count < 2 {
      let id = liveIDs[Int.random(in: liveIDs.indices, using: &generator)]
      let current = pending[id].map { $0 } ?? catalog.place(withID: id)
      guard let place = current else { throw RandomEditsError.lostTrack(id) }
      let other = catalog[Int.random(in: catalog.indices, using: &generator)]
      let changed = roll < 6 ? moved(place) : renamed(place, after: other)
      pending[id] = changed
      return .update(changed)
    } else if roll == 8 {
      let near = catalog[Int.random(in: catalog.indices, using: &generator)]
      let place = inserted(id: PlaceID(nextID), near: near)
      nextID += 1
      liveIDs.append(place.id)
      pending[place.id] = place
      return .insert(place)
    } else {
      let index = Int.random(in: liveIDs.indices, using: &generator)
      let id = liveIDs[index]
      liveIDs.swapAt(index, liveIDs.count - 1)
      liveIDs.removeLast()
      pending[id] = .some(nil)
      return .remove(id)
    }
  }

  /// The next edit of `catalog`, the catalog every edit made so far left.
  mutating func next(of catalog: PlaceCatalog) throws -> PlaceEdit {
    var pending: [Place.ID: Place?] = [:]
    return try next(of: catalog, pending: &pending)
  }

  /// A move of a random place of `catalog` by up to 0.05 degrees, the generator's moves alone.
  mutating func nextMove(of catalog: PlaceCatalog) -> PlaceEdit {
    .update(moved(catalog[Int.random(in: catalog.indices, using: &generator)]))
  }

  // MARK: - Changes

  /// `place` moved by up to 0.05 degrees each way, as a vehicle or a corrected position moves.
  private mutating func moved(_ place: Place) -> Place {
    Place(
      id: place.id, name: place.name, coordinate: coordinate(near: place.coordinate),
      category: place.category, country: place.country, population: place.population)
  }

  /// `place` with a new name, made from the start of `other`'s and a number.
  private mutating func renamed(_ place: Place, after other: Place) -> Place {
    Place(
      id: place.id, name: newName(after: other), coordinate: place.coordinate,
      category: place.category, country: place.country, population: place.population)
  }

  /// A new place with identifier `id`, a new name and a coordinate near `near`.
  private mutating func inserted(id: PlaceID, near: Place) -> Place {
    Place(
      id: id, name: newName(after: near), coordinate: coordinate(near: near.coordinate),
      category: near.category, country: near.country,
      population: Bool.random(using: &generator)
        ? nil : Int.random(in: 1..<100_000, using: &generator))
  }

  /// A name made now, as one read from the network is: the first 24 characters of `place`'s
  /// and a number from 1 to 999.
  private mutating func newName(after place: Place) -> String {
    "\(place.name.prefix(24)) \(Int.random(in: 1..<1_000, using: &generator))"
  }

  /// A valid coordinate up to 0.05 degrees from `coordinate` each way, clamped to the globe.
  private mutating func coordinate(near coordinate: Coordinate) -> Coordinate {
    let latitude = coordinate.latitude + Double.random(in: -0.05...0.05, using: &generator)
    let longitude = coordinate.longitude + Double.random(in: -0.05...0.05, using: &generator)
    return
      (try? Coordinate(
        latitude: min(max(latitude, -90), 90), longitude: min(max(longitude, -180), 180)))
      ?? coordinate
  }
}

/// A failure of the random edits' own bookkeeping.
enum RandomEditsError: Error, CustomStringConvertible {
  /// The generator named a place the catalog does not hold.
  case lostTrack(Place.ID)

  var description: String {
    switch self {
    case .lostTrack(let id): "the random edits lost track of place \(id)"
    }
  }
}
