import Foundation
import PlacesModel
import ViewModels

/// What a filter on one hierarchy costs beyond its steady state: the first filter change of a
/// map (which reads the composition by category of each cluster in view), and edits streaming
/// in under a filter (which read again only the clusters an edit changed), each against the
/// same without a filter.
enum MapFilterUseBenchmarks {
  /// The most a first filter change or an edit may take: half a frame at 60 Hz, as for the
  /// slowest edit of a stream (issue 24).
  static let stallLimitMilliseconds = 8.0

  /// Edits timed per stop, with and without the filter.
  static let editsPerStop = 400

  /// Fresh maps whose first filter change is timed, per stop.
  static let firstChanges = 5

  static func run(_ item: MapCategoryBenchmarks.Case, quick: Bool, report: inout Report) {
    progress("map filter use: \(item.name)")
    let model: PlacesModel
    do {
      model = try PlacesModel(places: item.places)
    } catch {
      report.failures.append("map filter use: \(item.name): \(error)")
      return
    }
    let stops = Array(MapCategoryBenchmarks.stops.prefix(quick ? 1 : 3))
    // One stream for every stop: the ids it inserts are new to the catalog it left.
    var stream = RandomEdits(ids: model.places.map(\.id), seed: 24)
    for stop in stops {
      do {
        try firstChange(model: model, item: item, stop: stop, report: &report)
        try edits(
          model: model, item: item, stop: stop, count: quick ? 20 : editsPerStop,
          stream: &stream, report: &report)
      } catch {
        report.failures.append("map filter use: \(item.name) at \(stop.name): \(error)")
      }
    }
  }

  /// The first filter change of fresh maps at `stop`: the median of ``firstChanges``.
  private static func firstChange(
    model: PlacesModel, item: MapCategoryBenchmarks.Case, stop: MapBenchmarks.Stop,
    report: inout Report
  ) throws {
    let cameras = try stop.cameras(viewWidth: MapBenchmarks.viewSize.width)
    var firsts: [Double] = []
    for _ in 0..<firstChanges {
      let map = MapViewModel(model: model, camera: cameras.0, viewSize: MapBenchmarks.viewSize)
      let view = NoOpMapView()
      map.view = view
      firsts.append(Timing.nanoseconds { map.categoryFilter = item.filter })
    }
    report.add(
      Figure(
        section: "map",
        name: "Map: first filter change of a map at \(stop.name) zoom, \(item.name), one "
          + "hierarchy: to last view command",
        value: Timing.median(firsts) / 1e6, unit: "ms", baseline: nil, ratio: nil,
        target: .valueAtMost(stallLimitMilliseconds),
        note: "median of \(firstChanges) maps made afresh over one model; the change reads "
          + "each cluster in view once, later changes and edits read what it kept"))
  }

  /// Edits of the catalog streaming in, one at a time, under the filter and without, at
  /// `stop`: blocks of each in turn, so that load from elsewhere falls on both.
  private static func edits(
    model: PlacesModel, item: MapCategoryBenchmarks.Case, stop: MapBenchmarks.Stop, count: Int,
    stream edits: inout RandomEdits, report: inout Report
  ) throws {
    let cameras = try stop.cameras(viewWidth: MapBenchmarks.viewSize.width)
    let map = MapViewModel(model: model, camera: cameras.0, viewSize: MapBenchmarks.viewSize)
    let view = NoOpMapView()
    map.view = view
    var filtered: [Double] = []
    var plain: [Double] = []
    let block = max(1, count / 8)
    // The filter's first reading of the view is not an edit's: it is timed above.
    map.categoryFilter = item.filter
    while filtered.count < count {
      for isFiltered in [false, true] {
        map.categoryFilter = isFiltered ? item.filter : .all
        for _ in 0..<block {
          let edit = try edits.next(of: model.places)
          var failure: (any Error)?
          let time =
            Timing.nanoseconds {
              do { try model.apply([edit]) } catch { failure = error }
            } / 1e6
          if let failure { throw failure }
          if isFiltered { filtered.append(time) } else { plain.append(time) }
        }
      }
    }
    let mean = filtered.reduce(0, +) / Double(filtered.count)
    let plainMean = plain.reduce(0, +) / Double(plain.count)
    let worst = filtered.max() ?? 0
    let name = "\(stop.name) zoom, \(item.name), one hierarchy"
    report.add(
      Figure(
        section: "map", name: "Map: edit under a filter at \(name): mean, map alone attached",
        value: mean, unit: "ms", baseline: (name: "without a filter", value: plainMean),
        ratio: mean / plainMean, target: .ratioAtMost(2),
        note: "\(filtered.count) edits (\(RandomEdits.mix)) applied one at a time through "
          + "PlacesModel.apply, in blocks of \(block) with and without the filter"))
    report.add(
      Figure(
        section: "map", name: "Map: edit under a filter at \(name): slowest",
        value: worst, unit: "ms",
        baseline: (name: "without a filter", value: plain.max() ?? 0),
        ratio: worst / max(plain.max() ?? 0, 1e-9),
        target: .valueAtMost(stallLimitMilliseconds), note: nil))
  }
}
