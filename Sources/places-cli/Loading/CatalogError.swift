import PlacesModel

/// Why places read from a file could not form a catalog.
struct CatalogError: Error, Equatable {
  /// The file the places came from.
  let file: String
  /// What the model refused.
  let error: PlacesModelError
}

extension CatalogError: CustomStringConvertible {
  /// A message that names the file and the problem.
  var description: String {
    "\(file): \(error)"
  }
}
