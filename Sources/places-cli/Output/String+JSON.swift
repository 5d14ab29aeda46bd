extension String {
  /// The string as a JSON string literal, quotes included.
  ///
  /// Escapes the quotation mark, the backslash and every control character below U+0020, as
  /// RFC 8259 requires, and the scalars that could break or reorder a line on a terminal
  /// (``Unicode/Scalar/isEscapedInOutput``); everything else is written as is, in UTF-8.
  var quotedForJSON: String {
    var result = "\""
    result.reserveCapacity(utf8.count + 2)
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case _ where scalar.isEscapedInOutput:
        result += scalar.escapedForJSON
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    result += "\""
    return result
  }

  /// The string for a message on standard error: each scalar that could break or reorder a
  /// line on a terminal (``Unicode/Scalar/isEscapedInOutput``) written as a JSON escape
  /// (`\u001b`), but for a line break followed by two spaces, which the tool's own messages
  /// make to indent a list; cut after `limit` scalars, saying how many more there were.
  ///
  /// So text from a places file or a session's line cannot start a line of its own, move the
  /// cursor or fill the screen.
  func escapedForMessage(limit: Int = 2_000) -> String {
    var result = ""
    let scalars = Array(unicodeScalars)
    for (index, scalar) in scalars.prefix(limit).enumerated() {
      let isIndent = scalar == "\n" && scalars[(index + 1)...].starts(with: [" ", " "])
      if scalar.isEscapedInOutput && !isIndent {
        result += scalar.escapedForJSON
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    if scalars.count > limit {
      result += "... (\(scalars.count - limit) more characters)"
    }
    return result
  }
}

extension Unicode.Scalar {
  /// Whether the tool writes the scalar escaped: a control character (C0, DEL, C1), the line
  /// and paragraph separators, or a bidirectional formatting character, any of which can
  /// break a line or reorder it on a terminal.
  var isEscapedInOutput: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The scalar as a JSON escape of four hexadecimal digits, for one of at most U+FFFF.
  fileprivate var escapedForJSON: String {
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
