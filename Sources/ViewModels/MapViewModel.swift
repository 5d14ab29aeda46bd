import PlacesModel

/// Turns map taps into selections and model changes into map commands.
///
/// ## Inputs and commands
/// An input only changes the model. Every command comes from a model callback, so this view
/// model, like every other listener, reacts to a tap once, in the model's broadcast order.
///
/// | Model change | Commands |
/// |---|---|
/// | catalog | `showMarkers`, then `selectMarker` if a place is selected |
/// | location | `showUserLocation`, or `hideUserLocation` when it became unknown |
/// | selection of a place | `selectMarker`, `moveCamera(animated: true)`, `showCard` |
/// | deselection | `deselectMarker`, `hideCard` |
///
/// ## The view
/// The view is held weakly. Setting ``view`` (even to the view already set) replays the
/// current state into it: `showMarkers`, then `showUserLocation` if the location is known,
/// then, if a place is selected, `selectMarker`, `moveCamera(animated: false)` and
/// `showCard`. The camera jumps rather than flies there because the screen is only appearing.
/// The state replayed is the state this view model last heard from the model, so a view
/// attached late shows exactly what the other views show.
///
/// - Complexity: A selection costs O(1); a catalog change O(*n*).
public final class MapViewModel {
  /// The view being driven, held weakly; setting it replays the current state into it.
  public weak var view: (any MapViewDelegate)? {
    didSet { replayState() }
  }

  /// The markers, one per place, in catalog order.
  public private(set) var markers: [MapMarker] = []
  /// The identifier of the selected place, as last broadcast by the model.
  public private(set) var selectedID: Place.ID?
  /// The user's location, as last broadcast by the model.
  public private(set) var userLocation: Coordinate?

  private let model: PlacesModel

  /// Creates a view model that listens to `model`, starting from its current state.
  public init(model: PlacesModel) {
    self.model = model
    model.addDelegate(self)
  }

  // MARK: - Inputs

  /// Handles a tap on the marker for `id` by selecting its place.
  ///
  /// The commands arrive through the model's broadcast, like every other view's.
  ///
  /// - Throws: ``/PlacesModel/PlacesModelError/unknownPlace(_:)`` if no place has `id`;
  ///   nothing changes.
  public func markerTapped(id: Place.ID) throws(PlacesModelError) {
    try model.select(id)
  }

  /// Handles a tap on the map away from any marker by clearing the selection.
  public func mapTapped() {
    model.deselect()
  }

  // MARK: - Commands

  private func replayState() {
    guard let view else { return }
    view.showMarkers(markers)
    if let userLocation {
      view.showUserLocation(userLocation)
    }
    if let selectedID, let place = model.place(withID: selectedID) {
      view.selectMarker(id: selectedID)
      view.moveCamera(to: place.coordinate, animated: false)
      view.showCard(for: place)
    }
  }
}

extension MapViewModel: PlacesModelDelegate {
  /// Rebuilds the markers and shows them, keeping the selected marker selected.
  public func didChange(places: [Place]) {
    markers = places.map(MapMarker.init(place:))
    guard let view else { return }
    view.showMarkers(markers)
    if let selectedID {
      view.selectMarker(id: selectedID)
    }
  }

  /// Shows or hides the user's location.
  public func didChange(location: Coordinate?) {
    userLocation = location
    guard let view else { return }
    if let location {
      view.showUserLocation(location)
    } else {
      view.hideUserLocation()
    }
  }

  /// Selects the place's marker, flies the camera to it and shows its card; or, on
  /// deselection, deselects the marker and hides the card.
  public func didSelectItem(_ id: Place.ID?) {
    let place = id.flatMap { model.place(withID: $0) }
    let previousID = selectedID
    selectedID = place?.id
    guard let view else { return }
    if let place {
      view.selectMarker(id: place.id)
      view.moveCamera(to: place.coordinate, animated: true)
      view.showCard(for: place)
    } else if let previousID {
      view.deselectMarker(id: previousID)
      view.hideCard()
    }
  }
}
