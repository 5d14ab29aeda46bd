extension GeoJSONPlacesParser {
  /// The properties of a feature that become a place's fields, as extents in the input.
  struct Properties {
    /// The usable name with the highest priority so far.
    var name: GeoJSONStringSpan?
    /// The position of ``name``'s property among the name properties.
    var namePriority = Int.max
    /// The first name property found with a value that cannot name a place: its position
    /// among the name properties and the offset of its value.
    var invalidName: (priority: Int, valueOffset: Int)?
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
    let valueDepth = featureDepth + 2
    guard try scanner.openContainer(depth: featureDepth + 1) else { return }
    repeat {
      let (key, span) = try scanner.readKeyAndSpan()
      var namePriority = key.defaultNamePriority
      var isID = false
      var nested: [Int] = []
      if hasCustomKeys {
        (namePriority, isID) = customRoles(of: key, named: span)
        if hasNestedPaths {
          nested = pathsThrough(span, level: 0, among: nil)
        }
      }
      switch key {
      case .category, .country:
        try mark(key, in: &seen)
        // The usual case first: a string, used for nothing else.
        if scanner.next == GeoJSONByte.quote, namePriority == nil, !isID, nested.isEmpty {
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
        if scanner.isAtNumber, namePriority == nil, !isID, nested.isEmpty {
          let number = try scanner.scanNumber()
          if let whole = number.integerValue ?? number.wholeValue, whole >= 0 {
            properties.population = whole
          } else {
            try unusable(.population, expected: Self.populationKind, properties: &properties)
          }
          continue
        }
      case .name where !hasCustomKeys:
        // The usual name: a string of the highest priority that shows a character.
        try mark(key, in: &seen)
        if scanner.next == GeoJSONByte.quote {
          let value = try scanner.scanString()
          if scanner.showsCharacter(value) {
            properties.name = value
            properties.namePriority = 0
          } else if properties.invalidName == nil {
            properties.invalidName = (0, value.start - 1)
          }
          continue
        }
      default:
        guard namePriority != nil || isID || !nested.isEmpty else {
          try scanner.skipValue(depth: valueDepth)
          continue
        }
        if key != .other {
          try mark(key, in: &seen)
        }
      }

      let valueOffset = scanner.position
      let value: PropertyValue
      if !nested.isEmpty, scanner.next == GeoJSONByte.openBrace {
        // An object on the way to a nested name or id.
        try parseNestedProperties(
          paths: nested, level: 1, depth: valueDepth, into: &properties)
        value = .other("an object")
      } else {
        value = try scanPropertyValue(depth: valueDepth)
      }
      if let namePriority {
        readName(value, at: valueOffset, priority: namePriority, into: &properties)
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

  /// Reads an object inside `properties`, whose `{` comes next, at `depth`, for the name and
  /// id paths `paths` (as in ``pathsThrough(_:level:among:)``), whose first `level` keys led
  /// to it.
  private mutating func parseNestedProperties(
    paths: [Int], level: Int, depth: Int, into properties: inout Properties
  ) throws(GeoJSONFailure) {
    guard try scanner.openContainer(depth: depth) else { return }
    repeat {
      let (_, span) = try scanner.readKeyAndSpan()
      let matching = pathsThrough(span, level: level, among: paths)
      guard !matching.isEmpty else {
        try scanner.skipValue(depth: depth + 1)
        continue
      }
      let names = customNames ?? []
      let ending = matching.filter { path($0, in: names).count == level + 1 }
      let deeper = matching.filter { path($0, in: names).count > level + 1 }
      let valueOffset = scanner.position
      let value: PropertyValue
      if !deeper.isEmpty, scanner.next == GeoJSONByte.openBrace {
        try parseNestedProperties(
          paths: deeper, level: level + 1, depth: depth + 1, into: &properties)
        value = .other("an object")
      } else {
        value = try scanPropertyValue(depth: depth + 1)
      }
      for index in ending {
        if index < names.count {
          readName(value, at: valueOffset, priority: index, into: &properties)
        } else {
          propertyID = try propertyID(value)
        }
      }
    } while try scanner.nextMember()
  }

  /// The name paths (by position in ``customNames``) and the id path (after them) whose key
  /// at `level` is the key in `span`: among `paths` if given, else among those with more than
  /// one key.
  private mutating func pathsThrough(
    _ span: GeoJSONStringSpan, level: Int, among paths: [Int]?
  ) -> [Int] {
    let names = customNames ?? []
    let candidates =
      paths
      ?? (0...names.count).filter { path($0, in: names).count > 1 }
    return candidates.filter { index in
      let keys = path(index, in: names)
      return level < keys.count && scanner.string(span, equalsBytes: keys[level])
    }
  }

  /// The keys of name path `index` of `names`, or of the id path for `names.count`.
  private func path(_ index: Int, in names: [[[UInt8]]]) -> [[UInt8]] {
    index < names.count ? names[index] : idPath ?? []
  }

  /// Returns the name priority and whether the property is the id property, for options
  /// that choose their own property names; only paths of one key count.
  private mutating func customRoles(
    of key: GeoJSONKey, named span: GeoJSONStringSpan
  ) -> (namePriority: Int?, isID: Bool) {
    var namePriority: Int?
    if let customNames {
      namePriority = customNames.firstIndex { keys in
        keys.count == 1 && scanner.string(span, equalsBytes: keys[0])
      }
    } else {
      namePriority = key.defaultNamePriority
    }
    var isID = false
    if let idPath, idPath.count == 1 {
      isID = scanner.string(span, equalsBytes: idPath[0])
    }
    return (namePriority, isID)
  }

  /// Reads the value that comes next: a string or number is scanned, anything else skipped;
  /// `depth` is the depth of its contents if it is a container.
  @inline(__always)
  private mutating func scanPropertyValue(depth: Int) throws(GeoJSONFailure) -> PropertyValue {
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
      try scanner.skipValue(depth: depth)
      return .other(found)
    }
  }

  /// Keeps `value`, at `offset`, as the name if it is a string that shows a character (see
  /// ``GeoJSONScanner/showsCharacter(_:)``) of a higher priority than the name so far;
  /// otherwise notes the first unusable name.
  @inline(__always)
  private mutating func readName(
    _ value: PropertyValue, at offset: Int, priority: Int, into properties: inout Properties
  ) {
    switch value {
    case .string(let string) where scanner.showsCharacter(string):
      if priority < properties.namePriority {
        properties.name = string
        properties.namePriority = priority
      }
    case .null:
      break
    case .string, .number, .other:
      if properties.invalidName == nil {
        properties.invalidName = (priority, offset)
      }
    }
  }

  /// Describes the unusable name noted in `properties`: its property, as the options name it,
  /// and its value.
  mutating func describeInvalidName(
    _ properties: Properties
  ) -> (property: String, found: String)? {
    guard let (priority, offset) = properties.invalidName else { return nil }
    var probe = scanner
    probe.position = offset
    let found: String
    if probe.next == GeoJSONByte.quote, offset + 1 < scanner.end,
      scanner.base[offset + 1] == GeoJSONByte.quote
    {
      found = "an empty string"
    } else if probe.next == GeoJSONByte.quote {
      // A string is unusable only when it shows no character.
      found = "a string of only white space"
    } else {
      found = probe.describeValue()
    }
    let names =
      customNames == nil
      ? GeoJSONPlacesReader.Options.defaultNameProperties
      : options.nameProperties
    return (names[priority], found)
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

  /// What a population must be, as a message says it.
  static var populationKind: String { "a whole number of 0 or more" }

  /// Returns the population `value` gives: a whole number, 0 or more, or a string of decimal
  /// digits as OpenStreetMap tags hold; `nil` for `null`; or notes a value of the wrong kind
  /// or a negative one, an error in strict mode.
  @inline(__always)
  private mutating func population(
    _ value: PropertyValue, properties: inout Properties
  ) throws(GeoJSONFailure) -> Int? {
    switch value {
    case .number(let number):
      if let whole = number.wholeValue, whole >= 0 {
        return whole
      }
    case .string(let span):
      if !span.hasEscapes, let whole = scanner.wholeNumber(in: span), whole >= 0 {
        return whole
      }
    case .null:
      return nil
    case .other:
      break
    }
    try unusable(.population, expected: Self.populationKind, properties: &properties)
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
