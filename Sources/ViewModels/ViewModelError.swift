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
  /// The map shows no spread with this page: its spread has `pageCount` pages, 0 when no
  /// spread is shown.
  case spreadPageOutOfRange(Int, pageCount: Int)
  /// The model refused the change: the tapped row's or match's place left the catalog
  /// (``/PlacesModel/PlacesModelError/unknownPlace(_:)``).
  case modelRefused(PlacesModelError)
}

extension ViewModelError: CustomStringConvertible {
  /// A message that names the row, match, cluster or spread page at fault, or the model's message.
  public var description: String {
    switch self {
    case .rowOutOfRange(let row, let rowCount):
      "no row \(row): the list has \(rowCount) rows"
    case .matchOutOfRange(let index, let matchCount):
      "no match \(index): the search shows \(matchCount) matches"
    case .unknownCluster(let id):
      "no cluster \(id) is on the map"
    case .spreadPageOutOfRange(let page, let pageCount):
      pageCount == 0
        ? "no spread page \(page): no spread is shown (a tap spreads a cluster whose places "
          + "lie at one spot)"
        : "no spread page \(page): the spread has \(pageCount) "
          + (pageCount == 1 ? "page, page 0" : "pages, 0 to \(pageCount - 1)")
    case .modelRefused(let error):
      error.description
    }
  }
}
