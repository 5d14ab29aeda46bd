import Foundation
import MapBenchSupport
import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// Every place in view is counted by exactly one marker the map shows, whatever the zoom, the
/// path the camera took to it (the hysteresis), the selection and the edits; and a cluster
/// sits at the mean of its places after any history.
struct MapCoverageTests {
  /// Places along lines spaced just under the radius apart at several zooms, so that the
  /// merges chain clusters far from their positions, with random places around them.
  static func chainingCatalog(using generator: inout SplitMix64) -> [Place] {
    var places = RandomMapScenes.catalog(count: 600, using: &generator)
    for level in [2, 4, 7, 10] {
      let step = 60 / (256 * Double(1 << level)) * 360 * 0.97
      let latitude = Double.random(in: -60...60, using: &generator)
      let start = Double.random(in: -180...180, using: &generator)
      for number in 0..<min(300, Int(90 / step)) {
        var longitude = start + Double(number) * step
        if longitude > 180 { longitude -= 360 }
        places.append(
          Place(
            id: PlaceID(places.count + 1), name: "Chain \(places.count + 1)",
            coordinate: .fixture(latitude, longitude)))
      }
    }
    return places
  }

  /// The places in view that the map's markers count other than once.
  static func miscounted(in map: MapViewModel, places: [Place]) -> [Place.ID: Int] {
    MapPlaceCounts(markersOf: map, size: .phone, places: places).miscounted
  }

  /// A camera walk: pans, small zooms in and out across level boundaries (into and out of
  /// the hysteresis band), jumps, and now and then a selection.
  static func walk(
    _ map: MapViewModel, model: PlacesModel, places: [Place], steps: Int,
    using generator: inout SplitMix64, check: (String) -> Void
  ) throws {
    var camera = map.camera
    for step in 0..<steps {
      var zoom = camera.zoom
      var centre = camera.centre
      switch Int.random(in: 0..<6, using: &generator) {
      case 0:
        zoom = Double.random(in: 0...19, using: &generator)
        centre = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
      case 1, 2:
        zoom += Double.random(in: 0.05...0.6, using: &generator)
      case 3:
        zoom -= Double.random(in: 0.05...0.6, using: &generator)
      case 4:
        let span = 360 / (256 * pow(2, zoom)) * 300
        centre = .fixture(
          min(
            max(centre.latitude + Double.random(in: -span...span, using: &generator) / 2, -85), 85),
          (centre.longitude + Double.random(in: -span...span, using: &generator) + 540)
            .truncatingRemainder(dividingBy: 360) - 180)
      default:
        let place = places[Int.random(in: 0..<places.count, using: &generator)]
        if Bool.random(using: &generator) {
          try model.select(place.id)
        } else {
          model.deselect()
        }
      }
      camera = .fixture(centre, zoom: min(max(zoom, 0), 20))
      map.cameraChanged(to: camera, viewSize: .phone)
      check("step \(step) at \(map.camera)")
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyPlaceInViewIsCountedByExactlyOneMarker(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let places = Self.chainingCatalog(using: &generator)
    let model = try PlacesModel(places: places)
    let map = MapViewModel(model: model, camera: .world, viewSize: .phone)
    try Self.walk(map, model: model, places: places, steps: 150, using: &generator) { step in
      let wrong = Self.miscounted(in: map, places: places)
      #expect(wrong.isEmpty, "\(step): \(wrong.count) places counted other than once")
    }
  }

  @Test(arguments: [4, 5] as [UInt64])
  func everyPlaceInViewIsCountedAfterEdits(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var places = Self.chainingCatalog(using: &generator)
    let model = try PlacesModel(places: places)
    let map = MapViewModel(model: model, camera: .world, viewSize: .phone)
    for round in 0..<20 {
      for _ in 0..<10 {
        let index = Int.random(in: 0..<places.count, using: &generator)
        let old = places[index]
        let moved = Place(
          id: old.id, name: old.name,
          coordinate: .fixture(
            min(
              max(old.coordinate.latitude + Double.random(in: -4...4, using: &generator), -85), 85),
            min(
              max(old.coordinate.longitude + Double.random(in: -4...4, using: &generator), -180),
              180)))
        try model.update(moved)
        places[index] = moved
      }
      try Self.walk(map, model: model, places: places, steps: 10, using: &generator) { step in
        let wrong = Self.miscounted(in: map, places: places)
        #expect(wrong.isEmpty, "round \(round) \(step): \(wrong.count) places miscounted")
      }
    }
  }

  @Test(.enabled(if: MapCoverageTests.hasWorldFile, "needs ../shared/data/places-world.geojson"))
  func everyPlaceInViewIsCountedOnTheWorldFile() throws {
    let places = try GeoJSONPlacesReader().load(contentsOfFile: Self.worldFile).places
    let model = try PlacesModel(places: places)
    // The view of issue 24: South America south of 30.5°S, where 1,184 places lie.
    let map = MapViewModel(
      model: model,
      camera: .fixture(.fixture(-75.29744757059002, -63.67851056256448), zoom: 2.799),
      viewSize: .phone)
    let viewport = MapViewport(camera: map.camera, size: .phone)
    #expect(places.filter { viewport.contains($0.coordinate) }.count == 1_184)
    #expect(Self.miscounted(in: map, places: places).isEmpty)
    var generator = SplitMix64(seed: 24)
    try Self.walk(map, model: model, places: places, steps: 30, using: &generator) { step in
      let wrong = Self.miscounted(in: map, places: places)
      #expect(wrong.isEmpty, "\(step): \(wrong.count) places counted other than once")
    }
  }

  static let worldFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("../shared/data/places-world.geojson")
    .standardizedFileURL.path

  static let hasWorldFile = FileManager.default.fileExists(atPath: worldFile)

  // MARK: - Means

  @Test func aClusterStaysAtTheMeanOfItsPlacesAfterAPlaceGoesBackAndForth() throws {
    // Issue 24: 51 places, one of which goes back and forth 2,000 times.
    var generator = SplitMix64(seed: 51)
    let first = Coordinate.fixture(10.029216447279392, 10.030588111840189)
    let second = Coordinate.fixture(10.029375250736516, 10.030427011661232)
    var places = [Place(id: 1, name: "Mover", coordinate: first)]
    for number in 2...51 {
      places.append(
        Place(
          id: PlaceID(number), name: "Place \(number)",
          coordinate: .fixture(
            10.03 + Double.random(in: -0.002...0.002, using: &generator),
            10.03 + Double.random(in: -0.002...0.002, using: &generator))))
    }
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: .fixture(.fixture(10.03, 10.03), zoom: 12), viewSize: .phone)
    let before = try #require(map.markers.first { $0.count == 51 })

    for _ in 0..<2_000 {
      try model.update(Place(id: 1, name: "Mover", coordinate: second))
      try model.update(Place(id: 1, name: "Mover", coordinate: first))
    }

    let after = try #require(map.markers.first { $0.count == 51 })
    #expect(after.id == before.id)
    #expect(after.coordinate == before.coordinate)
    // The mean of the places, in the projection's units, exactly.
    let positions = places.map { WebMercator.position(of: $0.coordinate) }
    let meanX = positions.reduce(UInt64(0)) { $0 + UInt64($1.x) } / 51
    let meanY = positions.reduce(UInt64(0)) { $0 + UInt64($1.y) } / 51
    #expect(
      after.coordinate
        == WebMercator.coordinate(x: Double(meanX) + 0.5, y: Double(meanY) + 0.5))
  }

  // MARK: - The maximum zoom

  @Test func clustersShowBelowTheZoomAfterTheMaximumAndThroughItsHysteresis() throws {
    // Two places 20 m apart: one cluster at every level up to the maximum zoom's.
    let places = [
      Place(id: 1, name: "One", coordinate: .fixture(48.8566, 2.3522)),
      Place(id: 2, name: "Two", coordinate: .fixture(48.8566, 2.3525)),
    ]
    let model = try PlacesModel(places: places)
    let map = MapViewModel(
      model: model, camera: .fixture(places[0].coordinate, zoom: 16.5), viewSize: .phone)
    #expect(MapClusterOptions.standard.maximumZoom == 16)
    #expect(map.markers.map(\.count) == [2])  // zoom 16.5 shows level 16
    map.cameraChanged(to: .fixture(places[0].coordinate, zoom: 17.2), viewSize: .phone)
    #expect(map.markers.map(\.count) == [2])  // zooming in: level 16 up to 17.25
    map.cameraChanged(to: .fixture(places[0].coordinate, zoom: 17.25), viewSize: .phone)
    #expect(map.markers.map(\.count) == [1, 1])
    map.cameraChanged(to: .fixture(places[0].coordinate, zoom: 16.99), viewSize: .phone)
    #expect(map.markers.map(\.count) == [2])
    map.cameraChanged(to: .fixture(places[0].coordinate, zoom: 18), viewSize: .phone)
    map.cameraChanged(to: .fixture(places[0].coordinate, zoom: 17), viewSize: .phone)
    #expect(map.markers.map(\.count) == [1, 1])
  }
}
