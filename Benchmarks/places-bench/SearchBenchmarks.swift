import PlacesModel
import ViewModels

/// A search screen that draws nothing and only counts the matches it is shown.
final class NoOpSearchView: SearchViewDelegate {
  private(set) var matchCount = 0

  func showMatches(_ matches: [SearchMatch]) { matchCount += matches.count }
  func highlightMatch(at index: Int) {}
  func clearHighlight() {}
}

/// Search as a user types: each keystroke, from the query changing to the matches shown,
/// through ``SearchViewModel`` and its name index, against folding and scanning every name.
enum SearchBenchmarks {
  /// The keystrokes of typing "stockholm", one query each.
  static let typing = (1..."stockholm".count).map { String("stockholm".prefix($0)) }
  /// Uppsala: the location that ranks matches nearest first.
  static let uppsala = try? Coordinate(latitude: 59.85882, longitude: 17.63889)

  /// A search view model over some places, with a no-op view attached and its index built.
  private struct Scene {
    let model: PlacesModel
    let viewModel: SearchViewModel
    let view = NoOpSearchView()

    init(places: [Place], location: Coordinate?) throws(PlacesModelError) {
      model = try PlacesModel(places: places, location: location)
      viewModel = SearchViewModel(model: model)
      viewModel.view = view
      model.places.prepareIndexes()
    }

    /// Types the whole query `iterations` times, one keystroke after another.
    func type(_ queries: [String], _ iterations: Int) {
      for _ in 0..<iterations {
        for query in queries {
          viewModel.queryChanged(query)
        }
      }
    }
  }

  /// Measures typing with and without a location, with the first `smallCount` places and with
  /// all of `places`, and the naive search at full size; then building the index.
  static func run(places: [Place], smallCount: Int, plan: TimingPlan, report: inout Report) {
    let counts = [min(smallCount, places.count), places.count]
    for location in [nil, uppsala] {
      let ranking = location == nil ? "by population" : "nearest first"
      var scenes: [Scene] = []
      for count in counts {
        do {
          scenes.append(try Scene(places: Array(places.prefix(count)), location: location))
        } catch {
          report.failures.append("search: cannot build a model of \(count) places: \(error)")
          return
        }
      }
      let naive = NaiveSearch(places: places, location: location)
      let keystrokes = Double(typing.count)
      let medians = Timing.interleavedMedians(
        scenes.map { scene in
          TimedOperation(name: "\(scene.model.places.count) places") { scene.type(typing, $0) }
        } + [
          TimedOperation(name: "naive") { iterations in
            for _ in 0..<iterations {
              for query in typing { naive.queryChanged(query) }
            }
          },
          TimedOperation(name: "first keystroke") { scenes[1].type(["s"], $0) },
        ],
        plan: plan
      ).map { $0 / 1e3 }
      let small = medians[0] / keystrokes
      let large = medians[1] / keystrokes
      let naiveLarge = medians[2] / keystrokes
      let note =
        "typing \"stockholm\" one letter at a time, \(typing.count) queries, up to 20 "
        + "matches shown each; SearchViewModel.queryChanged(_:limit:) to the view's showMatches"
      report.add(
        Figure(
          section: "search",
          name: "Search, \(counts[0]) places, \(ranking): keystroke to matches",
          value: small, unit: "us", target: .valueBelow(1_000), note: note))
      report.add(
        Figure(
          section: "search",
          name: "Search, \(counts[1]) places, \(ranking): keystroke to matches",
          value: large, unit: "us", target: .valueBelow(1_000)))
      report.add(
        Figure(
          section: "search",
          name: "Search, \(counts[1]) places vs \(counts[0]), \(ranking)",
          value: large, unit: "us", baseline: (name: "\(counts[0]) places", value: small),
          ratio: Figure.ratio(large, small),
          // Nearest first scans the names that start with the query: it grows with them.
          target: location == nil ? .ratioAtMost(10) : nil))
      report.add(
        Figure(
          section: "search",
          name: "Search, \(counts[1]) places, \(ranking): index speed-up on folding every name",
          value: large, unit: "us", baseline: (name: "fold and scan every name", value: naiveLarge),
          ratio: Figure.ratio(naiveLarge, large)))
      report.add(
        Figure(
          section: "search",
          name: "Search, \(counts[1]) places, \(ranking): the keystroke \"s\" alone",
          value: medians[3], unit: "us", target: .valueBelow(1_000),
          note: "the widest query: every name starting with s"))
      if scenes.contains(where: { $0.view.matchCount == 0 }) {
        report.failures.append("search: typing \"stockholm\" showed no match")
      }
    }
    measureTypos(places: places, plan: plan, report: &report)
    measureBuilding(places: places, plan: plan, report: &report)
  }

  // MARK: - Typos

  /// The queries typed one letter at a time with typos forgiven, and a place each must find at
  /// last: two misspelt, and one spelt right, whose last keystrokes leave room for matches
  /// with typos and so look for them.
  static let misspellings = [
    ("stokholm", "Stockholm"), ("san fransisco", "San Francisco"), ("stockholm", "Stockholm"),
  ]

  /// Measures typing misspelt names with typo tolerance on, as ``SearchViewModel`` searches,
  /// each keystroke on its own, against the same keystrokes with typos off (the search before
  /// typo tolerance).
  private static func measureTypos(places: [Place], plan: TimingPlan, report: inout Report) {
    for location in [nil, uppsala] {
      let ranking = location == nil ? "by population" : "nearest first"
      let scene: Scene
      do {
        scene = try Scene(places: places, location: location)
      } catch {
        report.failures.append("search: cannot build a model of \(places.count) places: \(error)")
        return
      }
      let index = scene.model.places
      for (misspelling, expected) in misspellings {
        let keystrokes = misspelling.indices.map { String(misspelling[...$0]) }
        var operations = keystrokes.map { query in
          TimedOperation(name: query) { scene.type([query], $0) }
        }
        for allowsTypos in [true, false] {
          operations.append(
            TimedOperation(name: allowsTypos ? "index, typos" : "index, exact") { iterations in
              for _ in 0..<iterations {
                for query in keystrokes {
                  _ = index.nameMatches(
                    for: query, near: location, limit: 20, allowsTypos: allowsTypos)
                }
              }
            })
        }
        let medians = Timing.interleavedMedians(operations, plan: plan).map { $0 / 1e3 }
        let perKeystroke = medians.prefix(keystrokes.count)
        let average = perKeystroke.reduce(0, +) / Double(keystrokes.count)
        let slowest = perKeystroke.max() ?? 0
        let slowestQuery = keystrokes[perKeystroke.firstIndex(of: slowest) ?? 0]
        let withTypos = medians[keystrokes.count] / Double(keystrokes.count)
        let exactOnly = medians[keystrokes.count + 1] / Double(keystrokes.count)
        let name = "Search, \(places.count) places, \(ranking), typing \"\(misspelling)\""
        report.add(
          Figure(
            section: "search", name: "\(name) with typos: keystroke to matches",
            value: average, unit: "us", target: .valueBelow(1_000),
            note: "\(keystrokes.count) keystrokes, each timed on its own through "
              + "SearchViewModel.queryChanged(_:) to the view's showMatches, up to 20 matches"))
        report.add(
          Figure(
            section: "search", name: "\(name) with typos: the slowest keystroke",
            value: slowest, unit: "us", target: .valueBelow(1_000),
            note: "the keystroke \"\(slowestQuery)\""))
        report.add(
          Figure(
            section: "search", name: "\(name): typos on vs exact only, name index alone",
            value: withTypos, unit: "us", baseline: (name: "exact only", value: exactOnly),
            ratio: Figure.ratio(withTypos, exactOnly),
            note: "PlaceCatalog.nameMatches(for:near:limit:allowsTypos:) per keystroke; exact "
              + "only is the search before typo tolerance"))
        let found = index.nameMatches(for: misspelling, near: location, limit: 20).map {
          scene.model.places[$0.position].name
        }
        if !found.contains(expected) {
          report.failures.append("search: \"\(misspelling)\" did not find \(expected)")
        }
      }
    }
  }

  private static func measureBuilding(places: [Place], plan: TimingPlan, report: inout Report) {
    let build = Timing.interleavedMedians(
      [
        TimedOperation(name: "build") { iterations in
          for _ in 0..<iterations { _ = PlaceNameIndex(places: places) }
        }
      ],
      plan: TimingPlan(
        samples: plan.samples == TimingPlan.quick.samples ? 1 : 5,
        minimumSampleNanoseconds: 1)
    )[0]
    let index = PlaceNameIndex(places: places)
    report.add(
      Figure(
        section: "search", name: "Search, \(places.count) places: building the name index",
        value: build / 1e6, unit: "ms",
        note: "once per catalog, on the first query or prepareIndexes(); typo tolerance adds "
          + "nothing to build: it walks the sorted tables already there"))
    report.add(
      Figure(
        section: "search", name: "Search, \(places.count) places: name index memory per place",
        value: Double(index.byteCount) / Double(max(places.count, 1)), unit: "bytes",
        note: "PlaceNameIndex.byteCount over the places; the catalog itself is shared; typo "
          + "tolerance adds no table"))
  }
}

/// What an app would write first: fold every name on every keystroke, keep those with a word
/// starting with the query, sort them all, and show the first 20.
final class NaiveSearch {
  private let places: [Place]
  private let location: Coordinate?
  private(set) var matches: [Place] = []

  init(places: [Place], location: Coordinate?) {
    self.places = places
    self.location = location
  }

  func queryChanged(_ query: String) {
    let key = SearchFolding.folded(query)
    var found: [(place: Place, kind: Int, distance: Double)] = []
    for place in places {
      let name = SearchFolding.folded(place.name)
      let kind: Int
      if name == key {
        kind = 0
      } else if name.hasPrefix(key) {
        kind = 1
      } else if name.contains(" " + key) {
        kind = 2
      } else {
        continue
      }
      found.append((place, kind, location?.distance(to: place.coordinate) ?? 0))
    }
    found.sort { left, right in
      if left.kind != right.kind { return left.kind < right.kind }
      if left.distance != right.distance { return left.distance < right.distance }
      let leftPopulation = left.place.population ?? 0
      let rightPopulation = right.place.population ?? 0
      if leftPopulation != rightPopulation { return leftPopulation > rightPopulation }
      return left.place.name != right.place.name
        ? left.place.name < right.place.name : left.place.id < right.place.id
    }
    matches = found.prefix(20).map(\.place)
  }
}
