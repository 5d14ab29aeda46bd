import PlacesModel

/// Why a view model refused an input; a refused input leaves the model as it was.
///
/// The failures are the view models' own: a tap on something the screen does not show. When the
/// model refuses the change an input asks for, its error comes through unchanged in
/// ``modelRefused(_:)``: an unknown place is always
/// ``/PlacesModel/PlacesModelError/unknownPlace(_:)``.
public enum ViewModelError: Error, Equatable, Sendable {
  /// The list has no row at this position: it has `rowCount` rows.
  case rowOutOfRange(Int, rowCount: Int)
  /// The search shows no match at this position: it shows `matchCount` matches.
  case matchOutOfRange(Int, matchCount: Int)
  /// No cluster with this identity is on the map (it was replaced by a camera move, say).
  case unknownCluster(MapClusterID)
  /// The model refused the change: the tapped row's or match's place left the catalog
  /// (``/PlacesModel/PlacesModelError/unknownPlace(_:)``).
  case modelRefused(PlacesModelError)
}

extension ViewModelError: CustomStringConvertible {
  /// A message that names the row, match or cluster at fault, or the model's message.
  public var description: String {
    switch self {
    case .rowOutOfRange(let row, let rowCount):
      "no row \(row): the list has \(rowCount) rows"
    case .matchOutOfRange(let index, let matchCount):
      "no match \(index): the search shows \(matchCount) matches"
    case .unknownCluster(let id):
      "no cluster \(id) is on the map"
    case .modelRefused(let error):
      error.description
    }
  }
}
