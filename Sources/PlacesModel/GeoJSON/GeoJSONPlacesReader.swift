/// Reads places from GeoJSON as common tools write it: an RFC 7946 FeatureCollection, a single
/// Feature or geometry, or a text sequence of features.
///
/// Each feature becomes a ``Place``, as its ``Options`` say:
/// - **Id**: the feature's `id`, a whole number or a string, kept as the file gives it (see
///   ``PlaceID``); or the feature's position when no feature has an `id`; or a chosen
///   property (``IDSource``). Ids must be unique.
/// - **Name**: the first of ``Options/nameProperties`` (by default `name`, `Name`, `NAME`,
///   `name_en`, `NAME_EN`, `name:en`, `title`) that holds a string with a visible character
///   (not empty, not only white space). A property may be a path into nested objects, such
///   as `tags.name` (see ``Options/nameProperties``).
/// - **Coordinate**: a `Point`'s position, `[longitude, latitude]`, with an altitude and a
///   measure that are ignored if present; any other geometry is placed on itself (inside a
///   polygon, halfway along a line), at the centre of its bounding box, or skipped
///   (``NonPointGeometry``). Every position of every geometry must be in range, in degrees of
///   WGS 84: a file in a projected reference system is refused once
///   (``GeoJSONError/projectedCoordinates(file:crs:index:line:value:)``).
/// - **Other fields**: a string `category`, a string `country` and a whole-number
///   `population` (or a string of digits, as OpenStreetMap tags hold), each optional and
///   `null` meaning absent.
///
/// ## Forms
/// The first bytes and the top-level `type` tell the form, which ``GeoJSONLoad/form`` gives
/// (``GeoJSONLoad/Form``):
/// - a FeatureCollection, the usual form;
/// - a single Feature, or a bare geometry, read as a collection of one, as GDAL and Leaflet
///   read them (a bare geometry has no properties, so no name to place it by);
/// - a GeoJSON text sequence (RFC 8142): features each after a record separator, RS (0x1E),
///   as GDAL's GeoJSONSeq driver writes with `RS=YES`;
/// - newline-delimited features, one per line without RS (`.geojsonl`, `.ndjson`), as
///   GeoJSONSeq writes by default: a Feature followed by another object on a later line.
///
/// Sequences are read in the same single pass as a collection, at the same speed; features
/// are numbered from 0 in file order, as in a collection.
///
/// Every other member, at any level, is skipped whatever its value.
///
/// ```json
/// {"type":"FeatureCollection","features":[
/// {"type":"Feature","id":42,"geometry":{"type":"Point","coordinates":[18.06871,59.32938]},
///  "properties":{"name":"Stockholm","category":"city","country":"SE","population":1515017}}
/// ]}
/// ```
///
/// The reader is strict about JSON: the input must be valid JSON (RFC 8259) in UTF-8,
/// optionally preceded by a byte-order mark, with members in any order and any whitespace.
/// Strings may hold any Unicode, with every JSON escape, but no lone surrogates. Numbers
/// follow the JSON grammar and are rounded correctly.
///
/// ## Skips
/// Unless ``Options/isStrict`` is set, a feature with no geometry, an empty geometry or no
/// name (or not a point, under ``NonPointGeometry/skip``) is skipped, and a `category`,
/// `country` or `population` that cannot be used (of the wrong kind, or a population below 0)
/// is left out of its place; the
/// ``GeoJSONLoadReport`` of ``load(contentsOfFile:)`` counts them by reason. A collection
/// with features of which none can be placed is an error; one with no features at all
/// loads as no places.
///
/// ## Errors
/// Nothing is returned partially. A syntax error anywhere in the input is reported as
/// ``GeoJSONError/malformedJSON(file:line:column:reason:)``, even when a problem of meaning
/// comes before it. Otherwise features that are not valid places are reported together as
/// ``GeoJSONError/invalidFeatures(file:failures:)``: each kind of problem once, at the first
/// feature that has it (naming its id when it has one), with the number of features that
/// have it; or, when the coordinates are projected, as one
/// ``GeoJSONError/projectedCoordinates(file:crs:index:line:value:)`` saying how to convert
/// the file.
///
/// ## Several files
/// ``load(sources:)`` reads several files as one catalog, each with its own options (an
/// ``Options/idPrefix`` keeps a file's ids apart from the others'), and says which file each
/// place came from (``GeoJSONCatalogLoad``); an id that two files give is an error naming both
/// files and the feature.
///
/// ## Performance
/// The reader makes one pass over the bytes, allocating only the places and their strings,
/// and counts lines only when it reports an error or a skip; reporting an error may take a
/// second pass to look for a syntax error. A feature in the usual form of a places file (a
/// whole-number `id`, a Point, a `name`, and a `category`, `country` and `population` of the
/// usual kinds) is read on a fast path: the bytes a file writes between the values of one such
/// feature are learnt, and each next feature that repeats them is checked against them a word
/// at a time, with only its values read; any other feature, and any feature with a problem, is
/// read by the general path, which alone decides every error and skip, so the result is the
/// same either way. In a release build a 30 MB file of 170,000 places loads in well under
/// 100 ms, file read included, as a collection or as a sequence: in about half the time the
/// general path alone takes, and 0.37 of its instructions. Memory use peaks at about twice the
/// size of the input. A geometry that is not a Point is held while its feature is read, in
/// buffers reused from one feature to the next, and placed in time linear in its positions,
/// except inside a polygon, where the search for the pole of inaccessibility looks at a bounded
/// number of points, each costing time linear in the polygon's positions: Natural Earth's 241
/// countries at 1:50m (100,000 positions) load, each placed inside its shape, in under 0.1 s,
/// about seven times as long as with the centres of their boxes.
public struct GeoJSONPlacesReader: Sendable {
  /// The deepest nesting of arrays and objects accepted, counting the top-level object as 1;
  /// 64 unless given.
  ///
  /// Deeper input is reported as malformed JSON, whatever its nesting, without exhausting the
  /// stack. A FeatureCollection of points needs 5 levels: the collection, `features`, a
  /// feature, its geometry and the coordinates; a MultiPolygon needs 8.
  public let maximumDepth: Int
  /// How features become places.
  public let options: Options
  /// Whether features in the usual form (a whole-number id, a Point, a name) are read by the
  /// fast path first, learning each file's bytes between values; `true` unless a test or
  /// the fuzzer turns it off to check that both paths read the same.
  package var readsUsualFeaturesFirst = true

  /// Creates a reader with `options` that accepts nesting up to `maximumDepth` levels.
  public init(options: Options = Options(), maximumDepth: Int = 64) {
    self.options = options
    self.maximumDepth = maximumDepth
  }

  // MARK: - Reading

  /// Reads the places in the file at `path`, with what was skipped; errors name the file as
  /// `path`.
  ///
  /// - Throws: ``GeoJSONError/fileNotFound(file:)`` or
  ///   ``GeoJSONError/unreadable(file:reason:)`` if the file cannot be read, otherwise the
  ///   errors of ``load(bytes:file:)``.
  /// - Complexity: O(*n*) in the size of the file, which is held in memory while it is read.
  public func load(contentsOfFile path: String) throws(GeoJSONError) -> GeoJSONLoad {
    let bytes = try GeoJSONFile.contents(ofFile: path)
    return try load(bytes: bytes, file: path)
  }

  /// Reads the places in GeoJSON bytes, with what was skipped; `file` is the name errors give
  /// the input, such as a path, `<built-in>` or `<stdin>`.
  ///
  /// - Throws: ``GeoJSONError/empty(file:)``,
  ///   ``GeoJSONError/malformedJSON(file:line:column:reason:)``,
  ///   ``GeoJSONError/notAFeatureCollection(file:reason:)``,
  ///   ``GeoJSONError/invalidFeatures(file:failures:)``,
  ///   ``GeoJSONError/projectedCoordinates(file:crs:index:line:value:)`` or
  ///   ``GeoJSONError/nothingToPlace(file:report:)``, each naming `file`.
  /// - Complexity: O(*n*) in the number of bytes.
  public func load(bytes: [UInt8], file: String) throws(GeoJSONError) -> GeoJSONLoad {
    let result = bytes.withUnsafeBufferPointer { buffer in
      load(in: buffer, source: file)
    }
    return try result.get()
  }

  /// Reads the places in GeoJSON text, with what was skipped; `file` is the name errors give
  /// the input.
  ///
  /// - Throws: The errors of ``load(bytes:file:)``.
  /// - Complexity: O(*n*) in the length of the text's UTF-8.
  public func load(text: String, file: String) throws(GeoJSONError) -> GeoJSONLoad {
    let result = text.utf8.withContiguousStorageIfAvailable { buffer in
      load(in: buffer, source: file)
    }
    if let result {
      return try result.get()
    }
    return try load(bytes: Array(text.utf8), file: file)
  }

  // MARK: - Parsing

  /// Parses `bytes`, and on failure makes sure a syntax error takes precedence.
  private func load(
    in bytes: UnsafeBufferPointer<UInt8>, source: String
  ) -> Result<GeoJSONLoad, GeoJSONError> {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      return .failure(.empty(file: source))
    }
    var parser = GeoJSONPlacesParser(
      base: base, count: bytes.count, maximumDepth: maximumDepth, options: options,
      readsUsualFeaturesFirst: readsUsualFeaturesFirst)
    do {
      let result = try parser.parse()
      let report =
        result.skips.isEmpty ? GeoJSONLoadReport() : result.skips.report(in: bytes)
      let places =
        options.idPrefix.isEmpty
        ? result.places : Self.places(result.places, prefixedWith: options.idPrefix)
      return .success(
        GeoJSONLoad(
          places: places, report: report, form: parser.form,
          featureIndexOfPlace: result.featureIndexOfPlace))
    } catch {
      var failure = error
      if failure.isSemantic {
        var validator = GeoJSONScanner(base: base, count: bytes.count, maximumDepth: maximumDepth)
        if let syntaxFailure = validator.firstSyntaxFailure(in: parser.form) {
          failure = syntaxFailure
        }
      }
      return .failure(failure.error(file: source, bytes: bytes))
    }
  }

  /// Returns `places` with `prefix` written before each id, which makes every id a string.
  private static func places(_ places: [Place], prefixedWith prefix: String) -> [Place] {
    places.map { place in
      Place(
        id: PlaceID(prefix + place.id.description), name: place.name,
        coordinate: place.coordinate, category: place.category, country: place.country,
        population: place.population)
    }
  }
}
