extension GeoJSONPlacesParser {
  /// A feature in the form nearly every feature of a places file has, read by
  /// ``readUsualFeature()``: a whole-number `id`, a Point in range, and a `name` that shows a
  /// character.
  struct UsualFeature {
    var id: Int
    var longitude: Double
    var latitude: Double
    var name: GeoJSONStringSpan
    var category: GeoJSONStringSpan?
    var country: GeoJSONStringSpan?
    var population: Int?
  }

  /// Whether the options let ``readUsualFeature()`` read features: ids from the feature's
  /// `id`, the default name properties, and nesting deep enough for a Point feature.
  static func readsUsualFeatures(
    options: GeoJSONPlacesReader.Options, maximumDepth: Int, featureDepth: Int
  ) -> Bool {
    options.ids == .feature
      && options.nameProperties == GeoJSONPlacesReader.Options.defaultNameProperties
      && maximumDepth >= featureDepth + 2
  }

  /// Reads the feature that comes next if it has the usual form, leaving the position after
  /// it; otherwise returns `nil` with the position where it was, for ``parseFeature()`` to
  /// read it again.
  ///
  /// The usual form is a feature object whose `type` is `"Feature"`, whose `id` is a whole
  /// number of at most 18 digits, whose geometry is a `Point` with a position in range, and
  /// whose properties have a `name` string that shows a character and no other default name
  /// property, a `category` and a `country` that are strings or `null`, and a `population`
  /// that is a whole number, 0 or more, of at most 18 digits or `null`; every other member,
  /// at any level, is skipped as ``parseFeature()`` skips it, and no member that
  /// ``parseFeature()`` reads appears twice.
  ///
  /// Such a feature is exactly one that ``parseFeature()`` turns into a place with nothing
  /// left out, and the values read are the ones it reads, so the caller adds the place as
  /// ``parseFeature()`` would. Anything else, a syntax error included, is left to
  /// ``parseFeature()``: this never decides an error or a skip.
  ///
  /// Only for options under which ``readsUsualFeatures(options:maximumDepth:featureDepth:)``.
  @inline(__always)
  mutating func readUsualFeature() -> UsualFeature? {
    let start = scanner.position
    if let feature = readTemplatedFeature() {
      return feature
    }
    scanner.position = start
    template.startLearning(at: start)
    if let feature = readUsualFeatureObject() {
      template.finishLearning(at: scanner.position)
      return feature
    }
    scanner.position = start
    return nil
  }

  /// Reads the feature that comes next if it has the same bytes as the template's between
  /// its values, and values of the same kinds, in the usual form; moves the position even
  /// when it returns `nil`.
  ///
  /// Such a feature has the members of the one the template was learnt from, in the same
  /// order, nested the same way and with the same names, so ``readUsualFeatureObject()``
  /// would read it too, and read the same values.
  @inline(__always)
  private mutating func readTemplatedFeature() -> UsualFeature? {
    let tokens = template.tokens
    guard !tokens.isEmpty else { return nil }
    var feature = UsualFeature(
      id: 0, longitude: 0, latitude: 0,
      name: GeoJSONStringSpan(start: 0, end: 0, hasEscapes: false))
    for token in tokens {
      guard scanner.position + token.count <= scanner.end,
        GeoJSONByte.equalWords(
          scanner.base + scanner.position, scanner.base + token.start, count: token.count)
      else { return nil }
      scanner.position += token.count
      switch token.slot {
      case .id:
        guard let id = scanner.scanUsualInteger() else { return nil }
        feature.id = id
      case .longitude:
        guard let longitude = scanner.scanUsualDouble() else { return nil }
        feature.longitude = longitude
      case .latitude:
        guard let latitude = scanner.scanUsualDouble() else { return nil }
        feature.latitude = latitude
      case .name:
        guard let name = scanner.scanUsualString() else { return nil }
        feature.name = name
      case .category:
        guard let category = scanner.scanUsualString() else { return nil }
        feature.category = category
      case .country:
        guard let country = scanner.scanUsualString() else { return nil }
        feature.country = country
      case .population:
        guard let population = scanner.scanUsualInteger(), population >= 0 else { return nil }
        feature.population = population
      case .skippedProperty:
        guard (try? scanner.skipValue(depth: featureDepth + 2)) != nil else { return nil }
      case .skippedMember:
        guard (try? scanner.skipValue(depth: featureDepth + 1)) != nil else { return nil }
      case .skippedGeometryMember:
        guard (try? scanner.skipValue(depth: featureDepth + 2)) != nil else { return nil }
      case .skippedNumber:
        guard scanner.isAtNumber, (try? scanner.scanNumber()) != nil else { return nil }
      case .end:
        break
      }
    }
    guard scanner.showsCharacter(feature.name),
      feature.latitude >= -90, feature.latitude <= 90,
      feature.longitude >= -180, feature.longitude <= 180
    else { return nil }
    return feature
  }

  /// Reads a feature for ``readUsualFeature()``, moving the position even when it returns
  /// `nil`.
  @inline(__always)
  private mutating func readUsualFeatureObject() -> UsualFeature? {
    guard scanner.next == GeoJSONByte.openBrace else { return nil }
    scanner.position += 1
    var seen: UInt32 = 0
    var id: Int?
    var point: (longitude: Double, latitude: Double)?
    var properties = UsualProperties()
    repeat {
      scanner.skipWhitespace()
      guard let key = readUsualKey(&seen) else { return nil }
      switch key {
      case .type:
        guard scanner.consumeUsual("\"Feature\"") else { return nil }
      case .id:
        let start = scanner.position
        id = scanner.scanUsualInteger()
        guard id != nil else { return nil }
        template.learn(.id, from: start, to: scanner.position)
      case .geometry:
        point = readUsualPoint()
        guard point != nil else { return nil }
      case .properties:
        guard readUsualProperties(into: &properties) else { return nil }
      case .crs where form == .feature:
        return nil
      default:
        guard skipUsualValue(depth: featureDepth + 1, as: .skippedMember) else { return nil }
      }
    } while scanner.nextUsualMember()
    guard !scanner.isPastUsualEnd, seen & GeoJSONKey.type.bit != 0, let id, let point,
      let name = properties.name
    else { return nil }
    return UsualFeature(
      id: id, longitude: point.longitude, latitude: point.latitude, name: name,
      category: properties.category, country: properties.country,
      population: properties.population)
  }

  /// The properties that become a place's fields, as ``readUsualProperties(into:)`` reads
  /// them.
  struct UsualProperties {
    var name: GeoJSONStringSpan?
    var category: GeoJSONStringSpan?
    var country: GeoJSONStringSpan?
    var population: Int?
  }

  /// Reads a Point geometry object, whose `{` should come next, at `featureDepth + 1`, and
  /// returns its position, which is in range.
  @inline(__always)
  private mutating func readUsualPoint() -> (longitude: Double, latitude: Double)? {
    guard scanner.next == GeoJSONByte.openBrace else { return nil }
    scanner.position += 1
    var seen: UInt32 = 0
    var position: (longitude: Double, latitude: Double)?
    repeat {
      scanner.skipWhitespace()
      switch readUsualKey(&seen) {
      case .type?:
        guard scanner.consumeUsual("\"Point\"") else { return nil }
      case .coordinates?:
        position = readUsualPosition()
        guard position != nil else { return nil }
      case .geometries?, nil:
        return nil
      default:
        guard skipUsualValue(depth: featureDepth + 2, as: .skippedGeometryMember) else {
          return nil
        }
      }
    } while scanner.nextUsualMember()
    guard !scanner.isPastUsualEnd, seen & GeoJSONKey.type.bit != 0, let position,
      position.latitude >= -90, position.latitude <= 90,
      position.longitude >= -180, position.longitude <= 180
    else { return nil }
    return position
  }

  /// Reads a Point's `coordinates`, whose `[` should come next: two to four numbers, of which
  /// the first two are returned.
  @inline(__always)
  private mutating func readUsualPosition() -> (longitude: Double, latitude: Double)? {
    guard scanner.next == GeoJSONByte.openBracket else { return nil }
    scanner.position += 1
    scanner.skipWhitespace()
    let longitudeStart = scanner.position
    guard let longitude = scanner.scanUsualDouble() else { return nil }
    template.learn(.longitude, from: longitudeStart, to: scanner.position)
    guard scanner.consumeUsualSeparator(GeoJSONByte.comma) else { return nil }
    let latitudeStart = scanner.position
    guard let latitude = scanner.scanUsualDouble() else { return nil }
    template.learn(.latitude, from: latitudeStart, to: scanner.position)
    var count = 2
    while scanner.consumeUsualSeparator(GeoJSONByte.comma) {
      // An altitude and a measure, ignored.
      let start = scanner.position
      guard count < 4, scanner.isAtNumber, (try? scanner.scanNumber()) != nil else {
        return nil
      }
      template.learn(.skippedNumber, from: start, to: scanner.position)
      count += 1
    }
    guard scanner.consumeUsualSeparator(GeoJSONByte.closeBracket) else { return nil }
    return (longitude, latitude)
  }

  /// Reads `properties`, whose `{` should come next, at `featureDepth + 1`; returns whether
  /// they have the usual form.
  @inline(__always)
  private mutating func readUsualProperties(into properties: inout UsualProperties) -> Bool {
    guard scanner.next == GeoJSONByte.openBrace else { return false }
    scanner.position += 1
    var seen: UInt32 = 0
    scanner.skipWhitespace()
    guard !scanner.consume(GeoJSONByte.closeBrace) else { return true }
    repeat {
      scanner.skipWhitespace()
      guard let key = readUsualKey(&seen) else { return false }
      let start = scanner.position
      switch key {
      case .name:
        guard let value = scanner.scanUsualString(), scanner.showsCharacter(value) else {
          return false
        }
        properties.name = value
        template.learn(.name, from: start, to: scanner.position)
      case .category:
        guard let value = scanner.scanUsualOptionalString() else { return false }
        properties.category = value
        if value != nil {
          template.learn(.category, from: start, to: scanner.position)
        }
      case .country:
        guard let value = scanner.scanUsualOptionalString() else { return false }
        properties.country = value
        if value != nil {
          template.learn(.country, from: start, to: scanner.position)
        }
      case .population:
        if !scanner.consumeNull() {
          guard let value = scanner.scanUsualInteger(), value >= 0 else { return false }
          properties.population = value
          template.learn(.population, from: start, to: scanner.position)
        }
      default:
        // Another default name property: which name wins is parseFeature's to decide.
        guard key.defaultNamePriority == nil,
          skipUsualValue(depth: featureDepth + 2, as: .skippedProperty)
        else { return false }
      }
    } while scanner.nextUsualMember()
    return !scanner.isPastUsualEnd
  }

  /// Reads a member name and its colon, and returns its key, or `nil` if the name has
  /// escapes or is a key the reader looks for at this level that `seen` already holds.
  @inline(__always)
  private mutating func readUsualKey(_ seen: inout UInt32) -> GeoJSONKey? {
    guard scanner.next == GeoJSONByte.quote, let span = try? scanner.scanString(),
      !span.hasEscapes, (try? scanner.consumeColon()) != nil
    else { return nil }
    let key = GeoJSONKey(scanner.base + span.start, count: span.end - span.start)
    if key != .other {
      guard seen & key.bit == 0 else { return nil }
      seen |= key.bit
    }
    return key
  }

  /// Skips the value that comes next, whose contents are at `depth`, as `slot` of the
  /// feature being learnt.
  @inline(__always)
  private mutating func skipUsualValue(
    depth: Int, as slot: GeoJSONFeatureTemplate.Slot
  ) -> Bool {
    let start = scanner.position
    guard (try? scanner.skipValue(depth: depth)) != nil else { return false }
    template.learn(slot, from: start, to: scanner.position)
    return true
  }
}

extension GeoJSONScanner {
  /// Consumes `literal`, a quoted string without escapes, if it comes next.
  @inline(__always)
  mutating func consumeUsual(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= end,
      GeoJSONByte.equal(base + position, literal.utf8Start, count: count)
    else { return false }
    position += count
    return true
  }

  /// Skips whitespace, then consumes `separator` and the whitespace after it if it comes
  /// next.
  @inline(__always)
  mutating func consumeUsualSeparator(_ separator: UInt8) -> Bool {
    skipWhitespace()
    guard consume(separator) else { return false }
    skipWhitespace()
    return true
  }

  /// Skips whitespace, then consumes `,` and returns `true`, or consumes `}` and returns
  /// `false`; anything else moves the position past the end (``isPastUsualEnd``) and returns
  /// `false`.
  @inline(__always)
  mutating func nextUsualMember() -> Bool {
    skipWhitespace()
    if consume(GeoJSONByte.comma) {
      return true
    }
    if !consume(GeoJSONByte.closeBrace) {
      position = end + 1
    }
    return false
  }

  /// Whether ``nextUsualMember()`` found neither `,` nor `}`.
  var isPastUsualEnd: Bool { position > end }

  /// Scans a string whose opening quote should come next.
  @inline(__always)
  mutating func scanUsualString() -> GeoJSONStringSpan? {
    guard next == GeoJSONByte.quote else { return nil }
    return try? scanString()
  }

  /// Scans a string whose opening quote should come next, or `null`; `.some(nil)` for `null`.
  @inline(__always)
  mutating func scanUsualOptionalString() -> GeoJSONStringSpan?? {
    if consumeNull() {
      return .some(nil)
    }
    return scanUsualString().map { $0 }
  }

  /// Scans an integer of at most 18 digits, with neither fraction nor exponent, that should
  /// come next, giving what ``scanNumber()`` and ``GeoJSONNumber/integerValue`` give.
  @inline(__always)
  mutating func scanUsualInteger() -> Int? {
    var index = position
    let isNegative = index < end && base[index] == GeoJSONByte.minus
    if isNegative {
      index += 1
    }
    let first = index
    var value = 0
    if index + 8 <= end {
      // Up to eight digits in one step, then any more one by one.
      let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let digits = GeoJSONDigits.leadingDigitCount(word)
      value = Int(GeoJSONDigits.value(word, digits: digits))
      index += digits
    }
    while index < end {
      let digit = base[index] &- GeoJSONByte.zero
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      index += 1
    }
    let digits = index - first
    guard digits > 0, digits <= 18, digits == 1 || base[first] != GeoJSONByte.zero,
      index >= end
        || (base[index] != GeoJSONByte.period && base[index] | 0x20 != GeoJSONByte.lowercaseE)
    else { return nil }
    position = index
    return isNegative ? -value : value
  }

  /// Scans the number that should come next and returns its value, rounded correctly as
  /// ``GeoJSONNumber/doubleValue(in:)`` rounds it.
  ///
  /// The usual coordinate, one to three digits before the point and one to seven after it, is
  /// read by ``scanShortDecimal()``; any other number by ``scanOtherUsualDouble()``.
  @inline(__always)
  mutating func scanUsualDouble() -> Double? {
    if let value = scanShortDecimal() {
      return value
    }
    return scanOtherUsualDouble()
  }

  /// Scans a number of one to three digits before the point and one to seven after it, with
  /// an optional `-`, neither a leading zero nor an exponent, if it comes next, at least 16
  /// bytes before the end; returns `nil` otherwise, without moving.
  ///
  /// Each run of digits is read in one step, and the value is the exact significand divided by
  /// an exact power of ten, as ``GeoJSONNumber/doubleValue(in:)`` computes it.
  @inline(__always)
  mutating func scanShortDecimal() -> Double? {
    guard position &+ 16 <= end else { return nil }
    let isNegative = base[position] == GeoJSONByte.minus
    let first = position &+ (isNegative ? 1 : 0)
    let raw = UnsafeRawPointer(base + first)
    let integerWord = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    let integerDigits = GeoJSONDigits.leadingDigitCount(integerWord)
    guard (1...3).contains(integerDigits), base[first &+ integerDigits] == GeoJSONByte.period,
      integerDigits == 1 || base[first] != GeoJSONByte.zero
    else { return nil }
    let fractionWord = UInt64(
      littleEndian: raw.loadUnaligned(fromByteOffset: integerDigits &+ 1, as: UInt64.self))
    let fractionDigits = GeoJSONDigits.leadingDigitCount(fractionWord)
    let next = first &+ integerDigits &+ 1 &+ fractionDigits
    guard (1...7).contains(fractionDigits), base[next] | 0x20 != GeoJSONByte.lowercaseE else {
      return nil
    }
    let significand =
      GeoJSONDigits.value(integerWord, digits: integerDigits)
      &* GeoJSONDigits.powersOfTen[fractionDigits]
      &+ GeoJSONDigits.value(fractionWord, digits: fractionDigits)
    position = next
    let value = Double(significand) / GeoJSONDigits.exactPowersOfTen[fractionDigits]
    return isNegative ? -value : value
  }

  /// Scans the number that should come next, as ``scanUsualDouble()`` does, when it is not a
  /// short decimal.
  ///
  /// A number without an exponent, of at most 19 digits, whose significand is at most 2^53
  /// and which has at most 22 digits after the point, is read here with one exact division,
  /// as ``GeoJSONNumber/doubleValue(in:)`` computes it; any other goes through
  /// ``scanNumber()``.
  @inline(never)
  mutating func scanOtherUsualDouble() -> Double? {
    var index = position
    let isNegative = index < end && base[index] == GeoJSONByte.minus
    if isNegative {
      index += 1
    }
    let first = index
    var significand: UInt64 = 0
    var integerDigits = 0
    var fractionDigits = 0
    if index + 17 <= end {
      // Up to seven digits before the point and seven after, each run in one step.
      let raw = UnsafeRawPointer(base + index)
      let integerWord = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      integerDigits = GeoJSONDigits.leadingDigitCount(integerWord)
      if integerDigits < 8 {
        significand = GeoJSONDigits.value(integerWord, digits: integerDigits)
        index += integerDigits
        if base[index] == GeoJSONByte.period {
          let fractionWord = UInt64(
            littleEndian: raw.loadUnaligned(fromByteOffset: integerDigits + 1, as: UInt64.self))
          fractionDigits = GeoJSONDigits.leadingDigitCount(fractionWord)
          if fractionDigits > 0, fractionDigits < 8 {
            significand =
              significand &* GeoJSONDigits.powersOfTen[fractionDigits]
              &+ GeoJSONDigits.value(fractionWord, digits: fractionDigits)
            index += 1 + fractionDigits
          } else {
            index = first
          }
        }
      } else {
        integerDigits = 0
      }
    }
    if index == first {
      significand = 0
      fractionDigits = 0
      while index < end {
        let digit = base[index] &- GeoJSONByte.zero
        guard digit < 10 else { break }
        significand = significand &* 10 &+ UInt64(digit)
        index += 1
      }
      integerDigits = index - first
      if index < end, base[index] == GeoJSONByte.period {
        index += 1
        let fractionStart = index
        while index < end {
          let digit = base[index] &- GeoJSONByte.zero
          guard digit < 10 else { break }
          significand = significand &* 10 &+ UInt64(digit)
          index += 1
        }
        fractionDigits = index - fractionStart
        if fractionDigits == 0 {
          integerDigits = 0  // A point without digits: left to scanNumber, which refuses it.
        }
      }
    }
    guard integerDigits > 0, integerDigits == 1 || base[first] != GeoJSONByte.zero,
      integerDigits + fractionDigits <= 19, significand <= 1 << 53, fractionDigits <= 22,
      index >= end || base[index] | 0x20 != GeoJSONByte.lowercaseE
    else {
      guard isAtNumber, let number = try? scanNumber() else { return nil }
      return number.doubleValue(in: base)
    }
    position = index
    // From a table rather than a switch: the number of digits varies from number to number,
    // and a jump on it is mispredicted.
    let value = Double(significand) / GeoJSONDigits.exactPowersOfTen[fractionDigits]
    return isNegative ? -value : value
  }
}

/// Reads runs of decimal digits eight bytes at a time.
enum GeoJSONDigits {
  /// The number of decimal digits at the start of `word`, eight bytes loaded little-endian.
  @inline(__always)
  static func leadingDigitCount(_ word: UInt64) -> Int {
    let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    let threes: UInt64 = 0x3030_3030_3030_3030
    let sixes: UInt64 = 0x0606_0606_0606_0606
    // A byte is a digit when its high nibble is 3 both as it is and plus 6; a carry out of
    // a byte only reaches bytes after one already flagged.
    let asItIs: UInt64 = (word & highNibbles) ^ threes
    let plusSix: UInt64 = ((word &+ sixes) & highNibbles) ^ threes
    return (asItIs | plusSix).trailingZeroBitCount &>> 3
  }

  /// The value of the first `digits` bytes of `word`, decimal digits, for `digits` in 0...8.
  @inline(__always)
  static func value(_ word: UInt64, digits: Int) -> UInt64 {
    guard digits > 0 else { return 0 }
    // The digits' values at the top, the first digit lowest, after zeros standing in for
    // leading zeros; then pairs, fours and eights combined.
    let shift = UInt64(64 - 8 * digits)
    let lowBytes: UInt64 = 0x0000_00FF_0000_00FF
    let hundredsAndMillions: UInt64 = 100 + (1_000_000 << 32)
    let onesAndTenThousands: UInt64 = 1 + (10_000 << 32)
    var value: UInt64 = (word &- 0x3030_3030_3030_3030) << shift
    value = (value &* 10) &+ (value >> 8)
    let high: UInt64 = (value & lowBytes) &* hundredsAndMillions
    let low: UInt64 = ((value >> 16) & lowBytes) &* onesAndTenThousands
    return (high &+ low) >> 32
  }

  /// 10^*n* at *n*, for *n* in 0...7.
  static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

  /// 10^*n* at *n*, for *n* in 0...22: the powers of ten that a `Double` holds exactly.
  static let exactPowersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]
}
