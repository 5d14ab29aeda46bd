import PlacesModel
import ViewModels

/// Live places: one edit, from the model's input to the last view command, with a map, a
/// list and a search screen attached; and the same change made with the whole catalog: as a
/// new catalog (the only way before edits) and through `replacePlaces`, which applies the
/// difference as edits.
enum EditBenchmarks {
  /// The screens of one app over one catalog, each drawing nothing, every index built.
  private final class Scene {
    let model: PlacesModel
    let map: MapViewModel?
    let list: ListViewModel?
    let search: SearchViewModel?
    let mapView = NoOpMapView()
    let listView = NoOpListView()
    let searchView = NoOpSearchView()
    /// The place every edit changes, and where it moves to and back.
    let place: Place
    let away: Coordinate

    init(
      places: [Place], zoom: Double, screens: Set<String> = ["map", "list", "search"],
      knowsLocation: Bool = false
    ) throws {
      model = try PlacesModel(places: places)
      place = places[places.count / 2]
      away = try Coordinate(
        latitude: min(89, place.coordinate.latitude + 0.01), longitude: place.coordinate.longitude)
      let camera = try MapCamera(centre: place.coordinate, zoom: zoom)
      map =
        screens.contains("map")
        ? MapViewModel(model: model, camera: camera, viewSize: MapBenchmarks.viewSize) : nil
      list = screens.contains("list") ? ListViewModel(model: model) : nil
      search = screens.contains("search") ? SearchViewModel(model: model) : nil
      map?.view = mapView
      list?.view = listView
      search?.view = searchView
      search?.queryChanged("stock")
      if knowsLocation {
        model.location = place.coordinate  // The list by distance, from the moving place.
      }
      model.places.prepareIndexes()
      _ = list?.rows.first  // The list's name order, as a screen showing rows has built it.
    }

    /// Every place of the model, with the edited place as ``variant(_:renamed:)`` makes it.
    func allPlaces(movedIn run: Int) -> [Place] {
      var all = Array(model.places)
      if let position = model.places.position(ofPlaceWithID: place.id) {
        all[position] = variant(run)
      }
      return all
    }

    /// The place with coordinate `coordinate` and name `name` instead of its own.
    func variant(_ index: Int, renamed: Bool = false) -> Place {
      let coordinate = index.isMultiple(of: 2) ? away : place.coordinate
      return Place(
        id: place.id,
        name: renamed ? place.name + (index.isMultiple(of: 2) ? " 2" : "") : place.name,
        coordinate: renamed ? place.coordinate : coordinate, category: place.category,
        country: place.country, population: place.population)
    }
  }

  /// Runs `body(run)` for each run of `runs`, timing each, and returns the median milliseconds.
  private static func median(runs: Int, _ body: (Int) throws -> Void) throws -> Double {
    var samples: [Double] = []
    for run in 0..<runs {
      var failure: (any Error)?
      samples.append(
        Timing.nanoseconds {
          do { try body(run) } catch { failure = error }
        } / 1e6)
      if let failure { throw failure }
    }
    return samples.sorted()[samples.count / 2]
  }

  /// Measures each edit with `smallCount` places and with all of `places`.
  static func run(places: [Place], smallCount: Int, quick: Bool, report: inout Report) {
    let runs = quick ? 3 : 7
    let section = "edits"
    do {
      var moveByCount: [Int: Double] = [:]
      for count in [min(smallCount, places.count), places.count] {
        let subset = Array(places.prefix(count))
        for (zoom, zoomName) in [(11.0, "city"), (0.0, "world")] {
          let scene = try Scene(places: subset, zoom: zoom)
          let move = try median(runs: runs) { try scene.model.update(scene.variant($0)) }
          if zoom == 11 { moveByCount[count] = move }
          report.add(
            Figure(
              section: section,
              name:
                "Move one place, \(count) places, map at \(zoomName) zoom: input to last view command",
              value: move, unit: "ms", target: .valueBelow(1),
              note: zoom == 11
                ? "PlacesModel.update with map, list (by name) and search (\"stock\") attached"
                : nil))
          guard zoom == 11 else { continue }
          // The whole catalog again, as a new catalog (what replacePlaces did before it
          // applied a difference as edits): the baseline.
          let replace = try median(runs: runs) { run in
            scene.model.places = try PlaceCatalog(scene.allPlaces(movedIn: run + 1))
          }
          report.add(
            Figure(
              section: section,
              name: "Move one place, \(count) places, through a new catalog (baseline)",
              value: replace, unit: "ms", baseline: (name: "update", value: move),
              ratio: Figure.ratio(replace, move),
              note: "model.places = PlaceCatalog(every place, one moved), as replacePlaces did"))
          let replaced = try median(runs: runs) { run in
            try scene.model.replacePlaces(scene.allPlaces(movedIn: run + 1))
          }
          report.add(
            Figure(
              section: section,
              name: "Move one place, \(count) places, through replacePlaces",
              value: replaced, unit: "ms", baseline: (name: "update", value: move),
              ratio: Figure.ratio(replaced, move),
              note: "every place, one moved: the difference is applied as an edit"))
          let rename = try median(runs: runs) { run in
            try scene.model.update(scene.variant(run, renamed: true))
          }
          report.add(
            Figure(
              section: section, name: "Rename one place, \(count) places", value: rename,
              unit: "ms", target: .valueBelow(1)))
          var nextID: Int64 = 900_000_000
          let insert = try median(runs: runs) { _ in
            nextID += 1
            try scene.model.insert(
              Place(id: PlaceID(nextID), name: "Stockholm Nord", coordinate: scene.away))
          }
          report.add(
            Figure(
              section: section, name: "Insert one place, \(count) places", value: insert,
              unit: "ms", target: .valueBelow(1)))
          var removable = nextID
          let remove = try median(runs: runs) { _ in
            try scene.model.remove(placeWithID: PlaceID(removable))
            removable -= 1
          }
          report.add(
            Figure(
              section: section, name: "Remove one place, \(count) places", value: remove,
              unit: "ms", target: .valueBelow(1)))
          if count == places.count {
            let batchSize = min(1_000, count)
            let batch = try median(runs: runs) { run in
              let edits = scene.model.places.prefix(batchSize).map { place in
                PlaceEdit.update(
                  Place(
                    id: place.id, name: place.name,
                    coordinate: (try? Coordinate(
                      latitude: place.coordinate.latitude * 0.999,
                      longitude: place.coordinate.longitude))
                      ?? place.coordinate, category: place.category, country: place.country,
                    population: place.population))
              }
              _ = run
              try scene.model.apply(edits)
            }
            report.add(
              Figure(
                section: section, name: "A batch of \(batchSize) moves, \(count) places",
                value: batch, unit: "ms", target: .valueBelow(50)))
          }
        }
      }
      for screens in [[], ["map"], ["list"], ["search"]] as [Set<String>] {
        let scene = try Scene(places: places, zoom: 11, screens: screens)
        let move = try median(runs: runs) { try scene.model.update(scene.variant($0)) }
        let attached = screens.first.map { "the \($0) alone" } ?? "no screen"
        report.add(
          Figure(
            section: section, name: "Move one place, \(places.count) places, \(attached)",
            value: move, unit: "ms"))
      }
      let byDistance = try Scene(places: places, zoom: 11, screens: ["list"], knowsLocation: true)
      let rowsRead = 20
      let moveByDistance = try median(runs: runs) { run in
        try byDistance.model.update(byDistance.variant(run))
        guard let rows = byDistance.list?.rows else { return }
        for row in rows.prefix(rowsRead) where row.distance == nil {
          throw BenchFailure.missingDistance
        }
      }
      report.add(
        Figure(
          section: section,
          name: "Move one place, \(places.count) places, the list by distance alone",
          value: moveByDistance, unit: "ms",
          note:
            "the list ordered by distance from where the place was, every index built first; "
            + "input to last view command, then the screen reads the first \(rowsRead) rows"))
      let small = moveByCount[min(smallCount, places.count)]
      let large = moveByCount[places.count]
      report.add(
        Figure(
          section: section,
          name: "Move one place, \(places.count) places vs \(min(smallCount, places.count))",
          value: large, unit: "ms",
          baseline: (name: "\(min(smallCount, places.count)) places", value: small),
          ratio: Figure.ratio(large, small), target: .ratioAtMost(10),
          note: "same order wanted: no hidden O(n)"))
    } catch {
      report.failures.append("edits: \(error)")
    }
  }
}

/// A failure of the edit benchmarks' own checks.
private enum BenchFailure: Error {
  /// A row of the list by distance has no distance.
  case missingDistance
}
