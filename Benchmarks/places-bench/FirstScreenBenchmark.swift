import PlacesModel

/// The time from opening the places file to a first screen whose every index is built: what
/// an app that shows the map and the list by name waits for at launch.
enum FirstScreenBenchmark {
  /// Loads the file at `path`, makes its catalog and builds the order by name and the map's
  /// cluster hierarchy at the same time (as `prepareIndexes()` does), then the indexes the
  /// first screen does not need (search and the spatial index), `runs` times after one
  /// unmeasured run, and reports the medians.
  static func run(path: String, runs: Int, report: inout Report) {
    let name = "First screen: open the file, load, order by name, cluster hierarchy"
    let target = Target.valueAtMost(250)
    var stages: [[Double]] = Array(repeating: [], count: 4)
    var count = 0
    for run in 0...runs {
      var times: [Double] = []
      let clock = ContinuousClock()
      let start = clock.now
      func lap() {
        let (seconds, attoseconds) = (clock.now - start).components
        times.append(Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
      }
      guard let places = try? GeoJSONPlacesReader().load(contentsOfFile: path).places else {
        report.add(
          .skipped(
            section: "loading", name: name, unit: "ms", target: target,
            reason: "\(path) could not be loaded; pass --data DIR"))
        return
      }
      lap()
      guard let catalog = try? PlaceCatalog(places) else {
        report.failures.append("first screen: the places of \(path) make no catalog")
        return
      }
      lap()
      catalog.prepareIndexes(CatalogIndexKind.firstScreen)
      lap()
      catalog.prepareIndexes()
      lap()
      count = places.count
      withExtendedLifetime(catalog) {}
      if run > 0 {  // The first run only warms the page cache and the allocator.
        for (index, time) in times.enumerated() {
          stages[index].append(time)
        }
      }
    }
    let medians = stages.map(Timing.median)
    let steps = zip(medians, [0] + medians.dropLast()).map { $0 - $1 }
    report.add(
      Figure(
        section: "loading", name: name, value: medians[2], unit: "ms", target: target,
        note: "\(count) places; median of \(runs) runs: load \(Report.format(steps[0])) ms, "
          + "catalog \(Report.format(steps[1])) ms, order by name and cluster hierarchy "
          + "together \(Report.format(steps[2])) ms; search and spatial indexes after it "
          + "\(Report.format(steps[3])) ms"))
  }
}

extension FirstScreenBenchmark {
  /// The probe run in a fresh process, for profiles and instruction counts: loads the file
  /// `runs` times, and unless `loadOnly`, makes each load's catalog and builds the first
  /// screen's indexes; returns a line to print.
  static func probe(path: String, runs: Int, loadOnly: Bool) -> String {
    var count = 0
    for _ in 0..<runs {
      guard let places = try? GeoJSONPlacesReader().load(contentsOfFile: path).places else {
        return "first-screen failed: \(path) could not be loaded"
      }
      count = places.count
      guard !loadOnly else { continue }
      guard let catalog = try? PlaceCatalog(places) else {
        return "first-screen failed: the places of \(path) make no catalog"
      }
      catalog.prepareIndexes(CatalogIndexKind.firstScreen)
      withExtendedLifetime(catalog) {}
    }
    return "first-screen places=\(count) runs=\(runs) load-only=\(loadOnly)"
  }
}
