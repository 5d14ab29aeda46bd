extension GeoJSONError {
  /// What went wrong in a load, in four kinds a front end maps to its own outcomes (an exit
  /// status, an HTTP status, an alert's wording) without naming every case.
  ///
  /// Every ``GeoJSONError`` has exactly one category, so a `switch` over the category is
  /// exhaustive and a case added to the error later falls into one of these.
  public enum Category: Equatable, Sendable, CaseIterable {
    /// The file does not exist: ``GeoJSONError/fileNotFound(file:)``.
    case fileMissing
    /// The file exists but its bytes could not be read: ``GeoJSONError/unreadable(file:reason:)``.
    case unreadable
    /// The bytes were read but are not a GeoJSON FeatureCollection: the file is empty, is not
    /// JSON, or is another JSON value (``GeoJSONError/empty(file:)``,
    /// ``GeoJSONError/malformedJSON(file:line:column:reason:)``,
    /// ``GeoJSONError/notAFeatureCollection(file:reason:)``).
    case notGeoJSON
    /// The file is a FeatureCollection, but its features do not give places: some are invalid,
    /// the coordinates are projected, or none could be placed
    /// (``GeoJSONError/invalidFeatures(file:failures:)``,
    /// ``GeoJSONError/projectedCoordinates(file:crs:index:line:value:)``,
    /// ``GeoJSONError/nothingToPlace(file:report:)``), or two files read as one catalog give
    /// the same id
    /// (``GeoJSONError/duplicateIDAcrossFiles(file:index:id:otherFile:otherIndex:count:)``).
    case invalidPlaces
  }

  /// The kind of failure this is; ``isMissingOrUnreadable`` is `true` exactly for
  /// ``Category/fileMissing`` and ``Category/unreadable``.
  ///
  /// A command-line tool maps the first two to `EX_NOINPUT` (66) and the others to
  /// `EX_DATAERR` (65), as `places-cli` does.
  public var category: Category {
    switch self {
    case .fileNotFound: .fileMissing
    case .unreadable: .unreadable
    case .empty, .malformedJSON, .notAFeatureCollection: .notGeoJSON
    case .invalidFeatures, .projectedCoordinates, .nothingToPlace, .duplicateIDAcrossFiles:
      .invalidPlaces
    }
  }
}
