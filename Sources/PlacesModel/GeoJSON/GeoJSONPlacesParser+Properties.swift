extension GeoJSONPlacesParser {
  /// The properties of a feature that become a place's fields, as extents in the input.
  struct Properties {
    /// The usable name with the highest priority so far.
    var name: GeoJSONStringSpan?
    /// The position of ``name``'s property among the name properties.
    var namePriority = Int.max
    /// The first name property found with a value that cannot name a place: the extent of
    /// its name and the offset of its value.
    var invalidName: (property: GeoJSONStringSpan, valueOffset: Int)?
    var category: GeoJSONStringSpan?
    var country: GeoJSONStringSpan?
    var population: Int?
    /// The ``GeoJSONKey/bit`` of each property whose value was left out for being of the
    /// wrong kind.
    var unusable: UInt32 = 0
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
      var namePriority = key.defaultNamePriority
      var isID = false
      if hasCustomKeys {
        (namePriority, isID) = customRoles(of: key, named: span)
      }
      switch key {
      case .category, .country:
        try mark(key, in: &seen)
        // The usual case first: a string, used for nothing else.
        if scanner.next == GeoJSONByte.quote, namePriority == nil, !isID {
          let span = try scanner.scanString()
          if key == .category {
            properties.category = span
          } else {
            properties.country = span
          }
          continue
        }
      case .population:
        try mark(key, in: &seen)
        if scanner.isAtNumber, namePriority == nil, !isID {
          let number = try scanner.scanNumber()
          if let whole = number.integerValue ?? number.wholeValue {
            properties.population = whole
          } else {
            try unusable(.population, expected: "a whole number", properties: &properties)
          }
          continue
        }
      case .name where !hasCustomKeys:
        // The usual name: a non-empty string of the highest priority.
        try mark(key, in: &seen)
        if scanner.next == GeoJSONByte.quote {
          let value = try scanner.scanString()
          if value.end > value.start {
            properties.name = value
            properties.namePriority = 0
          } else if properties.invalidName == nil {
            properties.invalidName = (span, value.start - 1)
          }
          continue
        }
      default:
        guard namePriority != nil || isID else {
          try scanner.skipValue(depth: 5)
          continue
        }
        if key != .other {
          try mark(key, in: &seen)
        }
      }

      let valueOffset = scanner.position
      let value = try scanPropertyValue()
      if let namePriority {
        readName(value, key: span, at: valueOffset, priority: namePriority, into: &properties)
      }
      if isID {
        propertyID = try propertyID(value)
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

  /// Returns the name priority and whether the property is the id property, for options
  /// that choose their own property names.
  private mutating func customRoles(
    of key: GeoJSONKey, named span: GeoJSONStringSpan
  ) -> (namePriority: Int?, isID: Bool) {
    var namePriority: Int?
    if let customNames {
      namePriority = customNames.firstIndex { scanner.string(span, equalsBytes: $0) }
    } else {
      namePriority = key.defaultNamePriority
    }
    let isID = idProperty.map { scanner.string(span, equalsBytes: $0) } ?? false
    return (namePriority, isID)
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

  /// Keeps `value`, at `offset`, as the name if it is a non-empty string of a higher
  /// priority than the name so far; otherwise notes the first unusable name.
  @inline(__always)
  private func readName(
    _ value: PropertyValue, key: GeoJSONStringSpan, at offset: Int, priority: Int,
    into properties: inout Properties
  ) {
    switch value {
    case .string(let string) where string.end > string.start:
      if priority < properties.namePriority {
        properties.name = string
        properties.namePriority = priority
      }
    case .null:
      break
    case .string, .number, .other:
      if properties.invalidName == nil {
        properties.invalidName = (key, offset)
      }
    }
  }

  /// Describes the unusable name noted in `properties`: its property and value.
  mutating func describeInvalidName(
    _ properties: Properties
  ) -> (property: String, found: String)? {
    guard let (key, offset) = properties.invalidName else { return nil }
    var probe = scanner
    probe.position = offset
    let found: String
    if probe.next == GeoJSONByte.quote, offset + 1 < scanner.end,
      scanner.base[offset + 1] == GeoJSONByte.quote
    {
      found = "an empty string"
    } else {
      found = probe.describeValue()
    }
    return (scanner.makeString(key), found)
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
    properties.unusable |= key.bit
  }
}
