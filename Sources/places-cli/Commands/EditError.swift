import PlacesModel

/// An edit the tool refuses before the model sees it, said in the tool's own commands.
enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `add` named an identifier a place already has.
  case idInUse(Place.ID)

  var description: String {
    switch self {
    case .idInUse(let id):
      "a place already has id \(id): give the new place another id ('move' and 'rename' "
        + "change the place that has it)"
    }
  }
}
