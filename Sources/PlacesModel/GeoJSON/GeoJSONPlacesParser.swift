/// Turns the bytes of a GeoJSON FeatureCollection into places, in one pass.
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
  }

  var scanner: GeoJSONScanner
  let options: GeoJSONPlacesReader.Options
  /// The name properties as bytes, when they are not the defaults that ``GeoJSONKey`` knows.
  let customNames: [[UInt8]]?
  /// The property ids are read from, as bytes, with ``GeoJSONPlacesReader/IDSource/property(_:)``.
  let idProperty: [UInt8]?
  /// Whether ids come from the feature's `id` member.
  let readsFeatureID: Bool
  /// Whether property names must be compared with ``customNames`` or ``idProperty``.
  let hasCustomKeys: Bool

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
  private var problems = GeoJSONTally<String, GeoJSONError.FeatureProblem>()
  private var skips = GeoJSONTally<GeoJSONLoadReport.Reason, GeoJSONLoadReport.Reason>()
  /// The feature being read: its position in `features` and the offset where it starts.
  private(set) var featureIndex = 0
  private(set) var featureStart = 0

  /// Creates a parser for `count` bytes at `base`.
  init(
    base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int,
    options: GeoJSONPlacesReader.Options
  ) {
    scanner = GeoJSONScanner(base: base, count: count, maximumDepth: maximumDepth)
    self.options = options
    customNames =
      options.nameProperties == GeoJSONPlacesReader.Options.defaultNameProperties
      ? nil : options.nameProperties.map { Array($0.utf8) }
    readsFeatureID = options.ids == .feature
    if case .property(let name) = options.ids {
      idProperty = Array(name.utf8)
    } else {
      idProperty = nil
    }
    hasCustomKeys = customNames != nil || idProperty != nil
  }

  // MARK: - FeatureCollection

  /// Reads the whole input and returns its places in file order.
  mutating func parse() throws(GeoJSONFailure) -> Parsed {
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else { throw .empty }
    guard scanner.next == GeoJSONByte.openBrace else {
      throw .notAFeatureCollection(
        "the top-level value is \(scanner.describeValue()), not an object")
    }
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
              "\"type\" is \(scanner.describeValue()), not \"FeatureCollection\"")
          }
          let span = try scanner.scanString()
          guard scanner.string(span, equals: "FeatureCollection") else {
            throw .notAFeatureCollection(
              "\"type\" is \(quoted(span)), not \"FeatureCollection\"")
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
        default:
          try scanner.skipValue(depth: 2)
        }
      } while try scanner.nextMember()
    }
    try scanner.skipToEnd()
    guard seen & GeoJSONKey.type.bit != 0 else {
      throw .notAFeatureCollection("\"type\" is missing")
    }
    guard seen & GeoJSONKey.features.bit != 0 else {
      throw .notAFeatureCollection("\"features\" is missing")
    }
    if featuresWithID > 0, let first = featuresWithoutID.entries.first {
      let problem = GeoJSONError.FeatureProblem.missingID(property: nil)
      problems.add(
        problem, key: problem.kind, index: first.index, offset: first.offset, count: first.count)
    }
    guard problems.isEmpty else { throw .invalidFeatures(problems) }
    if places.isEmpty, featureIndex > 0 {
      throw .nothingToPlace(skips)
    }
    return Parsed(places: places, skips: skips)
  }

  /// Reads the `features` array, whose `[` comes next.
  private mutating func parseFeatures() throws(GeoJSONFailure) {
    guard try scanner.openContainer(depth: 2) else { return }
    // Features in real files take well over 160 bytes each, so this avoids most regrowth
    // while reserving at most about half the input's size.
    places.reserveCapacity(scanner.end / 160)
    repeat {
      featureStart = scanner.position
      do {
        if let reason = try parseFeature() {
          skip(reason)
        }
      } catch {
        guard case .invalidFeature(let index, let offset, let problem) = error else {
          throw error
        }
        problems.add(problem, key: problem.kind, index: index, offset: offset)
        keepFeatureIndices()
        // Skip the rest of the feature, checking its syntax, and go on with the next one.
        scanner.position = featureStart
        try scanner.skipValue(depth: 3)
      }
      featureIndex += 1
    } while try scanner.nextElement()
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
      for (index, place) in places.enumerated() {
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
    if try scanner.openContainer(depth: 3) {
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
            try scanner.skipValue(depth: 4)
          }
        case .geometry:
          try mark(key, in: &seen)
          if !scanner.consumeNull() {
            geometry = try parseGeometry(depth: 4, collectionNesting: 0)
          }
        case .properties:
          try mark(key, in: &seen)
          if !scanner.consumeNull() {
            try parseProperties(into: &properties)
          }
        default:
          try scanner.skipValue(depth: 4)
        }
      } while try scanner.nextMember()
    }
    guard seen & GeoJSONKey.type.bit != 0 else { throw invalid(.notAFeature) }

    let id = try resolveID(featureID: featureID)
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
    try checkUnique(id)
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

  /// Returns the feature's id under the options' ``GeoJSONPlacesReader/IDSource``.
  @inline(__always)
  private mutating func resolveID(featureID: PlaceID?) throws(GeoJSONFailure) -> PlaceID {
    switch options.ids {
    case .feature:
      if let featureID {
        featuresWithID += 1
        return featureID
      }
      featuresWithoutID.add(true, key: true, index: featureIndex, offset: featureStart)
      return PlaceID(featureIndex)
    case .property(let name):
      guard let id = propertyID else { throw invalid(.missingID(property: name)) }
      propertyID = nil
      return id
    case .position:
      return PlaceID(featureIndex)
    }
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
