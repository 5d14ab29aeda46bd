import MapBenchSupport
import PlacesModel
import ViewModels

/// What the user sees of the map's markers while panning and zooming.
///
/// How many markers that stay on screen a small pan replaces, and whether the markers a zoom
/// adds name the cluster they split from. Counted, not timed: the figures repeat exactly from
/// run to run.
enum MapMarkerChurn {
  /// The zooms the pan figure is taken at.
  static let zooms = [3, 5, 7, 9, 11]
  /// Where the pans start at each zoom: this many places drawn with ``seed``.
  static let startCount = 12
  /// Pans per start, each east by ``panPoints``.
  static let pansPerStart = 8
  /// 2% of the 390-point width: one frame of a slow drag.
  static let panPoints = 8.0
  /// The seed of the start places.
  static let seed: UInt64 = 16

  /// Markers on screen before and after pans, and how many of them were replaced.
  struct Tally {
    var kept = 0
    var replaced = 0

    /// The share replaced, in percent (0 when nothing stayed on screen).
    var percent: Double { kept == 0 ? 0 : Double(replaced) / Double(kept) * 100 }

    static func + (left: Tally, right: Tally) -> Tally {
      Tally(kept: left.kept + right.kept, replaced: left.replaced + right.replaced)
    }
  }

  /// The pan figures at one zoom: the view model's and the per-view clustering's.
  struct PanResult {
    let zoom: Int
    let viewModel: Tally
    let perView: Tally
  }

  /// Added markers on zooming in by one level, and how many of them name their parent.
  struct LineageResult {
    /// Added markers whose parent (the marker holding their places before) was on the map.
    var withParentShown = 0
    /// Of those, the ones whose `from` is that parent.
    var namingParent = 0
    /// Added markers in all.
    var added = 0

    var percent: Double {
      withParentShown == 0 ? 0 : Double(namingParent) / Double(withParentShown) * 100
    }
  }

  /// The start coordinates: ``startCount`` places drawn with a fixed seed, the same for every
  /// zoom and both approaches.
  static func starts(in places: [Place]) -> [Coordinate] {
    var generator = SplitMix64(seed: seed)
    return (0..<startCount).map { _ in
      places[Int.random(in: 0..<places.count, using: &generator)].coordinate
    }
  }

  // MARK: - Pans

  /// Pans east from every start at every zoom, through ``MapViewModel`` (which says what it
  /// replaces in its updates) and through the per-view clustering (a marker is replaced when no
  /// equal marker is shown after the pan, as the previous view model's difference did).
  ///
  /// A marker counts as on screen before and after a pan when its coordinate lies in the
  /// visible region both before and after (``MapViewport/contains(_:)``).
  static func pans(catalog: PlaceCatalog, model: PlacesModel) throws -> [PanResult] {
    let starts = starts(in: catalog.places)
    let perViewIndex = MapClusterIndex(catalog: catalog)
    let size = MapBenchmarks.viewSize
    return try zooms.map { zoom in
      var viewModelTally = Tally()
      var perViewTally = Tally()
      for start in starts {
        let camera = try MapCamera(centre: start, zoom: Double(zoom))
        var viewport = MapViewport(camera: camera, size: size)
        let view = RecordingMapView()
        let viewModel = MapViewModel(model: model, camera: camera, viewSize: size)
        viewModel.view = view
        var perView = perViewIndex.clustering(for: viewport).markers
        for _ in 0..<pansPerStart {
          let next = viewport.panned(byX: panPoints, y: 0)
          let staying = { (marker: MapMarker) in
            viewport.contains(marker.coordinate) && next.contains(marker.coordinate)
          }
          let before = viewModel.markers.filter(staying)
          view.updates.removeAll()
          viewModel.cameraChanged(to: next.camera, viewSize: size)
          let removed = Set(view.updates.flatMap(\.removedIDs))
          viewModelTally.kept += before.count
          viewModelTally.replaced += before.count { removed.contains($0.id) }

          let perViewBefore = perView.filter(staying)
          perView = perViewIndex.clustering(for: next).markers
          let shown = Set(perView)
          perViewTally.kept += perViewBefore.count
          perViewTally.replaced += perViewBefore.count { !shown.contains($0) }
          viewport = next
        }
      }
      return PanResult(zoom: zoom, viewModel: viewModelTally, perView: perViewTally)
    }
  }

  // MARK: - Lineage

  /// Zooms in from every start at every zoom of ``zooms`` to the next level, and checks each
  /// added marker's `from` against the marker that held its places before (found through
  /// ``MapViewModel/placeIDs(inMarkerWithID:)``).
  ///
  /// The zoom goes to *z* + 1.5: past the level's boundary and its hysteresis, as a pinch does.
  static func lineage(catalog: PlaceCatalog, model: PlacesModel) throws -> LineageResult {
    var result = LineageResult()
    let size = MapBenchmarks.viewSize
    for zoom in zooms {
      for start in starts(in: catalog.places) {
        let camera = try MapCamera(centre: start, zoom: Double(zoom))
        let view = RecordingMapView()
        let viewModel = MapViewModel(model: model, camera: camera, viewSize: size)
        viewModel.view = view
        var holder: [Place.ID: MapMarker] = [:]
        for marker in viewModel.markers {
          for id in viewModel.placeIDs(inMarkerWithID: marker.id) ?? [] {
            holder[id] = marker
          }
        }
        view.updates.removeAll()
        let closer = try MapCamera(centre: start, zoom: Double(zoom) + 1.5)
        viewModel.cameraChanged(to: closer, viewSize: size)
        for addition in view.updates.flatMap(\.added) {
          result.added += 1
          guard let first = viewModel.placeIDs(inMarkerWithID: addition.marker.id)?.first,
            let parent = holder[first], parent.id != addition.marker.id
          else { continue }
          result.withParentShown += 1
          if addition.from == parent {
            result.namingParent += 1
          }
        }
      }
    }
    return result
  }
}

/// A map screen that keeps the updates it receives.
private final class RecordingMapView: MapViewDelegate {
  var updates: [MapMarkerUpdate] = []

  func moveCamera(to camera: MapCamera, animated: Bool) {}
  func showMarkers(_ markers: [MapMarker]) {}
  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    let removals = removed.map { MapMarkerUpdate.Removal(id: $0) }
    updates.append(
      MapMarkerUpdate(removed: removals, added: added.map { .init(marker: $0) }))
  }
  func updateMarkers(_ update: MapMarkerUpdate) { updates.append(update) }
  func selectMarker(id: Place.ID) {}
  func deselectMarker(id: Place.ID) {}
  func showUserLocation(_ coordinate: Coordinate) {}
  func hideUserLocation() {}
}
