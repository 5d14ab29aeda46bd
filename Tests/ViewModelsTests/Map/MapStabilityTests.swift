import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The map's markers hold still while panning, say how they split and merge when the zoom
/// level changes, and keep their spacing: checked on random catalogs with fixed seeds.
struct MapStabilityTests {
  /// A map view that keeps its markers and records every update.
  final class UpdateRecorder: MapViewDelegate {
    private(set) var markers: [MapMarker.ID: MapMarker] = [:]
    private(set) var updates: [MapMarkerUpdate] = []

    func moveCamera(to camera: MapCamera, animated: Bool) {}
    func showMarkers(_ markers: [MapMarker]) {
      self.markers = Dictionary(uniqueKeysWithValues: markers.map { ($0.id, $0) })
    }
    func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
      Issue.record("the map view model sends updates with their lineage")
    }
    func updateMarkers(_ update: MapMarkerUpdate) {
      updates.append(update)
      for id in update.removedIDs { markers[id] = nil }
      for marker in update.addedMarkers { markers[marker.id] = marker }
    }
    func selectMarker(id: Place.ID) {}
    func deselectMarker(id: Place.ID) {}
    func showUserLocation(_ coordinate: Coordinate) {}
    func hideUserLocation() {}
  }

  /// A map of `count` random places with a recording view, looking at the world.
  private static func scene(
    seed: UInt64, count: Int = 1_500
  ) -> (model: PlacesModel, map: MapViewModel, view: UpdateRecorder, places: [Place]) {
    var generator = SplitMix64(seed: seed)
    let places = RandomMapScenes.catalog(count: count, using: &generator)
    let model = PlacesModel(catalog: PlaceCatalog(unchecked: places))
    let map = MapViewModel(model: model, camera: .world, viewSize: .phone)
    let view = UpdateRecorder()
    map.view = view
    return (model, map, view, places)
  }

  /// The places of every marker on the map, by identity.
  private static func members(of map: MapViewModel) -> [MapMarker.ID: Set<Place.ID>] {
    Dictionary(
      uniqueKeysWithValues: map.markers.map {
        ($0.id, Set(map.placeIDs(inMarkerWithID: $0.id) ?? []))
      })
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aPanChangesNoMarkerThatStaysOnScreen(seed: UInt64) {
    let (_, map, view, places) = Self.scene(seed: seed)
    var generator = SplitMix64(seed: seed &+ 100)
    for _ in 0..<12 {
      let zoom = Double(Int.random(in: 3...11, using: &generator))
      let centre = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
      map.cameraChanged(to: .fixture(centre, zoom: zoom), viewSize: .phone)
      for _ in 0..<8 {
        let before = Dictionary(uniqueKeysWithValues: map.markers.map { ($0.id, $0) })
        let updatesBefore = view.updates.count
        let panned = MapViewport(camera: map.camera, size: .phone).panned(
          byX: MapSize.phone.width * 0.02, y: Double.random(in: -20...20, using: &generator))

        map.cameraChanged(to: panned.camera, viewSize: .phone)

        let after = Dictionary(uniqueKeysWithValues: map.markers.map { ($0.id, $0) })
        for (id, marker) in after {
          if let old = before[id] {
            #expect(old == marker, "a marker on screen before and after the pan changed")
          }
        }
        // Applying the update to the markers before gives the markers after.
        #expect(view.markers == after)
        for update in view.updates.dropFirst(updatesBefore) {
          #expect(update.splitCount == 0 && update.mergedCount == 0)
          let staying = Set(before.keys).intersection(after.keys)
          #expect(staying.isDisjoint(with: update.removedIDs))
        }
      }
    }
  }

  @Test(arguments: [(4, 1), (5, 1), (6, 3), (7, 5)] as [(UInt64, Int)])
  func zoomingNamesWhereMarkersSplitFromAndMergeInto(seed: UInt64, levels: Int) {
    let (_, map, view, places) = Self.scene(seed: seed)
    var generator = SplitMix64(seed: seed &+ 200)
    for _ in 0..<10 {
      let zoom = Double(Int.random(in: 2...8, using: &generator))
      let centre = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
      // From the whole world: a jump of several levels, which takes floor(zoom) at once.
      map.cameraChanged(to: .world, viewSize: .phone)
      map.cameraChanged(to: .fixture(centre, zoom: zoom), viewSize: .phone)
      let outer = Self.members(of: map)
      let outerMarkers = Dictionary(uniqueKeysWithValues: map.markers.map { ($0.id, $0) })

      // In: every added marker whose places were in a marker shown names that marker.
      let updatesBefore = view.updates.count
      map.cameraChanged(
        to: .fixture(centre, zoom: zoom + Double(levels) + 0.3), viewSize: .phone)
      let inner = Self.members(of: map)
      let zoomIn = view.updates.count > updatesBefore ? view.updates.last : nil
      for addition in zoomIn?.added ?? [] {
        let places = inner[addition.marker.id] ?? []
        let holder = outer.first { !places.isEmpty && places.isSubset(of: $0.value) }
        if let holder, holder.key != addition.marker.id {
          #expect(addition.from == outerMarkers[holder.key])
          #expect((addition.from?.count ?? 0) >= addition.marker.count)
        } else {
          #expect(addition.from == nil)
        }
      }

      // Out again: every removed marker whose places are in a marker now shown names it.
      let innerMarkers = Dictionary(uniqueKeysWithValues: map.markers.map { ($0.id, $0) })
      let updatesBeforeOut = view.updates.count
      map.cameraChanged(to: .fixture(centre, zoom: zoom), viewSize: .phone)
      let back = Self.members(of: map)
      let zoomOut = view.updates.count > updatesBeforeOut ? view.updates.last : nil
      for removal in zoomOut?.removed ?? [] {
        let places = inner[removal.id] ?? []
        let holder = back.first { !places.isEmpty && places.isSubset(of: $0.value) }
        if let holder, holder.key != removal.id {
          #expect(removal.into?.id == holder.key)
          #expect((removal.into?.count ?? 0) >= (innerMarkers[removal.id]?.count ?? 0))
        }
      }
      #expect(Set(back.keys) == Set(outer.keys))
    }
  }

  @Test(arguments: [8, 9] as [UInt64])
  func markersKeepTheRadiusApartAtFractionalZooms(seed: UInt64) {
    let (_, map, _, places) = Self.scene(seed: seed)
    var generator = SplitMix64(seed: seed &+ 300)
    for _ in 0..<40 {
      let zoom = Double.random(in: 0...15, using: &generator)
      let centre = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
      map.cameraChanged(to: .fixture(centre, zoom: zoom), viewSize: .phone)
      let viewport = MapViewport(camera: map.camera, size: .phone)
      let points = map.markers.map { viewport.point(for: $0.coordinate) }
      for first in points.indices {
        for second in points.indices where second > first {
          #expect(
            points[first].distance(to: points[second]) >= map.options.radius - 0.5,
            "two markers closer than the radius at zoom \(zoom)")
        }
      }
    }
  }

  @Test func aPinchAcrossALevelBoundaryDoesNotFlap() {
    let (_, map, view, _) = Self.scene(seed: 10)
    let centre = Coordinate.fixture(20, 10)
    map.cameraChanged(to: .fixture(centre, zoom: 3.9), viewSize: .phone)
    let atThree = Set(map.markers.map(\.id))
    let updatesBefore = view.updates.count

    for zoom in [4.05, 3.95, 4.1, 3.98, 4.2] {
      map.cameraChanged(to: .fixture(centre, zoom: zoom), viewSize: .phone)
      // Below 4.25 the level stays 3: the markers are level 3's in the (smaller) view.
      #expect(Set(map.markers.map(\.id)).isSubset(of: atThree), "flapped at \(zoom)")
    }
    #expect(view.updates.dropFirst(updatesBefore).allSatisfy { $0.splitCount == 0 })
    map.cameraChanged(to: .fixture(centre, zoom: 4.3), viewSize: .phone)
    #expect(view.updates.last?.splitCount ?? 0 > 0)
  }

  @Test func theSelectedPlaceLeavesItsClusterAndRejoinsIt() throws {
    let (model, map, _, places) = Self.scene(seed: 11)
    map.cameraChanged(to: .fixture(.fixture(20, 10), zoom: 1), viewSize: .phone)
    let cluster = try #require(map.markers.filter(\.isCluster).max { $0.count < $1.count })
    let member = try #require(map.placeIDs(inMarkerWithID: cluster.id)?.first)

    try model.select(member)
    let reduced = try #require(map.markers.first { $0.id == cluster.id })
    let selected = map.markers.first { $0.id == .place(member) }
    let reducedPlaces = map.placeIDs(inMarkerWithID: cluster.id) ?? []

    model.deselect()
    let restored = map.markers.first { $0.id == cluster.id }

    // It keeps its identity and shows one fewer while its place, alone, is selected.
    #expect(reduced.count == cluster.count - 1)
    #expect(reducedPlaces.count == cluster.count - 1 && !reducedPlaces.contains(member))
    #expect(selected?.count == 1)
    #expect(restored == cluster || map.camera.centre != cluster.coordinate)
    #expect(restored?.count == cluster.count)
    // The reduced cluster sits at the exact mean of the others, in fixed point.
    let anchor = WebMercator.position(of: cluster.coordinate)
    let others = places.filter { reducedPlaces.contains($0.id) }
      .map { WebMercator.position(of: $0.coordinate) }
    let dx = others.reduce(Int64(0)) { $0 + Int64(Int32(bitPattern: $1.x &- anchor.x)) }
    let count = Int64(others.count)
    let x = Int64(anchor.x) + (dx / count - (dx % count < 0 ? 1 : 0))
    let y = others.reduce(UInt64(0)) { $0 + UInt64($1.y) } / UInt64(others.count)
    let mean = (UInt32(truncatingIfNeeded: x), UInt32(y))
    #expect(reduced.coordinate == WebMercator.coordinate(ofUnit: mean))
  }

  @Test func theAntimeridianThePolesAndAnEmptyViewWork() {
    let (_, map, _, places) = Self.scene(seed: 12)
    for camera in [
      MapCamera.fixture(.fixture(0, 180), zoom: 3), .fixture(.fixture(0, -179.9), zoom: 6),
      .fixture(.fixture(85, 0), zoom: 2), .fixture(.fixture(-85, 120), zoom: 4),
    ] {
      map.cameraChanged(to: camera, viewSize: .phone)
      let counted = map.markers.reduce(0) { $0 + $1.count }
      #expect(counted <= places.count)
    }
    let empty = MapViewModel(model: PlacesModel(), camera: .world, viewSize: .phone)
    empty.cameraChanged(to: .fixture(.fixture(0, 180), zoom: 5), viewSize: .phone)
    #expect(empty.markers.isEmpty)
  }

  @Test func aClusterKnowsItsRepresentativeCategoriesAndSplitZoom() throws {
    let places = [
      Place(
        id: 1, name: "Small", coordinate: .fixture(48.85, 2.35), category: "town", population: 10),
      Place(
        id: 2, name: "Big", coordinate: .fixture(48.86, 2.36), category: "city", population: 900),
      Place(id: 3, name: "Other", coordinate: .fixture(48.87, 2.34), category: "city"),
    ]
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: .fixture(.fixture(48.86, 2.35), zoom: 3), viewSize: .phone)
    let cluster = try #require(map.markers.first { $0.isCluster })
    guard case .cluster(let id) = cluster.id else { return }

    let summary = try #require(map.cluster(withID: id))

    #expect(summary.representative.id == 2)
    #expect(id.representative == 2)
    #expect(summary.countsByCategory == ["city": 2, "town": 1])
    #expect(summary.splitZoom > 3)
    let alone = try #require(map.zoomAlone(ofPlaceWithID: 1))
    #expect(alone >= summary.splitZoom)
  }
}

extension PlaceCatalog {
  /// The catalog of `places`, which the test knows to have unique identifiers.
  fileprivate init(unchecked places: [Place]) {
    do {
      try self.init(places)
    } catch {
      preconditionFailure("a test catalog repeats an identifier: \(error)")
    }
  }
}
