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

  /// The string for a message on standard error, safe to print on a terminal.
  ///
  /// Each scalar that could break or reorder a line (``Unicode/Scalar/isEscapedInOutput``) is
  /// written as a JSON escape (`\u001b`), line breaks included, so that text from a places
  /// file or a session's line cannot start a line of its own or move the cursor. Past `limit`
  /// scalars, the middle is cut, its length said, so that the start and the end of a message
  /// (what to do) remain.
  func escapedForMessage(limit: Int = 2_000) -> String {
    let count = unicodeScalars.count
    guard count > limit else { return Self.escaped(unicodeScalars[...]) }
    let head = unicodeScalars.index(unicodeScalars.startIndex, offsetBy: limit * 3 / 4)
    let tail = unicodeScalars.index(unicodeScalars.endIndex, offsetBy: -(limit / 4))
    return Self.escaped(unicodeScalars[..<head])
      + " [... \(count - limit) more Unicode scalars ...] " + Self.escaped(unicodeScalars[tail...])
  }

  /// The string with each scalar that ``Unicode/Scalar/isEscapedInOutput`` written as a JSON
  /// escape (`\u001b`), and nothing else changed: for a bare word of text output, such as a
  /// cluster's identity, whose id a places file gives.
  var escapingControls: String { Self.escaped(unicodeScalars[...]) }

  /// `scalars`, each that ``Unicode/Scalar/isEscapedInOutput`` as a JSON escape.
  private static func escaped(_ scalars: Substring.UnicodeScalarView) -> String {
    var result = String.UnicodeScalarView()
    for scalar in scalars {
      if scalar.isEscapedInOutput {
        result.append(contentsOf: scalar.escapedForJSON.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}

extension Unicode.Scalar {
  /// Whether the tool writes the scalar escaped: a control character (C0, DEL, C1), the line
  /// and paragraph separators, or a bidirectional control (`Bidi_Control`: the embeddings,
  /// overrides and isolates, and the marks LRM, RLM and ALM), any of which can break a line or
  /// reorder it on a terminal.
  var isEscapedInOutput: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    default: properties.isBidiControl
    }
  }

  /// The scalar as a JSON escape of four hexadecimal digits, for one of at most U+FFFF.
  fileprivate var escapedForJSON: String {
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
