import PlacesModel
import PlacesModelTestSupport
import Testing
import ViewModelTestSupport
import ViewModels

struct MapSpreadTests {
  /// Where the market's stalls all stand.
  private static let market = Coordinate.fixture(48.8566, 2.3522)

  /// `count` stalls at ``market``, ids 1 to `count`, with populations that repeat so that the
  /// order needs the names too, and Berlin far away.
  private static func stalls(_ count: Int) -> [Place] {
    (1...count).map { index in
      Place(
        id: PlaceID(index), name: "Stall \(index)", coordinate: market,
        population: index % 3 == 0 ? nil : (index * 37) % 11)
    } + [Place(id: 10_000, name: "Berlin", coordinate: .fixture(52.52, 13.405))]
  }

  /// A view model over the stalls, looking at the market at zoom 16 on a phone-sized view.
  private static func marketViewModel(_ model: PlacesModel) -> MapViewModel {
    MapViewModel(
      model: model, camera: .fixture(market, zoom: 16), viewSize: .fixture(390, 844))
  }

  private static func clusterID(of viewModel: MapViewModel) throws -> MapClusterID {
    let marker = try #require(viewModel.markers.first { $0.isCluster })
    guard case .cluster(let id) = marker.id else { throw SpreadTestError.notACluster }
    return id
  }

  private enum SpreadTestError: Error { case notACluster }

  /// The cluster's places as brute force orders them: population descending, places without
  /// one last, then name, then id.
  private static func bruteForceOrder(_ places: [Place]) -> [Place.ID] {
    places.sorted { left, right in
      let leftKey = (left.population == nil ? 1 : 0, -(left.population ?? 0))
      let rightKey = (right.population == nil ? 1 : 0, -(right.population ?? 0))
      if leftKey != rightKey { return leftKey < rightKey }
      if left.name != right.name { return left.name < right.name }
      return left.id < right.id
    }.map(\.id)
  }

  // MARK: - Coincident clusters

  @Test func twoHundredPlacesAtOneSpotAreOneCoincidentClusterThatSplitsAtAFiniteZoom() throws {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(200)))
    let id = try Self.clusterID(of: viewModel)
    let summary = try #require(viewModel.cluster(withID: id))

    #expect(summary.isCoincident)
    #expect(summary.marker.count == 200)
    #expect(summary.splitZoom == 17)
    #expect(summary.splitZoom <= MapCamera.maximumZoom)
  }

  @Test func clusterOfPlacesApartIsNotCoincident() throws {
    let places = (0..<5).map { index in
      Place(
        id: PlaceID(index + 1), name: "Shop \(index)",
        coordinate: .fixture(48.8566 + Double(index) * 0.0001, 2.3522))
    }
    let viewModel = Self.marketViewModel(.fixture(places))
    let id = try Self.clusterID(of: viewModel)

    #expect(viewModel.cluster(withID: id)?.isCoincident == false)
  }

  @Test func tapOnCoincidentClusterSpreadsItsFirstPageWithoutMovingTheCamera() throws {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(200)))
    let view = MapViewSpy()
    viewModel.view = view
    let id = try Self.clusterID(of: viewModel)
    let camera = viewModel.camera
    let before = view.commands.count

    try viewModel.clusterTapped(id: id)

    let spread = try #require(viewModel.spread)
    #expect(Array(view.commands[before...]) == [.spreadMarkers(spread)])
    #expect(viewModel.camera == camera)
    #expect(spread.clusterID == id)
    #expect(spread.page == 0)
    #expect(spread.totalCount == 200)
    #expect(spread.markers.count == spread.pageSize)
    #expect(spread.pageSize > MapSpreadLayout.circleLimit && spread.pageSize < 200)
    #expect(spread.hasNextPage)
  }

  @Test func aFewPlacesAtOneSpotSpreadOnACircle() throws {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(6)))
    let id = try Self.clusterID(of: viewModel)

    try viewModel.clusterTapped(id: id)

    let spread = try #require(viewModel.spread)
    #expect(spread.markers.count == 6)
    #expect(spread.pageCount == 1)
    let radii = spread.markers.map { $0.offset.distance(to: MapPoint(x: 0, y: 0)) }
    #expect(radii.allSatisfy { abs($0 - radii[0]) < 1e-6 })
  }

  @Test(arguments: [200, 700])
  func spreadPagesReachEveryPlaceOnceInTheStatedOrder(stallCount: Int) throws {
    let places = Self.stalls(stallCount)
    let viewModel = Self.marketViewModel(.fixture(places))
    let id = try Self.clusterID(of: viewModel)
    try viewModel.clusterTapped(id: id)
    let first = try #require(viewModel.spread)

    var shown: [Place.ID] = []
    for page in 0..<first.pageCount {
      try viewModel.spreadPageTapped(page)
      let spread = try #require(viewModel.spread)
      #expect(spread.page == page)
      shown += spread.markers.compactMap(\.marker.placeID)
    }

    #expect(shown == Self.bruteForceOrder(Array(places.prefix(stallCount))))
    #expect(
      throws: ViewModelError.spreadPageOutOfRange(first.pageCount, pageCount: first.pageCount)
    ) {
      try viewModel.spreadPageTapped(first.pageCount)
    }
  }

  @Test func spreadPageWithoutSpreadThrows() {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(10)))

    #expect(throws: ViewModelError.spreadPageOutOfRange(0, pageCount: 0)) {
      try viewModel.spreadPageTapped(0)
    }
  }

  /// A page past the spread's names the pages there are, in the singular for one.
  @Test func aPageOutOfRangeSaysWhichPagesThereAre() {
    #expect(
      ViewModelError.spreadPageOutOfRange(1, pageCount: 1).description
        == "no spread page 1: the spread has 1 page, page 0")
    #expect(
      ViewModelError.spreadPageOutOfRange(7, pageCount: 4).description
        == "no spread page 7: the spread has 4 pages, 0 to 3")
  }

  @Test func tapOnASpreadMarkerSelectsItsPlaceAndKeepsTheSpread() throws {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(40)))
    let view = MapViewSpy()
    viewModel.view = view
    try viewModel.clusterTapped(id: try Self.clusterID(of: viewModel))
    let spread = try #require(viewModel.spread)

    for shown in spread.markers {
      let id = try #require(shown.marker.placeID)
      try viewModel.markerTapped(id: id)
      view.cameraReported(to: viewModel)

      #expect(viewModel.selectedItem == id)
      #expect(view.selectedMarker == id)
      #expect(viewModel.spread == spread)
    }
  }

  @Test func cameraMoveGathersTheSpreadFirst() throws {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(30)))
    let view = MapViewSpy()
    viewModel.view = view
    let id = try Self.clusterID(of: viewModel)
    try viewModel.clusterTapped(id: id)
    let before = view.commands.count

    viewModel.cameraChanged(to: .fixture(Self.market, zoom: 15), viewSize: .fixture(390, 844))

    #expect(viewModel.spread == nil)
    #expect(view.commands[before] == .gatherSpreadMarkers(id))
    #expect(view.spread == nil)
  }

  @Test func mapTapAndSecondClusterTapGatherTheSpread() throws {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(30)))
    let view = MapViewSpy()
    viewModel.view = view
    let id = try Self.clusterID(of: viewModel)
    try viewModel.clusterTapped(id: id)

    viewModel.mapTapped()
    #expect(view.commands.last == .gatherSpreadMarkers(id))

    try viewModel.clusterTapped(id: id)
    #expect(viewModel.spread != nil)
    try viewModel.clusterTapped(id: id)
    #expect(viewModel.spread == nil)
    #expect(view.commands.last == .gatherSpreadMarkers(id))
  }

  @Test func attachingAViewReplaysTheSpread() throws {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(30)))
    try viewModel.clusterTapped(id: try Self.clusterID(of: viewModel))
    let spread = try #require(viewModel.spread)
    let view = MapViewSpy()

    viewModel.view = view

    #expect(view.commands.last == .spreadMarkers(spread))
  }

  @Test func screenStateHoldsTheSpreadUntilItIsGathered() throws {
    let viewModel = Self.marketViewModel(.fixture(Self.stalls(30)))
    let state = MapScreenState()
    viewModel.attach(state)
    try viewModel.clusterTapped(id: try Self.clusterID(of: viewModel))

    #expect(state.spread == viewModel.spread)
    viewModel.mapTapped()
    #expect(state.spread == nil)
  }

  @Test func clusterThatSplitsPastTheDeepestZoomIsSpreadNotFlownInto() throws {
    // Clustering up to zoom 24: places a few centimetres apart split only at level 25, which
    // no camera reaches.
    let places = (0..<3).map { index in
      Place(
        id: PlaceID(index + 1), name: "Desk \(index)",
        coordinate: .fixture(48.8566 + Double(index) * 1e-7, 2.3522))
    }
    let viewModel = MapViewModel(
      model: .fixture(places), camera: .fixture(Self.market, zoom: 24),
      viewSize: .fixture(390, 844), options: .fixture(radius: 60, maximumZoom: 24))
    let view = MapViewSpy()
    viewModel.view = view
    let id = try Self.clusterID(of: viewModel)
    let summary = try #require(viewModel.cluster(withID: id))
    #expect(summary.splitZoom.isFinite)

    try viewModel.clusterTapped(id: id)

    #expect(viewModel.camera.zoom <= MapCamera.maximumZoom)
    #expect(viewModel.spread?.totalCount == 3)
  }

  // MARK: - Paged places

  @Test(arguments: [0, 7, 64, 199, 200, 500])
  func clusterPlacesPageFromAnyOffset(offset: Int) throws {
    let places = Self.stalls(200)
    let viewModel = Self.marketViewModel(.fixture(places))
    let id = try Self.clusterID(of: viewModel)

    let page = try #require(viewModel.places(inClusterWithID: id, offset: offset, limit: 25))

    let expected = Self.bruteForceOrder(Array(places.prefix(200))).dropFirst(offset).prefix(25)
    #expect(page.map(\.id) == Array(expected))
  }

  @Test(arguments: [120, 700])
  func clusterPagesFollowRandomEditsAsBruteForceDoes(stallCount: Int) throws {
    var random = SplitMix64(seed: 27)
    let places = Self.stalls(stallCount)
    let model = PlacesModel.fixture(places)
    let viewModel = Self.marketViewModel(model)
    var catalog = Dictionary(uniqueKeysWithValues: places.map { ($0.id, $0) })
    for step in 0..<40 {
      let id = PlaceID(Int.random(in: 1...(stallCount + 30), using: &random))
      let population = Bool.random(using: &random) ? nil : Int.random(in: 0..<20, using: &random)
      let place = Place(
        id: id, name: "Stall \(Int.random(in: 0..<50, using: &random))",
        coordinate: Bool.random(using: &random) ? Self.market : .fixture(48.86, 2.36),
        population: population)
      if step % 7 == 3 {
        // The selected place has a marker of its own: its cluster's pages leave it out.
        let atMarket = catalog.values.filter { $0.coordinate == Self.market }.map(\.id).sorted()
        try model.select(try #require(atMarket.randomElement(using: &random)))
        continue
      } else if catalog[id] == nil {
        try model.insert(place)
      } else if step % 5 == 0 {
        try model.remove(placeWithID: id)
        catalog[id] = nil
        continue
      } else {
        try model.update(place)
      }
      catalog[id] = place
      let cluster = try #require(
        viewModel.markers.first { $0.isCluster && $0.coordinate.latitude < 48.858 })
      guard case .cluster(let clusterID) = cluster.id else { continue }
      let members = Set(try #require(viewModel.placeIDs(inMarkerWithID: cluster.id)))
      #expect(
        members
          == Set(
            catalog.values.filter { $0.coordinate == Self.market && $0.id != model.selectedItem }
              .map(\.id)))
      var paged: [Place.ID] = []
      var offset = 0
      while let page = viewModel.places(inClusterWithID: clusterID, offset: offset, limit: 17),
        !page.isEmpty
      {
        paged += page.map(\.id)
        offset += page.count
      }
      #expect(paged == Self.bruteForceOrder(members.compactMap { catalog[$0] }))
      #expect(viewModel.cluster(withID: clusterID)?.isCoincident == true)
    }
  }

  // MARK: - Layout

  @Test func spreadPositionsNeverOverlapAndStayInTheView() {
    var random = SplitMix64(seed: 4_127)
    for _ in 0..<TestSize.steps(300) {
      let size = MapSize.fixture(
        Double.random(in: 40...1_600, using: &random), Double.random(in: 40...1_600, using: &random)
      )
      let centre = MapPoint(
        x: Double.random(in: -50...(size.width + 50), using: &random),
        y: Double.random(in: -50...(size.height + 50), using: &random))
      let spacing = Double.random(in: 20...60, using: &random)
      let count = Int.random(in: 1...600, using: &random)
      let layout = MapSpreadLayout(spacing: spacing, centre: centre, viewSize: size)

      let offsets = layout.offsets(count: count)

      #expect(!offsets.isEmpty && offsets.count <= count)
      let points = [MapPoint(x: 0, y: 0)] + offsets
      for first in points.indices {
        for second in points.indices where second > first {
          #expect(points[first].distance(to: points[second]) >= spacing * (1 - 1e-9))
        }
      }
      let half = spacing / 2
      let inView = offsets.allSatisfy { offset in
        let (x, y) = (centre.x + offset.x, centre.y + offset.y)
        return x >= half && x <= size.width - half && y >= half && y <= size.height - half
      }
      let fitsAny = size.width >= spacing && size.height >= spacing
      #expect(inView || !fitsAny || offsets.count <= MapSpreadLayout.circleLimit)
    }
  }

  /// A view in which no position fits (narrower than the spacing) still gets a page: the
  /// circle of up to ``MapSpreadLayout/circleLimit``, spaced, wherever it falls.
  @Test(arguments: [1, 5, 8, 9, 200])
  func aViewTooSmallForAnyPositionGetsTheCircleWhereverItFalls(count: Int) {
    let spacing = 44.0
    let layout = MapSpreadLayout(
      spacing: spacing, centre: MapPoint(x: 15, y: 15), viewSize: .fixture(30, 30))

    let offsets = layout.offsets(count: count)

    #expect(offsets.count == min(count, MapSpreadLayout.circleLimit))
    let points = [MapPoint(x: 0, y: 0)] + offsets
    for first in points.indices {
      for second in points.indices where second > first {
        #expect(points[first].distance(to: points[second]) >= spacing * (1 - 1e-9))
      }
    }
    // The same radius for every position: a circle around the spot.
    let radii = offsets.map { $0.distance(to: MapPoint(x: 0, y: 0)) }
    #expect(radii.allSatisfy { abs($0 - radii[0]) < 1e-6 })
  }
}

extension MapViewSpy {
  /// Reports the camera the view model last sent, as a screen does after a `moveCamera`.
  fileprivate func cameraReported(to viewModel: MapViewModel) {
    guard
      case .moveCamera(let camera, _) = commands.last(where: {
        if case .moveCamera = $0 { return true }
        return false
      })
    else { return }
    viewModel.cameraChanged(to: camera, viewSize: viewModel.viewport.size)
  }
}
