/// Turns the bytes a terminal sends in raw mode into key and mouse events.
///
/// Understands printable UTF-8 (split across reads or not), Return, Tab, Backspace,
/// Control-letters, the arrow and editing keys in their `ESC [` and `ESC O` forms (with or
/// without modifiers, which are ignored), and SGR mouse reports (`ESC [ < b ; x ; y M`).
/// Unknown sequences are skipped whole.
///
/// Escape is ambiguous: it also starts every sequence. A sequence cut between two reads is
/// kept until the rest arrives; when nothing more arrives shortly (the caller's timeout,
/// typically 25 ms), ``flush()`` reports what is pending as keys, a lone Escape as ``KeyEvent/escape``.
struct InputDecoder {
  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  init() {}

  /// Whether bytes are waiting for the rest of a sequence; then call ``flush()`` if nothing
  /// more arrives shortly.
  var hasPendingInput: Bool { !pending.isEmpty }

  /// The events in `bytes`, after those pending; an incomplete sequence at the end is kept.
  mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
    pending += bytes
    var events: [KeyEvent] = []
    var position = 0
    while position < pending.count {
      guard let (event, length) = Self.event(in: pending[position...]) else { break }
      if let event { events.append(event) }
      position += length
    }
    pending.removeFirst(position)
    return events
  }

  /// The events pending, with an incomplete sequence taken as Escape followed by its bytes.
  mutating func flush() -> [KeyEvent] {
    guard !pending.isEmpty else { return [] }
    var events: [KeyEvent] = []
    if pending.first == 0x1B {
      events.append(.escape)
      pending.removeFirst()
    }
    let rest = pending
    pending = []
    events += decode(rest)
    if !pending.isEmpty {
      // An incomplete UTF-8 character, or an Escape at the end again.
      events += pending.first == 0x1B ? [.escape] : [.character("\u{FFFD}")]
      pending = []
    }
    return events
  }

  // MARK: - One event

  /// The event at the start of `bytes` (`nil` for bytes that make none) and its length, or
  /// `nil` when more bytes are needed.
  private static func event(in bytes: ArraySlice<UInt8>) -> (KeyEvent?, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x1B: return escapeSequence(in: bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A:
      return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
    default: return utf8Character(in: bytes)
    }
  }

  private static func utf8Character(in bytes: ArraySlice<UInt8>) -> (KeyEvent?, Int)? {
    let first = bytes[bytes.startIndex]
    let length =
      switch first {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else { return (.character("\u{FFFD}"), 1) }
    guard bytes.count >= length else {
      // Wait for the rest, unless what came already cannot continue a character.
      let continuations = bytes.dropFirst()
      return continuations.allSatisfy { $0 & 0xC0 == 0x80 } ? nil : (.character("\u{FFFD}"), 1)
    }
    let encoded = bytes.prefix(length)
    var iterator = encoded.makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      return (.character(Character(scalar)), length)
    }
    return (.character("\u{FFFD}"), 1)
  }

  private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (KeyEvent?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      return controlSequence(in: bytes)
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return nil }
      let key: KeyEvent? =
        switch bytes[start + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
      return (key, 3)
    default:
      // Escape then a key (Alt-key, or Escape typed quickly before another key).
      return (.escape, 1)
    }
  }

  /// `ESC [ parameters final`: cursor and editing keys, and SGR mouse reports.
  private static func controlSequence(in bytes: ArraySlice<UInt8>) -> (KeyEvent?, Int)? {
    let start = bytes.startIndex
    var end = start + 2
    while end < bytes.endIndex, (0x20...0x3F).contains(bytes[end]) {
      end += 1
    }
    guard end < bytes.endIndex else {
      // Too long to be a key: give up on it rather than wait forever.
      return end - start > 32 ? (nil, end - start) : nil
    }
    let final = bytes[end]
    let length = end - start + 1
    guard (0x40...0x7E).contains(final) else { return (nil, length) }
    let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
    if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      return (mouse(parameters.dropFirst(), isRelease: final == UInt8(ascii: "m")), length)
    }
    let numbers = parameters.split(separator: ";").map { Int($0) }
    let key: KeyEvent? =
      switch final {
      case UInt8(ascii: "A"): .up
      case UInt8(ascii: "B"): .down
      case UInt8(ascii: "C"): .right
      case UInt8(ascii: "D"): .left
      case UInt8(ascii: "H"): .home
      case UInt8(ascii: "F"): .end
      case UInt8(ascii: "Z"): .backTab
      case UInt8(ascii: "~"):
        switch numbers.first ?? nil {
        case 1, 7: .home
        case 4, 8: .end
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        default: nil
        }
      default: nil
      }
    return (key, length)
  }

  private static func mouse(_ parameters: Substring, isRelease: Bool) -> KeyEvent? {
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
    let code = numbers[0]
    let isMotion = code & 32 != 0
    guard !isMotion || code & 3 != 3 else { return nil }  // motion with no button held
    let button: MouseEvent.Button =
      switch code & ~(4 | 8 | 16 | 32) {  // without Shift, Meta, Control and motion
      case 0: .left
      case 1: .middle
      case 2: .right
      case 64: .wheelUp
      case 65: .wheelDown
      default: .other
      }
    return .mouse(
      MouseEvent(
        button: button, x: numbers[1] - 1, y: numbers[2] - 1, isRelease: isRelease,
        isMotion: isMotion))
  }
}
