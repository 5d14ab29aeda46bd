extension GeoJSONPlacesParser {
  /// The properties of a feature that become a place's fields, as extents in the input.
  struct Properties {
    /// The usable name with the highest priority so far.
    var name: GeoJSONStringSpan?
    /// The position of ``name``'s property among the name properties.
    var namePriority = Int.max
    /// The first name property found with a value that cannot name a place.
    var invalidName: (property: String, found: String)?
    var category: GeoJSONStringSpan?
    var country: GeoJSONStringSpan?
    var population: Int?
    /// The id, when ids come from a property.
    var id: PlaceID?
    /// The properties whose values were left out for being of the wrong kind.
    var unusable: [String] = []
  }

  /// A property value, read once whatever it is used for.
  private enum PropertyValue {
    case string(GeoJSONStringSpan)
    case number(GeoJSONNumber)
    case null
    /// Anything else, already skipped; the string describes it.
    case other(String)
  }

  /// Reads `properties`, whose first byte comes next.
  mutating func parseProperties(into properties: inout Properties) throws(GeoJSONFailure) {
    guard scanner.next == GeoJSONByte.openBrace else {
      throw invalid(.invalidProperty(name: "properties", expected: "an object"))
    }
    var seen: UInt32 = 0
    guard try scanner.openContainer(depth: 4) else { return }
    repeat {
      let (key, span) = try scanner.readKeyAndSpan()
      let namePriority: Int?
      if let customNames {
        namePriority = customNames.firstIndex { scanner.string(span, equalsBytes: $0) }
      } else {
        namePriority = key.defaultNamePriority
      }
      let isID = idProperty.map { scanner.string(span, equalsBytes: $0) } ?? false
      switch key {
      case .category, .country, .population:
        try mark(key, in: &seen)
      default:
        guard namePriority != nil || isID else {
          try scanner.skipValue(depth: 5)
          continue
        }
        if key != .other {
          try mark(key, in: &seen)
        }
      }

      let value = try scanPropertyValue()
      if let namePriority {
        try readName(value, key: key, span: span, priority: namePriority, into: &properties)
      }
      if isID {
        properties.id = try propertyID(value)
      }
      switch key {
      case .category:
        properties.category = try optionalString(value, key: key, properties: &properties)
      case .country:
        properties.country = try optionalString(value, key: key, properties: &properties)
      case .population:
        properties.population = try population(value, properties: &properties)
      default:
        break
      }
    } while try scanner.nextMember()
  }

  /// Reads the value that comes next: a string or number is scanned, anything else skipped.
  @inline(__always)
  private mutating func scanPropertyValue() throws(GeoJSONFailure) -> PropertyValue {
    switch scanner.next {
    case GeoJSONByte.quote:
      return .string(try scanner.scanString())
    case GeoJSONByte.minus, GeoJSONByte.zero...GeoJSONByte.nine:
      return .number(try scanner.scanNumber())
    default:
      if scanner.consumeNull() {
        return .null
      }
      let found = scanner.describeValue()
      try scanner.skipValue(depth: 5)
      return .other(found)
    }
  }

  /// Keeps `value` as the name if it is a non-empty string of a higher priority than the
  /// name so far; otherwise notes the first unusable name.
  @inline(__always)
  private mutating func readName(
    _ value: PropertyValue, key: GeoJSONKey, span: GeoJSONStringSpan, priority: Int,
    into properties: inout Properties
  ) throws(GeoJSONFailure) {
    let found: String
    switch value {
    case .string(let string) where string.end > string.start:
      if priority < properties.namePriority {
        properties.name = string
        properties.namePriority = priority
      }
      return
    case .null:
      return
    case .string:
      found = "an empty string"
    case .number(let number):
      found = scanner.text(from: number.start, to: number.end)
    case .other(let description):
      found = description
    }
    if properties.invalidName == nil {
      properties.invalidName = (scanner.makeString(span), found)
    }
  }

  /// Returns the id `value` gives, which must be a whole number or a string.
  private mutating func propertyID(_ value: PropertyValue) throws(GeoJSONFailure) -> PlaceID? {
    switch value {
    case .string(let span):
      return PlaceID(scanner.makeString(span))
    case .number(let number):
      guard let id = number.placeID(in: scanner.base) else {
        throw invalid(.invalidID(found: scanner.text(from: number.start, to: number.end)))
      }
      return id
    case .null:
      return nil
    case .other(let found):
      throw invalid(.invalidID(found: found))
    }
  }

  /// Returns the string `value`, `nil` for `null`, or notes a value of the wrong kind, an
  /// error in strict mode.
  @inline(__always)
  private mutating func optionalString(
    _ value: PropertyValue, key: GeoJSONKey, properties: inout Properties
  ) throws(GeoJSONFailure) -> GeoJSONStringSpan? {
    switch value {
    case .string(let span):
      return span
    case .null:
      return nil
    case .number, .other:
      try unusable(key, expected: "a string", properties: &properties)
      return nil
    }
  }

  /// Returns the population `value` gives: a whole number, or a string of decimal digits as
  /// OpenStreetMap tags hold; `nil` for `null`; or notes a value of the wrong kind, an error
  /// in strict mode.
  @inline(__always)
  private mutating func population(
    _ value: PropertyValue, properties: inout Properties
  ) throws(GeoJSONFailure) -> Int? {
    switch value {
    case .number(let number):
      if let whole = number.wholeValue {
        return whole
      }
    case .string(let span):
      if !span.hasEscapes, let whole = scanner.wholeNumber(in: span) {
        return whole
      }
    case .null:
      return nil
    case .other:
      break
    }
    try unusable(.population, expected: "a whole number", properties: &properties)
    return nil
  }

  /// Notes that the property `key` has a value of the wrong kind, or fails in strict mode.
  private func unusable(
    _ key: GeoJSONKey, expected: String, properties: inout Properties
  ) throws(GeoJSONFailure) {
    if options.isStrict {
      throw invalid(.invalidProperty(name: key.name, expected: expected))
    }
    properties.unusable.append(key.name)
  }
}
