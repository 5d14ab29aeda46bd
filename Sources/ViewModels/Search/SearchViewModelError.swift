import PlacesModel

/// Why a search input was refused; a refused input leaves the model as it was.
public enum SearchViewModelError: Error, Equatable, Sendable {
  /// There is no match at that index: the search shows `matchCount` matches.
  case matchOutOfRange(Int, matchCount: Int)
  /// The match shows a place that is no longer in the catalog.
  case unknownPlace(Place.ID)
}

extension SearchViewModelError: CustomStringConvertible {
  /// A message that names the match or the place at fault.
  public var description: String {
    switch self {
    case .matchOutOfRange(let index, let matchCount):
      "no match \(index): the search shows \(matchCount) matches"
    case .unknownPlace(let id):
      "no place has id \(id)"
    }
  }
}
