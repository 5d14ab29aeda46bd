import PlacesModel

/// The commands a map screen carries out.
///
/// A ``MapViewModel`` calls these on the isolation domain that owns it; the screen only draws.
/// The screen holds a set of markers, each identified by its ``MapMarker/id``, and at most one
/// of them is selected. The bottom card is not the map's: a coordinator presents it.
public protocol MapViewDelegate: AnyObject {
  /// Moves the camera to `camera`.
  ///
  /// The screen then reports the camera it settles on through
  /// ``MapViewModel/cameraChanged(to:viewSize:)``, as it does after a pan.
  func moveCamera(to camera: MapCamera, animated: Bool)
  /// Replaces every marker on the map with `markers`, leaving none selected.
  func showMarkers(_ markers: [MapMarker])
  /// Removes the markers whose identities are in `removed`, then adds `added`; the other
  /// markers and the selection stay as they are.
  ///
  /// An identity may be in both lists: that marker changed (a cluster's count or position, for
  /// example) and is replaced. A removed marker that was selected is no longer selected.
  func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker])
  /// Carries out `update`: what ``updateMarkers(removing:adding:)`` does, with where each new
  /// marker split from and where each old one merged into, for animating the change.
  ///
  /// The default implementation calls ``updateMarkers(removing:adding:)``; implement this one
  /// to animate clusters splitting and merging.
  func updateMarkers(_ update: MapMarkerUpdate)
  /// Selects the marker of the place `id`, deselecting any other.
  func selectMarker(id: Place.ID)
  /// Deselects the marker of the place `id`, leaving none selected; when another marker is
  /// selected, it stays selected.
  func deselectMarker(id: Place.ID)
  /// Shows the user's location at `coordinate`; it is never clustered or hidden by markers.
  func showUserLocation(_ coordinate: Coordinate)
  /// Hides the user's location, which has become unknown.
  func hideUserLocation()
  /// Shows `spread`: the places of one of the map's clusters, each a marker drawn at its
  /// offset in points from the cluster's marker (with a leg from it, say), replacing any spread
  /// shown. A tap on one of them is reported with ``MapViewModel/markerTapped(id:)``.
  ///
  /// The spread's markers are not among the map's markers: ``updateMarkers(_:)`` leaves them
  /// alone, and the cluster's marker stays where it is. The default implementation does
  /// nothing: implement it, and ``gatherSpreadMarkers(_:)``, to let a tap tell places apart
  /// that lie at one spot.
  func spreadMarkers(_ spread: MapSpread)
  /// Removes the markers of `spread`, the spread shown, back into its cluster (its
  /// ``MapSpread/cluster``); the map's markers and the selection stay as they are.
  ///
  /// The default implementation does nothing.
  func gatherSpreadMarkers(_ spread: MapSpread)
}

extension MapViewDelegate {
  /// Calls ``updateMarkers(removing:adding:)`` with the update's identities and markers.
  public func updateMarkers(_ update: MapMarkerUpdate) {
    updateMarkers(removing: update.removedIDs, adding: update.addedMarkers)
  }

  /// Does nothing: a view that draws no spread keeps the cluster as it is.
  public func spreadMarkers(_ spread: MapSpread) {}

  /// Does nothing, as ``spreadMarkers(_:)`` does.
  public func gatherSpreadMarkers(_ spread: MapSpread) {}
}
