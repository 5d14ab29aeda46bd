import MapBenchSupport
import PlacesModel
import ViewModels

/// The map: building the cluster index, and a camera move from the input to the last view
/// command at five zooms, against supercluster and the previous approach.
enum MapBenchmarks {
  /// A place to look at and how close: the camera moves between `camera` and a quarter of
  /// the view's width east of it, so each move changes some markers.
  struct Stop {
    let name: String
    let latitude: Double
    let longitude: Double
    let zoom: Double

    /// The camera at the stop, and the one panned east by a quarter of the view.
    func cameras(viewWidth: Double) throws -> (MapCamera, MapCamera) {
      let here = try MapCamera(
        centre: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom)
      let degreesPerPoint = 360 / here.worldWidthInPoints
      let panned = try MapCamera(
        centre: Coordinate(
          latitude: latitude, longitude: longitude + viewWidth / 4 * degreesPerPoint),
        zoom: zoom)
      return (here, panned)
    }
  }

  static let stops = [
    Stop(name: "world", latitude: 20, longitude: 10, zoom: 1),
    Stop(name: "continent", latitude: 50, longitude: 10, zoom: 4),
    Stop(name: "country", latitude: 46.5, longitude: 2.5, zoom: 6),
    Stop(name: "city", latitude: 51.5074, longitude: -0.1278, zoom: 11),
    Stop(name: "street", latitude: 51.5074, longitude: -0.1278, zoom: 16),
  ]

  /// A phone held upright, the view the figures are for.
  static let viewSize = MapSize.phone

  /// A camera at city zoom (11) centred on `coordinate`.
  static func cityCamera(at coordinate: Coordinate) -> MapCamera {
    do {
      return try MapCamera(centre: coordinate, zoom: 11)
    } catch {
      preconditionFailure("11 is a valid zoom")
    }
  }

  /// One map screen over one catalog, looking at one stop.
  private final class Scene {
    let model: PlacesModel
    let viewModel: MapViewModel
    let view = NoOpMapView()
    let cameras: (MapCamera, MapCamera)

    init(places: [Place], stop: Stop) throws {
      model = try PlacesModel(places: places)
      cameras = try stop.cameras(viewWidth: MapBenchmarks.viewSize.width)
      viewModel = MapViewModel(model: model, camera: cameras.0, viewSize: MapBenchmarks.viewSize)
      viewModel.view = view
    }

    /// Moves the camera `iterations` times, back and forth between the two cameras.
    func move(_ iterations: Int) {
      for iteration in 0..<iterations {
        let camera = iteration.isMultiple(of: 2) ? cameras.1 : cameras.0
        viewModel.cameraChanged(to: camera, viewSize: MapBenchmarks.viewSize)
      }
    }
  }

  /// Reports the map figures as skipped, for `reason`.
  static func skip(reason: String, report: inout Report) {
    report.add(
      .skipped(
        section: "map", name: "Map: cluster hierarchy build, all levels, all places",
        unit: "ms", reason: reason))
  }

  /// Measures the map with every `places.count / smallCount`-th place (a sample spread like
  /// the whole) and with all of them.
  static func run(
    places: [Place], smallCount: Int, dataFile: String, superclusterDirectory: String?,
    quick: Bool, report: inout Report
  ) {
    let plan = quick ? TimingPlan.quick : TimingPlan.full
    let stride = max(1, places.count / max(smallCount, 1))
    let small = Array(Swift.stride(from: 0, to: places.count, by: stride).prefix(smallCount))
      .map { places[$0] }
    let sizes = [small, places]
    let supercluster = superclusterDirectory.flatMap { directory in
      SuperclusterRun.run(
        directory: directory, dataFile: dataFile, queries: superclusterQueries(), quick: quick)
    }
    addBuildFigures(sizes: sizes, supercluster: supercluster, quick: quick, report: &report)

    let scenes: [[Scene]]
    // For each stop, the `smallCount` places nearest its centre: what is on screen nearly as
    // with every place, so that the catalog's size is the only difference.
    let nearestScenes: [Scene]
    do {
      scenes = try sizes.map { catalog in try stops.map { try Scene(places: catalog, stop: $0) } }
      let whole = try PlaceCatalog(places)
      nearestScenes = try stops.map { stop in
        let centre = try Coordinate(latitude: stop.latitude, longitude: stop.longitude)
        let nearest = Array(whole.placesNearestFirst(from: centre).prefix(smallCount))
        return try Scene(places: nearest, stop: stop)
      }
    } catch {
      report.failures.append("map: cannot build the scenes: \(error)")
      return
    }
    let catalog: PlaceCatalog
    do {
      catalog = try PlaceCatalog(places)
    } catch {
      report.failures.append("map: cannot build the catalog: \(error)")
      return
    }
    // The previous approach, clustering the visible region on every move: package, with no
    // public route, so called directly.
    let perViewIndex = MapClusterIndex(catalog: catalog)
    let perViewports = scenes[1].map { scene in
      (
        MapViewport(camera: scene.cameras.0, size: viewSize),
        MapViewport(camera: scene.cameras.1, size: viewSize)
      )
    }
    let baseline = EveryMarkerMapViewModel(places: places)
    let baselineView = NoOpMapView()
    baseline.view = baselineView
    var operations: [TimedOperation] = []
    for (size, row) in scenes.enumerated() {
      for (stop, scene) in zip(stops, row) {
        operations.append(
          TimedOperation(name: "\(stop.name) \(sizes[size].count)", body: scene.move))
      }
    }
    for (stop, viewports) in zip(stops, perViewports) {
      operations.append(
        TimedOperation(name: "per-view \(stop.name)") { iterations in
          for iteration in 0..<iterations {
            let viewport = iteration.isMultiple(of: 2) ? viewports.1 : viewports.0
            _ = perViewIndex.clustering(for: viewport)
          }
        })
    }
    operations.append(
      TimedOperation(name: "every marker") { iterations in
        for _ in 0..<iterations {
          baseline.cameraChanged(to: .world, viewSize: viewSize)
        }
      })
    for (stop, scene) in zip(stops, nearestScenes) {
      operations.append(TimedOperation(name: "nearest \(stop.name)", body: scene.move))
    }
    let medians = Timing.interleavedMedians(operations, plan: plan).map { $0 / 1e3 }
    let smallMedians = Array(medians[0..<stops.count])
    let largeMedians = Array(medians[stops.count..<2 * stops.count])
    let perViewMedians = Array(medians[2 * stops.count..<3 * stops.count])
    let everyMarker = medians[3 * stops.count]
    let nearestMedians = Array(medians[(3 * stops.count + 1)...])

    for (index, stop) in stops.enumerated() {
      let large = scenes[1][index]
      let markers = large.viewModel.markers
      var note =
        "\(markers.count) markers (\(markers.filter(\.isCluster).count) clusters) for "
        + "\(markers.reduce(0) { $0 + $1.count }) places in view at \(large.cameras.1); "
        + "cameraChanged(to:viewSize:) alternating with \(large.cameras.0), a quarter of the "
        + "view apart, on a 390x844 view"
      var baselineRow: (name: String, value: Double?)?
      var ratio: Double?
      if let supercluster {
        let theirs = supercluster.queryNanoseconds[index] / 1e3
        baselineRow = ("supercluster getClusters", theirs)
        ratio = largeMedians[index] / theirs
        note += "; supercluster returned \(supercluster.queryResults[index]) for the same box"
      }
      report.add(
        Figure(
          section: "map",
          name: "Map: camera move at \(stop.name) zoom (\(Report.format(stop.zoom))), "
            + "\(places.count) places: to last view command",
          value: largeMedians[index], unit: "us", baseline: baselineRow, ratio: ratio,
          target: supercluster == nil ? .valueBelow(1_000) : .ratioAtMost(1), note: note))
      report.add(
        Figure(
          section: "map",
          name: "Map: camera move at \(stop.name) zoom, \(places.count) places: previous "
            + "per-view clustering vs the hierarchy",
          value: perViewMedians[index], unit: "us",
          baseline: (name: "camera move (hierarchy)", value: largeMedians[index]),
          ratio: perViewMedians[index] / largeMedians[index],
          note: "MapClusterIndex.clustering(for:) alone, alternating between the same two "
            + "viewports, in the same interleaved run: the previous view model also computed "
            + "the difference and sent it, so this is a lower bound for its camera move"))
      let inView = { (scene: Scene) in scene.viewModel.markers.reduce(0) { $0 + $1.count } }
      let markersInView = { (scene: Scene) in scene.viewModel.markers.count }
      // The target is on the sample whose screen is closer to the whole catalog's, so that the
      // catalog's size is the difference: the places nearest the view when they fill it (city
      // and street zoom), the spread sample when the view holds far more than 1,000 places.
      let nearestGap = abs(markersInView(nearestScenes[index]) - markersInView(large))
      let spreadGap = abs(markersInView(scenes[0][index]) - markersInView(large))
      let nearestIsCloser = nearestGap <= spreadGap
      let comparison =
        "the target is on the sample whose markers in view are closer in number "
        + "to the whole catalog's, so that the catalog's size is what differs"
      report.add(
        Figure(
          section: "map",
          name: "Map: camera move at \(stop.name) zoom, \(places.count) places vs the "
            + "\(small.count) nearest the view",
          value: largeMedians[index], unit: "us",
          baseline: (name: "\(small.count) nearest", value: nearestMedians[index]),
          ratio: largeMedians[index] / nearestMedians[index],
          target: nearestIsCloser ? .ratioAtMost(10) : nil,
          note: "the same camera moves on a catalog of the \(small.count) places nearest the "
            + "stop's centre: \(inView(nearestScenes[index])) places, "
            + "\(markersInView(nearestScenes[index])) markers in view; with every place "
            + "\(inView(large)), \(markersInView(large)); \(comparison)"))
      report.add(
        Figure(
          section: "map",
          name: "Map: camera move at \(stop.name) zoom, \(places.count) vs \(small.count) places",
          value: largeMedians[index], unit: "us",
          baseline: (name: "\(small.count) places", value: smallMedians[index]),
          ratio: largeMedians[index] / smallMedians[index],
          target: nearestIsCloser ? nil : .ratioAtMost(10),
          note: "every \(stride)th place: \(inView(scenes[0][index])) places, "
            + "\(markersInView(scenes[0][index])) markers in view; with every place "
            + "\(inView(large)), \(markersInView(large)); \(comparison)"))
    }
    addChurnFigures(catalog: catalog, model: scenes[1][0].model, report: &report)
    addCoverageFigure(places: places, model: scenes[1][0].model, quick: quick, report: &report)
    addInstructionCounts(dataFile: dataFile, quick: quick, report: &report)
    let city = largeMedians[3]
    report.add(
      Figure(
        section: "map",
        name: "Map: previous approach, every marker sent, \(places.count) places vs camera "
          + "move at city zoom",
        value: everyMarker, unit: "us", baseline: (name: "camera move at city zoom", value: city),
        ratio: everyMarker / city,
        note: "places.map(MapMarker.init(place:)) handed to showMarkers, as MapViewModel did "
          + "before; the view still had to draw \(places.count) annotations"))
    if supercluster == nil {
      report.notes.append(
        "Map: supercluster was not run (pass --supercluster DIR, a folder holding "
          + "node_modules/supercluster and node_modules/kdbush, with node on PATH); the issue "
          + "measured it on this machine at about 945 ms to index the world file (max zoom "
          + "16, radius 60) and 1-40 us per viewport query.")
    } else if let supercluster {
      report.notes.append(
        "Map: supercluster \(supercluster.version) ran under node in the same run, on the "
          + "same file, with max zoom 16 and radius 60 (512-pixel tiles); its zoom z is this "
          + "package's z + 1 (256-point tiles), so each query asks it for the same box at "
          + "zoom - 1, where the radius covers the same share of the world. Its query returns "
          + "precomputed clusters and computes no difference; the figure here goes from the "
          + "input to the last view command.")
    }
  }

  // MARK: - Markers that hold still

  /// Adds the pan figures (markers on screen replaced per 2% pan, the view model beside the
  /// per-view clustering) and the zoom-in lineage figure.
  private static func addChurnFigures(
    catalog: PlaceCatalog, model: PlacesModel, report: inout Report
  ) {
    progress("map: counting the markers pans replace and zooms name")
    let pans: [MapMarkerChurn.PanResult]
    let lineage: MapMarkerChurn.LineageResult
    do {
      pans = try MapMarkerChurn.pans(catalog: catalog, model: model)
      lineage = try MapMarkerChurn.lineage(catalog: catalog, model: model)
    } catch {
      report.failures.append("map: cannot drive the pans and zooms: \(error)")
      return
    }
    let how =
      "\(MapMarkerChurn.startCount) places drawn with seed \(MapMarkerChurn.seed), each panned "
      + "east by \(Report.format(MapMarkerChurn.panPoints)) points (2% of 390) "
      + "\(MapMarkerChurn.pansPerStart) times on a 390x844 view; of the markers whose "
      + "coordinate is in the visible region before and after a pan, those the view model's "
      + "update removed (changed or not), and for the per-view clustering "
      + "(MapClusterIndex.clustering) those with no equal marker after"
    let rows =
      pans.map { ("zoom \($0.zoom)", $0.viewModel, $0.perView) }
      + [
        (
          "zooms \(MapMarkerChurn.zooms.map(String.init).joined(separator: ", "))",
          pans.map(\.viewModel).reduce(MapMarkerChurn.Tally(), +),
          pans.map(\.perView).reduce(MapMarkerChurn.Tally(), +)
        )
      ]
    for (zooms, viewModel, perView) in rows {
      report.add(
        Figure(
          section: "map",
          name: "Map: markers on screen replaced per 2% pan, \(zooms), \(catalog.count) places",
          value: viewModel.percent, unit: "%",
          baseline: ("per-view clustering", perView.percent), target: .valueAtMost(0),
          note: "\(viewModel.replaced) of \(viewModel.kept) (per-view: \(perView.replaced) of "
            + "\(perView.kept)); " + how))
    }
    report.add(
      Figure(
        section: "map",
        name: "Map: zoom in by one level, added markers naming their parent, "
          + "\(catalog.count) places",
        value: lineage.percent, unit: "%", target: .valueAtLeast(100),
        note: "\(lineage.namingParent) of the \(lineage.withParentShown) added markers whose "
          + "parent was on the map name it in `from` (\(lineage.added) added in all); from the "
          + "same starts at zooms \(MapMarkerChurn.zooms.map(String.init).joined(separator: ", ")) "
          + "to zoom + 1.5 (past the hysteresis); the parent is the marker that held the added "
          + "marker's places before, by placeIDs(inMarkerWithID:)"))
  }

  // MARK: - Coverage

  /// Adds the coverage figure: places in view that no marker counts, over a walk of random
  /// cameras.
  private static func addCoverageFigure(
    places: [Place], model: PlacesModel, quick: Bool, report: inout Report
  ) {
    progress("map: counting the places in view that the markers count")
    let cameras = quick ? 40 : 400
    let result: MapCoverage.Result
    do {
      result = try MapCoverage.walk(model: model, places: places, cameras: cameras)
    } catch {
      report.failures.append("map: cannot walk the cameras: \(error)")
      return
    }
    report.add(
      Figure(
        section: "map",
        name: "Map: places in view that no marker counts, \(result.cameras) random cameras, "
          + "\(places.count) places",
        value: Double(result.uncounted), unit: "places", target: .valueAtMost(0),
        note: "of \(result.placesInView) places in view summed over the cameras "
          + "(MapViewport.contains), looked up in placeIDs(inMarkerWithID:) of every marker "
          + "shown; \(result.countedTwice) counted twice; \(result.camerasMissing) cameras "
          + "wrong; a walk with seed \(MapCoverage.seed) on a 390x844 view: jumps to a place at "
          + "a random zoom in 0-19, zooms in and out by 0.1-0.5, pans; "
          + "\(result.inHysteresisBand) cameras in the hysteresis band"))
  }

  // MARK: - Instructions

  /// Counts the instructions of a camera move at each stop with callgrind, which the machine's
  /// load does not change: the probe runs with 100 and 300 moves, and the difference is
  /// divided by 200.
  private static func addInstructionCounts(dataFile: String, quick: Bool, report: inout Report) {
    guard !quick, let valgrind = ChildProcess.searchPath(for: "valgrind"),
      let executable = ChildProcess.currentExecutable
    else {
      report.notes.append(
        "Map: instruction counts need valgrind on PATH and are not taken in --quick.")
      return
    }
    progress("map: counting instructions with callgrind")
    for stop in stops {
      let counts = [100, 300].map { moves in
        instructions(
          valgrind: valgrind, executable: executable, dataFile: dataFile, stop: stop.name,
          moves: moves)
      }
      guard let fewer = counts[0], let more = counts[1] else {
        report.failures.append("map: the callgrind run of the \(stop.name) probe failed")
        continue
      }
      report.add(
        Figure(
          section: "map",
          name: "Map: camera move at \(stop.name) zoom, instructions per move",
          value: Double(more - fewer) / 200, unit: "instructions"))
    }
    report.notes.append(
      "Map: instructions per move are callgrind's \"Collected\" inside "
        + "`MapViewModel.cameraChanged(to:viewSize:)` for `places-bench --only map-moves --stop "
        + "STOP --moves K`, (K = 300 - K = 100) / 200: the first move's full layer cancels out.")
  }

  private static func instructions(
    valgrind: String, executable: String, dataFile: String, stop: String, moves: Int
  ) -> Int? {
    // Only inside the camera move: the background threads of loading and building (the
    // level finisher, freeing replaced indexes) vary by more than 200 moves' worth.
    let arguments = [
      "--tool=callgrind", "--callgrind-out-file=/dev/null",
      "--toggle-collect=$s10ViewModels03MapA5ModelC13cameraChanged2to8viewSize*",
      executable, "--only", "map-moves",
      "--stop", stop, "--moves", "\(moves)", "--file", dataFile,
    ]
    guard let outcome = ChildProcess.run(valgrind, arguments: arguments, capturingOutput: true),
      outcome.status == 0,
      let line = outcome.output.split(separator: "\n").first(where: { $0.contains("Collected") }),
      let number = line.split(separator: ":").last
    else { return nil }
    return Int(number.filter(\.isNumber))
  }

  // MARK: - Probe

  /// Loads `path`, looks at the stop named `stop` and moves the camera `moves` times: run
  /// twice under a counter (valgrind, `perf stat`) to count the instructions of a move.
  static func probe(path: String, stop name: String, moves: Int) -> String {
    guard let stop = stops.first(where: { $0.name == name }) else {
      return "unknown stop \(name): one of \(stops.map(\.name).joined(separator: ", "))"
    }
    do {
      let places = try GeoJSONPlacesReader().load(contentsOfFile: path).places
      let scene = try Scene(places: places, stop: stop)
      scene.move(moves)
      return "map-moves stop=\(name) moves=\(moves) markers=\(scene.viewModel.markers.count)"
    } catch {
      return "map-moves failed: \(error)"
    }
  }

  // MARK: - Build

  private static func addBuildFigures(
    sizes: [[Place]], supercluster: SuperclusterRun.Result?, quick: Bool, report: inout Report
  ) {
    let radius = PlaceCatalog.standardClusterRadius
    let maximumLevel = PlaceCatalog.standardClusterMaximumLevel
    let catalogs = sizes.compactMap { try? PlaceCatalog($0) }
    guard catalogs.count == sizes.count else {
      report.failures.append("map: cannot build the catalogs for the build figures")
      return
    }
    // Both engines are package, with no public route: called directly.
    var operations = sizes.map { catalog in
      TimedOperation(name: "hierarchy \(catalog.count)") { iterations in
        for _ in 0..<iterations {
          _ = ClusterHierarchy(places: catalog, radius: radius, maximumLevel: maximumLevel)
        }
      }
    }
    operations += catalogs.map { catalog in
      TimedOperation(name: "per-view index \(catalog.count)") { iterations in
        for _ in 0..<iterations {
          _ = MapClusterIndex(catalog: catalog)
        }
      }
    }
    let medians = Timing.interleavedMedians(operations, plan: quick ? .quick : .slow)
      .map { $0 / 1e6 }
    let (small, large) = (medians[0], medians[1])
    let perViewLarge = medians[3]
    let count = sizes[1].count
    let how =
      "ClusterHierarchy(places:radius:maximumLevel:) with radius \(Report.format(radius)), "
      + "levels 0 to \(maximumLevel) (the standard options), every level built"
    report.add(
      Figure(
        section: "map", name: "Map: cluster hierarchy build, all levels, \(count) places",
        value: large, unit: "ms", note: how))
    if let supercluster {
      let theirs = supercluster.buildNanoseconds / 1e6
      report.add(
        Figure(
          section: "map",
          name: "Map: cluster hierarchy build speed-up on supercluster, \(count) places",
          value: large, unit: "ms", baseline: ("supercluster load, max zoom 16", theirs),
          ratio: theirs / large, target: .ratioAtLeast(5),
          note: "median of supercluster's load(points) under node in the same run, over "
            + "its median"))
    } else {
      report.add(
        .skipped(
          section: "map",
          name: "Map: cluster hierarchy build speed-up on supercluster, \(count) places",
          unit: "ms", target: .ratioAtLeast(5), reason: "supercluster was not run"))
    }
    report.add(
      Figure(
        section: "map",
        name: "Map: previous per-view index build vs the hierarchy, \(count) places",
        value: perViewLarge, unit: "ms", baseline: ("cluster hierarchy build", large),
        ratio: perViewLarge / large,
        note: "MapClusterIndex(catalog:): projection, radix sort by Morton code, prefix sums; "
          + "the clustering itself was then done on every camera move"))
    report.add(
      Figure(
        section: "map", name: "Map: cluster hierarchy build, \(sizes[0].count) places",
        value: small, unit: "ms", note: how))

    let hierarchy = catalogs[1].clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
    let perPlace = Double(hierarchy.byteCount) / Double(max(count, 1))
    var memoryBaseline: (name: String, value: Double?)?
    var memoryNote =
      "ClusterHierarchy.byteCount (its arrays' elements, all \(hierarchy.levels.count) "
      + "levels) / \(count) places"
    if let bytes = supercluster?.indexBytes {
      memoryBaseline = ("supercluster heap growth per place", bytes / Double(max(count, 1)))
      memoryNote +=
        "; supercluster: growth of node's heapUsed + arrayBuffers across one load, "
        + "after a forced collection on each side, the points already loaded"
    }
    report.add(
      Figure(
        section: "map", name: "Map: cluster hierarchy memory, \(count) places",
        value: perPlace, unit: "bytes/place", baseline: memoryBaseline,
        ratio: memoryBaseline?.value.map { $0 / perPlace }, note: memoryNote))
  }

  /// The visible boxes of the stops, in supercluster's terms (its zoom is one less).
  private static func superclusterQueries() -> [SuperclusterRun.Query] {
    stops.compactMap { stop in
      guard let (_, panned) = try? stop.cameras(viewWidth: viewSize.width) else { return nil }
      let region = MapViewport(camera: panned, size: viewSize).visibleRegion
      return SuperclusterRun.Query(
        west: region.west, south: region.south, east: region.east, north: region.north,
        zoom: max(0, Int(stop.zoom) - 1))
    }
  }
}
