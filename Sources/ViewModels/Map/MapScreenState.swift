import Observation
import PlacesModel

/// A map screen's state, kept up to date by a ``MapViewModel`` and observable by a view.
///
/// Attach it as the view model's view (`mapViewModel.view = state`; hold it strongly, since
/// the view model holds its view weakly) and draw from its properties: a SwiftUI view that
/// reads them is redrawn when they change, through Observation. The view reports what the map
/// shows, and its taps, to the view model as before.
///
/// ## What each command changes
/// A command changes only the properties it names, and only when their value changes, so a view
/// that reads one property is not redrawn for another.
///
/// | Command | Properties |
/// |---|---|
/// | `moveCamera` | ``camera``, ``isLastCameraMoveAnimated``, ``pendingCameraMove`` |
/// | `showMarkers` | ``markers``, ``selectedPlaceID`` (cleared) |
/// | `updateMarkers` | ``markers``; ``selectedPlaceID`` if its marker was removed |
/// | `selectMarker` | ``selectedPlaceID`` |
/// | `deselectMarker` | ``selectedPlaceID``, when it names the selected place |
/// | `showUserLocation`, `hideUserLocation` | ``userLocation`` |
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
  public private(set) var selectedPlaceID: Place.ID?
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
  public private(set) var userLocation: Coordinate?

  @ObservationIgnored private var lastRequestID = 0

  /// Creates the state of an empty map: no markers, no camera, no location.
  public init() {}

  // MARK: - Reading

  /// The marker of the selected place, when it is on the map.
  public var selectedMarker: MapMarker? {
    selectedPlaceID.flatMap { markers[.place($0)] }
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

extension MapScreenState: MapViewDelegate {
  /// Records `camera` as the camera and waits for the view to take the move.
  public func moveCamera(to camera: MapCamera, animated: Bool) {
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
  public func showMarkers(_ markers: [MapMarker]) {
    let byID = Dictionary(markers.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    if self.markers != byID {
      self.markers = byID
    }
    if selectedPlaceID != nil {
      selectedPlaceID = nil
    }
  }

  /// Removes the markers `removed`, then adds `added`; the selection is cleared if its marker
  /// was removed.
  ///
  /// - Complexity: O(*r* + *a*), in place: the markers that stay are not copied.
  public func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    if !removed.isEmpty || !added.isEmpty {
      for id in removed {
        markers[id] = nil
      }
      for marker in added {
        markers[marker.id] = marker
      }
    }
    if let selectedPlaceID, removed.contains(.place(selectedPlaceID)) {
      self.selectedPlaceID = nil
    }
  }

  /// Selects the marker of the place `id`.
  public func selectMarker(id: Place.ID) {
    if selectedPlaceID != id {
      selectedPlaceID = id
    }
  }

  /// Clears the selection if the marker of the place `id` is the one selected; otherwise
  /// changes nothing, so a late deselection of a previous place keeps the current one.
  public func deselectMarker(id: Place.ID) {
    if selectedPlaceID == id {
      selectedPlaceID = nil
    }
  }

  /// Records the user's location.
  public func showUserLocation(_ coordinate: Coordinate) {
    if userLocation != coordinate {
      userLocation = coordinate
    }
  }

  /// Forgets the user's location.
  public func hideUserLocation() {
    if userLocation != nil {
      userLocation = nil
    }
  }
}
