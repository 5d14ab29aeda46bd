/// A cursor over JSON bytes that checks the syntax as it goes.
///
/// The scanner reads strings, numbers and literals, skips whole values of any kind, and
/// validates UTF-8 and nesting depth. It works on raw memory and allocates nothing except
/// when it decodes a string with escapes or skips containers nested more than 64 deep.
///
/// Depths count open arrays and objects: the top-level value's contents are at depth 1.
struct GeoJSONScanner {
  /// The first byte of the input.
  let base: UnsafePointer<UInt8>
  /// The number of bytes in the input.
  let end: Int
  /// The deepest nesting accepted.
  let maximumDepth: Int
  /// The offset of the next byte to read.
  var position: Int
  /// Holds decoded strings with escapes, reused from one string to the next.
  private var decoded: [UInt8] = []

  /// Creates a scanner at the start of `count` bytes at `base`.
  init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
    self.base = base
    self.end = count
    self.maximumDepth = maximumDepth
    self.position = 0
  }

  // MARK: - Bytes and whitespace

  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= end }

  /// The next byte, or 0 at the end of the input.
  @inline(__always)
  var next: UInt8 { position < end ? base[position] : 0 }

  /// Skips a leading UTF-8 byte-order mark.
  mutating func skipByteOrderMark() {
    if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
      position = 3
    }
  }

  /// Skips spaces, tabs, line feeds and carriage returns.
  @inline(__always)
  mutating func skipWhitespace() {
    while position < end {
      let byte = base[position]
      guard byte <= GeoJSONByte.space,
        byte == GeoJSONByte.space || byte == GeoJSONByte.lineFeed
          || byte == GeoJSONByte.carriageReturn || byte == GeoJSONByte.tab
      else { return }
      position += 1
    }
  }

  /// Consumes `byte` if it comes next, without skipping whitespace first.
  @inline(__always)
  mutating func consume(_ byte: UInt8) -> Bool {
    guard position < end, base[position] == byte else { return false }
    position += 1
    return true
  }

  /// Skips whitespace and `:`, and the whitespace after it.
  @inline(__always)
  mutating func consumeColon() throws(GeoJSONFailure) {
    skipWhitespace()
    guard consume(GeoJSONByte.colon) else { throw failure(expected: "':'") }
    skipWhitespace()
  }

  /// Skips whitespace, then consumes `,` and returns `true`, or consumes `}` and returns
  /// `false`.
  @inline(__always)
  mutating func nextMember() throws(GeoJSONFailure) -> Bool {
    skipWhitespace()
    if consume(GeoJSONByte.comma) {
      skipWhitespace()
      return true
    }
    if consume(GeoJSONByte.closeBrace) {
      return false
    }
    throw failure(expected: "',' or '}'")
  }

  /// Skips whitespace, then consumes `,` and returns `true`, or consumes `]` and returns
  /// `false`.
  @inline(__always)
  mutating func nextElement() throws(GeoJSONFailure) -> Bool {
    skipWhitespace()
    if consume(GeoJSONByte.comma) {
      skipWhitespace()
      return true
    }
    if consume(GeoJSONByte.closeBracket) {
      return false
    }
    throw failure(expected: "',' or ']'")
  }

  /// Consumes the `{` or `[` that comes next and opens a container at `depth`, skipping the
  /// whitespace after it; returns `false` if the container is empty and already closed.
  @inline(__always)
  mutating func openContainer(depth: Int) throws(GeoJSONFailure) -> Bool {
    guard depth <= maximumDepth else { throw tooDeep() }
    let closing =
      base[position] == GeoJSONByte.openBrace ? GeoJSONByte.closeBrace : GeoJSONByte.closeBracket
    position += 1
    skipWhitespace()
    return !consume(closing)
  }

  // MARK: - Failures

  /// Returns a syntax failure at `offset`.
  func malformed(_ reason: String, at offset: Int) -> GeoJSONFailure {
    .malformed(offset: offset, reason: reason)
  }

  /// Returns the failure for an unexpected byte at the current position, where `expected`
  /// should have been.
  ///
  /// The end of the input and invalid UTF-8 are reported as such.
  func failure(expected: String) -> GeoJSONFailure {
    if position >= end {
      return malformed("unexpected end of file", at: position)
    }
    if base[position] >= 0x80, utf8SequenceLength(at: position) == nil {
      return malformed("invalid UTF-8", at: position)
    }
    return malformed("expected \(expected)", at: position)
  }

  /// Returns the failure for a container opened deeper than ``maximumDepth``.
  func tooDeep() -> GeoJSONFailure {
    malformed("nested more than \(maximumDepth) levels deep", at: position)
  }

  /// Describes the value that starts at the current position, for a feature problem:
  /// `a string`, `an object`, `an array`, `true`, `false`, `null` or the number as written.
  func describeValue() -> String {
    switch next {
    case GeoJSONByte.quote:
      return "a string"
    case GeoJSONByte.openBrace:
      return "an object"
    case GeoJSONByte.openBracket:
      return "an array"
    case GeoJSONByte.lowercaseT:
      return "true"
    case GeoJSONByte.lowercaseF:
      return "false"
    case GeoJSONByte.lowercaseN:
      return "null"
    case GeoJSONByte.minus, GeoJSONByte.zero...GeoJSONByte.nine:
      var copy = self
      guard let number = try? copy.scanNumber() else { return "an invalid number" }
      return text(from: number.start, to: number.end)
    default:
      return "an invalid value"
    }
  }

  /// Returns the bytes between two offsets as a string, shortened if long.
  func text(from start: Int, to stop: Int) -> String {
    let limit = 40
    let count = stop - start
    let shown = String(
      decoding: UnsafeBufferPointer(start: base + start, count: min(count, limit)),
      as: UTF8.self)
    return count > limit ? shown + "…" : shown
  }

  // MARK: - Strings

  /// Scans the string whose opening quote comes next and returns the extent of its content.
  ///
  /// Checks escapes, surrogate pairs, control characters and UTF-8; leaves the position just
  /// past the closing quote.
  @inline(__always)
  mutating func scanString() throws(GeoJSONFailure) -> GeoJSONStringSpan {
    position += 1
    let start = position
    var index = position
    var hasEscapes = false
    while true {
      // Eight bytes at a time, up to the first one that needs a closer look.
      while index &+ 8 <= end {
        let flags = GeoJSONByte.specialStringBytes(
          UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
        if flags == 0 {
          index &+= 8
        } else {
          index &+= flags.trailingZeroBitCount &>> 3
          break
        }
      }
      guard index < end else { throw malformed("unexpected end of file", at: index) }
      let byte = base[index]
      if byte &- GeoJSONByte.space < 0x60 {
        if byte == GeoJSONByte.quote { break }
        if byte == GeoJSONByte.backslash {
          hasEscapes = true
          index = try scanEscape(at: index)
        } else {
          index += 1
        }
      } else if byte < GeoJSONByte.space {
        throw malformed(
          "unescaped control character \(unicodeName(UInt32(byte))) in a string", at: index)
      } else {
        guard let length = utf8SequenceLength(at: index) else {
          throw malformed("invalid UTF-8", at: index)
        }
        index += length
      }
    }
    position = index + 1
    return GeoJSONStringSpan(start: start, end: index, hasEscapes: hasEscapes)
  }

  /// Checks the escape sequence at `index`, a backslash, and returns the offset after it.
  private func scanEscape(at index: Int) throws(GeoJSONFailure) -> Int {
    guard index + 1 < end else { throw malformed("unexpected end of file", at: end) }
    switch base[index + 1] {
    case GeoJSONByte.quote, GeoJSONByte.backslash, GeoJSONByte.slash,
      GeoJSONByte.lowercaseB, GeoJSONByte.lowercaseF, GeoJSONByte.lowercaseN,
      GeoJSONByte.lowercaseR, GeoJSONByte.lowercaseT:
      return index + 2
    case GeoJSONByte.lowercaseU:
      let unit = try hexEscape(at: index)
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 7 < end, base[index + 6] == GeoJSONByte.backslash,
          base[index + 7] == GeoJSONByte.lowercaseU,
          case 0xDC00...0xDFFF = try hexEscape(at: index + 6)
        else { throw malformed("lone surrogate \(escapeText(unit)) in a string", at: index) }
        return index + 12
      case 0xDC00...0xDFFF:
        throw malformed("lone surrogate \(escapeText(unit)) in a string", at: index)
      default:
        return index + 6
      }
    default:
      if base[index + 1] >= 0x80, utf8SequenceLength(at: index + 1) == nil {
        throw malformed("invalid UTF-8", at: index + 1)
      }
      throw malformed("invalid escape sequence in a string", at: index)
    }
  }

  /// Returns the code unit of the `\uXXXX` escape at `index`, its backslash.
  private func hexEscape(at index: Int) throws(GeoJSONFailure) -> UInt32 {
    var unit: UInt32 = 0
    for offset in index + 2..<index + 6 {
      guard offset < end else { throw malformed("unexpected end of file", at: end) }
      let byte = base[offset]
      let digit: UInt8
      switch byte {
      case GeoJSONByte.zero...GeoJSONByte.nine: digit = byte - GeoJSONByte.zero
      case GeoJSONByte.lowercaseA...GeoJSONByte.lowercaseF:
        digit = byte - GeoJSONByte.lowercaseA + 10
      case GeoJSONByte.uppercaseA...GeoJSONByte.uppercaseF:
        digit = byte - GeoJSONByte.uppercaseA + 10
      default: throw malformed("invalid \\u escape: expected four hexadecimal digits", at: offset)
      }
      unit = unit << 4 | UInt32(digit)
    }
    return unit
  }

  /// Returns a `\uXXXX` escape for `unit`, for messages.
  private func escapeText(_ unit: UInt32) -> String {
    let hex = String(unit, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Returns `U+XXXX` for a code point, for messages.
  private func unicodeName(_ scalar: UInt32) -> String {
    let hex = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Returns the length of the valid UTF-8 sequence that starts at `index` with a byte of
  /// 0x80 or more, or `nil` if it is invalid: a stray continuation byte, an overlong form, an
  /// encoded surrogate, a value past U+10FFFF or a truncated sequence.
  @inline(__always)
  func utf8SequenceLength(at index: Int) -> Int? {
    let lead = base[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF:
      length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF:
      length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3:
      length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default:
      return nil
    }
    guard index + length <= end else { return nil }
    let second = base[index + 1]
    guard second >= low, second <= high else { return nil }
    for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }

  /// Returns whether the string content in `span` equals the ASCII `literal`.
  mutating func string(_ span: GeoJSONStringSpan, equals literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    if !span.hasEscapes {
      return span.end - span.start == count
        && GeoJSONByte.equal(base + span.start, literal.utf8Start, count: count)
    }
    decode(span)
    return decoded.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: count))
  }

  /// Whether the string content in `span`, escapes decoded, shows a character: not empty,
  /// and not only white space (spaces, tabs, line breaks, no-break spaces and the other
  /// scalars Unicode counts as white space).
  ///
  /// A string that starts with a visible ASCII character is told from its first byte; one
  /// without escapes is read scalar by scalar up to the first that is not white space,
  /// without making a string; only one with escapes is decoded first.
  @inline(__always)
  mutating func showsCharacter(_ span: GeoJSONStringSpan) -> Bool {
    guard span.end > span.start else { return false }
    let first = base[span.start]
    if first > 0x20 && first < 0x7F && first != GeoJSONByte.backslash {
      return true
    }
    guard !span.hasEscapes else {
      return makeString(span).unicodeScalars.contains { !$0.properties.isWhitespace }
    }
    var bytes = UnsafeBufferPointer(start: base + span.start, count: span.end - span.start)
      .makeIterator()
    var decoder = Unicode.UTF8()
    while true {
      switch decoder.decode(&bytes) {
      case .scalarValue(let scalar) where scalar.properties.isWhitespace: continue
      case .scalarValue, .error: return true
      case .emptyInput: return false
      }
    }
  }

  /// Returns the string content in `span`, with escapes decoded.
  mutating func makeString(_ span: GeoJSONStringSpan) -> String {
    if !span.hasEscapes {
      return String(
        decoding: UnsafeBufferPointer(start: base + span.start, count: span.end - span.start),
        as: UTF8.self)
    }
    decode(span)
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Reads a member name and the colon after it, and returns the key it spells.
  @inline(__always)
  mutating func readKey() throws(GeoJSONFailure) -> GeoJSONKey {
    guard next == GeoJSONByte.quote else {
      throw failure(expected: "a member name in double quotes")
    }
    let span = try scanString()
    let key = key(span)
    try consumeColon()
    return key
  }

  /// Reads a member name and the colon after it, and returns the key it spells and the
  /// extent of the name, for comparing it with names that ``GeoJSONKey`` does not know.
  @inline(__always)
  mutating func readKeyAndSpan() throws(GeoJSONFailure) -> (GeoJSONKey, GeoJSONStringSpan) {
    guard next == GeoJSONByte.quote else {
      throw failure(expected: "a member name in double quotes")
    }
    let span = try scanString()
    let key = key(span)
    try consumeColon()
    return (key, span)
  }

  /// Returns whether the string content in `span` equals the UTF-8 bytes `expected`.
  mutating func string(_ span: GeoJSONStringSpan, equalsBytes expected: [UInt8]) -> Bool {
    if !span.hasEscapes {
      guard span.end - span.start == expected.count else { return false }
      return expected.withUnsafeBufferPointer { buffer in
        guard let start = buffer.baseAddress else { return true }
        return GeoJSONByte.equal(base + span.start, start, count: buffer.count)
      }
    }
    decode(span)
    return decoded == expected
  }

  /// The whole number that the string content in `span`, without escapes, spells in
  /// decimal digits with an optional leading `-`, or `nil` if it spells something else or
  /// does not fit in `Int`.
  func wholeNumber(in span: GeoJSONStringSpan) -> Int? {
    let text = String(
      decoding: UnsafeBufferPointer(start: base + span.start, count: span.end - span.start),
      as: UTF8.self)
    guard let first = text.utf8.first, first != GeoJSONByte.plus else { return nil }
    return Int(text)
  }

  /// Whether a number starts at the current position.
  var isAtNumber: Bool {
    let byte = next
    return byte == GeoJSONByte.minus || byte &- GeoJSONByte.zero < 10
  }

  /// Returns the key that the member name in `span` spells.
  @inline(__always)
  mutating func key(_ span: GeoJSONStringSpan) -> GeoJSONKey {
    if !span.hasEscapes {
      return GeoJSONKey(base + span.start, count: span.end - span.start)
    }
    decode(span)
    return decoded.withUnsafeBufferPointer { buffer in
      guard let start = buffer.baseAddress else { return .other }
      return GeoJSONKey(start, count: buffer.count)
    }
  }

  /// Decodes the escapes in the already checked `span` into ``decoded``.
  private mutating func decode(_ span: GeoJSONStringSpan) {
    decoded.removeAll(keepingCapacity: true)
    var index = span.start
    while index < span.end {
      let byte = base[index]
      guard byte == GeoJSONByte.backslash else {
        decoded.append(byte)
        index += 1
        continue
      }
      let escaped = base[index + 1]
      index += 2
      switch escaped {
      case GeoJSONByte.lowercaseB: decoded.append(0x08)
      case GeoJSONByte.lowercaseF: decoded.append(0x0C)
      case GeoJSONByte.lowercaseN: decoded.append(GeoJSONByte.lineFeed)
      case GeoJSONByte.lowercaseR: decoded.append(GeoJSONByte.carriageReturn)
      case GeoJSONByte.lowercaseT: decoded.append(GeoJSONByte.tab)
      case GeoJSONByte.lowercaseU:
        var scalar = (try? hexEscape(at: index - 2)) ?? 0xFFFD
        index += 4
        if (0xD800...0xDBFF).contains(scalar) {
          let low = (try? hexEscape(at: index)) ?? 0xDC00
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        appendUTF8(scalar)
      default: decoded.append(escaped)
      }
    }
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value to ``decoded``.
  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      decoded.append(UInt8(scalar))
    case 0x80..<0x800:
      decoded.append(UInt8(0xC0 | scalar >> 6))
      decoded.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      decoded.append(UInt8(0xE0 | scalar >> 12))
      decoded.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      decoded.append(UInt8(0x80 | scalar & 0x3F))
    default:
      decoded.append(UInt8(0xF0 | scalar >> 18))
      decoded.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      decoded.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      decoded.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  // MARK: - Numbers

  /// Scans the number that starts at the current position, a `-` or a digit, following the
  /// JSON grammar strictly.
  @inline(__always)
  mutating func scanNumber() throws(GeoJSONFailure) -> GeoJSONNumber {
    let start = position
    var index = position
    let isNegative = base[index] == GeoJSONByte.minus
    if isNegative {
      index += 1
    }
    var significand: UInt64 = 0
    var digits = 0
    var exponent = 0
    var isExact = true
    var isInteger = true

    guard index < end else { throw malformed("unexpected end of file", at: index) }
    var digit = base[index] &- GeoJSONByte.zero
    guard digit < 10 else {
      throw malformed("expected a digit after '-'", at: index)
    }
    index += 1
    if digit == 0 {
      if index < end, base[index] &- GeoJSONByte.zero < 10 {
        throw malformed("leading zeros are not allowed in numbers", at: start)
      }
    } else {
      significand = UInt64(digit)
      digits = 1
      while index < end {
        digit = base[index] &- GeoJSONByte.zero
        guard digit < 10 else { break }
        if digits < 19 {
          significand = significand &* 10 &+ UInt64(digit)
          digits += 1
        } else {
          exponent += 1
          if digit != 0 {
            isExact = false
          }
        }
        index += 1
      }
    }

    if index < end, base[index] == GeoJSONByte.period {
      isInteger = false
      index += 1
      guard index < end, base[index] &- GeoJSONByte.zero < 10 else {
        throw index < end
          ? malformed("expected a digit after the decimal point", at: index)
          : malformed("unexpected end of file", at: index)
      }
      while index < end {
        digit = base[index] &- GeoJSONByte.zero
        guard digit < 10 else { break }
        if digits < 19 {
          if significand != 0 || digit != 0 {
            significand = significand &* 10 &+ UInt64(digit)
            digits += 1
          }
          exponent -= 1
        } else if digit != 0 {
          isExact = false
        }
        index += 1
      }
    }

    if index < end, base[index] | 0x20 == GeoJSONByte.lowercaseE {
      isInteger = false
      index += 1
      var isExponentNegative = false
      if index < end, base[index] == GeoJSONByte.minus || base[index] == GeoJSONByte.plus {
        isExponentNegative = base[index] == GeoJSONByte.minus
        index += 1
      }
      guard index < end, base[index] &- GeoJSONByte.zero < 10 else {
        throw index < end
          ? malformed("expected a digit in the exponent", at: index)
          : malformed("unexpected end of file", at: index)
      }
      var value = 0
      while index < end {
        digit = base[index] &- GeoJSONByte.zero
        guard digit < 10 else { break }
        if value < 1_000_000 {
          value = value * 10 + Int(digit)
        }
        index += 1
      }
      exponent += isExponentNegative ? -value : value
    }

    position = index
    return GeoJSONNumber(
      start: start, end: index, significand: significand, exponent: exponent,
      isNegative: isNegative, isInteger: isInteger, isExact: isExact)
  }

  // MARK: - Literals

  /// Scans `true`, `false` or `null`, whichever starts at the current position.
  private mutating func scanLiteral() throws(GeoJSONFailure) {
    let literal: StaticString
    switch base[position] {
    case GeoJSONByte.lowercaseT: literal = "true"
    case GeoJSONByte.lowercaseF: literal = "false"
    default: literal = "null"
    }
    let count = literal.utf8CodeUnitCount
    for offset in 0..<count {
      guard position + offset < end else { throw malformed("unexpected end of file", at: end) }
      guard base[position + offset] == literal.utf8Start[offset] else {
        throw malformed("expected a value", at: position)
      }
    }
    position += count
  }

  /// Consumes `null` if it comes next.
  @inline(__always)
  mutating func consumeNull() -> Bool {
    guard position + 4 <= end, base[position] == GeoJSONByte.lowercaseN,
      base[position + 1] == GeoJSONByte.lowercaseU,
      base[position + 2] == GeoJSONByte.lowercaseL, base[position + 3] == GeoJSONByte.lowercaseL
    else { return false }
    position += 4
    return true
  }

  // MARK: - Skipping values

  /// Skips the value that starts at the current position, whatever it is, checking its
  /// syntax; `depth` is the depth of the value's contents if it is a container.
  ///
  /// Works iteratively, so any nesting is reported as too deep rather than exhausting the
  /// stack.
  mutating func skipValue(depth: Int) throws(GeoJSONFailure) {
    var containers = GeoJSONContainerStack()
    var depth = depth
    scanning: while true {
      // At the start of a value.
      switch next {
      case GeoJSONByte.quote:
        _ = try scanString()
      case GeoJSONByte.minus, GeoJSONByte.zero...GeoJSONByte.nine:
        _ = try scanNumber()
      case GeoJSONByte.lowercaseT, GeoJSONByte.lowercaseF, GeoJSONByte.lowercaseN:
        try scanLiteral()
      case GeoJSONByte.openBrace:
        if try openContainer(depth: depth) {
          containers.push(isObject: true)
          depth += 1
          try skipMemberName()
          continue scanning
        }
      case GeoJSONByte.openBracket:
        if try openContainer(depth: depth) {
          containers.push(isObject: false)
          depth += 1
          continue scanning
        }
      default:
        throw failure(expected: "a value")
      }
      // After a value: close what is finished, then move to the next value.
      while !containers.isEmpty {
        if containers.isObjectOnTop {
          if try nextMember() {
            try skipMemberName()
            continue scanning
          }
        } else if try nextElement() {
          continue scanning
        }
        containers.pop()
        depth -= 1
      }
      return
    }
  }

  /// Skips a member name, the colon and the whitespace around it.
  private mutating func skipMemberName() throws(GeoJSONFailure) {
    guard next == GeoJSONByte.quote else {
      throw failure(expected: "a member name in double quotes")
    }
    _ = try scanString()
    try consumeColon()
  }

  /// Checks that the whole input is valid JSON in `form`: one value, or a sequence of texts
  /// separated as the form requires; returns the first syntax failure if it is not.
  mutating func firstSyntaxFailure(in form: GeoJSONLoad.Form) -> GeoJSONFailure? {
    position = 0
    skipByteOrderMark()
    skipWhitespace()
    do {
      switch form {
      case .featureCollection, .geometry:
        try skipValue(depth: 1)
        try skipToEnd()
      case .feature, .newlineDelimited:
        repeat {
          try skipValue(depth: 1)
        } while try startOfNextText(form: form)
      case .textSequence:
        while try startOfNextText(form: form) {
          try skipValue(depth: 1)
        }
      }
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Text sequences

  /// Moves to the start of the next text of a sequence and returns `true`, or returns `false`
  /// at the end of the input.
  ///
  /// In a text sequence (``GeoJSONLoad/Form/textSequence``) each text follows one record
  /// separator or more, and whitespace may surround them. After a single Feature
  /// (``GeoJSONLoad/Form/feature``), another object starting on a later line begins a
  /// newline-delimited sequence, in which each text must start on a new line; anything else
  /// is data after the top-level value.
  mutating func startOfNextText(form: GeoJSONLoad.Form) throws(GeoJSONFailure) -> Bool {
    let start = position
    skipWhitespace()
    if isAtEnd {
      return false
    }
    switch form {
    case .textSequence:
      guard consume(GeoJSONByte.recordSeparator) else {
        if base[position] >= 0x80, utf8SequenceLength(at: position) == nil {
          throw malformed("invalid UTF-8", at: position)
        }
        throw malformed(
          "expected a record separator (0x1E) before the next text of the sequence",
          at: position)
      }
      while consume(GeoJSONByte.recordSeparator) || next == GeoJSONByte.space
        || next == GeoJSONByte.lineFeed || next == GeoJSONByte.carriageReturn
        || next == GeoJSONByte.tab
      {
        skipWhitespace()
      }
      return !isAtEnd
    case .feature, .newlineDelimited:
      let isOnANewLine = UnsafeBufferPointer(start: base + start, count: position - start)
        .contains(GeoJSONByte.lineFeed)
      if form == .newlineDelimited, !isOnANewLine {
        throw malformed(
          "expected a line feed before the next feature of a newline-delimited sequence",
          at: position)
      }
      guard isOnANewLine, form == .newlineDelimited || next == GeoJSONByte.openBrace else {
        try skipToEnd()
        return false
      }
      return true
    case .featureCollection, .geometry:
      try skipToEnd()
      return false
    }
  }

  // MARK: - Reference systems

  /// Reads a `crs` member's value, which comes next, at `depth`, and returns the name it gives
  /// (`{"type": "name", "properties": {"name": NAME}}`, as GeoJSON before RFC 7946 had it and
  /// GDAL writes it), or `nil`.
  mutating func readCRSName(depth: Int) throws(GeoJSONFailure) -> String? {
    guard next == GeoJSONByte.openBrace else {
      try skipValue(depth: depth)
      return nil
    }
    var name: String?
    guard try openContainer(depth: depth) else { return nil }
    repeat {
      guard try readKey() == .properties, next == GeoJSONByte.openBrace else {
        try skipValue(depth: depth + 1)
        continue
      }
      guard try openContainer(depth: depth + 1) else { continue }
      repeat {
        if try readKey() == .name, next == GeoJSONByte.quote {
          name = makeString(try scanString())
        } else {
          try skipValue(depth: depth + 2)
        }
      } while try nextMember()
    } while try nextMember()
    return name
  }

  /// Skips trailing whitespace and fails if anything else follows.
  mutating func skipToEnd() throws(GeoJSONFailure) {
    skipWhitespace()
    guard isAtEnd else {
      if base[position] >= 0x80, utf8SequenceLength(at: position) == nil {
        throw malformed("invalid UTF-8", at: position)
      }
      throw malformed("unexpected data after the top-level value", at: position)
    }
  }
}

/// The content of a scanned JSON string, between its quotes.
struct GeoJSONStringSpan {
  /// The offset of the first byte after the opening quote.
  var start: Int
  /// The offset of the closing quote.
  var end: Int
  /// Whether the content contains backslash escapes, so that it must be decoded.
  var hasEscapes: Bool
}

/// Records whether each open container is an object or an array, for skipping.
///
/// Keeps the innermost 64 levels in one word and spills the rest to an array, so that
/// ordinary skipping never allocates.
private struct GeoJSONContainerStack {
  private var bits: UInt64 = 0
  private var count = 0
  private var spilled: [UInt64] = []

  /// Whether no container is open.
  var isEmpty: Bool { count == 0 }

  /// Whether the innermost container is an object.
  var isObjectOnTop: Bool { bits & 1 == 1 }

  /// Records a newly opened container.
  mutating func push(isObject: Bool) {
    if count > 0, count % 64 == 0 {
      spilled.append(bits)
      bits = 0
    }
    bits = bits << 1 | (isObject ? 1 : 0)
    count += 1
  }

  /// Forgets the innermost container.
  mutating func pop() {
    bits >>= 1
    count -= 1
    if count > 0, count % 64 == 0, let word = spilled.popLast() {
      bits = word
    }
  }
}

/// The ASCII bytes that JSON syntax uses.
enum GeoJSONByte {
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  /// The record separator (RS) that starts each text of a JSON text sequence (RFC 7464).
  static let recordSeparator: UInt8 = 0x1E
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let zero: UInt8 = 0x30
  static let nine: UInt8 = 0x39
  static let colon: UInt8 = 0x3A
  static let uppercaseA: UInt8 = 0x41
  static let uppercaseF: UInt8 = 0x46
  static let openBracket: UInt8 = 0x5B
  static let backslash: UInt8 = 0x5C
  static let closeBracket: UInt8 = 0x5D
  static let lowercaseA: UInt8 = 0x61
  static let lowercaseB: UInt8 = 0x62
  static let lowercaseE: UInt8 = 0x65
  static let lowercaseF: UInt8 = 0x66
  static let lowercaseL: UInt8 = 0x6C
  static let lowercaseN: UInt8 = 0x6E
  static let lowercaseR: UInt8 = 0x72
  static let lowercaseT: UInt8 = 0x74
  static let lowercaseU: UInt8 = 0x75
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D

  /// Returns a word whose lowest set bit lies in the first of eight bytes, loaded
  /// little-endian, that is a quote, a backslash, a control character or not ASCII; zero if
  /// there is none.
  ///
  /// Each test may also flag bytes after a byte it flags rightly (borrows propagate upwards),
  /// so only the lowest set bit is meaningful.
  @inline(__always)
  static func specialStringBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* UInt64(quote))
    let backslashes = word ^ (ones &* UInt64(backslash))
    let isControl = word &- ones &* UInt64(space)
    let isQuote = quotes &- ones
    let isBackslash = backslashes &- ones
    return ((isControl | isQuote | isBackslash) & ~word | word) & highBits
  }

  /// Returns whether `count` bytes at two addresses are equal, comparing eight at a time.
  @inline(__always)
  static func equalWords(
    _ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int
  ) -> Bool {
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    guard count >= 8 else { return equal(lhs, rhs, count: count) }
    var offset = 0
    while offset + 8 < count {
      guard
        left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    // The last eight bytes, overlapping those already compared.
    return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }

  /// Returns whether `count` bytes at two addresses are equal.
  @inline(__always)
  static func equal(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
    for index in 0..<count where lhs[index] != rhs[index] {
      return false
    }
    return true
  }
}
