import PlacesModel
import ViewModels

/// A page of a cluster's places, the "show these places" sheet, for clusters of *k* places at
/// one spot: through ``MapViewModel/places(inClusterWithID:offset:limit:)``, beside the naive
/// way an app would take without it (every place of the cluster, sorted, then the page).
enum SpreadBenchmarks {
  /// The places in a page.
  static let pageSize = 20

  /// A map at zoom 16 over `count` places at one spot among 1,000 places spread over the
  /// world, with its cluster of the spot.
  private struct Scene {
    let model: PlacesModel
    let viewModel: MapViewModel
    let cluster: MapClusterID
    /// The places at the spot.
    let count: Int

    init?(count: Int) {
      self.count = count
      let spot = Coordinate.benchSpot
      var random = SplitMix64(seed: UInt64(count))
      var places = (0..<count).map { index in
        Place(
          id: PlaceID(index), name: "Stall \(Int.random(in: 0..<count, using: &random))",
          coordinate: spot, population: Int.random(in: 0..<1_000, using: &random))
      }
      for index in 0..<1_000 {
        guard
          let coordinate = try? Coordinate(
            latitude: Double.random(in: -80...80, using: &random),
            longitude: Double.random(in: -180...180, using: &random))
        else { continue }
        places.append(
          Place(id: PlaceID(count + index), name: "Town \(index)", coordinate: coordinate))
      }
      guard let model = try? PlacesModel(places: places),
        let camera = try? MapCamera(centre: spot, zoom: 16)
      else { return nil }
      let viewModel = MapViewModel(model: model, camera: camera, viewSize: MapBenchmarks.viewSize)
      let cluster = viewModel.markers.lazy.compactMap { marker -> MapClusterID? in
        guard case .cluster(let id) = marker.id, marker.count == count else { return nil }
        return id
      }.first
      guard let cluster else { return nil }
      self.model = model
      self.viewModel = viewModel
      self.cluster = cluster
    }

    /// The page from the middle of the cluster's order, `iterations` times.
    func page(_ iterations: Int) {
      let offset = count / 2
      for iteration in 0..<iterations {
        let page = viewModel.places(
          inClusterWithID: cluster, offset: offset + iteration % 2, limit: pageSize)
        withExtendedLifetime(page) {}
      }
    }

    /// The naive page: every place of the cluster, sorted, then the page.
    func sortedPage(_ iterations: Int) {
      for iteration in 0..<iterations {
        let ids = viewModel.placeIDs(inMarkerWithID: .cluster(cluster)) ?? []
        let places = ids.compactMap(model.places.place(withID:)).sorted { left, right in
          if left.population != right.population {
            return (left.population ?? -1) > (right.population ?? -1)
          }
          return left.name != right.name ? left.name < right.name : left.id < right.id
        }
        let start = count / 2 + iteration % 2
        withExtendedLifetime(places[start..<min(places.count, start + pageSize)]) {}
      }
    }
  }

  /// Measures a page of clusters of 1,000 to 100,000 places (10,000 with `quick`).
  static func run(quick: Bool, plan: TimingPlan, report: inout Report) {
    let counts = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
    var pageCosts: [Double] = []
    for count in counts {
      guard let scene = Scene(count: count) else {
        report.failures.append("spread: cannot build a map of \(count) places at one spot")
        return
      }
      // The first page orders the level's places for the catalog, once.
      let first = Timing.nanoseconds { scene.page(1) }
      let bytes = scene.viewModel.clusterPlaceOrderByteCount
      let medians = Timing.interleavedMedians(
        [
          TimedOperation(name: "page", body: scene.page),
          TimedOperation(name: "sorted", body: scene.sortedPage),
        ], plan: plan)
      pageCosts.append(medians[0])
      let label = "\(count / 1_000)k places at one spot"
      report.add(
        Figure(
          section: "spread", name: "Cluster page of \(pageSize), \(label)",
          value: medians[0] / 1_000, unit: "us",
          baseline: ("sort the cluster's places", medians[1] / 1_000),
          ratio: Figure.ratio(medians[0], medians[1]),
          target: count >= 10_000 ? .ratioAtMost(0.1) : nil))
      report.add(
        Figure(
          section: "spread", name: "Cluster pages: first page, ordering the level, \(label)",
          value: first / 1_000_000, unit: "ms",
          note: "once per catalog and level; then \(bytes / (count + 1_000)) bytes a place"))
    }
    if let small = pageCosts.first, let large = pageCosts.last, pageCosts.count > 1 {
      report.add(
        Figure(
          section: "spread",
          name: "Cluster page cost, \(counts[counts.count - 1] / 1_000)k vs 1k places",
          value: large / 1_000, unit: "us", baseline: ("1k places", small / 1_000),
          ratio: Figure.ratio(large, small), target: .ratioAtMost(2)))
    }
  }
}

extension Coordinate {
  /// Where the bench's places at one spot stand: the Place de la Concorde.
  fileprivate static let benchSpot = Coordinate(uncheckedLatitude: 48.8656, longitude: 2.3212)
}
