import PlacesModel

/// What to do about a places file that did not load, in terms of the tool's options.
///
/// The reader's messages say what is wrong with the data; these hints add the options that
/// may fix it, one line each.
enum LoadHints {
  /// The hint lines for `error`, or `nil` if no option would help.
  static func hint(for error: any Error) -> String? {
    guard let error = error as? GeoJSONError else { return nil }
    var hints: [String] = []
    switch error {
    case .invalidFeatures(_, let failures):
      for failure in failures {
        if let hint = hint(for: failure.problem), !hints.contains(hint) {
          hints.append(hint)
        }
      }
    case .nothingToPlace(_, let report):
      if report.entries.contains(where: { $0.reason == .noName }) {
        hints.append(nameHint)
      }
      if report.entries.contains(where: { $0.reason == .notAPoint }) {
        hints.append("Leave out '--non-point skip' to place other geometries on themselves.")
      }
    case .duplicateIDAcrossFiles:
      hints.append(
        "Pass --id-prefix TEXT after one file's --places FILE to keep its ids apart, for "
          + "example --id-prefix airport:.")
    case .empty, .malformedJSON, .notAFeatureCollection:
      hints.append(
        "The file must be GeoJSON: a FeatureCollection, a Feature, or one feature per line; "
          + "check that it was written whole, or export it again as GeoJSON.")
    case .fileNotFound, .unreadable:
      hints.append("Check the path and that the file can be read, or leave out --places.")
    case .projectedCoordinates:
      break
    }
    return hints.isEmpty ? nil : hints.joined(separator: "\n")
  }

  private static let nameHint =
    "Pass --name-property FIELD to take the names from another property."

  private static func hint(for problem: GeoJSONError.FeatureProblem) -> String? {
    switch problem {
    case .missingID(nil), .invalidID, .duplicateID:
      "Pass --id-property FIELD to take the ids from a property of the features."
    case .missingName, .invalidName:
      nameHint + " Leave out --strict to skip features without a name."
    case .missingGeometry, .emptyGeometry, .notAPoint:
      "Leave out --strict to skip such features and load the rest."
    case .invalidProperty(let name, _) where name != "properties":
      "Leave out --strict to load such places without the value."
    case .missingID(_?):
      "Choose with --id-property a property every feature has, or leave it out to take the "
        + "features' \"id\" (or their positions)."
    case .notAnObject, .notAFeature, .duplicateMember, .unsupportedGeometry,
      .invalidCoordinates, .latitudeOutOfRange, .longitudeOutOfRange, .invalidProperty:
      nil
    }
  }
}
