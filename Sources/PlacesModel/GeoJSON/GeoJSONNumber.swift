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
        value /= exactPowerOfTen(-exponent)
      } else {
        value *= exactPowerOfTen(exponent)
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

/// Returns 10^`exponent` for `exponent` in `0...22`, the powers of ten a `Double` holds exactly.
@inline(__always)
private func exactPowerOfTen(_ exponent: Int) -> Double {
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
