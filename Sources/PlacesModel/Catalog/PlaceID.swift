/// A place's identifier as its data gives it: a whole number or a string.
///
/// GeoJSON (RFC 7946) lets a feature's `id` be a number or a string, and files use both:
/// `42`, `"node/123456"`, `"LHR"`. A `PlaceID` keeps whichever the file has, so that a user
/// selects a place by the identifier their file uses. The number `42` and the string `"42"`
/// are different identifiers.
///
/// - Numbers are whole numbers. One that fits in 64 bits is held as an `Int64`
///   (``integerValue``); a larger one, which some files carry (OSM-derived or hashed ids), is
///   kept exactly as its decimal digits, and still prints, compares and orders as a number.
///   `1.0` and `1e3` are the whole numbers 1 and 1000; a number with a fraction, such as `1.5`,
///   is not an identifier.
/// - Strings are kept as they are; two strings are the same identifier when Swift's `==`
///   says so (Unicode canonical equivalence).
///
/// Identifiers order numbers before strings, numbers by value and strings as Swift orders
/// them (by Unicode scalar values of their canonical form). ``description`` prints the
/// identifier as a user would type it: `42`, `node/123456`.
///
/// Integer and string literals create identifiers, so `Place(id: 42, ...)` and
/// `Place(id: "LHR", ...)` both compile.
public struct PlaceID: Hashable, Comparable, Sendable {
  /// What the identifier holds.
  private enum Value: Hashable, Sendable {
    /// A whole number that fits in 64 bits.
    case integer(Int64)
    /// A whole number beyond 64 bits: its decimal digits without leading zeros, after a `-`
    /// if negative.
    case largeInteger(String)
    /// A string.
    case string(String)
  }

  private let value: Value

  // MARK: - Creating

  /// Creates the identifier that is the whole number `integer`.
  public init(_ integer: Int64) {
    value = .integer(integer)
  }

  /// Creates the identifier that is the whole number `integer`.
  public init(_ integer: Int) {
    value = .integer(Int64(integer))
  }

  /// Creates the identifier that is the string `string`.
  ///
  /// The string is an identifier as it is, even if it spells a number: `PlaceID("42")` is
  /// not `PlaceID(42)`.
  public init(_ string: String) {
    value = .string(string)
  }

  /// Creates the identifier that is the whole number written in decimal as `text`, of any
  /// size, or returns `nil` if `text` is not an optional `-` followed by digits only.
  ///
  /// Leading zeros are ignored, so `007` is the number 7 and `-0` is 0.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public init?(wholeNumber text: some StringProtocol) {
    var digits = Substring(text)
    let isNegative = digits.first == "-"
    if isNegative {
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
      return nil
    }
    let significant = digits.drop { $0 == "0" }
    self.init(
      decimalDigits: significant.isEmpty ? "0" : String(significant), isNegative: isNegative)
  }

  /// Creates a number from decimal digits without leading zeros (`"0"` for zero).
  init(decimalDigits digits: String, isNegative: Bool) {
    let signed = isNegative && digits != "0" ? "-" + digits : digits
    if let integer = Int64(signed) {
      value = .integer(integer)
    } else {
      value = .largeInteger(signed)
    }
  }

  // MARK: - Reading

  /// Whether the identifier is a whole number rather than a string.
  public var isNumber: Bool {
    switch value {
    case .integer, .largeInteger: true
    case .string: false
    }
  }

  /// The identifier as an `Int64`, or `nil` if it is a string or a number beyond 64 bits.
  public var integerValue: Int64? {
    guard case .integer(let integer) = value else { return nil }
    return integer
  }

  /// The string the identifier is, or `nil` if it is a number.
  public var stringValue: String? {
    guard case .string(let string) = value else { return nil }
    return string
  }

  // MARK: - Ordering

  /// Whether `left` orders before `right`: numbers before strings, numbers by value, strings
  /// as Swift orders them.
  public static func < (left: PlaceID, right: PlaceID) -> Bool {
    switch (left.value, right.value) {
    case (.integer(let left), .integer(let right)):
      left < right
    case (.string(let left), .string(let right)):
      left < right
    case (.string, _):
      false
    case (_, .string):
      true
    case (.integer, .largeInteger(let right)):
      !right.hasPrefix("-")
    case (.largeInteger(let left), .integer):
      left.hasPrefix("-")
    case (.largeInteger(let left), .largeInteger(let right)):
      isLess(left, right)
    }
  }

  /// Orders two large numbers given as signed decimal digits without leading zeros.
  private static func isLess(_ left: String, _ right: String) -> Bool {
    let leftIsNegative = left.hasPrefix("-")
    let rightIsNegative = right.hasPrefix("-")
    guard leftIsNegative == rightIsNegative else { return leftIsNegative }
    let leftMagnitude = left.utf8.count
    let rightMagnitude = right.utf8.count
    let magnitudeIsLess =
      leftMagnitude != rightMagnitude
      ? leftMagnitude < rightMagnitude
      : left.utf8.lexicographicallyPrecedes(right.utf8)
    guard left != right else { return false }
    return leftIsNegative ? !magnitudeIsLess : magnitudeIsLess
  }
}

// MARK: - Literals and text

extension PlaceID: ExpressibleByIntegerLiteral {
  /// Creates the identifier that is the number written, as in `Place(id: 42, ...)`.
  public init(integerLiteral value: Int64) {
    self.init(value)
  }
}

extension PlaceID: ExpressibleByStringLiteral {
  /// Creates the identifier that is the string written, as in `Place(id: "LHR", ...)`.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension PlaceID: CustomStringConvertible {
  /// The identifier as a user would type it: the number in decimal, such as `42`, or the
  /// string as it is, such as `node/123456`, without quotes.
  public var description: String {
    switch value {
    case .integer(let integer): "\(integer)"
    case .largeInteger(let digits): digits
    case .string(let string): string
    }
  }
}
