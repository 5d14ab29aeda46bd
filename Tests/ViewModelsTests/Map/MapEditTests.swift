import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The map after an edit: markers made anew from the new catalog, even when its clusters are
/// those of the catalog before, sent as the difference, with where they split from and merged
/// into.
struct MapEditTests {
  @Test func aRenamedPlaceShowsItsNewNameOnTheMap() throws {
    let places = (0..<6).map {
      Place(
        id: PlaceID($0), name: "place \($0)",
        coordinate: .fixture(Double($0) * 20 - 50, Double($0) * 50 - 120))
    }
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: try MapCamera(centre: places[2].coordinate, zoom: 8),
      viewSize: .phone)
    let view = MapViewSpy()
    map.view = view
    #expect(view.shownMarkers[.place(PlaceID(2))]?.title == "place 2")

    try model.update(
      Place(id: PlaceID(2), name: "renamed", coordinate: places[2].coordinate))

    #expect(model.places.indexBuildCount == 0)  // The clusters of the catalog before.
    #expect(view.shownMarkers[.place(PlaceID(2))]?.title == "renamed")
    #expect(Set(view.shownMarkers.values) == Set(map.markers))
  }

  @Test func anEditOutOfViewSendsNothingAndOneInViewSendsItsMarker() throws {
    let near = (0..<4).map {
      Place(
        id: PlaceID($0), name: "near \($0)", coordinate: .fixture(10 + Double($0), 20))
    }
    let far = Place(id: 9, name: "far", coordinate: .fixture(-40, -100))
    let model = try PlacesModel(places: near + [far])
    let map = MapViewModel(
      model: model, camera: try MapCamera(centre: .fixture(11.5, 20), zoom: 5),
      viewSize: .phone)
    let view = MapViewSpy()
    map.view = view
    let start = view.commands.count
    let before = map.markers

    try model.update(Place(id: 9, name: "far", coordinate: .fixture(-40.5, -100.5)))
    #expect(view.commands.count == start)

    try model.update(Place(id: 1, name: "near 1", coordinate: .fixture(11, 20.5)))
    #expect(view.commands.count == start + 1)
    #expect(Set(view.shownMarkers.values) == Set(map.markers))
    #expect(map.markers != before)
  }

  /// The representative place of a marker: the place of a place's marker, the representative
  /// of a cluster.
  private static func representative(of id: MapMarker.ID) -> Place.ID {
    switch id {
    case .place(let place): place
    case .cluster(let cluster): cluster.representative
    }
  }

  /// The places of every marker on the map, by identity.
  private static func members(of map: MapViewModel) -> [MapMarker.ID: Set<Place.ID>] {
    Dictionary(
      uniqueKeysWithValues: map.markers.map {
        ($0.id, Set(map.placeIDs(inMarkerWithID: $0.id) ?? []))
      })
  }

  @Test(arguments: [21, 22, 23, 24] as [UInt64])
  func editsSendTheMarkersThatChangedNamingWhereTheySplitFromAndMergedInto(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var places = RandomMapScenes.catalog(count: 1_200, using: &generator)
    let model = try PlacesModel(places: places)
    let map = MapViewModel(model: model, camera: .world, viewSize: .phone)
    let view = MapStabilityTests.UpdateRecorder()
    map.view = view
    var nextID = 100_000
    for _ in 0..<16 {
      // An integral zoom keeps the level when the catalog changes.
      let zoom = Double(Int.random(in: 2...9, using: &generator))
      let centre = places[Int.random(in: 0..<places.count, using: &generator)]
      map.cameraChanged(to: .fixture(centre.coordinate, zoom: zoom), viewSize: .phone)
      let before = Self.members(of: map)
      let markersBefore = Dictionary(uniqueKeysWithValues: map.markers.map { ($0.id, $0) })
      let updatesBefore = view.updates.count

      // Near the centre, so the edit changes what is on screen.
      let near = places.filter {
        abs($0.coordinate.latitude - centre.coordinate.latitude) < 8
          && abs($0.coordinate.longitude - centre.coordinate.longitude) < 8
      }
      let target = near[Int.random(in: 0..<near.count, using: &generator)]
      let other = near[Int.random(in: 0..<near.count, using: &generator)]
      switch Int.random(in: 0..<3, using: &generator) {
      case 0:
        try model.update(
          Place(id: target.id, name: target.name, coordinate: other.coordinate))
      case 1 where places.count > 2:
        try model.remove(placeWithID: target.id)
      default:
        nextID += 1
        try model.insert(
          Place(id: PlaceID(nextID), name: "new \(nextID)", coordinate: other.coordinate))
      }
      places = Array(model.places)

      let after = Self.members(of: map)
      let markersAfter = Dictionary(uniqueKeysWithValues: map.markers.map { ($0.id, $0) })
      #expect(view.markers == markersAfter, "applying the updates gives the markers shown")
      guard view.updates.count > updatesBefore, let update = view.updates.last else { continue }
      // Only what changed is sent.
      for addition in update.added {
        #expect(markersBefore[addition.marker.id] != addition.marker)
      }
      for id in update.removedIDs {
        #expect(markersAfter[id] != markersBefore[id])
      }
      // An added marker names the marker shown before that held its representative place.
      for addition in update.added {
        let place = Self.representative(of: addition.marker.id)
        let holder = before.first { $0.value.contains(place) }?.key
        let expected = holder == addition.marker.id ? nil : holder.flatMap { markersBefore[$0] }
        #expect(addition.from == expected)
      }
      // A removed marker names the marker shown now that holds its representative place.
      for removal in update.removed {
        let place = Self.representative(of: removal.id)
        let holder = after.first { $0.value.contains(place) }?.key
        let expected = holder == removal.id ? nil : holder.flatMap { markersAfter[$0] }
        #expect(removal.into == expected)
      }
    }
  }

  // MARK: - The selected place's pair

  /// P and Q, close together, and X and Y, a little further east: selecting P (the more
  /// populous, its pair's representative) leaves Q's own marker for the pair.
  private static func pairScene(
    q: Place
  ) throws -> (model: PlacesModel, map: MapViewModel, view: MapStabilityTests.UpdateRecorder) {
    let places = [
      Place(id: 1, name: "P", coordinate: .fixture(0, 0), population: 1_000), q,
      Place(id: 3, name: "X", coordinate: .fixture(0, 1), population: 500),
      Place(id: 4, name: "Y", coordinate: .fixture(0, 1.1), population: 100),
    ]
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: .fixture(.fixture(0, 0), zoom: 8), viewSize: .phone)
    let view = MapStabilityTests.UpdateRecorder()
    map.view = view
    try model.select(1)
    return (model, map, view)
  }

  private static let qBesideP = Place(
    id: 2, name: "Q", coordinate: .fixture(0, 0.1), population: 10)
  private static let qBesideX = Place(
    id: 2, name: "Q", coordinate: .fixture(0, 1.05), population: 10)

  /// The marker of `place` on `map`: the one whose places include it.
  private static func marker(holding place: Place.ID, on map: MapViewModel) -> MapMarker? {
    map.markers.first { map.placeIDs(inMarkerWithID: $0.id)?.contains(place) == true }
  }

  @Test func aPlaceLeavingTheSelectedPlacesPairNamesTheClusterItJoined() throws {
    let (model, map, view) = try Self.pairScene(q: Self.qBesideP)
    #expect(map.markers.contains { $0.id == .place(2) })

    try model.update(Self.qBesideX)

    let update = try #require(view.updates.last)
    let removal = try #require(update.removed.first { $0.id == .place(2) })
    #expect(removal.into != nil)
    #expect(removal.into == Self.marker(holding: 2, on: map))
  }

  @Test func aPlaceJoiningTheSelectedPlacesPairNamesTheClusterItLeft() throws {
    let (model, map, view) = try Self.pairScene(q: Self.qBesideX)
    let holder = try #require(Self.marker(holding: 2, on: map))

    try model.update(Self.qBesideP)

    let update = try #require(view.updates.last)
    let addition = try #require(update.added.first { $0.marker.id == .place(2) })
    #expect(addition.from == holder)
  }
}
