import Foundation
import MapBenchSupport
import PlacesModel
import PlacesModelTestSupport
import Testing
import ViewModelTestSupport
import ViewModels

/// The map under a category filter and with clustering by category, against brute force:
/// every place of a shown category in view counted by exactly one marker, no hidden place
/// counted, clusters at the exact mean of the places they count, lineage on a filter change,
/// nothing sent on a pan that brings nothing into view.
struct MapCategoryFilterTests {
  static let categories = ["cafe", "museum", "station", "park"]

  /// Random places (see ``RandomMapScenes``), each given one of ``categories`` or none.
  static func catalog(count: Int, using generator: inout SplitMix64) -> [Place] {
    MapCoverageTests.chainingCatalog(using: &generator).prefix(count).map { place in
      let pick = Int.random(in: 0...categories.count, using: &generator)
      return Place(
        id: place.id, name: place.name, coordinate: place.coordinate,
        category: pick < categories.count ? categories[pick] : nil,
        population: Int.random(in: 0...5, using: &generator))
    }
  }

  static func randomFilter(using generator: inout SplitMix64) -> CategoryFilter {
    if Int.random(in: 0..<6, using: &generator) == 0 { return .all }
    return CategoryFilter(
      showing: categories.filter { _ in Bool.random(using: &generator) },
      includingUncategorized: Bool.random(using: &generator))
  }

  /// A model of `places` and a phone-sized map of the world over it, its view an
  /// ``UpdateSpy``.
  static func spiedMap(of places: [Place], clustersByCategory: Bool) throws -> (
    model: PlacesModel, map: MapViewModel, spy: UpdateSpy
  ) {
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: .world, viewSize: .phone,
      options: MapClusterOptions.standard.clusteringByCategory(clustersByCategory))
    let spy = UpdateSpy()
    map.view = spy
    return (model, map, spy)
  }

  /// What is wrong with `map`'s markers under its filter, `places` being its catalog's, in order:
  /// each message names a broken promise.
  static func problems(in map: MapViewModel, places: [Place]) -> [String] {
    let filter = map.categoryFilter
    let byID = Dictionary(uniqueKeysWithValues: places.map { ($0.id, $0) })
    let position = Dictionary(uniqueKeysWithValues: places.enumerated().map { ($1.id, $0) })
    let shown = places.filter { filter.shows($0) }
    var problems: [String] = []
    let wrong = MapPlaceCounts(markersOf: map, size: .phone, places: shown).miscounted
    if !wrong.isEmpty { problems.append("\(wrong.count) shown places counted other than once") }
    for marker in map.markers {
      let ids = map.placeIDs(inMarkerWithID: marker.id) ?? []
      let members = ids.compactMap { byID[$0] }
      if members.contains(where: { !filter.shows($0) }) && marker.placeID != map.selectedItem {
        problems.append("\(marker.id) counts a hidden place")
      }
      guard marker.isCluster else { continue }
      if members.count != marker.count {
        problems.append("\(marker.id) says \(marker.count), holds \(members.count)")
      }
      // Named by the most populous place it counts, then the first in catalog order (the
      // selected place's cluster keeps its entry's name).
      if case .cluster(let cluster) = marker.id, cluster.representative != map.selectedItem,
        let named = members.min(by: {
          ($0.population ?? 0, position[$1.id] ?? 0) > ($1.population ?? 0, position[$0.id] ?? 0)
        }), named.id != cluster.representative
      {
        problems.append("\(marker.id) is named for another place than \(named.id)")
      }
      let positions = members.map { WebMercator.position(of: $0.coordinate) }
      let xs = positions.map(\.x)
      // The brute-force mean is taken on one copy of the world: clusters across the
      // antimeridian are left to the hierarchy's own tests.
      guard let low = xs.min(), let high = xs.max(), high - low < 1 << 30, !positions.isEmpty
      else { continue }
      let meanX = positions.reduce(UInt64(0)) { $0 + UInt64($1.x) } / UInt64(positions.count)
      let meanY = positions.reduce(UInt64(0)) { $0 + UInt64($1.y) } / UInt64(positions.count)
      let mean = WebMercator.coordinate(ofUnit: (UInt32(meanX), UInt32(meanY)))
      if marker.coordinate != mean {
        problems.append("\(marker.id) at \(marker.coordinate), its places' mean \(mean)")
      }
    }
    return problems
  }

  @Test(arguments: [false, true], [11, 12, 13] as [UInt64])
  func everyShownPlaceInViewIsCountedOnceUnderRandomFilters(
    clustersByCategory: Bool, seed: UInt64
  ) throws {
    var generator = SplitMix64(seed: seed)
    let places = Self.catalog(count: 900, using: &generator)
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: .world, viewSize: .phone,
      options: MapClusterOptions.standard.clusteringByCategory(clustersByCategory))
    var filters = SplitMix64(seed: seed + 100)
    try MapCoverageTests.walk(map, model: model, places: places, steps: 120, using: &generator) {
      step in
      if Int.random(in: 0..<3, using: &filters) == 0 {
        map.categoryFilter = Self.randomFilter(using: &filters)
      }
      let problems = Self.problems(in: map, places: places)
      #expect(problems.isEmpty, "\(step) under \(map.categoryFilter): \(problems.prefix(3))")
    }
  }

  @Test(arguments: [false, true], [21, 22] as [UInt64])
  func everyShownPlaceInViewIsCountedOnceAfterEdits(clustersByCategory: Bool, seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var places = Self.catalog(count: 700, using: &generator)
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: .world, viewSize: .phone,
      options: MapClusterOptions.standard.clusteringByCategory(clustersByCategory))
    map.categoryFilter = Self.randomFilter(using: &generator)
    for round in 0..<15 {
      for _ in 0..<8 {
        let index = Int.random(in: 0..<places.count, using: &generator)
        let old = places[index]
        let pick = Int.random(in: 0...Self.categories.count, using: &generator)
        let moved = Place(
          id: old.id, name: old.name,
          coordinate: .fixture(
            min(
              max(old.coordinate.latitude + Double.random(in: -3...3, using: &generator), -85), 85),
            min(
              max(old.coordinate.longitude + Double.random(in: -3...3, using: &generator), -180),
              180)),
          // Now and then a category the catalog never had: a new group.
          category: pick < Self.categories.count
            ? (round == 7 ? "market" : Self.categories[pick]) : nil,
          population: old.population)
        try model.update(moved)
        places[index] = moved
      }
      map.categoryFilter = Self.randomFilter(using: &generator)
      try MapCoverageTests.walk(map, model: model, places: places, steps: 8, using: &generator) {
        step in
        let problems = Self.problems(in: map, places: places)
        #expect(problems.isEmpty, "round \(round) \(step): \(problems.prefix(3))")
      }
    }
  }

  /// With a filter kept on one hierarchy, the compositions read for it are carried from
  /// catalog to catalog: after each edit (a move, a new category or population, an insert, a
  /// removal), every map shows exactly the markers of a map made afresh over the same catalog,
  /// camera and filter, which reads every composition anew.
  @Test(arguments: [71, 72, 73, 74] as [UInt64])
  func compositionsCarriedAcrossEditsShowWhatAFreshMapShows(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var places = Self.catalog(count: 600, using: &generator)
    let model = try PlacesModel(places: places)
    let filter = CategoryFilter(showing: ["cafe", "station"], includingUncategorized: true)
    let cameras =
      [MapCamera.world]
      + (0..<3).map { _ in
        MapCamera.fixture(
          places[Int.random(in: 0..<places.count, using: &generator)].coordinate,
          zoom: Double.random(in: 1...9, using: &generator))
      }
    let maps = cameras.map { camera in
      let map = MapViewModel(model: model, camera: camera, viewSize: .phone)
      map.categoryFilter = filter
      return map
    }
    // Every map against a map made afresh over the same catalog, camera and filter.
    func check(step: Int) {
      for (map, camera) in zip(maps, cameras) {
        let fresh = MapViewModel(model: model, camera: camera, viewSize: .phone)
        fresh.categoryFilter = filter
        let shown = Set(map.markers)
        let expected = Set(fresh.markers)
        #expect(
          shown == expected,
          """
          step \(step) at \(camera): \(shown.subtracting(expected).prefix(2)) shown, \
          \(expected.subtracting(shown).prefix(2)) expected
          """)
        let problems = Self.problems(in: map, places: places)
        #expect(problems.isEmpty, "step \(step) at \(camera): \(problems.prefix(3))")
      }
    }
    var nextID = 1_000_000
    for step in 0..<TestSize.steps(200) {
      let index = Int.random(in: 0..<places.count, using: &generator)
      let old = places[index]
      if step % 50 == 49 {
        // A batch past ``ClusterCompositions/adjustedPlaceLimit``: the compositions on the
        // edited paths are dropped, and those a removal changed are caught by their sums.
        var edits: [PlaceEdit] = []
        var edited = Set<Place.ID>()
        for _ in 0..<300 {
          let pick = Int.random(in: 0..<places.count, using: &generator)
          guard edited.insert(places[pick].id).inserted else { continue }
          let place = places[pick]
          if Int.random(in: 0..<10, using: &generator) == 0 {
            edits.append(.remove(place.id))
            continue
          }
          let moved = Place(
            id: place.id, name: place.name,
            coordinate: .fixture(
              min(max(place.coordinate.latitude + 0.5, -85), 85), place.coordinate.longitude),
            category: Self.categories[Int.random(in: 0..<Self.categories.count, using: &generator)],
            population: place.population)
          edits.append(.update(moved))
          places[pick] = moved
        }
        try model.apply(edits)
        let removed = Set(
          edits.compactMap { edit -> Place.ID? in
            if case .remove(let id) = edit { return id }
            return nil
          })
        places.removeAll { removed.contains($0.id) }
        check(step: step)
        continue
      }
      switch Int.random(in: 0..<6, using: &generator) {
      case 0:
        try model.remove(placeWithID: old.id)
        places.remove(at: index)
      case 1:
        // A new place beside an old one, so that it joins a cluster already read.
        let place = Place(
          id: Place.ID(integerLiteral: Int64(nextID)), name: "new \(nextID)",
          coordinate: .fixture(
            min(max(old.coordinate.latitude + 0.01, -85), 85), old.coordinate.longitude),
          category: Self.categories[Int.random(in: 0..<Self.categories.count, using: &generator)],
          population: Int.random(in: 0...9, using: &generator))
        nextID += 1
        try model.insert(place)
        places.append(place)
      default:
        // Moved or not, its category or population changed or not.
        // Kept, nudged, moved 2 degrees, or taken onto another place, which moves means and
        // so merges entries elsewhere.
        let other = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
        let distance = [0, 0.001, 2, .nan][Int.random(in: 0..<4, using: &generator)]
        let coordinate =
          distance.isNaN
          ? other
          : .fixture(
            min(max(old.coordinate.latitude + distance, -85), 85), old.coordinate.longitude)
        let pick = Int.random(in: 0...Self.categories.count, using: &generator)
        let moved = Place(
          id: old.id, name: old.name, coordinate: coordinate,
          category: Bool.random(using: &generator)
            ? old.category : pick < Self.categories.count ? Self.categories[pick] : nil,
          population: Bool.random(using: &generator)
            ? old.population : Int.random(in: 0...9, using: &generator))
        try model.update(moved)
        places[index] = moved
      }
      check(step: step)
    }
  }

  @Test(arguments: [31, 32, 33] as [UInt64])
  func clusteringByCategoryShowsTheUnfilteredMarkersOfTheShownCategories(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let places = Self.catalog(count: 900, using: &generator)
    let byID = Dictionary(uniqueKeysWithValues: places.map { ($0.id, $0) })
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: .world, viewSize: .phone,
      options: MapClusterOptions.standard.clusteringByCategory())
    for _ in 0..<40 {
      let viewport = RandomMapScenes.viewport(near: places, using: &generator)
      map.cameraChanged(to: viewport.camera, viewSize: .phone)
      map.categoryFilter = .all
      var unfiltered: [MapMarker: String?] = [:]
      for marker in map.markers {
        let categories = Set(
          (map.placeIDs(inMarkerWithID: marker.id) ?? []).map { byID[$0]?.category })
        // A cluster holds places of one category.
        #expect(categories.count == 1, "\(marker.id) holds \(categories)")
        unfiltered[marker] = categories.first ?? nil
      }
      let filter = Self.randomFilter(using: &generator)
      map.categoryFilter = filter
      let expected = Set(unfiltered.filter { filter.shows(category: $0.value) }.keys)
      #expect(Set(map.markers) == expected)
    }
  }

  /// A filter change that leaves the camera where it is takes the entries in view from the
  /// layer shown, or from the one the last filter change replaced, for the groups they show:
  /// a run of filter changes at one camera, with places selected and let go and now and then
  /// a pan (after which they must be found again), shows after each change exactly the
  /// markers of a map made afresh that found its entries itself (its filter set elsewhere,
  /// then its camera moved to the same place).
  @Test(arguments: [false, true], [81, 82] as [UInt64])
  func filterChangesAtOneCameraShowWhatAFreshMapShows(
    clustersByCategory: Bool, seed: UInt64
  ) throws {
    var generator = SplitMix64(seed: seed)
    let places = Self.catalog(count: 900, using: &generator)
    let options = MapClusterOptions.standard.clusteringByCategory(clustersByCategory)
    let (model, map, _) = try Self.spiedMap(of: places, clustersByCategory: clustersByCategory)
    var changesShowingMarkers = 0
    for round in 0..<12 {
      let camera = RandomMapScenes.viewport(near: places, using: &generator).camera
      map.cameraChanged(to: camera, viewSize: .phone)
      for change in 0..<8 {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0:
          // Selecting centres the camera on the place.
          try model.select(places[Int.random(in: 0..<places.count, using: &generator)].id)
        case 1:
          model.deselect()
        case 2:
          // A pan of a quarter of the view's width: the entries are found again.
          let shown = map.camera
          let span = 360 / (256 * pow(2, shown.zoom)) * MapSize.phone.width / 4
          let longitude =
            (shown.centre.longitude + span + 540).truncatingRemainder(dividingBy: 360) - 180
          map.cameraChanged(
            to: .fixture(.fixture(shown.centre.latitude, longitude), zoom: shown.zoom),
            viewSize: .phone)
        default:
          break
        }
        let filter = Self.randomFilter(using: &generator)
        map.categoryFilter = filter
        // Another level elsewhere first, so that the reference searches the view itself.
        let elsewhere = MapCamera.fixture(
          .fixture(-60, map.camera.centre.longitude > 0 ? -120 : 120),
          zoom: map.camera.zoom < 8 ? 12 : 3)
        let fresh = MapViewModel(
          model: model, camera: elsewhere, viewSize: .phone, options: options)
        fresh.categoryFilter = filter
        fresh.cameraChanged(to: map.camera, viewSize: .phone)
        let (shown, expected) = (Set(map.markers), Set(fresh.markers))
        if !expected.isEmpty { changesShowingMarkers += 1 }
        #expect(
          shown == expected,
          """
          round \(round) change \(change) under \(filter): \
          \(shown.subtracting(expected).prefix(2)) shown, \
          \(expected.subtracting(shown).prefix(2)) expected
          """)
      }
    }
    // Most changes show markers: the comparison is not of two empty maps.
    #expect(changesShowingMarkers >= 48, "\(changesShowingMarkers) of 96 changes showed markers")
  }

  @Test(arguments: [51, 52] as [UInt64])
  func aFilterShowingEveryCategoryShowsTheUnfilteredMarkers(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let places = Self.catalog(count: 900, using: &generator)
    let model = try PlacesModel(places: places)
    let map = MapViewModel(model: model, camera: .world, viewSize: .phone)
    let everyCategory = CategoryFilter(showing: Self.categories, includingUncategorized: true)
    for _ in 0..<40 {
      let viewport = RandomMapScenes.viewport(near: places, using: &generator)
      // Clusters wider than half the world have a mean that depends on the copies summed.
      let camera = MapCamera.fixture(viewport.camera.centre, zoom: max(viewport.camera.zoom, 3))
      map.cameraChanged(to: camera, viewSize: .phone)
      map.categoryFilter = .all
      let unfiltered = Set(map.markers)
      map.categoryFilter = everyCategory
      #expect(Set(map.markers) == unfiltered)
    }
  }

  /// Two filters taken in turn at one camera, the selection changed between: each change
  /// back shows what that filter showed before at this camera and selection, the selected
  /// place in view has its own marker, every promise of the map holds, and the view, told only
  /// updates, shows the same markers.
  @Test(arguments: [false, true], [61, 62] as [UInt64])
  func filtersTakenInTurnShowWhatTheyShowedBefore(clustersByCategory: Bool, seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let places = Self.catalog(count: 900, using: &generator)
    let (model, map, spy) = try Self.spiedMap(of: places, clustersByCategory: clustersByCategory)
    var changesBack = 0
    for round in 0..<12 {
      let viewport = RandomMapScenes.viewport(near: places, using: &generator)
      map.cameraChanged(to: viewport.camera, viewSize: .phone)
      let filters = [Self.randomFilter(using: &generator), Self.randomFilter(using: &generator)]
      var shownBefore: [CategoryFilter: Set<MapMarker>] = [:]
      for step in 0..<6 {
        if step == 3 {
          // A place in view when there is one, so that the selection shows on the map.
          let inView = MapPlaceCounts(markersOf: map, size: .phone, places: places).counts.keys
          if let id = inView.sorted().randomElement(using: &generator) ?? places.first?.id {
            try model.select(id)
          }
          shownBefore = [:]
        }
        let filter = filters[step % 2]
        map.categoryFilter = filter
        let shown = Set(map.markers)
        if let before = shownBefore[filter] {
          #expect(shown == before, "round \(round), step \(step)")
          changesBack += 1
        }
        shownBefore[filter] = shown
        #expect(Set(spy.shown.values) == shown, "round \(round), step \(step)")
        #expect(Self.problems(in: map, places: places).isEmpty)
        let inView = MapPlaceCounts(markersOf: map, size: .phone, places: places).counts
        if let selected = map.selectedItem, inView[selected] != nil {
          #expect(map.markers.contains { $0.placeID == selected }, "\(selected) has no marker")
        }
      }
    }
    #expect(changesBack >= 12)
  }

  /// A view that keeps each whole update.
  final class UpdateSpy: MapViewDelegate {
    var updates: [MapMarkerUpdate] = []
    var shown: [MapMarker.ID: MapMarker] = [:]
    func moveCamera(to camera: MapCamera, animated: Bool) {}
    func showMarkers(_ markers: [MapMarker]) {
      shown = Dictionary(uniqueKeysWithValues: markers.map { ($0.id, $0) })
    }
    func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {}
    func updateMarkers(_ update: MapMarkerUpdate) {
      updates.append(update)
      for removal in update.removed { shown[removal.id] = nil }
      for addition in update.added { shown[addition.marker.id] = addition.marker }
    }
    func selectMarker(id: Place.ID) {}
    func deselectMarker(id: Place.ID) {}
    func showUserLocation(_ coordinate: Coordinate) {}
    func hideUserLocation() {}
  }

  @Test(arguments: [false, true], [41, 42] as [UInt64])
  func aFilterChangeIsOneUpdateWithLineageAndPansChurnNothing(
    clustersByCategory: Bool, seed: UInt64
  ) throws {
    var generator = SplitMix64(seed: seed)
    let places = Self.catalog(count: 900, using: &generator)
    let (_, map, spy) = try Self.spiedMap(of: places, clustersByCategory: clustersByCategory)
    var lineage = 0
    for _ in 0..<40 {
      let viewport = RandomMapScenes.viewport(near: places, using: &generator)
      map.cameraChanged(to: viewport.camera, viewSize: .phone)
      let before = spy.shown
      let sent = spy.updates.count
      map.categoryFilter = Self.randomFilter(using: &generator)
      #expect(spy.updates.count - sent <= 1)
      #expect(Set(spy.shown.values) == Set(map.markers))
      for update in spy.updates[sent...] {
        for removal in update.removed {
          #expect(before[removal.id] != nil)
          if let into = removal.into {
            #expect(spy.shown[into.id] == into)
            lineage += 1
          }
        }
        for addition in update.added {
          if let from = addition.from {
            #expect(before[from.id] == from)
            #expect(!clustersByCategory, "a filter only hides categories' markers")
          }
        }
      }
      // A pan by a point: only markers that came into or left the view change.
      let shownBefore = spy.shown
      let pannedSent = spy.updates.count
      var camera = map.camera
      let step = 360 / (256 * pow(2, camera.zoom))
      camera = .fixture(
        .fixture(camera.centre.latitude, min(camera.centre.longitude + step, 179)),
        zoom: camera.zoom)
      map.cameraChanged(to: camera, viewSize: .phone)
      for update in spy.updates[pannedSent...] {
        for removal in update.removed {
          #expect(!update.added.contains { $0.marker.id == removal.id }, "\(removal.id) churned")
        }
        for addition in update.added {
          #expect(shownBefore[addition.marker.id] == nil)
        }
      }
    }
    if !clustersByCategory {
      #expect(lineage > 0, "some cluster lost members and was replaced")
    }
  }
}
