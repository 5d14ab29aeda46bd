import PlacesModel

/// Writes one JSON value into a string, member by member, without a tree in between.
///
/// The caller opens and closes objects and arrays in order; the writer puts the commas.
struct JSONWriter {
  /// The JSON written so far.
  private(set) var text = ""
  /// Whether the object or array being written has no member yet, innermost last.
  private var isFirst: [Bool] = []

  init() {}

  mutating func beginObject() {
    separate()
    text += "{"
    isFirst.append(true)
  }

  mutating func endObject() {
    text += "}"
    isFirst.removeLast()
  }

  mutating func beginArray() {
    separate()
    text += "["
    isFirst.append(true)
  }

  mutating func endArray() {
    text += "]"
    isFirst.removeLast()
  }

  /// Writes the key of the next member; its value follows.
  mutating func key(_ name: String) {
    separate()
    Self.appendString(name, to: &text)
    text += ":"
    // The value that follows needs no comma of its own.
    pendingValue = true
  }

  /// Whether a key was written and its value is next.
  private var pendingValue = false

  mutating func string(_ value: String) {
    separate()
    Self.appendString(value, to: &text)
  }

  mutating func number(_ value: Double) {
    separate()
    text += value.isFinite ? Self.format(value) : "null"
  }

  mutating func integer(_ value: Int) {
    separate()
    text += String(value)
  }

  mutating func boolean(_ value: Bool) {
    separate()
    text += value ? "true" : "false"
  }

  mutating func null() {
    separate()
    text += "null"
  }

  /// Writes a place identifier as JSON: a number bare, a string quoted.
  mutating func placeID(_ id: PlaceID) {
    separate()
    text += id.jsonText
  }

  mutating func member(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  mutating func member(_ name: String, _ value: Double) {
    key(name)
    number(value)
  }

  mutating func member(_ name: String, _ value: Int) {
    key(name)
    integer(value)
  }

  mutating func member(_ name: String, _ value: Bool) {
    key(name)
    boolean(value)
  }

  /// Writes a member whose value is an array of whole numbers.
  mutating func integers(_ name: String, _ values: [Int]) {
    key(name)
    beginArray()
    for value in values { integer(value) }
    endArray()
  }

  /// Puts the comma before a value or key, unless it is the first of its container or the
  /// value of a key just written.
  private mutating func separate() {
    if pendingValue {
      pendingValue = false
      return
    }
    guard let first = isFirst.last else { return }
    if first {
      isFirst[isFirst.count - 1] = false
    } else {
      text += ","
    }
  }

  /// A number as JSON: whole numbers without a fraction, others as Swift prints them.
  static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }

  /// Appends `value` as a JSON string, escaping quotes, backslashes and control characters.
  ///
  /// - Complexity: O(*n*) in the length of `value`; a string with nothing to escape (every
  ///   key, and nearly every name) is checked byte by byte and appended whole.
  static func appendString(_ value: String, to text: inout String) {
    text += "\""
    // 0xE2 starts U+2028 and U+2029, which JavaScript reads as line ends: those, and any
    // other character starting with it, take the slow path.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
      text += value
      text += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}

extension PlaceID {
  /// The identifier as JSON: `42` for a number, `"LHR"` for a string; what `places-cli
  /// --format json` writes, and what the page's `data-place-id` and `data-marker` hold.
  var jsonText: String {
    if let number = integerValue { return String(number) }
    var text = ""
    JSONWriter.appendString(stringValue ?? description, to: &text)
    return text
  }
}
