import BenchSupport
import PlacesModel

/// The spatial index: building it, its memory, and its queries against scanning or sorting the
/// whole catalog, at the full catalog and at a small one.
enum SpatialIndexBenchmarks {
  /// The queries of one run, the same for every catalog size.
  private struct Queries {
    /// Points near places, as a user's location would be.
    let origins: [Coordinate]
    /// About 20 km across: a city on a phone's map.
    let cities: [CoordinateBounds]
    /// About 1,000 km across: a country.
    let countries: [CoordinateBounds]

    init(places: [Place]) {
      var generator = SplitMix64(seed: 9)
      var origins: [Coordinate] = []
      var cities: [CoordinateBounds] = []
      var countries: [CoordinateBounds] = []
      for _ in 0..<64 {
        let centre = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
        let latitude = min(
          89, max(-89, centre.latitude + Double.random(in: -0.2...0.2, using: &generator)))
        let longitude = min(
          180, max(-180, centre.longitude + Double.random(in: -0.2...0.2, using: &generator)))
        if let origin = try? Coordinate(latitude: latitude, longitude: longitude) {
          origins.append(origin)
        }
        cities.append(Self.bounds(around: centre, height: 0.18, width: 0.25))
        countries.append(Self.bounds(around: centre, height: 9, width: 12))
      }
      self.origins = origins
      self.cities = cities
      self.countries = countries
    }

    private static func bounds(around centre: Coordinate, height: Double, width: Double)
      -> CoordinateBounds
    {
      var west = centre.longitude - width / 2
      var east = centre.longitude + width / 2
      if west < -180 { west += 360 }
      if east > 180 { east -= 360 }
      let south = max(-90, centre.latitude - height / 2)
      let north = min(90, centre.latitude + height / 2)
      return (try? CoordinateBounds(south: south, west: west, north: north, east: east)) ?? .world
    }
  }

  /// Reports the figures as skipped, for `reason`.
  static func skip(reason: String, report: inout Report) {
    report.add(
      .skipped(
        section: "index", name: "Spatial index, world file: build", unit: "ms",
        target: .valueBelow(200), reason: reason))
    report.add(
      .skipped(
        section: "index", name: "Spatial index memory per place", unit: "bytes",
        target: .valueAtMost(24), reason: reason))
  }

  /// Measures the index of all `places` and of the first `smallCount`.
  static func run(places: [Place], smallCount: Int, plan: TimingPlan, report: inout Report) {
    guard places.count >= 2 else {
      report.failures.append("index: too few places loaded")
      return
    }
    let catalogs = [ListBenchmarks.spreadSample(of: places, count: smallCount), places]
    let queries = Queries(places: catalogs[0])
    measureBuild(catalogs: catalogs, plan: plan, report: &report)
    measureMemory(places: places, report: &report)
    var perQuery: [[Double]] = []
    var found: [String] = []
    for catalog in catalogs {
      let index = SpatialIndex(places: catalog)
      let mean = { (rectangles: [CoordinateBounds]) -> String in
        let total = rectangles.reduce(0) { $0 + index.numberOfPlaces(in: $1) }
        return Report.format(Double(total) / Double(rectangles.count))
      }
      found.append(
        "\(catalog.count) places: \(mean(queries.cities)) per city, "
          + "\(mean(queries.countries)) per country")
      guard let model = try? PlacesModel(places: catalog) else {
        report.failures.append("index: cannot build a model of \(catalog.count) places")
        return
      }
      guard verify(model: model, queries: queries, report: &report) else { return }
      perQuery.append(
        measureQueries(model: model, queries: queries, plan: plan, report: &report))
    }
    let names = [
      "10 nearest", "rectangle of a city", "rectangle of a country", "rank of a place",
      "20 places from a random rank",
    ]
    let baselines = [
      "sort everything", "scan every place", "scan every place", "sort everything", "",
    ]
    for (row, name) in names.enumerated() {
      let small = perQuery[0][2 * row]
      let large = perQuery[1][2 * row]
      let largeBaseline = perQuery[1][2 * row + 1]
      let sizes = (small: catalogs[0].count, large: catalogs[1].count)
      if baselines[row].isEmpty {
        report.add(
          Figure(
            section: "index", name: "Spatial index, \(sizes.large) places: \(name)",
            value: large, unit: "us"))
      } else {
        report.add(
          Figure(
            section: "index",
            name: "Spatial index, \(sizes.large) places: \(name), speed-up on \(baselines[row])",
            value: large, unit: "us", baseline: (name: baselines[row], value: largeBaseline),
            ratio: Figure.ratio(largeBaseline, large)))
      }
      // Only the 10 nearest return as much at every size. A rectangle returns more places as
      // the catalog grows (O(log n + m)), and a rank costs O(sqrt n), as the circle through a
      // place crosses that many cells: their ratios are reported, not held to a target.
      report.add(
        Figure(
          section: "index",
          name: "Spatial index, \(name): \(sizes.large) places vs \(sizes.small) places",
          value: large, unit: "us", baseline: (name: "\(sizes.small) places", value: small),
          ratio: Figure.ratio(large, small), target: row == 0 ? .ratioAtMost(10) : nil))
    }
    report.notes.append(
      "Spatial index queries: 64 origins within 0.2 degrees of random places; a city is "
        + "0.18 x 0.25 degrees, a country 9 x 12 degrees, around random places; the rank is "
        + "that of the place at catalog position count / 2 (far from most origins: the worst "
        + "case); 20 places from a random rank start with a selection; medians per query. "
        + "\(catalogs[0].count) places: every \(places.count / catalogs[0].count)th place of "
        + "the file, so that they spread as the whole file does. Places found on average: "
        + found.joined(separator: "; "))
  }

  // MARK: - Build and memory

  private static func measureBuild(catalogs: [[Place]], plan: TimingPlan, report: inout Report) {
    var built = 0
    var medians: [Double] = []
    for (catalog, buildPlan) in zip(catalogs, [plan, TimingPlan.slow]) {
      let median = Timing.interleavedMedians(
        [
          TimedOperation(name: "build") { iterations in
            for _ in 0..<iterations {
              built &+= SpatialIndex(places: catalog).count
            }
          }
        ], plan: buildPlan)
      medians.append(median[0] / 1e6)
    }
    guard built > 0 else { return }
    report.add(
      Figure(
        section: "index", name: "Spatial index, \(catalogs[0].count) places: build",
        value: medians[0], unit: "ms"))
    report.add(
      Figure(
        section: "index", name: "Spatial index, \(catalogs[1].count) places: build",
        value: medians[1], unit: "ms", target: .valueBelow(200)))
  }

  private static func measureMemory(places: [Place], report: inout Report) {
    let before = MemoryProbe.heapBytesInUse()
    let index = SpatialIndex(places: places)
    let after = MemoryProbe.heapBytesInUse()
    let footprint = Double(index.byteCount) / Double(places.count)
    var note = "byteCount (the arrays' capacity) over \(places.count) places"
    if let before, let after {
      let measured = Double(after - before) / Double(places.count)
      note += "; heap bytes in use after building minus before: \(Report.format(measured))"
    }
    withExtendedLifetime(index) {}
    report.add(
      Figure(
        section: "index", name: "Spatial index memory per place", value: footprint,
        unit: "bytes", target: .valueAtMost(24), note: note))
  }

  // MARK: - Queries

  /// Checks the index against brute force on every query, so that the timed code is right.
  private static func verify(model: PlacesModel, queries: Queries, report: inout Report) -> Bool {
    let index = model.places.spatialIndex
    let places = model.places
    for origin in queries.origins.prefix(8) {
      let sorted = placesSortedByDistance(places, from: origin)
      if index.nearest(10, to: origin).map({ places[$0.position].id })
        != sorted.prefix(10).map(\.id)
      {
        report.failures.append("index: 10 nearest differ from a sort at \(origin)")
        return false
      }
    }
    for bounds in queries.cities.prefix(8) + queries.countries.prefix(8) {
      let scanned = places.indices.filter { bounds.contains(places[$0].coordinate) }
      if index.positions(in: bounds).sorted() != scanned {
        report.failures.append("index: rectangle \(bounds) differs from a scan")
        return false
      }
    }
    return true
  }

  /// The median microseconds per query of each figure and its baseline, in pairs.
  private static func measureQueries(
    model: PlacesModel, queries: Queries, plan: TimingPlan, report: inout Report
  ) -> [Double] {
    let index = model.places.spatialIndex
    let places = model.places
    let ranked = places[places.count / 2]
    var found = 0
    let origins = queries.origins
    var operations: [TimedOperation] = []
    func add(_ name: String, _ query: @escaping (Int) -> Int) {
      operations.append(
        TimedOperation(name: name) { iterations in
          for iteration in 0..<iterations {
            found &+= query(iteration)
          }
        })
    }
    add("nearest") { index.nearest(10, to: origins[$0 % origins.count]).count }
    add("nearest by sort") {
      placesSortedByDistance(places, from: origins[$0 % origins.count]).prefix(10).count
    }
    for rectangles in [queries.cities, queries.countries] {
      add("rectangle") { index.positions(in: rectangles[$0 % rectangles.count]).count }
      add("rectangle by scan") { iteration in
        let bounds = rectangles[iteration % rectangles.count]
        return places.reduce(0) { $0 + (bounds.contains($1.coordinate) ? 1 : 0) }
      }
    }
    add("rank") { iteration in
      index.distanceRank(
        ofPosition: places.count / 2, at: ranked.coordinate,
        from: origins[iteration % origins.count])
    }
    add("rank by sort") { iteration in
      placesSortedByDistance(places, from: origins[iteration % origins.count]).firstIndex(
        of: ranked) ?? 0
    }
    add("from rank") { iteration in
      let rank = (iteration &* 7_919) % places.count
      return index.neighbours(of: origins[iteration % origins.count], fromRank: rank).prefix(20)
        .reduce(0) { $0 &+ $1.position }
    }
    add("none") { $0 }
    let medians = Timing.interleavedMedians(operations, plan: plan)
    if found == 0 {
      report.failures.append("index: the timed queries found nothing")
    }
    return medians.map { $0 / 1e3 }
  }
}
