import PlacesModel
import ViewModels

/// A command of the tool, with its arguments checked.
enum Command: Equatable {
  /// Selects the place with this identifier, as typed, as a tap in `source` would; the word
  /// is matched with the catalog's ids when the command runs (see ``CommandRunner``).
  case select(String, from: TapSource)
  /// Clears the selection, as a tap on the empty map would.
  case deselect
  /// Sets the user's location.
  case locate(Coordinate)
  /// Reports that the map now shows this camera, as a pan or zoom would.
  case camera(MapCamera)
  /// Prints the places, nearest first from `near`, or from the user's location when `near`
  /// is `nil`; by name when neither is known. With `limit`, at most that many.
  case list(near: Coordinate?, limit: Int?)
  /// Reads commands from standard input, one per line.
  case session
  /// Prints at most `limit` places whose names match `text`, best first, as the search
  /// screen's query would; later `select ID --from search` chooses one of them.
  case search(String, limit: Int)
  /// Takes over the terminal with the interactive map.
  case browse
  /// Inserts a place with this id, as typed, coordinate, name and category.
  case add(String, Coordinate, name: String, category: String?)
  /// Moves the place with this id, as typed, to the coordinate.
  case move(String, Coordinate)
  /// Gives the place with this id, as typed, a new name.
  case rename(String, name: String)
  /// Removes the place with this id, as typed.
  case remove(String)
  /// Shows only the places of the filter's categories on every view, as an app's filter
  /// would.
  case filter(CategoryFilter)
  /// Taps the cluster marker with this identity, as typed (`LEVEL/ID`), as the map would: a
  /// flight to its split zoom, or a spread of its places; with `page`, then turns the spread
  /// to that page.
  case tapCluster(String, page: Int?)
  /// Prints the summary of the cluster marker with this identity, as typed, and its places in
  /// the cluster's order, from `offset`, at most `limit`.
  case cluster(String, offset: Int, limit: Int?)

  /// The view a tap comes from.
  enum TapSource: String, CaseIterable {
    /// A tap on the place's marker on the map.
    case map
    /// A tap on the place's row in the list.
    case list
    /// The choice of the place among the matches of the last `search`.
    case search
  }
}
