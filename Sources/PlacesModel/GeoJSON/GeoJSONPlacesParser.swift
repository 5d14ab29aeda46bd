/// Turns the bytes of GeoJSON places into places, in one pass: a FeatureCollection, a single
/// Feature or geometry, or a text sequence of features.
///
/// The parser reads the members it knows wherever they appear and skips all others. A syntax
/// error stops it at once. A feature that is not a valid place is tallied by kind of
/// problem, skipped over, and the parser goes on, so that one run finds every kind of
/// problem; the tally is thrown at the end. ``GeoJSONPlacesReader`` then makes sure that a
/// syntax error anywhere takes precedence over a problem of meaning.
struct GeoJSONPlacesParser {
  /// What a successful parse found.
  struct Parsed {
    /// The places, in file order.
    var places: [Place]
    /// What was skipped or left out, by reason.
    var skips: GeoJSONTally<GeoJSONLoadReport.Reason, GeoJSONLoadReport.Reason>
    /// Each place's position in `features`, or `nil` when every feature became a place, in
    /// order.
    var featureIndexOfPlace: [Int]?
  }

  var scanner: GeoJSONScanner
  let options: GeoJSONPlacesReader.Options
  /// The name properties as paths of keys in bytes, when they are not the defaults that
  /// ``GeoJSONKey`` knows.
  let customNames: [[[UInt8]]]?
  /// The path of the property ids are read from, as keys in bytes, with
  /// ``GeoJSONPlacesReader/IDSource/property(_:)``.
  let idPath: [[UInt8]]?
  /// Whether ids come from the feature's `id` member.
  let readsFeatureID: Bool
  /// Whether property names must be compared with ``customNames`` or ``idPath``.
  let hasCustomKeys: Bool
  /// Whether a name or id path goes into nested objects.
  let hasNestedPaths: Bool
  /// Whether the reader lets features in the usual form be read by ``readUsualFeature()``.
  private let readsUsualFeaturesFirst: Bool
  /// Whether features in the usual form are read by ``readUsualFeature()`` first, once the
  /// form of the input is known.
  private var readsUsualFeatures = false
  /// The last category and country made into strings, reused while the next are the same.
  private var categories = GeoJSONStringCache()
  private var countries = GeoJSONStringCache()
  /// The bytes of the last feature in the usual form, against which the next is read.
  var template = GeoJSONFeatureTemplate()

  /// What the input is, as far as it has been read.
  private(set) var form = GeoJSONLoad.Form.featureCollection
  /// The depth of a feature's object: 3 in a collection, 1 at the top level or in a sequence.
  private(set) var featureDepth = 3
  /// The positions of the feature being read.
  var shape = GeoJSONShape()
  private var places: [Place] = []
  /// The feature index of each place, kept only once a feature has been left out, since
  /// until then a place's index is its feature's.
  private var featureIndexOfPlace: [Int]?
  /// The position in `features` of each id seen, filled only once ids stop increasing.
  private var firstIndexByID: [PlaceID: Int] = [:]
  private var idsAreIncreasing = true
  /// The id read from the property chosen for ids, for the feature being read; kept out of
  /// ``Properties`` so that those hold no reference.
  var propertyID: PlaceID?
  /// The id of the last place, while ids are increasing.
  private var lastID: PlaceID?
  /// Features with and without an `id` member, for ``GeoJSONPlacesReader/IDSource/feature``.
  private var featuresWithID = 0
  private var featuresWithoutID = GeoJSONTally<Bool, Bool>()
  /// The places, by position in ``places`` in increasing order, numbered by their feature's
  /// position for lack of an `id`: their ids are unique among themselves, and, should other
  /// features have an `id`, the missing ones are the problem, so they take no part in checking
  /// that ids are unique.
  private var placesNumberedByPosition: [Int] = []
  private var problems = GeoJSONTally<String, GeoJSONFeatureIssue>()
  private var skips = GeoJSONTally<GeoJSONLoadReport.Reason, GeoJSONLoadReport.Reason>()
  /// The feature being read: its position in `features` and the offset where it starts.
  private(set) var featureIndex = 0
  private(set) var featureStart = 0

  // MARK: - Projected coordinates

  /// The name of the coordinate reference system the top-level `crs` member gives, if any.
  private var crsName: String?
  /// Features whose positions are all in range.
  private var featuresInRange = 0
  /// The first feature with a coordinate out of range by more than any degree can be (over
  /// 1,000 in magnitude), and that coordinate.
  private var firstBeyondDegrees: (index: Int, offset: Int, value: Double)?

  /// Creates a parser for `count` bytes at `base`.
  init(
    base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int,
    options: GeoJSONPlacesReader.Options, readsUsualFeaturesFirst: Bool = true
  ) {
    scanner = GeoJSONScanner(base: base, count: count, maximumDepth: maximumDepth)
    self.options = options
    self.readsUsualFeaturesFirst = readsUsualFeaturesFirst
    customNames =
      options.nameProperties == GeoJSONPlacesReader.Options.defaultNameProperties
      ? nil
      : options.nameProperties.map { GeoJSONPropertyPath.keys(of: $0).map { Array($0.utf8) } }
    readsFeatureID = options.ids == .feature
    if case .property(let path) = options.ids {
      idPath = GeoJSONPropertyPath.keys(of: path).map { Array($0.utf8) }
    } else {
      idPath = nil
    }
    hasCustomKeys = customNames != nil || idPath != nil
    hasNestedPaths =
      (customNames ?? []).contains { $0.count > 1 } || (idPath?.count ?? 0) > 1
  }

  // MARK: - The top level

  /// Reads the whole input and returns its places in file order.
  mutating func parse() throws(GeoJSONFailure) -> Parsed {
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else { throw .empty }
    if scanner.next == GeoJSONByte.recordSeparator {
      form = .textSequence
      featureDepth = 1
      readsUsualFeatures =
        readsUsualFeaturesFirst
        && Self.readsUsualFeatures(
          options: options, maximumDepth: scanner.maximumDepth, featureDepth: 1)
      places.reserveCapacity(scanner.end / 160)
      while try scanner.startOfNextText(form: form) {
        try parseFeatureRecoveringFromProblems()
      }
    } else {
      readsUsualFeatures =
        readsUsualFeaturesFirst
        && Self.readsUsualFeatures(
          options: options, maximumDepth: scanner.maximumDepth, featureDepth: 3)
      guard scanner.next == GeoJSONByte.openBrace else {
        throw .notAFeatureCollection(
          "the top-level value is \(scanner.describeValue()), not an object")
      }
      switch topLevelKind() {
      case .collection:
        try parseCollection()
        try scanner.skipToEnd()
      case .feature:
        form = .feature
        featureDepth = 1
        readsUsualFeatures =
          readsUsualFeaturesFirst
          && Self.readsUsualFeatures(
            options: options, maximumDepth: scanner.maximumDepth, featureDepth: 1)
        try parseFeatureRecoveringFromProblems()
        if try scanner.startOfNextText(form: form) {
          form = .newlineDelimited
          places.reserveCapacity(scanner.end / 160)
          repeat {
            try parseFeatureRecoveringFromProblems()
          } while try scanner.startOfNextText(form: form)
        }
      case .geometry:
        form = .geometry
        featureDepth = 1
        readsUsualFeatures = false
        try parseFeatureRecoveringFromProblems()
        try scanner.skipToEnd()
      }
    }
    return try finish()
  }

  /// Checks what can only be checked once every feature has been read, and returns the
  /// places.
  private mutating func finish() throws(GeoJSONFailure) -> Parsed {
    if let firstBeyondDegrees,
      featuresInRange == 0 || crsName.map(Self.isOtherThanDegrees) == true
    {
      throw .projected(
        crs: crsName, index: firstBeyondDegrees.index, offset: firstBeyondDegrees.offset,
        value: firstBeyondDegrees.value)
    }
    if featuresWithID > 0, let first = featuresWithoutID.entries.first {
      let problem = GeoJSONError.FeatureProblem.missingID(property: nil)
      problems.add(
        GeoJSONFeatureIssue(problem: problem, id: nil), key: problem.kind, index: first.index,
        offset: first.offset, count: first.count)
    }
    guard problems.isEmpty else { throw .invalidFeatures(problems) }
    if places.isEmpty, featureIndex > 0 {
      throw .nothingToPlace(skips)
    }
    return Parsed(places: places, skips: skips, featureIndexOfPlace: featureIndexOfPlace)
  }

  /// What the top-level object of a single JSON text is.
  private enum TopLevelObject {
    case collection
    case feature
    case geometry
  }

  /// Whether a `crs` name names something other than WGS 84 longitude and latitude in degrees
  /// (`urn:ogc:def:crs:OGC:1.3:CRS84`, `EPSG:4326` and their other spellings).
  private static func isOtherThanDegrees(_ name: String) -> Bool {
    let lowercased = name.lowercased()
    return
      !(lowercased.hasSuffix("crs84") || lowercased.hasSuffix(":4326")
      || lowercased.hasSuffix("/4326"))
  }

  /// What the top-level object is, judged from the first member that tells.
  ///
  /// That member is `type`, or a member only one kind of object has. Reads ahead without
  /// moving; any syntax error is left for the real reading to find.
  private func topLevelKind() -> TopLevelObject {
    var probe = scanner
    guard (try? probe.openContainer(depth: 1)) == true else { return .collection }
    repeat {
      guard let key = try? probe.readKey() else { return .collection }
      switch key {
      case .type:
        guard probe.next == GeoJSONByte.quote, let span = try? probe.scanString() else {
          return .collection
        }
        if probe.string(span, equals: "Feature") {
          return .feature
        }
        return GeometryType.allCases.contains { probe.string(span, equals: $0.name) }
          ? .geometry : .collection
      case .features:
        return .collection
      case .geometry, .properties:
        return .feature
      case .coordinates, .geometries:
        return .geometry
      default:
        guard (try? probe.skipValue(depth: 2)) != nil else { return .collection }
      }
    } while (try? probe.nextMember()) == true
    return .collection
  }

  // MARK: - FeatureCollection

  /// Reads a FeatureCollection, whose `{` comes next.
  private mutating func parseCollection() throws(GeoJSONFailure) {
    var seen: UInt32 = 0
    if try scanner.openContainer(depth: 1) {
      repeat {
        let key = try scanner.readKey()
        switch key {
        case .type:
          guard seen & key.bit == 0 else {
            throw .notAFeatureCollection("\"type\" appears more than once")
          }
          seen |= key.bit
          guard scanner.next == GeoJSONByte.quote else {
            throw .notAFeatureCollection(
              "\"type\" is \(scanner.describeValue()), \(Self.expectedTypes)")
          }
          let span = try scanner.scanString()
          guard scanner.string(span, equals: "FeatureCollection") else {
            throw .notAFeatureCollection("\"type\" is \(quoted(span)), \(Self.expectedTypes)")
          }
        case .features:
          guard seen & key.bit == 0 else {
            throw .notAFeatureCollection("\"features\" appears more than once")
          }
          seen |= key.bit
          guard scanner.next == GeoJSONByte.openBracket else {
            throw .notAFeatureCollection(
              "\"features\" is \(scanner.describeValue()), not an array")
          }
          try parseFeatures()
        case .crs:
          crsName = try scanner.readCRSName(depth: 2)
        default:
          try scanner.skipValue(depth: 2)
        }
      } while try scanner.nextMember()
    }
    guard seen & GeoJSONKey.type.bit != 0 else {
      throw .notAFeatureCollection("\"type\" is missing")
    }
    guard seen & GeoJSONKey.features.bit != 0 else {
      throw .notAFeatureCollection("\"features\" is missing")
    }
  }

  /// The types a top-level object may have, for messages.
  private static let expectedTypes =
    "not \"FeatureCollection\", \"Feature\" or a geometry type"

  /// Reads the `features` array, whose `[` comes next.
  ///
  /// Features in real files take well over 160 bytes each, so reserving a place for every 160
  /// bytes, here and for a sequence, avoids most regrowth while reserving at most about half
  /// the input's size.
  private mutating func parseFeatures() throws(GeoJSONFailure) {
    guard try scanner.openContainer(depth: 2) else { return }
    places.reserveCapacity(scanner.end / 160)
    repeat {
      try parseFeatureRecoveringFromProblems()
    } while try scanner.nextElement()
  }

  /// Reads the feature (or, at the top level, the geometry) that comes next and adds its
  /// place; a feature that is not a valid place is tallied and skipped over, checking its
  /// syntax.
  private mutating func parseFeatureRecoveringFromProblems() throws(GeoJSONFailure) {
    featureStart = scanner.position
    do {
      let reason: GeoJSONLoadReport.Reason?
      if readsUsualFeatures, let feature = readUsualFeature() {
        try addUsualPlace(feature)
        reason = nil
      } else {
        reason = form == .geometry ? try parseTopLevelGeometry() : try parseFeature()
      }
      if let reason {
        skip(reason)
      }
    } catch {
      guard case .invalidFeature(let index, let offset, let problem) = error else {
        throw error
      }
      note(problem, index: index, offset: offset)
      keepFeatureIndices()
      // Skip the rest of the feature, checking its syntax, and go on with the next one.
      scanner.position = featureStart
      try scanner.skipValue(depth: featureDepth)
    }
    featureIndex += 1
  }

  /// Tallies `problem` of the feature at `index`, naming the feature's id when it is the first
  /// of its kind and the id is not what is wrong.
  private mutating func note(_ problem: GeoJSONError.FeatureProblem, index: Int, offset: Int) {
    switch problem {
    case .latitudeOutOfRange(let value), .longitudeOutOfRange(let value):
      if firstBeyondDegrees == nil, value.isFinite, abs(value) > 1_000 {
        firstBeyondDegrees = (index, offset, value)
      }
    default:
      break
    }
    var id: PlaceID?
    switch problem {
    case .missingID, .invalidID, .duplicateID, .duplicateMember("id"):
      break
    default:
      if !problems.contains(key: problem.kind) {
        id = identifier(ofFeatureAt: offset)
      }
    }
    problems.add(
      GeoJSONFeatureIssue(problem: problem, id: id), key: problem.kind, index: index,
      offset: offset)
  }

  /// Counts the feature being read as skipped for `reason`.
  private mutating func skip(_ reason: GeoJSONLoadReport.Reason) {
    skips.add(reason, key: reason, index: featureIndex, offset: featureStart)
    keepFeatureIndices()
  }

  /// Starts recording each place's feature index, once a feature has been left out.
  private mutating func keepFeatureIndices() {
    if featureIndexOfPlace == nil {
      featureIndexOfPlace = Array(0..<places.count)
    }
  }

  /// Fails if an earlier place has `id`.
  ///
  /// While ids keep increasing, as in sorted files, no lookup table is needed.
  @inline(__always)
  private mutating func checkUnique(_ id: PlaceID) throws(GeoJSONFailure) {
    if idsAreIncreasing {
      // Whole numbers that fit in 64 bits, the usual ids, compare without the general order.
      if let integer = id.integerValue, let last = lastID?.integerValue, integer > last {
        lastID = id
        return
      }
      guard let lastID, id <= lastID else {
        lastID = id
        return
      }
      idsAreIncreasing = false
      firstIndexByID.reserveCapacity(places.count * 2)
      var numbered = placesNumberedByPosition.makeIterator()
      var nextNumbered = numbered.next()
      for (index, place) in places.enumerated() {
        if index == nextNumbered {
          nextNumbered = numbered.next()
          continue
        }
        firstIndexByID[place.id] = featureIndexOfPlace?[index] ?? index
      }
    }
    if let firstIndex = firstIndexByID[id] {
      throw invalid(.duplicateID(id, firstIndex: firstIndex))
    }
    firstIndexByID[id] = featureIndex
  }

  // MARK: - Feature

  /// Returns the failure for `problem` in the feature being read.
  func invalid(_ problem: GeoJSONError.FeatureProblem) -> GeoJSONFailure {
    .invalidFeature(index: featureIndex, offset: featureStart, problem: problem)
  }

  /// Records that the member `key` has been read, failing if it was read before.
  @inline(__always)
  func mark(_ key: GeoJSONKey, in seen: inout UInt32) throws(GeoJSONFailure) {
    guard seen & key.bit == 0 else { throw invalid(.duplicateMember(key.name)) }
    seen |= key.bit
  }

  /// Reads one feature, whose first byte comes next, and adds its place; returns why the
  /// feature was skipped instead, if it was.
  private mutating func parseFeature() throws(GeoJSONFailure) -> GeoJSONLoadReport.Reason? {
    guard scanner.next == GeoJSONByte.openBrace else { throw invalid(.notAnObject) }
    var seen: UInt32 = 0
    var featureID: PlaceID?
    var geometry: Geometry?
    var properties = Properties()
    propertyID = nil
    shape.removeAll()
    let memberDepth = featureDepth + 1
    if try scanner.openContainer(depth: featureDepth) {
      repeat {
        let key = try scanner.readKey()
        switch key {
        case .type:
          try mark(key, in: &seen)
          guard scanner.next == GeoJSONByte.quote else { throw invalid(.notAFeature) }
          let span = try scanner.scanString()
          guard scanner.string(span, equals: "Feature") else { throw invalid(.notAFeature) }
        case .id:
          try mark(key, in: &seen)
          if readsFeatureID {
            featureID = try parseID()
          } else {
            try scanner.skipValue(depth: memberDepth)
          }
        case .geometry:
          try mark(key, in: &seen)
          if !scanner.consumeNull() {
            geometry = try parseGeometry(depth: memberDepth, collectionNesting: 0)
          }
        case .properties:
          try mark(key, in: &seen)
          if !scanner.consumeNull() {
            try parseProperties(into: &properties)
          }
        case .crs where form == .feature:
          // A single Feature's reference system, as GeoJSON before RFC 7946 allowed.
          crsName = try scanner.readCRSName(depth: memberDepth)
        default:
          try scanner.skipValue(depth: memberDepth)
        }
      } while try scanner.nextMember()
    }
    guard seen & GeoJSONKey.type.bit != 0 else { throw invalid(.notAFeature) }
    return try addPlace(featureID: featureID, geometry: geometry, properties: properties)
  }

  /// Reads a geometry at the top level, as a feature with nothing but that geometry.
  private mutating func parseTopLevelGeometry() throws(GeoJSONFailure)
    -> GeoJSONLoadReport.Reason?
  {
    propertyID = nil
    shape.removeAll()
    let geometry = try parseGeometry(depth: 1, collectionNesting: 0)
    return try addPlace(featureID: nil, geometry: geometry, properties: Properties())
  }

  /// Adds the place of the feature just read, with its id, geometry and properties; returns
  /// why the feature was skipped instead, if it was.
  @inline(__always)
  private mutating func addPlace(
    featureID: PlaceID?, geometry: Geometry?, properties: Properties
  ) throws(GeoJSONFailure) -> GeoJSONLoadReport.Reason? {
    if geometry?.hasPositions == true {
      featuresInRange += 1
    }
    let (id, isNumberedByPosition) = try resolveID(featureID: featureID)
    let coordinate: Coordinate
    switch try place(geometry) {
    case .at(let placed): coordinate = placed
    case .skipped(let reason): return reason
    }
    guard let nameSpan = properties.name else {
      if options.isStrict {
        if let (property, found) = describeInvalidName(properties) {
          throw invalid(.invalidName(property: property, found: found))
        }
        throw invalid(.missingName(tried: options.nameProperties))
      }
      return .noName
    }
    if isNumberedByPosition {
      placesNumberedByPosition.append(places.count)
    } else {
      try checkUnique(id)
    }
    if properties.unusable != 0 {
      for key in [GeoJSONKey.category, .country, .population]
      where properties.unusable & key.bit != 0 {
        let reason = GeoJSONLoadReport.Reason.unusableValue(property: key.name)
        skips.add(reason, key: reason, index: featureIndex, offset: featureStart)
      }
    }
    places.append(
      Place(
        id: id, name: scanner.makeString(nameSpan), coordinate: coordinate,
        category: properties.category.map { scanner.makeString($0) },
        country: properties.country.map { scanner.makeString($0) },
        population: properties.population))
    featureIndexOfPlace?.append(featureIndex)
    return nil
  }

  /// Adds the place of a feature in the usual form, just read, as ``addPlace(featureID:geometry:properties:)``
  /// adds the place of the same feature read by ``parseFeature()``.
  @inline(__always)
  private mutating func addUsualPlace(_ feature: UsualFeature) throws(GeoJSONFailure) {
    featuresInRange += 1
    featuresWithID += 1
    let id = PlaceID(feature.id)
    try checkUnique(id)
    places.append(
      Place(
        id: id, name: scanner.makeString(feature.name),
        coordinate: Coordinate(uncheckedLatitude: feature.latitude, longitude: feature.longitude),
        category: feature.category.map { categories.string($0, in: &scanner) },
        country: feature.country.map { countries.string($0, in: &scanner) },
        population: feature.population))
    featureIndexOfPlace?.append(featureIndex)
  }

  /// Returns the feature's id under the options' ``GeoJSONPlacesReader/IDSource``, and whether
  /// it is the feature's position standing in for a missing `id`.
  @inline(__always)
  private mutating func resolveID(
    featureID: PlaceID?
  ) throws(GeoJSONFailure) -> (id: PlaceID, isNumberedByPosition: Bool) {
    switch options.ids {
    case .feature:
      if let featureID {
        featuresWithID += 1
        return (featureID, false)
      }
      featuresWithoutID.add(true, key: true, index: featureIndex, offset: featureStart)
      // Unique among positions; should another feature have an id, the missing one is the
      // problem reported, not a clash with it.
      return (PlaceID(featureIndex), true)
    case .property(let name):
      guard let id = propertyID else { throw invalid(.missingID(property: name)) }
      propertyID = nil
      return (id, false)
    case .position:
      return (PlaceID(featureIndex), false)
    }
  }

  /// The id of the feature that starts at `offset`, read again without moving, or `nil` if it
  /// has none that can be read: for messages about a feature that failed before or after its
  /// id was read.
  private func identifier(ofFeatureAt offset: Int) -> PlaceID? {
    var probe = scanner
    probe.position = offset
    guard probe.next == GeoJSONByte.openBrace,
      (try? probe.openContainer(depth: featureDepth)) == true
    else { return nil }
    repeat {
      guard let key = try? probe.readKey() else { return nil }
      switch (key, options.ids) {
      case (.id, .feature):
        return Self.scanID(&probe)
      case (.properties, .property):
        if let idPath, let id = Self.scanID(at: idPath, &probe, depth: featureDepth + 1) {
          return id
        }
      default:
        guard (try? probe.skipValue(depth: featureDepth + 1)) != nil else { return nil }
      }
    } while (try? probe.nextMember()) == true
    return nil
  }

  /// The id at `path` in the object that comes next, at `depth`, or `nil`.
  private static func scanID(
    at path: [[UInt8]], _ probe: inout GeoJSONScanner, depth: Int
  ) -> PlaceID? {
    guard let key = path.first, probe.next == GeoJSONByte.openBrace,
      (try? probe.openContainer(depth: depth)) == true
    else {
      _ = try? probe.skipValue(depth: depth)
      return nil
    }
    repeat {
      guard let (_, span) = try? probe.readKeyAndSpan() else { return nil }
      if probe.string(span, equalsBytes: key) {
        return path.count == 1
          ? scanID(&probe) : scanID(at: Array(path.dropFirst()), &probe, depth: depth + 1)
      }
      guard (try? probe.skipValue(depth: depth + 1)) != nil else { return nil }
    } while (try? probe.nextMember()) == true
    return nil
  }

  /// The id that comes next, a whole number or a string, or `nil` for anything else.
  private static func scanID(_ probe: inout GeoJSONScanner) -> PlaceID? {
    if probe.isAtNumber {
      return (try? probe.scanNumber())?.placeID(in: probe.base)
    }
    guard probe.next == GeoJSONByte.quote, let span = try? probe.scanString() else {
      return nil
    }
    return PlaceID(probe.makeString(span))
  }

  /// Reads an id, which must be a whole number or a string; `null` counts as no id.
  @inline(__always)
  mutating func parseID() throws(GeoJSONFailure) -> PlaceID? {
    if scanner.isAtNumber {
      let number = try scanner.scanNumber()
      if let integer = number.integerValue {
        return PlaceID(integer)
      }
      guard let id = number.placeID(in: scanner.base) else {
        throw invalid(.invalidID(found: scanner.text(from: number.start, to: number.end)))
      }
      return id
    }
    switch scanner.next {
    case GeoJSONByte.quote:
      let span = try scanner.scanString()
      return PlaceID(scanner.makeString(span))
    case GeoJSONByte.lowercaseN where scanner.consumeNull():
      return nil
    default:
      throw invalid(.invalidID(found: scanner.describeValue()))
    }
  }

  // MARK: - Messages

  /// Returns a string value in double quotes, shortened if long, for messages.
  mutating func quoted(_ span: GeoJSONStringSpan) -> String {
    let value = scanner.makeString(span)
    let shown = value.count > 40 ? value.prefix(40) + "…" : value[...]
    return "\"\(shown)\""
  }
}
