/// A JSON number as scanned: its text's extent and its decimal significand and exponent.
///
/// The value is `significand × 10^exponent`, negated when ``isNegative``. At most 19
/// significant digits are kept, so the significand never overflows; ``isExact`` is `false`
/// when digits were dropped.
struct GeoJSONNumber {
  /// The offset of the number's first byte.
  var start: Int
  /// The offset just past the number's last byte.
  var end: Int
  /// The leading significant digits, at most 19 of them.
  var significand: UInt64
  /// The power of ten that scales ``significand``.
  var exponent: Int
  /// Whether the number starts with `-`.
  var isNegative: Bool
  /// Whether the number has neither a fraction nor an exponent part.
  var isInteger: Bool
  /// Whether every significant digit is in ``significand``.
  var isExact: Bool

  /// The number as an `Int`, or `nil` if it is not an integer in JSON syntax or does not fit.
  var integerValue: Int? {
    guard isInteger, isExact, exponent == 0 else { return nil }
    if isNegative {
      guard significand <= UInt64(Int.max) + 1 else { return nil }
      return significand == UInt64(Int.max) + 1 ? Int.min : -Int(significand)
    }
    guard significand <= UInt64(Int.max) else { return nil }
    return Int(significand)
  }

  /// The number as an `Int`, if it is a whole number that fits, however it is written:
  /// `1000`, `1000.0`, `1e3` and `10.00e2` all give 1000.
  @inline(__always)
  var wholeValue: Int? {
    if isInteger {
      return integerValue
    }
    guard isExact else { return nil }
    var magnitude = significand
    var scale = exponent
    while scale < 0, magnitude % 10 == 0, magnitude != 0 {
      magnitude /= 10
      scale += 1
    }
    if magnitude == 0 {
      return 0
    }
    guard scale >= 0 else { return nil }
    while scale > 0 {
      let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      magnitude = product
      scale -= 1
    }
    if isNegative {
      guard magnitude <= UInt64(Int.max) + 1 else { return nil }
      return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
    }
    guard magnitude <= UInt64(Int.max) else { return nil }
    return Int(magnitude)
  }

  /// The longest whole number, in decimal digits, that ``placeID(in:)`` keeps.
  static let maximumIdentifierDigits = 100

  /// Returns the whole number as a place identifier, of any size up to
  /// ``maximumIdentifierDigits`` digits.
  ///
  /// - Parameter bytes: The text the number was scanned from.
  /// - Returns: The identifier, or `nil` if the number has a fraction or is longer.
  /// - Complexity: O(1) for a number that fits in 64 bits, else O(*n*) in its length.
  func placeID(in bytes: UnsafePointer<UInt8>) -> PlaceID? {
    if let whole = wholeValue {
      return PlaceID(whole)
    }
    // Beyond 64 bits, or digits dropped: work from the text.
    var digits: [UInt8] = []
    var fractionDigits = 0
    var index = start + (isNegative ? 1 : 0)
    var inFraction = false
    while index < end {
      let byte = bytes[index]
      if byte == GeoJSONByte.period {
        inFraction = true
      } else if byte | 0x20 == GeoJSONByte.lowercaseE {
        break
      } else {
        // Leading zeros are dropped; after the point they still count as fraction digits.
        if !(digits.isEmpty && byte == GeoJSONByte.zero) {
          digits.append(byte)
        }
        if inFraction {
          fractionDigits += 1
        }
      }
      index += 1
    }
    var scale = -fractionDigits
    if index < end {
      // The exponent, clamped: anything that large is refused below anyway.
      index += 1
      var isExponentNegative = false
      if bytes[index] == GeoJSONByte.minus || bytes[index] == GeoJSONByte.plus {
        isExponentNegative = bytes[index] == GeoJSONByte.minus
        index += 1
      }
      var value = 0
      while index < end {
        if value < 1_000_000 {
          value = value * 10 + Int(bytes[index] &- GeoJSONByte.zero)
        }
        index += 1
      }
      scale += isExponentNegative ? -value : value
    }
    if digits.isEmpty {
      return PlaceID(0)
    }
    if scale < 0 {
      guard -scale <= digits.count, digits.suffix(-scale).allSatisfy({ $0 == GeoJSONByte.zero })
      else { return nil }
      digits.removeLast(-scale)
      scale = 0
    }
    guard digits.count + scale <= Self.maximumIdentifierDigits else { return nil }
    digits += repeatElement(GeoJSONByte.zero, count: scale)
    return PlaceID(
      decimalDigits: String(decoding: digits, as: UTF8.self), isNegative: isNegative)
  }

  /// Converts the number to the nearest `Double`.
  ///
  /// Exact significands up to 2^53 scaled by at most 10^22 are computed with one
  /// floating-point multiplication or division, which IEEE 754 rounds correctly because both
  /// operands are exact; anything else goes through the standard library's correctly rounded
  /// `Double(_:)` parser, which is much slower but rarely needed.
  ///
  /// - Parameter bytes: The text the number was scanned from.
  /// - Returns: The correctly rounded value; infinite if the magnitude is too large.
  func doubleValue(in bytes: UnsafePointer<UInt8>) -> Double {
    if isExact, significand <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(significand)
      if exponent < 0 {
        value /= Self.exactPowerOfTen(-exponent)
      } else {
        value *= Self.exactPowerOfTen(exponent)
      }
      return isNegative ? -value : value
    }
    if significand == 0 {
      return isNegative ? -0.0 : 0.0
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
    return Double(text) ?? .nan
  }
}

extension GeoJSONNumber {
  /// Returns 10^`exponent` for `exponent` in `0...22`, the powers of ten a `Double` holds exactly.
  @inline(__always)
  static func exactPowerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: 1
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
  }
}
