import BenchSupport
import PlacesModel
import ViewModels

/// The list as a user moves: a location change to the last list command, with the screen
/// reading the rows it shows, against the previous list that sorted everything.
enum ListBenchmarks {
  /// How many rows a phone's list shows at once.
  static let screenRows = 20

  /// A list screen that reads its row count and the rows on screen, as a table view asks its
  /// data source, and keeps a checksum of what it read.
  final class ScreenListView: ListViewDelegate {
    private(set) var rows = ListRows()
    private(set) var checksum = 0
    private(set) var commandCount = 0

    func reloadRows(_ rows: ListRows, order: ListOrder) {
      self.rows = rows
      commandCount += 1
      read(0..<min(ListBenchmarks.screenRows, rows.count))
    }

    func highlightRow(at row: Int) { commandCount += 1 }
    func scrollToRow(at row: Int, animated: Bool) {
      commandCount += 1
      let first = max(0, row - ListBenchmarks.screenRows / 2)
      read(first..<min(rows.count, first + ListBenchmarks.screenRows))
    }
    func clearHighlight() { commandCount += 1 }

    /// Reads the rows in `range`, as cells scrolled into view.
    func read(_ range: Range<Int>) {
      for row in range {
        checksum &+= rows[row].name.utf8.count &+ row
      }
    }
  }

  /// The baseline's screen: it is handed every row, and reads the ones it shows.
  final class SortedScreenView: SortedListView {
    private(set) var checksum = 0
    private(set) var commandCount = 0

    func reloadRows(_ rows: [ListRow], order: ListOrder) {
      commandCount += 1
      for row in rows.prefix(ListBenchmarks.screenRows) {
        checksum &+= row.name.utf8.count
      }
    }
    func highlightRow(at row: Int) { commandCount += 1 }
    func scrollToRow(at row: Int, animated: Bool) { commandCount += 1 }
    func clearHighlight() { commandCount += 1 }
  }

  /// One catalog with both lists, each on its own model, and the walk the user takes.
  private struct Scene {
    let model: PlacesModel
    let viewModel: ListViewModel
    let view = ScreenListView()
    let baselineModel: PlacesModel
    let baselineViewModel: SortingListViewModel
    let baselineView = SortedScreenView()
    /// Locations near places, visited in turn.
    let locations: [Coordinate]

    init(places: [Place], selecting selected: Place.ID, locations: [Coordinate])
      throws(PlacesModelError)
    {
      model = try PlacesModel(places: places, location: locations.last)
      viewModel = ListViewModel(model: model)
      viewModel.view = view
      try model.select(selected)
      baselineModel = try PlacesModel(places: places, location: locations.last)
      baselineViewModel = SortingListViewModel(model: baselineModel)
      baselineViewModel.view = baselineView
      try baselineModel.select(selected)
      self.locations = locations
    }

    /// How far along the walk each model is.
    private let steps = Steps()

    /// Moves `model` `iterations` steps on along the walk, so that every step is a change.
    func move(_ model: PlacesModel, _ iterations: Int) {
      let isBaseline = model === baselineModel
      var step = isBaseline ? steps.baseline : steps.list
      for _ in 0..<iterations {
        step += 1
        model.location = locations[step % locations.count]
      }
      if isBaseline { steps.baseline = step } else { steps.list = step }
    }
  }

  /// Steps taken along a walk, carried from one timed run to the next.
  private final class Steps {
    var list = 0
    var baseline = 0
  }

  /// Reports the figures as skipped, for `reason`.
  static func skip(reason: String, report: inout Report) {
    report.add(
      .skipped(
        section: "list", name: "Location change to last list command, world file", unit: "us",
        target: .valueBelow(1_000), reason: reason))
  }

  /// Measures the list with all `places` and with `smallCount` of them spread over the file.
  static func run(places: [Place], smallCount: Int, plan: TimingPlan, report: inout Report) {
    let catalogs = [spreadSample(of: places, count: smallCount), places]
    guard catalogs[0].count >= 2 else {
      report.failures.append("list: too few places loaded")
      return
    }
    let scenarios = [
      "walking in a city, selected place nearby", "moving anywhere, selected place anywhere",
    ]
    // medians[scenario][catalog] = (list, baseline)
    var medians = [[(list: Double, baseline: Double)]](repeating: [], count: scenarios.count)
    for catalog in catalogs {
      for scenario in scenarios.indices {
        let (locations, selected) =
          scenario == 0
          ? cityWalk(through: catalog) : (walk(through: catalog), catalog[catalog.count / 2].id)
        guard let scene = try? Scene(places: catalog, selecting: selected, locations: locations)
        else {
          report.failures.append("list: cannot build a model of \(catalog.count) places")
          return
        }
        guard verify(scene, report: &report) else { return }
        let pair = Timing.interleavedMedians(
          [
            TimedOperation(name: "list") { scene.move(scene.model, $0) },
            TimedOperation(name: "sorting list") { scene.move(scene.baselineModel, $0) },
          ], plan: plan
        ).map { $0 / 1e3 }
        medians[scenario].append((pair[0], pair[1]))
        if scene.view.checksum == 0 || scene.baselineView.checksum == 0 {
          report.failures.append("list: the screens read no rows")
        }
      }
    }
    let small = catalogs[0].count
    let large = catalogs[1].count
    for (scenario, label) in scenarios.enumerated() {
      let (smallList, smallBaseline) = medians[scenario][0]
      let (largeList, largeBaseline) = medians[scenario][1]
      report.add(
        Figure(
          section: "list",
          name: "Location change to last list command, \(large) places, \(label)",
          value: largeList, unit: "us", baseline: (name: "sort everything", value: largeBaseline),
          ratio: Figure.ratio(largeBaseline, largeList), target: .valueBelow(1_000)))
      report.add(
        Figure(
          section: "list",
          name: "Location change to last list command, \(small) places, \(label)",
          value: smallList, unit: "us", baseline: (name: "sort everything", value: smallBaseline),
          ratio: Figure.ratio(smallBaseline, smallList), target: .valueBelow(1_000)))
      report.add(
        Figure(
          section: "list",
          name: "Location change, \(label): \(large) places vs \(small) places",
          value: largeList, unit: "us", baseline: (name: "\(small) places", value: smallList),
          ratio: Figure.ratio(largeList, smallList), target: .ratioAtMost(10)))
    }
    measureScrolling(places: places, plan: plan, report: &report)
    report.notes.append(
      "List: each location change sets model.location to the next of 16 points, with a place "
        + "selected, and the screen reads its row count and the first \(screenRows) rows; the "
        + "commands are reloadRows and highlightRow. Walking in a city: points within 0.02 "
        + "degrees (about 2 km) of a place, which is selected. Moving anywhere: points within "
        + "0.2 degrees of random places, the place in the middle of the file selected. "
        + "\(small) places: every \(places.count / small)th place of the file, so that they "
        + "spread as the whole file does. The baseline is the previous list view model "
        + "(Benchmarks/places-bench/SortingListViewModel.swift): a stable sort by distance, "
        + "every row built, a table of rows by identifier, on its own model; its screen reads "
        + "the same rows")
  }

  /// `count` places of `places` taken at an even stride, so that they spread as all do.
  static func spreadSample(of places: [Place], count: Int) -> [Place] {
    let stride = max(1, places.count / max(1, count))
    return Swift.stride(from: 0, to: places.count, by: stride).prefix(count).map { places[$0] }
  }

  /// Reading a screen of rows after a jump: to the selected place's row, and to any row.
  private static func measureScrolling(places: [Place], plan: TimingPlan, report: inout Report) {
    let locations = walk(through: places)
    guard let model = try? PlacesModel(places: places, location: locations[0]) else { return }
    let viewModel = ListViewModel(model: model)
    let view = ScreenListView()
    viewModel.view = view
    var generator = SplitMix64(seed: 5)
    let selections = (0..<16).map { _ in
      places[Int.random(in: 0..<places.count, using: &generator)].id
    }
    let rows = (0..<16).map { _ in Int.random(in: 0..<places.count, using: &generator) }
    var step = 0  // Carried across timed runs, so that every location set is a change.
    func nextLocation() -> Coordinate {
      step += 1
      return locations[step % locations.count]
    }
    let medians = Timing.interleavedMedians(
      [
        TimedOperation(name: "to selection") { iterations in
          for _ in 0..<iterations {
            model.location = nextLocation()
            try? model.select(selections[step % selections.count])
          }
        },
        TimedOperation(name: "location only") { iterations in
          for _ in 0..<iterations {
            model.location = nextLocation()
          }
        },
        TimedOperation(name: "jump") { iterations in
          for _ in 0..<iterations {
            model.location = nextLocation()
            let row = rows[step % rows.count]
            view.read(row..<min(places.count, row + ListBenchmarks.screenRows))
          }
        },
      ], plan: plan
    ).map { $0 / 1e3 }
    report.add(
      Figure(
        section: "list",
        name: "List, \(places.count) places: select a place anywhere, scroll to it, read a screen",
        value: medians[0] - medians[1], unit: "us",
        note: "after a location change (its time subtracted): highlightRow and scrollToRow, then "
          + "the screen reads the \(screenRows) rows around the selected place's row"))
    report.add(
      Figure(
        section: "list",
        name: "List, \(places.count) places: jump to a random row, read a screen",
        value: medians[2] - medians[1], unit: "us",
        note: "after a location change (its time subtracted): \(screenRows) rows from a random "
          + "row, found by selection (no row near it has been read)"))
  }

  /// Checks that both lists show the same rows, so that the timed code is right.
  private static func verify(_ scene: Scene, report: inout Report) -> Bool {
    scene.move(scene.model, 1)
    scene.move(scene.baselineModel, 1)
    guard let location = scene.model.location else { return false }
    let expected = placesSortedByDistance(scene.model.places, from: location).prefix(50).map(\.id)
    guard scene.viewModel.rows.prefix(50).map(\.id) == expected else {
      report.failures.append("list: rows by distance differ from a sort at \(location)")
      return false
    }
    return true
  }

  /// 16 points within 0.2 degrees of random places of `places`.
  private static func walk(through places: [Place]) -> [Coordinate] {
    var generator = SplitMix64(seed: 3)
    var locations: [Coordinate] = []
    while locations.count < 16 {
      let centre = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
      if let location = point(near: centre, within: 0.2, using: &generator) {
        locations.append(location)
      }
    }
    return locations
  }

  /// 16 points within 0.02 degrees of a random place of `places`, and that place's identifier.
  private static func cityWalk(through places: [Place]) -> ([Coordinate], Place.ID) {
    var generator = SplitMix64(seed: 4)
    let place = places[Int.random(in: 0..<places.count, using: &generator)]
    var locations: [Coordinate] = []
    while locations.count < 16 {
      if let location = point(near: place.coordinate, within: 0.02, using: &generator) {
        locations.append(location)
      }
    }
    return (locations, place.id)
  }

  private static func point(
    near centre: Coordinate, within degrees: Double, using generator: inout SplitMix64
  ) -> Coordinate? {
    try? Coordinate(
      latitude: centre.latitude + Double.random(in: -degrees...degrees, using: &generator),
      longitude: centre.longitude + Double.random(in: -degrees...degrees, using: &generator))
  }
}
