import PlacesModel

/// A value printed with a result: an argument of a view command or a field of a place.
enum OutputValue {
  /// An integer.
  case integer(Int)
  /// A place's identifier: a number bare and a string quoted, in both formats, so that the
  /// number 42 and the string "42" print differently.
  case identifier(PlaceID)
  /// A finite number.
  case number(Double)
  /// A Boolean.
  case boolean(Bool)
  /// Free text, such as a name: quoted in both formats.
  case text(String)
  /// A word from a fixed set, such as `name` or `SE`, or a cluster's identity: bare in text
  /// (its control and bidirectional characters escaped), quoted in JSON.
  case word(String)
  /// A coordinate: `latitude,longitude` in text, two members `latitude` and `longitude` in
  /// JSON.
  case coordinate(Coordinate)
  /// A list of objects, each given by its fields: its length in text, an array of objects in
  /// JSON, so that a line stays short in text and complete in JSON.
  case list([[(name: String, value: OutputValue)]])
  /// One object, given by its fields: the JSON object in text and in JSON.
  case object([(name: String, value: OutputValue)])

  /// The value as text output writes it after `name=`.
  var text: String {
    switch self {
    case .integer(let value): "\(value)"
    case .identifier(let id): id.isNumber ? id.description : id.description.quotedForJSON
    case .number(let value): "\(Self.unsigned(value))"
    case .boolean(let value): "\(value)"
    case .text(let value): value.quotedForJSON
    case .word(let value): value.escapingControls
    case .coordinate(let value):
      "\(Self.unsigned(value.latitude)),\(Self.unsigned(value.longitude))"
    case .list(let objects): "\(objects.count)"
    case .object(let fields): Self.jsonObject(fields)
    }
  }

  /// The JSON members for the value named `name`, as `"key":value` strings.
  func jsonMembers(named name: String) -> [String] {
    switch self {
    case .integer(let value): [member(name, "\(value)")]
    case .identifier: [member(name, text)]
    case .number(let value): [member(name, Self.jsonNumber(value))]
    case .boolean(let value): [member(name, "\(value)")]
    case .text(let value), .word(let value): [member(name, value.quotedForJSON)]
    case .coordinate(let value):
      [
        member("latitude", Self.jsonNumber(value.latitude)),
        member("longitude", Self.jsonNumber(value.longitude)),
      ]
    case .list(let objects):
      [member(name, "[" + objects.map(Self.jsonObject(_:)).joined(separator: ",") + "]")]
    case .object(let fields): [member(name, Self.jsonObject(fields))]
    }
  }

  /// `fields` as one JSON object.
  static func jsonObject(_ fields: [(name: String, value: OutputValue)]) -> String {
    "{" + fields.flatMap { $0.value.jsonMembers(named: $0.name) }.joined(separator: ",") + "}"
  }

  private func member(_ name: String, _ value: String) -> String {
    name.quotedForJSON + ":" + value
  }

  /// Swift's shortest round-tripping form, which is valid JSON for every finite number.
  private static func jsonNumber(_ value: Double) -> String {
    value.isFinite ? "\(unsigned(value))" : "null"
  }

  /// `value`, with negative zero (a file's `-0.0`, a typed `-0`) as zero: it prints `0.0`.
  private static func unsigned(_ value: Double) -> Double {
    value == 0 ? 0 : value
  }
}
