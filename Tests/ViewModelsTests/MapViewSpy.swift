import PlacesModel
import ViewModels

/// A map view that records the commands it receives.
final class MapViewSpy: MapViewDelegate {
  enum Command: Equatable {
    case showMarkers([MapMarker])
    case selectMarker(Place.ID)
    case deselectMarker(Place.ID)
    case moveCamera(to: Coordinate, animated: Bool)
    case showCard(Place)
    case hideCard
    case showUserLocation(Coordinate)
    case hideUserLocation
  }

  private(set) var commands: [Command] = []
  /// Runs after each command is recorded, like a screen that forwards a gesture while it is
  /// still updating.
  var onCommand: ((Command) -> Void)?
  private let log: CommandLog?

  init(log: CommandLog? = nil) {
    self.log = log
  }

  private func record(_ command: Command) {
    commands.append(command)
    log?.append(.map(command))
    onCommand?(command)
  }

  func showMarkers(_ markers: [MapMarker]) { record(.showMarkers(markers)) }
  func selectMarker(id: Place.ID) { record(.selectMarker(id)) }
  func deselectMarker(id: Place.ID) { record(.deselectMarker(id)) }
  func moveCamera(to coordinate: Coordinate, animated: Bool) {
    record(.moveCamera(to: coordinate, animated: animated))
  }
  func showCard(for place: Place) { record(.showCard(place)) }
  func hideCard() { record(.hideCard) }
  func showUserLocation(_ coordinate: Coordinate) { record(.showUserLocation(coordinate)) }
  func hideUserLocation() { record(.hideUserLocation) }
}

extension MapViewSpy.Command {
  /// The markers for `places`, in that order.
  static func showMarkers(of places: [Place]) -> Self {
    .showMarkers(places.map(MapMarker.init(place:)))
  }
}
