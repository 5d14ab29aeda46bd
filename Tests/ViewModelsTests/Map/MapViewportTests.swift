import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The projection a viewport gives both ways, and panning by points.
struct MapViewportTests {
  /// The latitude where Web Mercator's square ends: atan(sinh(π)).
  private static let maximumLatitude = 85.051_128_779_806_59

  /// A viewport anywhere, at any zoom, of any size from a watch to a wall.
  private static func randomViewport(using generator: inout SplitMix64) -> MapViewport {
    let centre = Coordinate.fixture(
      Double.random(in: -90...90, using: &generator),
      Double.random(in: -180...180, using: &generator))
    let zoom = Double.random(in: 0...MapCamera.maximumZoom, using: &generator)
    return MapViewport(
      camera: .fixture(centre, zoom: zoom),
      size: .fixture(
        Double.random(in: 1...3_000, using: &generator),
        Double.random(in: 1...3_000, using: &generator)))
  }

  /// The distance between two longitudes, in degrees, the short way round.
  private static func longitudeDistance(_ first: Double, _ second: Double) -> Double {
    let difference = abs(first - second).truncatingRemainder(dividingBy: 360)
    return min(difference, 360 - difference)
  }

  // MARK: - Coordinate to point and back

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func coordinatesComeBackFromTheirPoints(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      let viewport = Self.randomViewport(using: &generator)
      let coordinate = Coordinate.fixture(
        Double.random(in: -Self.maximumLatitude...Self.maximumLatitude, using: &generator),
        Double.random(in: -180...180, using: &generator))

      let back = viewport.coordinate(at: viewport.point(for: coordinate))

      #expect(abs(back.latitude - coordinate.latitude) < 1e-9, "\(coordinate) in \(viewport)")
      #expect(
        Self.longitudeDistance(back.longitude, coordinate.longitude) < 1e-9,
        "\(coordinate) in \(viewport)")
      #expect((-180..<180).contains(back.longitude))
    }
  }

  @Test(arguments: [5, 6] as [UInt64])
  func theCameraCentreIsExactlyTheMiddleOfTheView(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      let viewport = Self.randomViewport(using: &generator)

      let point = viewport.point(for: viewport.camera.centre)

      #expect(point == MapPoint(x: viewport.size.width / 2, y: viewport.size.height / 2))
    }
  }

  @Test func eachZoomStepDoublesTheDistanceFromTheCentre() {
    let size = MapSize.fixture(1_000, 1_000)
    let east = Coordinate.fixture(0, 45)
    let atThree = MapViewport(camera: .fixture(.fixture(0, 0), zoom: 3), size: size)
    let atFour = MapViewport(camera: .fixture(.fixture(0, 0), zoom: 4), size: size)

    // The world is 2,048 points wide at zoom 3: 45° is an eighth of it.
    #expect(atThree.point(for: east) == MapPoint(x: 500 + 256, y: 500))
    #expect(atFour.point(for: east) == MapPoint(x: 500 + 512, y: 500))
  }

  // MARK: - Panning

  @Test(arguments: [7, 8, 9] as [UInt64])
  func panningCentresTheCoordinateShownThatManyPointsAway(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      let viewport = Self.randomViewport(using: &generator)
      let dx = Double.random(in: -5_000...5_000, using: &generator)
      let dy = Double.random(in: -5_000...5_000, using: &generator)
      let target = MapPoint(x: viewport.size.width / 2 + dx, y: viewport.size.height / 2 + dy)

      let panned = viewport.panned(byX: dx, y: dy)

      #expect(panned.camera.centre == viewport.coordinate(at: target))
      #expect(panned.camera.zoom == viewport.camera.zoom)
      #expect(panned.size == viewport.size)
    }
  }

  @Test func panningByNothingKeepsTheViewport() {
    let viewport = MapViewport(camera: .fixture(.fixture(89.5, 180), zoom: 7.3), size: .phone)

    #expect(viewport.panned(byX: 0, y: 0) == viewport)
  }

  @Test func panningAndPanningBackReturnsToTheSameCentre() {
    let viewport = MapViewport(camera: .fixture(.stockholmCentre, zoom: 11.4), size: .phone)

    let back = viewport.panned(byX: 123.5, y: -77.25).panned(byX: -123.5, y: 77.25)

    #expect(abs(back.camera.centre.latitude - Coordinate.stockholmCentre.latitude) < 1e-9)
    #expect(abs(back.camera.centre.longitude - Coordinate.stockholmCentre.longitude) < 1e-9)
  }

  // MARK: - The antimeridian

  @Test func aCoordinateAcrossTheAntimeridianIsDrawnBesideTheCentre() {
    // At zoom 3 the world is 2,048 points wide: 2° is 11.38 points.
    let fiji = MapViewport(camera: .fixture(.fixture(0, 179), zoom: 3), size: .square)

    let east = fiji.point(for: .fixture(0, -179))
    let west = fiji.point(for: .fixture(0, 177))

    #expect(abs(east.x - (500 + 2 * 2_048 / 360)) < 1e-9, "east of the centre, not a world away")
    #expect(abs(west.x - (500 - 2 * 2_048 / 360)) < 1e-9)
    #expect(Self.longitudeDistance(fiji.coordinate(at: east).longitude, -179) < 1e-9)
  }

  @Test func panningEastAcrossTheAntimeridianWrapsTheLongitude() {
    let viewport = MapViewport(camera: .fixture(.fixture(0, 170), zoom: 0), size: .tile)

    let panned = viewport.panned(byX: 16, y: 0)  // 22.5° at zoom 0

    #expect(abs(panned.camera.centre.longitude - -167.5) < 1e-9)
    #expect(abs(panned.camera.centre.latitude) < 1e-9)
  }

  @Test func aViewWiderThanTheWorldDrawsACoordinateOnTheCopyNearestTheCentre() {
    let wide = MapViewport(camera: .world, size: .fixture(1_000, 256))

    // 170° east is 120.9 points east of the centre, not 135.1 points west of it.
    #expect(abs(wide.point(for: .fixture(0, 170)).x - (500 + 170 * 256 / 360)) < 1e-9)
    #expect(abs(wide.point(for: .fixture(0, -170)).x - (500 - 170 * 256 / 360)) < 1e-9)
    #expect(wide.visibleWorldCopies == -2...2)
  }

  @Test func aViewAcrossTheAntimeridianShowsTwoCopies() {
    let crossing = MapViewport(camera: .fixture(.fixture(0, 179), zoom: 3), size: .square)
    let inside = MapViewport(camera: .fixture(.fixture(0, 0), zoom: 3), size: .square)

    #expect(crossing.visibleWorldCopies == 0...1)
    #expect(inside.visibleWorldCopies == 0...0)
  }

  @Test(arguments: [10, 11] as [UInt64])
  func theNearestCopyIsTheOnePointForPicksBitForBit(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      let viewport = Self.randomViewport(using: &generator)
      let coordinate = Coordinate.fixture(
        Double.random(in: -90...90, using: &generator),
        Double.random(in: -180...180, using: &generator))
      let point = viewport.point(for: coordinate)

      let copies = (-2...2).map { viewport.point(for: coordinate, inWorldCopy: $0) }

      #expect(copies.contains(point), "\(coordinate) in \(viewport)")
      let world = viewport.camera.worldWidthInPoints
      for copy in copies where copy != point {
        #expect(abs(copy.x - viewport.size.width / 2) >= abs(point.x - viewport.size.width / 2))
        let worlds = (copy.x - point.x) / world
        #expect(abs(worlds - worlds.rounded()) < 1e-6, "copies lie whole worlds apart")
      }
    }
  }

  // MARK: - The poles

  @Test func latitudesBeyondTheSquareAreDrawnOnItsEdges() {
    let viewport = MapViewport(camera: .world, size: .tile)

    #expect(viewport.point(for: .fixture(90, 0)) == MapPoint(x: 128, y: 0))
    #expect(viewport.point(for: .fixture(-90, 0)) == MapPoint(x: 128, y: 256))
    #expect(
      viewport.point(for: .fixture(Self.maximumLatitude, -180)).y
        == viewport.point(for: .fixture(89, -180)).y)
  }

  @Test func pointsBeyondTheSquareGiveTheLatitudeOfItsEdge() {
    let viewport = MapViewport(camera: .fixture(.fixture(80, 0), zoom: 2), size: .square)

    let north = viewport.coordinate(at: MapPoint(x: 500, y: -1e12))
    let south = viewport.coordinate(at: MapPoint(x: 500, y: 1e12))

    #expect(abs(north.latitude - Self.maximumLatitude) < 1e-9)
    #expect(abs(south.latitude + Self.maximumLatitude) < 1e-9)
  }

  @Test func panningNorthStopsAtTheEdgeOfTheSquare() {
    let viewport = MapViewport(camera: .fixture(.fixture(80, 10), zoom: 2), size: .square)

    let panned = viewport.panned(byX: 0, y: -10_000)

    #expect(abs(panned.camera.centre.latitude - Self.maximumLatitude) < 1e-9)
    #expect(abs(panned.camera.centre.longitude - 10) < 1e-9)
  }

  @Test func aPointWholeWorldsAwayShowsTheSameCoordinate() {
    let viewport = MapViewport(camera: .fixture(.fixture(10, 20), zoom: 1), size: .square)
    let point = MapPoint(x: 300, y: 400)

    let here = viewport.coordinate(at: point)
    let worldsAway = viewport.coordinate(at: MapPoint(x: 300 + 512 * 1_000_000, y: 400))

    #expect(abs(here.latitude - worldsAway.latitude) < 1e-9)
    #expect(Self.longitudeDistance(here.longitude, worldsAway.longitude) < 1e-9)
  }
}

extension Coordinate {
  fileprivate static let stockholmCentre = Coordinate.fixture(59.32938, 18.06871)
}
