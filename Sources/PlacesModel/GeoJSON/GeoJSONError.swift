/// Why GeoJSON places could not be read.
///
/// Every case names the file it concerns as `file`: the path given to
/// ``GeoJSONPlacesReader/load(contentsOfFile:)`` or the `file` given to the other readers.
/// ``description`` is a message that starts with the file and the position, for example
/// `places.geojson:3:17: malformed JSON: expected ',' or ']'`, and says what to do where the
/// fix is not plain; it is one line unless several kinds of problem are reported.
///
/// The cases fall into two groups: ``isMissingOrUnreadable`` is `true` for
/// ``fileNotFound(file:)`` and ``unreadable(file:reason:)``, where no bytes could be read, and
/// `false` for the others, where the bytes were read but are not a valid places file.
public enum GeoJSONError: Error, Equatable, Sendable {
  /// The file does not exist (`ENOENT`).
  case fileNotFound(file: String)
  /// The file exists but could not be read, for example for lack of permission, because it
  /// is a directory, or because of an I/O error; `reason` is the system's message.
  case unreadable(file: String, reason: String)
  /// The file has no content: zero bytes, or only whitespace and a byte-order mark.
  case empty(file: String)
  /// The bytes are not valid JSON.
  ///
  /// This covers syntax errors, truncation (`unexpected end of file`), invalid UTF-8, lone
  /// surrogates in `\u` escapes, raw control characters in strings, numbers that JSON does not
  /// allow (`01`, `+1`, `NaN`, `1.`) and nesting deeper than
  /// ``GeoJSONPlacesReader/maximumDepth``. `line` and `column` are 1-based and point at the
  /// offending byte; lines end at line feeds, and `column` counts bytes (UTF-8 code units, not
  /// characters) from the start of the line, not counting a leading byte-order mark.
  case malformedJSON(file: String, line: Int, column: Int, reason: String)
  /// The JSON is valid but is not GeoJSON places: the top-level value is not an object, its
  /// `type` is missing or is neither `"FeatureCollection"`, `"Feature"` nor a geometry type,
  /// or a collection's `features` member is missing, repeated or not an array.
  case notAFeatureCollection(file: String, reason: String)
  /// The JSON is valid but features are not valid places; nothing was loaded.
  ///
  /// Each kind of problem is reported once, at the first feature that has it, with the
  /// number of features that have it; `failures` is in file order of those first features
  /// and is never empty.
  case invalidFeatures(file: String, failures: [FeatureFailure])
  /// The coordinates are projected, in metres or feet, not longitude and latitude in degrees;
  /// nothing was loaded.
  ///
  /// Reported once, instead of a range error for every feature, when a coordinate is out of
  /// range by more than any degree can be (over 1,000 in magnitude) and either the file's
  /// `crs` member names another reference system than WGS 84 degrees (`crs` is that name,
  /// such as `urn:ogc:def:crs:EPSG::3857`), or no feature has its positions in range (`crs` is
  /// `nil` when the file has none). `index` and `line` locate the first feature with a
  /// coordinate out of range by that much, and `value` is that coordinate. The message says how to convert
  /// the file: `ogr2ogr -t_srs EPSG:4326 out.geojson in.geojson`.
  case projectedCoordinates(file: String, crs: String?, index: Int, line: Int, value: Double)
  /// The collection has features but none could be placed: all were skipped, for the
  /// reasons in `report`.
  case nothingToPlace(file: String, report: GeoJSONLoadReport)
  /// Two files read as one catalog give the same id (``GeoJSONPlacesReader/load(sources:)``);
  /// nothing was loaded.
  ///
  /// `file` is the later of the two files in the order they were given, and `index` the
  /// position in its `features` of the first feature whose id an earlier file already gives;
  /// `otherFile` is that earlier file and `otherIndex` its feature. `id` is the id both give,
  /// with their prefixes written (``GeoJSONPlacesReader/Options/idPrefix``). `count` is how
  /// many features of the later files have an id that an earlier file gives, at least 1.
  case duplicateIDAcrossFiles(
    file: String, index: Int, id: PlaceID, otherFile: String, otherIndex: Int, count: Int)

  /// Whether the file could not be found or read, as opposed to being read but invalid.
  ///
  /// A command-line tool can map `true` to `EX_NOINPUT` (66) and `false` to `EX_DATAERR` (65).
  public var isMissingOrUnreadable: Bool {
    switch self {
    case .fileNotFound, .unreadable:
      true
    case .empty, .malformedJSON, .notAFeatureCollection, .invalidFeatures,
      .projectedCoordinates, .nothingToPlace, .duplicateIDAcrossFiles:
      false
    }
  }

  /// The name of the file the error concerns.
  public var file: String {
    switch self {
    case .fileNotFound(let file), .unreadable(let file, _), .empty(let file),
      .malformedJSON(let file, _, _, _), .notAFeatureCollection(let file, _),
      .invalidFeatures(let file, _), .projectedCoordinates(let file, _, _, _, _),
      .nothingToPlace(let file, _), .duplicateIDAcrossFiles(let file, _, _, _, _, _):
      file
    }
  }
}

// MARK: - Feature failures

extension GeoJSONError {
  /// One kind of problem, found in `count` features, the first of them at `index`.
  public struct FeatureFailure: Equatable, Sendable {
    /// The 0-based position in `features` of the first feature with the problem.
    public let index: Int
    /// The 1-based line where that feature starts.
    public let line: Int
    /// What is wrong with that feature.
    public let problem: FeatureProblem
    /// How many features have a problem of this kind, at least 1.
    public let count: Int
    /// The id of the first feature with the problem, when it has one of its own (its `id`, or
    /// the property chosen for ids) that could be read and the problem is not with the id
    /// itself; `nil` otherwise.
    public let id: PlaceID?

    /// Creates a failure from its parts; `count` is 1 and `id` is `nil` unless given.
    package init(
      index: Int, line: Int, problem: FeatureProblem, count: Int = 1, id: PlaceID? = nil
    ) {
      self.index = index
      self.line = line
      self.problem = problem
      self.count = count
      self.id = id
    }
  }
}

// MARK: - Descriptions

extension GeoJSONError {
  /// The lines of ``description``: one, but for ``invalidFeatures(file:failures:)`` with
  /// several kinds of problem, a first line and one indented line per kind.
  ///
  /// A front end that escapes what a message quotes from a file (an id, a name) escapes each
  /// line, so that only the message's own line breaks remain.
  package var messageLines: [String] {
    guard case .invalidFeatures(let file, let failures) = self else { return [description] }
    guard failures.count > 1 else {
      return ["\(file): " + (failures.first?.description ?? "invalid features")]
    }
    let total = failures.reduce(0) { $0 + $1.count }
    return [
      "\(file): \(failures.count) kinds of problem in \(GeoJSONLoadReport.grouped(total)) "
        + "features; nothing was loaded:"
    ] + failures.map { "  \($0)" }
  }
}

extension GeoJSONError: CustomStringConvertible {
  /// A message naming the file and the position, for example
  /// `places.geojson: feature 12 (line 14): latitude 95.0 is out of range -90...90 ...`.
  ///
  /// It is one line, except for ``invalidFeatures(file:failures:)`` with several kinds of
  /// problem, which gives a first line and then one indented line per kind.
  public var description: String {
    switch self {
    case .fileNotFound(let file):
      return "\(file): no such file"
    case .unreadable(let file, let reason):
      return "\(file): cannot read the file: \(reason)"
    case .empty(let file):
      return "\(file): the file is empty"
    case .malformedJSON(let file, let line, let column, let reason):
      return "\(file):\(line):\(column): malformed JSON: \(reason)"
    case .notAFeatureCollection(let file, let reason):
      return "\(file): not a GeoJSON FeatureCollection: \(reason)"
    case .invalidFeatures:
      return messageLines.joined(separator: "\n")
    case .projectedCoordinates(let file, let crs, let index, let line, let value):
      let evidence =
        crs.map { "its \"crs\" is \($0)" } ?? "no feature has its positions in range"
      return "\(file): the coordinates are projected, not longitude and latitude in degrees: "
        + "\(evidence), and feature \(index) (line \(line)) has the coordinate \(value); "
        + "convert the file to WGS 84 first, for example with: "
        + "ogr2ogr -t_srs EPSG:4326 out.geojson in.geojson"
    case .nothingToPlace(let file, let report):
      let reasons = report.entries.filter(\.reason.skipsFeature).map { entry in
        "\(GeoJSONLoadReport.grouped(entry.count)) \(entry.reason.phrase(count: entry.count)) "
          + "(first: feature \(entry.firstIndex), line \(entry.firstLine))"
      }
      return "\(file): no feature could be placed: skipped "
        + reasons.joined(separator: ", ")
    case .duplicateIDAcrossFiles(
      let file, let index, let id, let otherFile, let otherIndex, let count):
      var text =
        "\(file): feature \(index) (id \(id.quotedForMessages)): the id is already used by "
        + "feature \(otherIndex) of \(otherFile); ids must be unique across files"
      if count > 1 {
        let more = count - 1
        text += " (and \(GeoJSONLoadReport.grouped(more)) more \(more == 1 ? "id" : "ids") like it)"
      }
      return text + "; give one of the files an id prefix"
    }
  }
}

extension GeoJSONError.FeatureFailure: CustomStringConvertible {
  /// The feature, its id if it has one, its line and the problem, with how many more features
  /// have it, for example `feature 3 (id 17, line 5): latitude 95.0 is out of range ... (and 2
  /// more features like it)`.
  public var description: String {
    let idText = id.map { "id \($0.quotedForMessages), " } ?? ""
    var text = "feature \(index) (\(idText)line \(line)): \(problem)"
    if count > 1 {
      let more = count - 1
      text +=
        " (and \(GeoJSONLoadReport.grouped(more)) more \(more == 1 ? "feature" : "features")"
        + " like it)"
    }
    return text
  }
}
