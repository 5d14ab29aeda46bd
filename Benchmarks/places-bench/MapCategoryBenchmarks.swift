import Foundation
import PlacesModel
import ViewModels

/// The map with categories (issue 27 part 1): a filter change against a camera move at the
/// same zoom, camera moves under a filter against supercluster's `getClusters` on a catalog of
/// just the shown places, and the memory of clustering by category against one hierarchy; on
/// the world and airports files loaded together (two categories) and on the world's places in
/// 12 synthetic categories.
enum MapCategoryBenchmarks {
  /// One catalog to measure and the filter measured on it.
  struct Case {
    let name: String
    let places: [Place]
    let filter: CategoryFilter
  }

  static let stops = Array(MapBenchmarks.stops.prefix(4))

  /// The two catalogs of the issue, from the world file `dataFile` and the airports file
  /// beside it; `nil` with the reason when they cannot be read.
  static func cases(dataFile: String) -> Result<[Case], BenchFailure> {
    let airports = URL(fileURLWithPath: dataFile).deletingLastPathComponent()
      .appendingPathComponent("places-airports.geojson").path
    let load: GeoJSONCatalogLoad
    do {
      load = try GeoJSONPlacesReader().load(sources: [
        .init(file: dataFile),
        // The two files share 121 ids.
        .init(file: airports, options: .init(idPrefix: "airport:")),
      ])
    } catch {
      return .failure(BenchFailure(message: "\(dataFile) and \(airports): \(error)"))
    }
    let world = load.files.first.map { Array(load.places[$0.placeRange]) } ?? []
    var generator = SplitMix64(seed: 27)
    let synthetic = world.map { place in
      Place(
        id: place.id, name: place.name, coordinate: place.coordinate,
        category: "category \(generator.next() % 12)", country: place.country,
        population: place.population)
    }
    return .success([
      Case(
        name: "world and airports, \(load.places.count) places, airports shown",
        places: load.places, filter: CategoryFilter(showing: ["airport"])),
      Case(
        name: "\(synthetic.count) places in 12 categories, 3 shown", places: synthetic,
        filter: CategoryFilter(showing: ["category 0", "category 1", "category 2"])),
    ])
  }

  /// Why the figures could not be measured.
  struct BenchFailure: Error {
    let message: String
  }

  /// A map screen over one model at one stop, with one clustering and filter.
  private final class Scene {
    let viewModel: MapViewModel
    let view = NoOpMapView()
    let cameras: (MapCamera, MapCamera)
    let filter: CategoryFilter

    init(
      model: PlacesModel, stop: MapBenchmarks.Stop, byCategory: Bool, filter: CategoryFilter,
      cycle: [CategoryFilter]
    ) throws {
      self.cycle = cycle
      cameras = try stop.cameras(viewWidth: MapBenchmarks.viewSize.width)
      viewModel = MapViewModel(
        model: model, camera: cameras.0, viewSize: MapBenchmarks.viewSize,
        options: MapClusterOptions.standard.clusteringByCategory(byCategory))
      viewModel.view = view
      self.filter = filter
    }

    /// Moves the camera `iterations` times between its two cameras.
    func move(_ iterations: Int) {
      for iteration in 0..<iterations {
        let camera = iteration.isMultiple(of: 2) ? cameras.1 : cameras.0
        viewModel.cameraChanged(to: camera, viewSize: MapBenchmarks.viewSize)
      }
    }

    /// Changes the filter `iterations` times, between every place and ``filter``.
    func changeFilter(_ iterations: Int) {
      for iteration in 0..<iterations {
        viewModel.categoryFilter = iteration.isMultiple(of: 2) ? filter : .all
      }
    }

    /// How far ``cycleFilter(_:)`` has gone round ``cycle``.
    private var cycleStep = 0

    /// The filters ``cycleFilter(_:)`` goes round (see ``filterCycle(around:places:)``).
    let cycle: [CategoryFilter]

    /// Changes the filter `iterations` times, going round ``cycle``: never back to the filter
    /// before, so that no change takes the markers of the layer the last one replaced.
    func cycleFilter(_ iterations: Int) {
      for _ in 0..<iterations {
        cycleStep = (cycleStep + 1) % cycle.count
        viewModel.categoryFilter = cycle[cycleStep]
      }
    }
  }

  /// `filter`, the filter of the categories of `places` it hides, and every place: three
  /// filters none of which is the one before it when taken in turn.
  static func filterCycle(around filter: CategoryFilter, places: [Place]) -> [CategoryFilter] {
    let categories = Set(places.lazy.compactMap(\.category))
    let other = CategoryFilter(
      showing: categories.filter { !filter.shows(category: $0) },
      includingUncategorized: !filter.shows(category: nil))
    return [filter, other, .all]
  }

  static func run(
    dataFile: String, superclusterDirectory: String?, quick: Bool, report: inout Report
  ) {
    let cases: [Case]
    switch Self.cases(dataFile: dataFile) {
    case .success(let found): cases = found
    case .failure(let failure):
      report.add(
        .skipped(
          section: "map", name: "Map: filter change vs camera move", unit: "us",
          reason: failure.message))
      return
    }
    for item in cases {
      run(item, superclusterDirectory: superclusterDirectory, quick: quick, report: &report)
      MapFilterUseBenchmarks.run(item, quick: quick, report: &report)
    }
  }

  private static func run(
    _ item: Case, superclusterDirectory: String?, quick: Bool, report: inout Report
  ) {
    progress("map categories: \(item.name)")
    let model: PlacesModel
    let catalog: PlaceCatalog
    do {
      model = try PlacesModel(places: item.places)
      catalog = try PlaceCatalog(item.places)
    } catch {
      report.failures.append("map categories: \(item.name): \(error)")
      return
    }
    addMemoryFigure(item, catalog: catalog, report: &report)
    // Four scenes per stop and clustering: a pan without a filter, filter changes to and fro,
    // a pan under the filter, filter changes round three filters.
    var scenes: [[(plain: Scene, changing: Scene, filtered: Scene, cycling: Scene)]] = []
    let cycle = filterCycle(around: item.filter, places: item.places)
    do {
      for byCategory in [false, true] {
        scenes.append(
          try stops.map { stop in
            func scene() throws -> Scene {
              try Scene(
                model: model, stop: stop, byCategory: byCategory, filter: item.filter,
                cycle: cycle)
            }
            let filtered = try scene()
            filtered.viewModel.categoryFilter = item.filter
            return (try scene(), try scene(), filtered, try scene())
          })
      }
    } catch {
      report.failures.append("map categories: \(item.name): \(error)")
      return
    }
    var operations: [TimedOperation] = []
    for (mode, row) in scenes.enumerated() {
      for (stop, scene) in zip(stops, row) {
        operations.append(TimedOperation(name: "\(mode) \(stop.name) pan", body: scene.plain.move))
        operations.append(
          TimedOperation(name: "\(mode) \(stop.name) filter", body: scene.changing.changeFilter))
        operations.append(
          TimedOperation(name: "\(mode) \(stop.name) filtered", body: scene.filtered.move))
        operations.append(
          TimedOperation(name: "\(mode) \(stop.name) cycle", body: scene.cycling.cycleFilter))
      }
    }
    let medians = Timing.interleavedMedians(operations, plan: quick ? .quick : .full)
      .map { $0 / 1e3 }
    let shown = item.places.filter { item.filter.shows($0) }
    let supercluster = superclusterDirectory.flatMap { directory in
      superclusterRun(directory: directory, places: shown, quick: quick)
    }
    for (mode, row) in scenes.enumerated() {
      let clustering = mode == 0 ? "one hierarchy" : "clustering by category"
      for (index, (stop, scene)) in zip(stops, row).enumerated() {
        let base = (mode * stops.count + index) * 4
        let (pan, change, filtered) = (medians[base], medians[base + 1], medians[base + 2])
        let cycled = medians[base + 3]
        let markers = scene.filtered.viewModel.markers
        // A filter change's figure, `kind` naming how the filters change, against the pan.
        func addFilterChange(_ kind: String, value: Double, note: String) {
          report.add(
            Figure(
              section: "map",
              name: "Map: filter change \(kind)at \(stop.name) zoom, \(item.name), "
                + "\(clustering): to last view command",
              value: value, unit: "us",
              baseline: (name: "camera move at the same zoom, no filter", value: pan),
              ratio: value / pan, target: .ratioAtMost(1), note: note))
        }
        addFilterChange(
          "", value: change,
          note: "categoryFilter alternating between \(item.filter) and all at "
            + "\(scene.changing.cameras.0), a 390x844 view; the camera move alternates "
            + "between it and a quarter of the view east")
        addFilterChange(
          "round three filters ", value: cycled,
          note: "categoryFilter going round " + cycle.map { "\($0)" }.joined(separator: " -> ")
            + ", never back to the filter before (whose markers a change back takes again)")
        var baseline: (name: String, value: Double?)?
        var ratio: Double?
        var note =
          "\(markers.count) markers for \(markers.reduce(0) { $0 + $1.count }) shown places "
          + "in view; cameraChanged alternating a quarter of the view apart under \(item.filter)"
        if let supercluster {
          let theirs = supercluster.queryNanoseconds[index] / 1e3
          baseline = ("supercluster getClusters on the \(shown.count) shown places", theirs)
          ratio = filtered / theirs
          note += "; supercluster returned \(supercluster.queryResults[index]) for the same box"
        }
        report.add(
          Figure(
            section: "map",
            name: "Map: camera move under a filter at \(stop.name) zoom, \(item.name), "
              + "\(clustering): to last view command",
            value: filtered, unit: "us", baseline: baseline, ratio: ratio,
            target: supercluster == nil ? nil : .ratioAtMost(1), note: note))
      }
    }
  }

  private static func addMemoryFigure(_ item: Case, catalog: PlaceCatalog, report: inout Report) {
    let options = MapClusterOptions.standard
    let radius = options.radius
    let level = PlaceCatalog.standardClusterMaximumLevel
    let one = catalog.clusterHierarchy(radius: radius, maximumLevel: level).byteCount
    let byCategory = catalog.categoryClusterHierarchies(radius: radius, maximumLevel: level)
    report.add(
      Figure(
        section: "map",
        name: "Map: cluster memory by category vs one hierarchy, \(item.name)",
        value: Double(byCategory.byteCount) / Double(item.places.count), unit: "bytes/place",
        baseline: (
          name: "one hierarchy", value: Double(one) / Double(item.places.count)
        ),
        ratio: Double(byCategory.byteCount) / Double(one), target: .ratioAtMost(1.2),
        note: "\(byCategory.hierarchies.count) hierarchies; ClusterHierarchy.byteCount summed"))
  }

  /// supercluster on a file of `places`, queried at each stop's panned view.
  private static func superclusterRun(directory: String, places: [Place], quick: Bool)
    -> SuperclusterRun.Result?
  {
    let path = NSTemporaryDirectory() + "places-bench-shown-\(getpid()).geojson"
    var text = #"{"type":"FeatureCollection","features":["#
    for (index, place) in places.enumerated() {
      if index > 0 { text += ",\n" }
      text +=
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":["#
        + "\(place.coordinate.longitude),\(place.coordinate.latitude)]},\"properties\":{}}"
    }
    text += "]}\n"
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
      return nil
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let queries = stops.compactMap { stop -> SuperclusterRun.Query? in
      guard let (_, panned) = try? stop.cameras(viewWidth: MapBenchmarks.viewSize.width) else {
        return nil
      }
      let region = MapViewport(camera: panned, size: MapBenchmarks.viewSize).visibleRegion
      return SuperclusterRun.Query(
        west: region.west, south: region.south, east: region.east, north: region.north,
        zoom: max(0, Int(stop.zoom) - 1))
    }
    return SuperclusterRun.run(directory: directory, dataFile: path, queries: queries, quick: quick)
  }
}
