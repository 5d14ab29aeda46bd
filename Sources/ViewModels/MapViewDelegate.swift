import PlacesModel

/// The commands a map screen carries out.
///
/// A ``MapViewModel`` calls these on the isolation domain that owns it; the screen only draws.
/// At most one marker is selected at a time.
public protocol MapViewDelegate: AnyObject {
  /// Replaces every marker on the map with `markers`, leaving none selected.
  func showMarkers(_ markers: [MapMarker])
  /// Selects the marker for `id`, deselecting any other.
  func selectMarker(id: Place.ID)
  /// Deselects the marker for `id`, leaving none selected.
  func deselectMarker(id: Place.ID)
  /// Moves the camera so that it centres on `coordinate`.
  func moveCamera(to coordinate: Coordinate, animated: Bool)
  /// Shows the bottom card for `place`, replacing the card shown, if any.
  func showCard(for place: Place)
  /// Hides the bottom card.
  func hideCard()
  /// Shows the user's location at `coordinate`.
  func showUserLocation(_ coordinate: Coordinate)
  /// Hides the user's location, which has become unknown.
  func hideUserLocation()
}
