import Foundation
import MapBenchSupport
import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct MapClusterIndexTests {
  // MARK: - Invariants on random catalogs and cameras

  /// Checks every documented guarantee of one clustering against a brute-force reading of the
  /// catalog, and returns the clustering.
  @discardableResult
  private static func checkInvariants(
    of index: MapClusterIndex,
    viewport: MapViewport,
    options: MapClusterOptions = .standard,
    unclustered: Int? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> MapClustering {
    let clustering = index.clustering(
      for: viewport, options: options, unclusteredPlaceAt: unclustered)
    let inRegion = Set(index.places.filter { viewport.contains($0.coordinate) }.map(\.id))
    let unclusteredID = unclustered.map { index.places[$0].id }

    // Every place in the region is counted exactly once, and nothing else is.
    var counted: [Place.ID] = []
    for marker in clustering.markers {
      let members = clustering.placeIDs(inMarkerWithID: marker.id) ?? []
      #expect(members.count == marker.count, "\(marker.id)", sourceLocation: sourceLocation)
      #expect(marker.isCluster == (marker.count > 1), sourceLocation: sourceLocation)
      if let placeID = marker.placeID {
        #expect(members == [placeID], sourceLocation: sourceLocation)
        let place = index.places.first { $0.id == placeID }
        #expect(marker.coordinate == place?.coordinate, sourceLocation: sourceLocation)
        #expect(marker.title == place?.name, sourceLocation: sourceLocation)
      } else if let unclusteredID {
        #expect(!members.contains(unclusteredID), sourceLocation: sourceLocation)
      }
      counted += members
    }
    #expect(
      counted.count == Set(counted).count, "a place in two markers", sourceLocation: sourceLocation)
    #expect(Set(counted) == inRegion, "\(viewport)", sourceLocation: sourceLocation)
    #expect(
      clustering.markers.map(\.id).count == Set(clustering.markers.map(\.id)).count,
      "identities are unique", sourceLocation: sourceLocation)

    // The unclustered place has its own marker, last, when it is in the region.
    if let unclusteredID, inRegion.contains(unclusteredID) {
      #expect(clustering.markers.last?.id == .place(unclusteredID), sourceLocation: sourceLocation)
    }

    // Markers sit in the view; no two are closer than the radius, the unclustered one apart.
    let tolerance = 4 * exp2(viewport.camera.zoom - 24) + 1e-9
    let points = clustering.markers.filter { $0.id != unclusteredID.map(MapMarker.ID.place) }
      .map { viewport.point(for: $0.coordinate) }
    for point in points {
      #expect(
        (-tolerance...viewport.size.width + tolerance).contains(point.x)
          && (-tolerance...viewport.size.height + tolerance).contains(point.y),
        "marker at \(point) outside \(viewport)", sourceLocation: sourceLocation)
    }
    if viewport.camera.zoom <= options.maximumZoom {
      var closest = Double.infinity
      for first in points.indices {
        for second in points.indices where second > first {
          closest = min(closest, points[first].distance(to: points[second]))
        }
      }
      #expect(
        closest >= options.radius - tolerance, "markers \(closest) points apart in \(viewport)",
        sourceLocation: sourceLocation)
    }
    return clustering
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func clustersOfRandomCatalogsKeepEveryGuarantee(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let places = RandomMapScenes.catalog(count: 1_500, using: &generator)
    let index = MapClusterIndex(places: places)
    for _ in 0..<40 {
      let viewport = RandomMapScenes.viewport(near: places, using: &generator)
      let unclustered =
        Bool.random(using: &generator) ? Int.random(in: 0..<places.count, using: &generator) : nil
      Self.checkInvariants(of: index, viewport: viewport, unclustered: unclustered)
    }
  }

  @Test(arguments: [10, 30, 120] as [Double])
  func everyRadiusKeepsMarkersApart(radius: Double) {
    var generator = SplitMix64(seed: UInt64(radius))
    let places = RandomMapScenes.catalog(count: 1_000, using: &generator)
    let index = MapClusterIndex(places: places)
    for _ in 0..<20 {
      let viewport = RandomMapScenes.viewport(near: places, using: &generator)
      Self.checkInvariants(of: index, viewport: viewport, options: .fixture(radius: radius))
    }
  }

  @Test(arguments: [11, 12, 13] as [UInt64])
  func tappedClusterSplitsInTheRegionItMovesTo(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let places = RandomMapScenes.catalog(count: 1_500, using: &generator)
    let index = MapClusterIndex(places: places)
    var clustersSplit = 0
    for _ in 0..<30 {
      let viewport = RandomMapScenes.viewport(near: places, using: &generator)
      let clustering = index.clustering(for: viewport)
      for cluster in clustering.markers.filter(\.isCluster).prefix(3) {
        guard case .cluster(let id) = cluster.id else { continue }
        let members = Set(try #require(clustering.placeIDs(inMarkerWithID: cluster.id)))
        let camera = try #require(clustering.cameraSplitting(clusterWithID: id))
        #expect(camera.zoom > viewport.camera.zoom)

        let closer = Self.checkInvariants(
          of: index, viewport: MapViewport(camera: camera, size: viewport.size))

        let holders = closer.markers.filter { marker in
          !members.isDisjoint(with: closer.placeIDs(inMarkerWithID: marker.id) ?? [])
        }
        #expect(holders.count >= 2, "cluster \(id) of \(members.count) not split at \(camera)")
        clustersSplit += 1
      }
    }
    #expect(clustersSplit > 10)
  }

  @Test func tapOnUnknownClusterHasNoCamera() {
    let index = MapClusterIndex(places: Place.europe)
    let clustering = index.clustering(for: MapViewport(camera: .world, size: .tile))

    #expect(
      clustering.cameraSplitting(
        clusterWithID: MapClusterID(cellLevel: 3, column: 1, row: 1, copy: 0)) == nil)
    #expect(clustering.placeIDs(inMarkerWithID: .place(99)) == nil)
  }

  // MARK: - Edges of the world

  @Test func clusterAcrossTheAntimeridianSitsOnIt() throws {
    let east = Place(id: 1, name: "East", coordinate: .fixture(-16, 179.9))
    let west = Place(id: 2, name: "West", coordinate: .fixture(-16.1, -179.9))
    let far = Place(id: 3, name: "Far", coordinate: .fixture(-16, 0))
    let index = MapClusterIndex(places: [east, west, far])
    let viewport = MapViewport(camera: .fixture(.fixture(-16, 180), zoom: 4), size: .phone)

    let clustering = Self.checkInvariants(of: index, viewport: viewport)

    #expect(viewport.visibleRegion.crossesAntimeridian)
    let cluster = try #require(clustering.markers.first)
    #expect(clustering.markers.count == 1)
    #expect(cluster.count == 2)
    #expect(abs(cluster.coordinate.longitude) > 179.8)
    #expect(Set(clustering.placeIDs(inMarkerWithID: cluster.id) ?? []) == [1, 2])
  }

  @Test func placesBeyondMercatorsEdgeAreCountedAtTheEdge() throws {
    let pole = Place(id: 1, name: "Pole", coordinate: .fixture(90, 0))
    let station = Place(id: 2, name: "Station", coordinate: .fixture(-89.5, 139))
    let town = Place(id: 3, name: "Town", coordinate: .fixture(78.2, 15.6))
    let index = MapClusterIndex(places: [pole, station, town])
    let north = MapViewport(camera: .fixture(.fixture(85, 10), zoom: 3), size: .phone)

    let clustering = Self.checkInvariants(of: index, viewport: north)

    #expect(north.visibleRegion.north == 90)
    #expect(Set(clustering.markers.map(\.id)) == [.place(1), .place(3)])
    #expect(clustering.markers.contains(MapMarker(place: pole)))
    let whole = MapViewport(camera: .world, size: .phone)
    #expect(Self.checkInvariants(of: index, viewport: whole).markers.map(\.count).reduce(0, +) == 3)
  }

  @Test func regionWithoutPlacesHasNoMarkers() {
    let index = MapClusterIndex(places: Place.europe)
    let pacific = MapViewport(camera: .fixture(.fixture(-20, -150), zoom: 8), size: .phone)

    #expect(Self.checkInvariants(of: index, viewport: pacific).markers.isEmpty)
    #expect(MapClusterIndex(places: []).clustering(for: pacific).markers.isEmpty)
  }

  @Test func viewWiderThanTheWorldCountsEachPlaceOnce() {
    let index = MapClusterIndex(places: Place.europe + [.springfieldIllinois])
    for longitude in [-180.0, -90, 0, 120, 180] {
      let viewport = MapViewport(
        camera: .fixture(.fixture(0, longitude), zoom: 0), size: .fixture(1_000, 600))
      let clustering = Self.checkInvariants(of: index, viewport: viewport)
      #expect(clustering.markers.map(\.count).reduce(0, +) == 5)
    }
  }

  // MARK: - Clusters

  @Test func selectedPlaceHasItsOwnMarkerAndNoClusterCountsIt() throws {
    let places = [Place.london, .paris, .rome, .stockholm, .zurich]
    let index = MapClusterIndex(places: places)
    let world = MapViewport(camera: .world, size: .tile)
    let clustered = index.clustering(for: world)
    let parisPosition = try #require(places.firstIndex(of: .paris))

    let apart = Self.checkInvariants(of: index, viewport: world, unclustered: parisPosition)

    #expect(clustered.markers.map(\.count).reduce(0, +) == 5)
    #expect(clustered.markers.contains { $0.isCluster })
    #expect(apart.markers.last == MapMarker(place: .paris))
    #expect(apart.markers.dropLast().map(\.count).reduce(0, +) == 4)
  }

  @Test func clusterIdentityDoesNotDependOnWhereTheViewIs() throws {
    var generator = SplitMix64(seed: 99)
    let places = RandomMapScenes.catalog(count: 2_000, using: &generator)
    let index = MapClusterIndex(places: places)
    let camera = MapCamera.fixture(.fixture(10, 20), zoom: 3)
    let here = index.clustering(for: MapViewport(camera: camera, size: .phone))
    let panned = index.clustering(
      for: MapViewport(camera: camera.centred(on: .fixture(10, 20.5)), size: .phone))

    // A cluster that is the same set of places in both views has the same identity.
    var compared = 0
    for marker in here.markers where marker.isCluster {
      let members = Set(here.placeIDs(inMarkerWithID: marker.id) ?? [])
      let match = panned.markers.first { other in
        Set(panned.placeIDs(inMarkerWithID: other.id) ?? []) == members
      }
      if let match {
        #expect(match == marker)
        compared += 1
      }
    }
    #expect(compared > 0)
  }

  @Test func placesSharingACoordinateSplitAboveTheMaximumZoom() throws {
    let twins = [
      Place(id: 1, name: "One", coordinate: .stockholmCentre),
      Place(id: 2, name: "Two", coordinate: .stockholmCentre),
    ]
    let index = MapClusterIndex(places: twins)
    let viewport = MapViewport(camera: .fixture(.stockholmCentre, zoom: 12), size: .phone)
    let clustering = index.clustering(for: viewport)
    let cluster = try #require(clustering.markers.first)
    guard case .cluster(let id) = cluster.id else {
      Issue.record("expected a cluster, got \(cluster)")
      return
    }

    let camera = try #require(clustering.cameraSplitting(clusterWithID: id))

    #expect(camera.zoom == MapClusterOptions.standard.maximumZoom + 1)
    let split = index.clustering(for: MapViewport(camera: camera, size: .phone))
    #expect(Set(split.markers.map(\.id)) == [.place(1), .place(2)])
  }

  // MARK: - Viewport

  @Test func visibleRegionAgreesWithContainment() {
    var generator = SplitMix64(seed: 5)
    for _ in 0..<50 {
      let viewport = RandomMapScenes.viewport(near: [], using: &generator)
      let region = viewport.visibleRegion
      for _ in 0..<200 {
        let coordinate = Coordinate.fixture(
          Double.random(in: -90...90, using: &generator),
          Double.random(in: -180...180, using: &generator))
        #expect(
          region.contains(coordinate) == viewport.contains(coordinate), "\(viewport) \(coordinate)")
      }
    }
  }

  @Test func centreOfTheViewIsItsMiddlePoint() {
    let viewport = MapViewport(camera: .fixture(.fixture(59.3, 18.1), zoom: 11), size: .phone)

    let point = viewport.point(for: .fixture(59.3, 18.1))

    #expect(abs(point.x - 195) < 1e-6)
    #expect(abs(point.y - 422) < 1e-6)
  }
}

extension Coordinate {
  fileprivate static let stockholmCentre = Coordinate.fixture(59.32938, 18.06871)
}

extension MapClusterIndex {
  /// The index of a catalog of `places`, which the test knows to have unique identifiers.
  fileprivate init(places: [Place]) {
    do {
      self.init(catalog: try PlaceCatalog(places))
    } catch {
      preconditionFailure("a test catalog repeats an identifier: \(error)")
    }
  }
}
