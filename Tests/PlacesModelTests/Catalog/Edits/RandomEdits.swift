import PlacesModel
import PlacesModelTestSupport

/// Random batches of valid edits, repeatable from a seed, with the places a naive array model
/// holds after each: the reference the catalog's answers are checked against.
struct RandomEdits {
  private var generator: SplitMix64
  private var nextID: Int64 = 1_000_000
  /// The places after the batches made so far, in the order ``PlaceCatalog/applying(_:)``
  /// promises.
  private(set) var places: [Place]

  init(places: [Place], seed: UInt64) {
    self.places = places
    generator = SplitMix64(seed: seed)
  }

  /// A batch of 1 to `maximumCount` edits valid in order, applied to ``places``.
  mutating func nextBatch(maximumCount: Int) -> [PlaceEdit] {
    let before = places
    live = places
    var edits: [PlaceEdit] = []
    for _ in 0..<Int.random(in: 1...maximumCount, using: &generator) {
      edits.append(nextEdit())
    }
    places = Self.reference(before, edits)
    return edits
  }

  /// The places `edits` leave, by the documented order, computed naively: old places in
  /// place, new ones after them in the order of their first insertion.
  static func reference(_ places: [Place], _ edits: [PlaceEdit]) -> [Place] {
    var kept: [Place?] = places
    var newPlaces: [Place.ID: Place] = [:]
    var newOrder: [Place.ID] = []
    for edit in edits {
      switch edit {
      case .insert(let place), .update(let place):
        if let index = places.firstIndex(where: { $0.id == place.id }) {
          kept[index] = place
        } else {
          if !newOrder.contains(place.id) { newOrder.append(place.id) }
          newPlaces[place.id] = place
        }
      case .remove(let id):
        newPlaces[id] = nil
        if let index = places.firstIndex(where: { $0.id == id }) {
          kept[index] = nil
        }
      }
    }
    return kept.compactMap { $0 } + newOrder.compactMap { newPlaces[$0] }
  }

  // MARK: - Edits

  private var live: [Place] = []

  private mutating func nextEdit() -> PlaceEdit {
    let choice = Int.random(in: 0..<10, using: &generator)
    if choice < 3 || live.isEmpty {
      nextID += 1
      let place = Place(
        id: PlaceID(nextID), name: randomName(), coordinate: randomCoordinate(),
        population: Int.random(in: 0...1000, using: &generator))
      live.append(place)
      return .insert(place)
    }
    let index = Int.random(in: 0..<live.count, using: &generator)
    let old = live[index]
    switch choice {
    case 3..<5:
      live.remove(at: index)
      return .remove(old.id)
    case 5..<7:
      let moved = Place(
        id: old.id, name: old.name, coordinate: randomCoordinate(), category: old.category,
        country: old.country, population: old.population)
      live[index] = moved
      return .update(moved)
    case 7..<9:
      let renamed = Place(
        id: old.id, name: randomName(), coordinate: old.coordinate, category: old.category,
        country: old.country, population: old.population)
      live[index] = renamed
      return .update(renamed)
    default:
      live[index] = old
      return .update(old)  // No change.
    }
  }

  private mutating func randomName() -> String {
    let syllables = ["sa", "o", "pau", "lo", "stock", "holm", "ber", "lin", "ma", "ri", "é"]
    let words = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
      (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        syllables.randomElement(using: &generator) ?? "a"
      }.joined()
    }
    return words.joined(separator: " ")
  }

  private mutating func randomCoordinate() -> Coordinate {
    Coordinate.fixture(
      Double.random(in: -90...90, using: &generator),
      Double.random(in: -180...180, using: &generator))
  }
}
