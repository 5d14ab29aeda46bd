/// Why the model refused a change; a refused change leaves the model as it was.
public enum PlacesModelError: Error, Equatable, Sendable {
  /// No place in the catalog has this identifier.
  case unknownPlace(Place.ID)
  /// Two places in a new catalog share this identifier, at these positions.
  case duplicateID(Place.ID, firstIndex: Int, secondIndex: Int)
  /// The edit at this position of a batch, about the place with this identifier, was refused
  /// for this problem; the whole batch was refused with it.
  case invalidEdit(at: Int, id: Place.ID, problem: PlaceEditProblem)
}

extension PlacesModelError: CustomStringConvertible {
  /// A message that names the identifier at fault.
  public var description: String {
    switch self {
    case .unknownPlace(let id):
      "no place has id \(id)"
    case .duplicateID(let id, let firstIndex, let secondIndex):
      "places \(firstIndex) and \(secondIndex) share the id \(id)"
    case .invalidEdit(let index, let id, let problem):
      "place \(id): \(problem) (edit \(index) of its batch, which was refused whole)"
    }
  }
}
