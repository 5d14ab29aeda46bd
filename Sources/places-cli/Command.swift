import PlacesModel
import ViewModels

/// A command of the tool, with its arguments checked.
enum Command: Equatable {
  /// Selects the place with this identifier, as a tap in `source` would.
  case select(Place.ID, from: TapSource)
  /// Clears the selection, as a tap on the empty map would.
  case deselect
  /// Sets the user's location.
  case locate(Coordinate)
  /// Reports that the map now shows this camera, as a pan or zoom would.
  case camera(MapCamera)
  /// Prints the places, nearest first from `near`, or from the user's location when `near`
  /// is `nil`; by name when neither is known.
  case list(near: Coordinate?)
  /// Reads commands from standard input, one per line.
  case session

  /// The view a tap comes from.
  enum TapSource: String, CaseIterable {
    /// A tap on the place's marker on the map.
    case map
    /// A tap on the place's row in the list.
    case list
  }
}
