import Observation
import PlacesModel

/// A map screen's state, kept up to date by a ``MapViewModel`` and observable by a view.
///
/// Attach it to the view model (`mapViewModel.attach(state)`; hold it strongly, since the view
/// model holds it weakly) and draw from its properties: a SwiftUI view that reads them is
/// redrawn when they change, through Observation. The view reports what the map shows, and its
/// taps, to the view model as before.
///
/// ## Only its view model writes it
/// The state is not a ``MapViewDelegate``: its commands are internal to this module, so a view
/// can read it and take its camera moves, and nothing outside the module can write it. What it
/// holds is what the view model it is attached to sent, and nothing else.
///
/// ## What each command changes
/// A command changes only the properties it names, and only when their value changes, so a view
/// that reads one property is not redrawn for another.
///
/// | Command | Properties |
/// |---|---|
/// | `moveCamera` | ``camera``, ``isLastCameraMoveAnimated``, ``pendingCameraMove`` |
/// | `showMarkers` | ``markers``, ``selectedItem`` and ``lastMarkerUpdate`` (cleared) |
/// | `updateMarkers` | ``markers``, ``lastMarkerUpdate``; ``selectedItem`` if its marker was removed |
/// | `selectMarker` | ``selectedItem`` |
/// | `deselectMarker` | ``selectedItem``, when it names the selected place |
/// | `showUserLocation`, `hideUserLocation` | ``location`` |
/// | `spreadMarkers`, `gatherSpreadMarkers` | ``spread`` |
///
/// ## Camera moves are events
/// The markers, the selection and the user's location are state: a view draws what they hold,
/// however many times. A camera move is an event: the map is to fly there once, and the user
/// then pans on from there. ``camera`` is where the view model last sent the map; the request
/// to go there waits in ``pendingCameraMove`` until the view takes it with
/// ``takePendingCameraMove()``, so that it is carried out exactly once, even by a view created
/// after the command (it finds the request waiting). A newer command replaces a request not
/// yet taken: only the latest camera matters.
///
/// ## Isolation
/// Like the view models, a screen state is not `Sendable` and is isolated to no actor: it lives
/// in the isolation domain of the view model that drives it, the main actor in an app, where
/// SwiftUI reads it. Create it there, with the view model.
@Observable
public final class MapScreenState {
  /// Every marker on the map, places and clusters, by identity.
  public private(set) var markers: [MapMarker.ID: MapMarker] = [:]
  /// The place whose marker is selected, if any.
  public private(set) var selectedItem: Place.ID?
  /// Where the view model last sent the camera; `nil` until it first does.
  ///
  /// It is not where the user has since panned: the map reports that to the view model.
  public private(set) var camera: MapCamera?
  /// Whether the last camera move was to be animated: `false` for the jump that brings a newly
  /// attached view up to date, `true` for a flight to a selected place or into a cluster.
  public private(set) var isLastCameraMoveAnimated = false
  /// The camera move the view has not carried out yet; see ``takePendingCameraMove()``.
  public private(set) var pendingCameraMove: MapCameraMoveRequest?
  /// The user's location, or `nil` while it is unknown.
  public private(set) var location: Coordinate?
  /// The places of a cluster spread around their spot, drawn over the markers; `nil` when no
  /// spread is shown (see ``MapSpread``).
  public private(set) var spread: MapSpread?
  /// The last change of the markers, with where new markers split from and old ones merged
  /// into, for animating it; `nil` after markers were replaced whole.
  public private(set) var lastMarkerUpdate: MapMarkerUpdate?

  @ObservationIgnored private var lastRequestID = 0
  /// The writer the view model the state is attached to drives.
  @ObservationIgnored var writer: ScreenStateWriter<MapScreenState>?

  /// Creates the state of an empty map: no markers, no camera, no location.
  public init() {}

  // MARK: - Reading

  /// The marker of the selected place, when it is on the map.
  public var selectedMarker: MapMarker? {
    selectedItem.flatMap { markers[.place($0)] }
  }

  /// Returns the pending camera move and forgets it, so that the view carries it out once.
  ///
  /// Call it when ``pendingCameraMove`` changes, and when the view appears.
  ///
  /// - Returns: The request, or `nil` when there is none; a second call returns `nil`.
  public func takePendingCameraMove() -> MapCameraMoveRequest? {
    guard let request = pendingCameraMove else { return nil }
    pendingCameraMove = nil
    return request
  }
}

// MARK: - Commands (package: outside the package only the attached view model writes it)

extension MapScreenState {
  /// Records `camera` as the camera and waits for the view to take the move.
  package func moveCamera(to camera: MapCamera, animated: Bool) {
    if self.camera != camera {
      self.camera = camera
    }
    if isLastCameraMoveAnimated != animated {
      isLastCameraMoveAnimated = animated
    }
    lastRequestID += 1
    pendingCameraMove = MapCameraMoveRequest(
      id: lastRequestID, camera: camera, isAnimated: animated)
  }

  /// Replaces the markers with `markers` and clears the selection.
  ///
  /// - Complexity: O(*m*) for *m* markers.
  package func showMarkers(_ markers: [MapMarker]) {
    let byID = Dictionary(markers.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    if self.markers != byID {
      self.markers = byID
    }
    if selectedItem != nil {
      selectedItem = nil
    }
    if lastMarkerUpdate != nil {
      lastMarkerUpdate = nil
    }
  }

  /// Carries out `update` as ``updateMarkers(removing:adding:)`` does, and keeps it as
  /// ``lastMarkerUpdate``.
  package func updateMarkers(_ update: MapMarkerUpdate) {
    updateMarkers(removing: update.removedIDs, adding: update.addedMarkers)
    lastMarkerUpdate = update
  }

  /// Removes the markers `removed`, then adds `added`; the selection is cleared if its marker
  /// was removed.
  ///
  /// - Complexity: O(*r* + *a*), in place: the markers that stay are not copied.
  package func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    if !removed.isEmpty || !added.isEmpty {
      // One access for the whole update, so observers hear of one change, not one a marker.
      Self.update(&markers, removing: removed, adding: added)
    }
    if let selectedItem, removed.contains(.place(selectedItem)) {
      self.selectedItem = nil
    }
  }

  /// Removes `removed` from `markers`, then adds `added`.
  private static func update(
    _ markers: inout [MapMarker.ID: MapMarker], removing removed: [MapMarker.ID],
    adding added: [MapMarker]
  ) {
    for id in removed {
      markers[id] = nil
    }
    for marker in added {
      markers[marker.id] = marker
    }
  }

  /// Selects the marker of the place `id`.
  package func selectMarker(id: Place.ID) {
    if selectedItem != id {
      selectedItem = id
    }
  }

  /// Clears the selection if the marker of the place `id` is the one selected; otherwise
  /// changes nothing, so a late deselection of a previous place keeps the current one.
  package func deselectMarker(id: Place.ID) {
    if selectedItem == id {
      selectedItem = nil
    }
  }

  /// Records the user's location.
  package func showUserLocation(_ coordinate: Coordinate) {
    if location != coordinate {
      location = coordinate
    }
  }

  /// Shows `spread`, replacing any spread shown.
  package func spreadMarkers(_ spread: MapSpread) {
    if self.spread != spread {
      self.spread = spread
    }
  }

  /// Forgets the spread shown.
  package func gatherSpreadMarkers(_ spread: MapSpread) {
    if self.spread != nil {
      self.spread = nil
    }
  }

  /// Forgets the user's location.
  package func hideUserLocation() {
    if location != nil {
      location = nil
    }
  }
}

extension MapScreenState: WrittenScreenState {}

/// The view a ``MapViewModel`` drives when the state is attached to it: each command goes to the
/// state.
extension ScreenStateWriter: MapViewDelegate where State == MapScreenState {
  func moveCamera(to camera: MapCamera, animated: Bool) {
    state?.moveCamera(to: camera, animated: animated)
  }
  func showMarkers(_ markers: [MapMarker]) { state?.showMarkers(markers) }
  func updateMarkers(_ update: MapMarkerUpdate) { state?.updateMarkers(update) }
  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    state?.updateMarkers(removing: removed, adding: added)
  }
  func selectMarker(id: Place.ID) { state?.selectMarker(id: id) }
  func deselectMarker(id: Place.ID) { state?.deselectMarker(id: id) }
  func showUserLocation(_ coordinate: Coordinate) { state?.showUserLocation(coordinate) }
  func hideUserLocation() { state?.hideUserLocation() }
  func spreadMarkers(_ spread: MapSpread) { state?.spreadMarkers(spread) }
  func gatherSpreadMarkers(_ spread: MapSpread) { state?.gatherSpreadMarkers(spread) }
}
