import PlacesModel
import ViewModels

/// One selection, from a marker tap to the last view command, with the map and list view
/// models attached to no-op views.
enum SelectionBenchmarks {
  /// A model of some places with both view models attached, ready to be tapped.
  private struct Scene {
    let model: PlacesModel
    let mapViewModel: MapViewModel
    let listViewModel: ListViewModel
    let mapView = NoOpMapView()
    let listView = NoOpListView()
    /// Two places far apart in the catalog; taps alternate between them.
    let tappedIDs: (Place.ID, Place.ID)

    init(places: [Place]) throws(PlacesModelError) {
      model = try PlacesModel(places: places)
      tappedIDs = (places[0].id, places[places.count / 2].id)
      // A phone looking at the first tapped place at city zoom: each tap flies to the other
      // place and replaces the markers in view.
      mapViewModel = MapViewModel(
        model: model, camera: MapBenchmarks.cityCamera(at: places[0].coordinate),
        viewSize: MapBenchmarks.viewSize)
      listViewModel = ListViewModel(model: model)
      mapViewModel.view = mapView
      listViewModel.view = listView
    }

    var commandCount: Int { mapView.commandCount + listView.commandCount }

    /// Taps `iterations` markers, alternating so that each tap really changes the selection.
    func tap(_ iterations: Int) {
      for iteration in 0..<iterations {
        let id = iteration.isMultiple(of: 2) ? tappedIDs.1 : tappedIDs.0
        try? mapViewModel.markerTapped(id: id)
      }
    }
  }

  /// Reports the selection figures as skipped, for `reason`.
  static func skip(reason: String, report: inout Report) {
    for name in ["Select, 1000 places: tap to last view command", "Select, all places"] {
      report.add(
        .skipped(
          section: "selection", name: name, unit: "us", target: .valueBelow(100),
          reason: reason))
    }
  }

  /// Measures a selection with the first `smallCount` places and with all of `places`.
  static func run(places: [Place], smallCount: Int, plan: TimingPlan, report: inout Report) {
    let counts = [min(smallCount, places.count), places.count]
    var scenes: [Scene] = []
    for count in counts where count >= 2 {
      do {
        scenes.append(try Scene(places: Array(places.prefix(count))))
      } catch {
        report.failures.append("selection: cannot build a model of \(count) places: \(error)")
        return
      }
    }
    guard scenes.count == 2 else {
      report.failures.append("selection: too few places loaded")
      return
    }
    var commandsPerSelection: [Int] = []
    for scene in scenes {
      let before = scene.commandCount
      scene.tap(2)
      commandsPerSelection.append((scene.commandCount - before) / 2)
    }
    let medians = Timing.interleavedMedians(
      scenes.map { scene in
        TimedOperation(name: "\(scene.model.places.count) places", body: scene.tap)
      },
      plan: plan
    )
    let small = medians[0] / 1e3
    let large = medians[1] / 1e3
    let note =
      "markerTapped(id:) alternating between two places; each select issues "
      + "\(commandsPerSelection.map(String.init).joined(separator: " / ")) view commands "
      + "(map: moveCamera, updateMarkers, selectMarker; list: highlightRow, scrollToRow), "
      + "the map on a 390x844 view at zoom 11"
    report.add(
      Figure(
        section: "selection", name: "Select, \(counts[0]) places: tap to last view command",
        value: small, unit: "us", target: .valueBelow(100), note: note))
    report.add(
      Figure(
        section: "selection",
        name: "Select, \(counts[1]) places vs \(counts[0]) places",
        value: large, unit: "us", baseline: (name: "\(counts[0]) places", value: small),
        ratio: large / small, target: .ratioAtMost(10)))
    report.add(
      Figure(
        section: "selection", name: "Select, \(counts[1]) places: tap to last view command",
        value: large, unit: "us", target: .valueBelow(100)))
    if commandsPerSelection.contains(where: { $0 != 5 }) {
      report.failures.append(
        "selection: expected 5 view commands per select, got \(commandsPerSelection)")
    }
  }
}
