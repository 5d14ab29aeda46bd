import PlacesModel

/// Why a list input was refused; a refused input leaves the model as it was.
public enum ListViewModelError: Error, Equatable, Sendable {
  /// The row does not exist: the list has `rowCount` rows.
  case rowOutOfRange(Int, rowCount: Int)
  /// The row shows a place that is no longer in the catalog.
  case unknownPlace(Place.ID)
}

extension ListViewModelError: CustomStringConvertible {
  /// A message that names the row or the place at fault.
  public var description: String {
    switch self {
    case .rowOutOfRange(let row, let rowCount):
      "no row \(row): the list has \(rowCount) rows"
    case .unknownPlace(let id):
      "no place has id \(id)"
    }
  }
}
