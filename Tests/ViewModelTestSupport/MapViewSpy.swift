// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: the spies' members mirror the documented view protocols one for one.

import PlacesModel
import ViewModels

/// A map view that records the commands it receives.
public final class MapViewSpy: MapViewDelegate {
  public enum Command: Equatable, Sendable {
    case showMarkers([MapMarker])
    case selectMarker(Place.ID)
    case deselectMarker(Place.ID)
    case moveCamera(to: Coordinate, animated: Bool)
    case showCard(Place)
    case hideCard
    case showUserLocation(Coordinate)
    case hideUserLocation
  }

  public private(set) var commands: [Command] = []
  /// Runs after each command is recorded, like a screen that forwards a gesture while it is
  /// still updating.
  public var onCommand: ((Command) -> Void)?
  private let log: CommandLog?

  public init(log: CommandLog? = nil) {
    self.log = log
  }

  private func record(_ command: Command) {
    commands.append(command)
    log?.append(.map(command))
    onCommand?(command)
  }

  public func showMarkers(_ markers: [MapMarker]) { record(.showMarkers(markers)) }
  public func selectMarker(id: Place.ID) { record(.selectMarker(id)) }
  public func deselectMarker(id: Place.ID) { record(.deselectMarker(id)) }
  public func moveCamera(to coordinate: Coordinate, animated: Bool) {
    record(.moveCamera(to: coordinate, animated: animated))
  }
  public func showCard(for place: Place) { record(.showCard(place)) }
  public func hideCard() { record(.hideCard) }
  public func showUserLocation(_ coordinate: Coordinate) { record(.showUserLocation(coordinate)) }
  public func hideUserLocation() { record(.hideUserLocation) }
}

extension MapViewSpy.Command {
  /// The markers for `places`, in that order.
  public static func showMarkers(of places: [Place]) -> Self {
    .showMarkers(places.map(MapMarker.init(place:)))
  }
}
