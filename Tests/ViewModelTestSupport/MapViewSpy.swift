// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: the spies' members mirror the documented view protocols one for one.

import PlacesModel
import ViewModels

/// A map view that records the commands it receives, and keeps the markers they leave shown.
///
/// Markers are recorded as sets: a map shows a set of annotations, whatever order they came in.
public final class MapViewSpy: MapViewDelegate {
  public enum Command: Equatable, Sendable {
    case moveCamera(to: MapCamera, animated: Bool)
    case showMarkers(Set<MapMarker>)
    case updateMarkers(removing: Set<MapMarker.ID>, adding: Set<MapMarker>)
    case selectMarker(Place.ID)
    case deselectMarker(Place.ID)
    case showUserLocation(Coordinate)
    case hideUserLocation
    case spreadMarkers(MapSpread)
    case gatherSpreadMarkers(MapClusterID)
  }

  public private(set) var commands: [Command] = []
  /// The markers shown, as the commands so far leave them: `showMarkers` replaces them and
  /// `updateMarkers` removes, then adds.
  public private(set) var shownMarkers: [MapMarker.ID: MapMarker] = [:]
  /// The place whose marker is selected, if any.
  public private(set) var selectedMarker: Place.ID?
  /// The spread shown, if any.
  public private(set) var spread: MapSpread?
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

  public func moveCamera(to camera: MapCamera, animated: Bool) {
    record(.moveCamera(to: camera, animated: animated))
  }
  public func showMarkers(_ markers: [MapMarker]) {
    shownMarkers = Dictionary(markers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    selectedMarker = nil
    record(.showMarkers(Set(markers)))
  }
  public func updateMarkers(removing removed: [MapMarker.ID], adding added: [MapMarker]) {
    for id in removed {
      shownMarkers[id] = nil
      if let selectedMarker, id == .place(selectedMarker) { self.selectedMarker = nil }
    }
    for marker in added {
      shownMarkers[marker.id] = marker
    }
    record(.updateMarkers(removing: Set(removed), adding: Set(added)))
  }
  public func selectMarker(id: Place.ID) {
    selectedMarker = id
    record(.selectMarker(id))
  }
  public func deselectMarker(id: Place.ID) {
    selectedMarker = nil
    record(.deselectMarker(id))
  }
  public func showUserLocation(_ coordinate: Coordinate) { record(.showUserLocation(coordinate)) }
  public func hideUserLocation() { record(.hideUserLocation) }
  public func spreadMarkers(_ spread: MapSpread) {
    self.spread = spread
    record(.spreadMarkers(spread))
  }
  public func gatherSpreadMarkers(_ spread: MapSpread) {
    self.spread = nil
    record(.gatherSpreadMarkers(spread.clusterID))
  }
}

extension MapViewSpy.Command {
  /// `showMarkers` with the markers of `places`, each alone.
  public static func showMarkers(of places: [Place]) -> Self {
    .showMarkers(Set(places.map(MapMarker.init(place:))))
  }
}
