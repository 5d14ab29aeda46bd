import BenchSupport
import PlacesModel
import ViewModels

/// The list under a category filter (issue 27): a filter change to the last list command, and
/// a screen of rows read under a filter, on the world file given 12 synthetic categories,
/// against what an app does without a filter: a new catalog of the shown places.
enum ListFilterBenchmarks {
  /// How many synthetic categories the places are spread over.
  static let categoryCount = 12

  /// The places of `places`, each given one of ``categoryCount`` categories at random.
  static func categorized(_ places: [Place]) -> [Place] {
    var generator = SplitMix64(seed: 27)
    return places.map { place in
      Place(
        id: place.id, name: place.name, coordinate: place.coordinate,
        category: "c\(Int.random(in: 0..<categoryCount, using: &generator))",
        country: place.country, population: place.population)
    }
  }

  /// The filter showing the first `count` categories.
  static func filter(showingFirst count: Int) -> CategoryFilter {
    CategoryFilter(showing: (0..<count).map { "c\($0)" })
  }

  /// Measures the figures on `places`, given categories.
  static func run(places: [Place], plan: TimingPlan, report: inout Report) {
    let places = categorized(places)
    guard let model = try? PlacesModel(places: places),
      let baselineModel = try? PlacesModel(places: places)
    else {
      report.failures.append("list filter: cannot build a model of \(places.count) places")
      return
    }
    let viewModel = ListViewModel(model: model)
    let view = ListBenchmarks.ScreenListView()
    viewModel.view = view
    let baselineViewModel = ListViewModel(model: baselineModel)
    let baselineView = ListBenchmarks.ScreenListView()
    baselineViewModel.view = baselineView

    // The filters a user flips between: six categories, then one more or one fewer (one
    // twelfth of the places shown or hidden: a row update), then half of them (a reload).
    let filters = [filter(showingFirst: 6), filter(showingFirst: 7), filter(showingFirst: 6)]
    let wideFilters = [filter(showingFirst: 6), filter(showingFirst: 12)]
    let shownSets = [6, 7].map { count in places.filter(filter(showingFirst: count).shows) }
    let splitStart = ContinuousClock.now
    viewModel.categoryFilter = filters[0]
    let split = (ContinuousClock.now - splitStart) / .microseconds(1)
    guard verify(viewModel, places: places, report: &report) else { return }

    var step = 0
    var baselineStep = 0
    var wideStep = 0
    var generator = SplitMix64(seed: 28)
    let jumps = (0..<16).map { _ in Int.random(in: 0..<viewModel.rows.count, using: &generator) }
    var jumpStep = 0
    func readScreen(_ view: ListBenchmarks.ScreenListView, from row: Int) {
      view.read(row..<min(view.rows.count, row + ListBenchmarks.screenRows))
    }
    let medians = Timing.interleavedMedians(
      [
        TimedOperation(name: "filter, one category") { iterations in
          for _ in 0..<iterations {
            step += 1
            viewModel.categoryFilter = filters[step % 2]
          }
        },
        TimedOperation(name: "filter, six categories") { iterations in
          for _ in 0..<iterations {
            wideStep += 1
            viewModel.categoryFilter = wideFilters[wideStep % 2]
          }
        },
        TimedOperation(name: "new catalog") { iterations in
          for _ in 0..<iterations {
            baselineStep += 1
            baselineModel.places =
              (try? PlaceCatalog(shownSets[baselineStep % 2])) ?? baselineModel.places
          }
        },
      ], plan: plan
    ).map { $0 / 1e3 }
    viewModel.categoryFilter = filters[0]
    baselineModel.places = (try? PlaceCatalog(shownSets[0])) ?? baselineModel.places
    baselineView.read(0..<min(baselineView.rows.count, ListBenchmarks.screenRows))
    let unfilteredViewModel = ListViewModel(model: model)
    let unfilteredView = ListBenchmarks.ScreenListView()
    unfilteredViewModel.view = unfilteredView
    let reads = Timing.interleavedMedians(
      [
        TimedOperation(name: "filtered screen") { iterations in
          for _ in 0..<iterations {
            jumpStep += 1
            readScreen(view, from: jumps[jumpStep % jumps.count])
          }
        },
        TimedOperation(name: "catalog of the shown places") { iterations in
          for _ in 0..<iterations {
            jumpStep += 1
            readScreen(baselineView, from: jumps[jumpStep % jumps.count])
          }
        },
        TimedOperation(name: "unfiltered screen") { iterations in
          for _ in 0..<iterations {
            jumpStep += 1
            readScreen(unfilteredView, from: jumps[jumpStep % jumps.count])
          }
        },
      ], plan: plan
    ).map { $0 / 1e3 }
    let edits = measureEdits(places: places, filter: filters[0], plan: plan)
    let count = places.count
    let label = "\(count) places in \(categoryCount) categories"
    report.add(
      Figure(
        section: "list",
        name: "Rename under a filter to last list command, \(label), 6 shown",
        value: edits.filtered, unit: "us",
        baseline: (name: "without a filter", value: edits.unfiltered),
        ratio: Figure.ratio(edits.filtered, edits.unfiltered), target: .valueBelow(1_000),
        note: "a shown place renamed back and forth: the name order split by category follows "
          + "the edit (every row renumbered in one pass), then updateRows"))
    report.add(
      Figure(
        section: "list",
        name: "Filter change to last list command, \(label), one category more or fewer",
        value: medians[0], unit: "us",
        baseline: (name: "new catalog of the shown places", value: medians[2]),
        ratio: Figure.ratio(medians[2], medians[0]), target: .ratioAtLeast(1),
        note: "6 categories shown, then 7, and back: updateRows with the rows of one category "
          + "(about a twelfth of the places), and the screen reads \(ListBenchmarks.screenRows) "
          + "rows; the baseline assigns a new catalog of the shown places to its model, and "
          + "its screen reads the same rows"))
    report.add(
      Figure(
        section: "list",
        name: "Filter change to last list command, \(label), six categories more or fewer",
        value: medians[1], unit: "us", target: .valueBelow(1_000),
        note: "6 categories shown, then 12, and back: reloadRows, and the screen reads "
          + "\(ListBenchmarks.screenRows) rows"))
    report.add(
      Figure(
        section: "list",
        name: "List, \(label), 6 shown: jump to a random row, read a screen",
        value: reads[0], unit: "us",
        baseline: (name: "catalog of the shown places", value: reads[1]),
        ratio: Figure.ratio(reads[0], reads[1]), target: .valueBelow(1_000),
        note: "\(ListBenchmarks.screenRows) rows by name from a random row: the first a selection "
          + "over the 6 shown categories' rows, the next ones O(k) each; without a filter the same screen takes "
          + "\(Report.format(reads[2])) us"))
    report.notes.append(
      "List filter: the world file's places are given one of \(categoryCount) categories at "
        + "random (seed 27). The first filter of a catalog splits its name order by category, "
        + "once: \(Report.format(split)) us here, with the first reloadRows")
  }

  /// The time of a rename, to the list's last command, with a list under `filter` and with
  /// one without, each on a model of its own holding `places`.
  private static func measureEdits(
    places: [Place], filter: CategoryFilter, plan: TimingPlan
  ) -> (filtered: Double, unfiltered: Double) {
    guard let place = places.first(where: filter.shows),
      let model = try? PlacesModel(places: places),
      let baselineModel = try? PlacesModel(places: places)
    else { return (.nan, .nan) }
    let viewModel = ListViewModel(model: model)
    let view = ListBenchmarks.ScreenListView()
    viewModel.view = view
    viewModel.categoryFilter = filter
    let baselineViewModel = ListViewModel(model: baselineModel)
    let baselineView = ListBenchmarks.ScreenListView()
    baselineViewModel.view = baselineView
    let names = [place.name, place.name + " Norra"]
    var step = 0
    func rename(_ model: PlacesModel) {
      step += 1
      try? model.update(
        Place(
          id: place.id, name: names[step % 2], coordinate: place.coordinate,
          category: place.category, country: place.country, population: place.population))
    }
    let medians = Timing.interleavedMedians(
      [
        TimedOperation(name: "filtered") { iterations in
          for _ in 0..<iterations { rename(model) }
        },
        TimedOperation(name: "unfiltered") { iterations in
          for _ in 0..<iterations { rename(baselineModel) }
        },
      ], plan: plan
    ).map { $0 / 1e3 }
    withExtendedLifetime((viewModel, view, baselineViewModel, baselineView)) {}
    return (medians[0], medians[1])
  }

  /// Checks that the filtered rows are the places shown, by name, so that the timed code is
  /// right.
  private static func verify(
    _ viewModel: ListViewModel, places: [Place], report: inout Report
  ) -> Bool {
    let expected = places.filter(viewModel.categoryFilter.shows)
      .sorted { $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id }
    let rows = viewModel.rows
    let sample = stride(from: 0, to: expected.count, by: max(1, expected.count / 500))
    guard rows.count == expected.count, sample.allSatisfy({ rows[$0].id == expected[$0].id })
    else {
      report.failures.append("list filter: rows differ from the sorted shown places")
      return false
    }
    return true
  }
}
