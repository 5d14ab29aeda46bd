import PlacesModel
import ViewModels

/// The previous approach, kept as a baseline: a map view model that knows nothing of the
/// camera and hands its view every place's marker, as `MapViewModel` did before the camera
/// became an input (it sent them on every catalog change; a camera-aware app built that way
/// resends them whenever the screen asks).
///
/// Public, as an app would declare its own view model, so that the optimizer cannot see every
/// view it drives.
public final class EveryMarkerMapViewModel {
  /// The view being driven, held weakly.
  public weak var view: (any MapViewDelegate)?
  private let places: [Place]

  /// Creates the view model of `places`.
  public init(places: [Place]) {
    self.places = places
  }

  /// Sends every marker, whatever the camera.
  public func cameraChanged(to camera: MapCamera, viewSize: MapSize) {
    view?.showMarkers(places.map(MapMarker.init(place:)))
  }
}
