/// Why an edit was refused (see ``PlacesModelError/invalidEdit(at:id:problem:)``).
public enum PlaceEditProblem: Hashable, Sendable {
  /// An update or a removal names an identifier no place has (at that point of the batch).
  case unknownID
  /// An insertion names an identifier a place already has (at that point of the batch).
  case idInUse
  /// The place's name is empty or only white space.
  case emptyName
}

extension PlaceEditProblem: CustomStringConvertible {
  /// What is wrong and what to do instead.
  public var description: String {
    switch self {
    case .unknownID:
      "no place has this id; insert the place instead, or check the id"
    case .idInUse:
      "a place already has this id; update it instead, or choose another id"
    case .emptyName:
      "the name is empty; give the place a name with at least one visible character"
    }
  }
}
