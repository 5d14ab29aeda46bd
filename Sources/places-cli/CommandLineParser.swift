import PlacesModel
import ViewModels

/// Turns the words of a command line, or of one line of a session, into an ``Invocation``.
///
/// Grammar: `[OPTIONS] COMMAND [ARGUMENTS] [OPTIONS]`; options may come before, between or
/// after the command's arguments. An option's value follows it as the next word or after `=`
/// (`--format json`, `--format=json`). A word that starts with `-` and then a digit or `.` is a
/// number, not an option, so `locate -33.9 18.4` works; after `--`, every word is an argument.
/// `--help` wins over everything but an unknown option, so `select --help` shows help even
/// without an identifier.
struct CommandLineParser {
  /// Where the words come from, which decides the options allowed.
  enum Context {
    /// The tool's own command line.
    case commandLine
    /// One line read by `session`: `--places`, `--format` and `session` are refused.
    case session
  }

  /// Where the words come from.
  let context: Context

  /// The options seen so far, as typed.
  private struct Options {
    var wantsHelp = false
    var wantsVersion = false
    var placesFile: String?
    var format: String?
    var tapSource: String?
    var near: String?
  }

  /// Parses `words`, which do not include the tool's name.
  ///
  /// - Throws: ``UsageError`` naming the first problem found.
  func parse(_ words: [String]) throws(UsageError) -> Invocation {
    var options = Options()
    var positionals: [String] = []
    var remaining = words[...]
    var onlyPositionals = false
    while let word = remaining.popFirst() {
      if onlyPositionals || !Self.isOption(word) {
        positionals.append(word)
      } else if word == "--" {
        onlyPositionals = true
      } else {
        try readOption(word, from: &remaining, into: &options)
      }
    }

    let commandName = try positionals.first.map(Self.commandName(_:))
    if options.placesFile != nil { try refuseInSession("--places") }
    if options.format != nil { try refuseInSession("--format") }
    if options.wantsHelp {
      if commandName == .help {
        return Invocation(action: .help(try helpTopic(Array(positionals.dropFirst())) ?? .help))
      }
      return Invocation(action: .help(commandName))
    }
    if options.wantsVersion {
      return Invocation(action: .version)
    }
    guard let commandName else { throw .missingCommand }

    var invocation = Invocation(
      action: try action(commandName, arguments: Array(positionals.dropFirst()), options))
    invocation.placesFile = options.placesFile
    if let format = options.format {
      guard let format = OutputFormat(rawValue: format) else {
        throw .invalidValue(format, option: "--format", expected: "text or json")
      }
      invocation.format = format
    }
    return invocation
  }

  // MARK: - Options

  private static func isOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    let second = word[word.index(after: word.startIndex)]
    return !(second.isASCII && second.isNumber) && second != "."
  }

  private func readOption(
    _ word: String,
    from remaining: inout ArraySlice<String>,
    into options: inout Options
  ) throws(UsageError) {
    var name = word
    var inlineValue: String?
    if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
      name = String(word[..<equals])
      inlineValue = String(word[word.index(after: equals)...])
    }

    func flag() throws(UsageError) {
      if let inlineValue { throw .unexpectedValue(inlineValue, option: name) }
    }
    func value() throws(UsageError) -> String {
      if let inlineValue { return inlineValue }
      guard let next = remaining.first, !Self.isOption(next) else {
        throw .missingValue(option: name)
      }
      remaining.removeFirst()
      return next
    }

    switch name {
    case "-h", "--help":
      try flag()
      options.wantsHelp = true
    case "--version":
      try flag()
      options.wantsVersion = true
    case "--places":
      options.placesFile = try value()
    case "--format":
      options.format = try value()
    case "--from":
      options.tapSource = try value()
    case "--near":
      options.near = try value()
    default:
      throw .unknownOption(word)
    }
  }

  private static func commandName(_ word: String) throws(UsageError) -> CommandName {
    guard let name = CommandName(rawValue: word) else { throw .unknownCommand(word) }
    return name
  }

  private func refuseInSession(_ word: String) throws(UsageError) {
    if context == .session { throw .notAllowedInSession(word) }
  }

  // MARK: - Commands

  private func action(
    _ name: CommandName,
    arguments: [String],
    _ options: Options
  ) throws(UsageError) -> Invocation.Action {
    if options.tapSource != nil, name != .select {
      throw .optionNotApplicable("--from", command: name)
    }
    if options.near != nil, name != .list {
      throw .optionNotApplicable("--near", command: name)
    }
    switch name {
    case .select:
      let word = try expect(arguments, names: ["ID"], for: name)[0]
      guard let id = Place.ID(word) else { throw .invalidID(word) }
      return .run(.select(id, from: try tapSource(options.tapSource)))
    case .deselect:
      _ = try expect(arguments, names: [], for: name)
      return .run(.deselect)
    case .locate:
      let words = try expect(arguments, names: ["LAT", "LON"], for: name)
      return .run(.locate(try coordinate(latitude: words[0], longitude: words[1])))
    case .camera:
      let words = try expect(arguments, names: ["LAT", "LON", "ZOOM"], for: name)
      return .run(.camera(try camera(words)))
    case .list:
      _ = try expect(arguments, names: [], for: name)
      guard let near = options.near else { return .run(.list(near: nil)) }
      return .run(.list(near: try coordinate(near: near)))
    case .session:
      try refuseInSession("session")
      _ = try expect(arguments, names: [], for: name)
      return .run(.session)
    case .help:
      return .help(try helpTopic(arguments))
    }
  }

  /// Returns `arguments`, which must be exactly one word for each of `names`.
  private func expect(
    _ arguments: [String],
    names: [String],
    for command: CommandName
  ) throws(UsageError) -> [String] {
    if arguments.count < names.count {
      throw .missingArgument(names[arguments.count], command: command)
    }
    if arguments.count > names.count {
      throw .unexpectedArgument(arguments[names.count], command: command)
    }
    return arguments
  }

  private func helpTopic(_ arguments: [String]) throws(UsageError) -> CommandName? {
    guard let word = arguments.first else { return nil }
    if arguments.count > 1 { throw .unexpectedArgument(arguments[1], command: .help) }
    return try Self.commandName(word)
  }

  private func tapSource(_ value: String?) throws(UsageError) -> Command.TapSource {
    guard let value else { return .map }
    guard let source = Command.TapSource(rawValue: value) else {
      throw .invalidValue(value, option: "--from", expected: "map or list")
    }
    return source
  }

  private func coordinate(near value: String) throws(UsageError) -> Coordinate {
    let parts = value.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw .invalidValue(value, option: "--near", expected: "LAT,LON, for example 59.33,18.07")
    }
    return try coordinate(latitude: String(parts[0]), longitude: String(parts[1]))
  }

  private func coordinate(latitude: String, longitude: String) throws(UsageError) -> Coordinate {
    guard let latitudeValue = Self.degrees(latitude) else {
      throw .invalidNumber(latitude, name: "latitude")
    }
    guard let longitudeValue = Self.degrees(longitude) else {
      throw .invalidNumber(longitude, name: "longitude")
    }
    do {
      return try Coordinate(latitude: latitudeValue, longitude: longitudeValue)
    } catch {
      throw .invalidCoordinate(error)
    }
  }

  /// The camera of the words `LAT LON ZOOM`.
  private func camera(_ words: [String]) throws(UsageError) -> MapCamera {
    let centre = try coordinate(latitude: words[0], longitude: words[1])
    guard let zoom = Self.degrees(words[2]) else {
      throw .invalidZoom(words[2])
    }
    do {
      return try MapCamera(centre: centre, zoom: zoom)
    } catch {
      throw .invalidCamera(error)
    }
  }

  /// The value of a decimal number such as `59.33`, `-0.5` or `1e1`, or `nil`.
  ///
  /// Only signs, digits, a point and an exponent are accepted before `Double(_:)` reads the
  /// text: it would also take `nan`, `inf` and hexadecimal, and on Linux it stops reading at a
  /// NUL character, so `1<NUL>garbage` would pass as 1 (found by fuzzing).
  private static func degrees(_ text: String) -> Double? {
    let allowed = Set("+-0123456789.eE".utf8)
    guard !text.isEmpty, text.utf8.allSatisfy(allowed.contains) else { return nil }
    return Double(text)
  }
}
