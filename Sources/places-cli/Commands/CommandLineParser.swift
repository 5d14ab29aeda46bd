import PlacesModel
import ViewModels

/// Turns the words of a command line, or of one line of a session, into an ``Invocation``.
///
/// Grammar: `[OPTIONS] COMMAND [ARGUMENTS] [OPTIONS]`; options may come before, between or
/// after the command's arguments. An option's value follows it as the next word or after `=`
/// (`--format json`, `--format=json`). An option that takes a value may be given once; a
/// flag may be repeated. `--places FILE` may be given again for each file, and the reading
/// options (``CommandLineOption/isPerFile``) that follow a `--places FILE` apply to that file
/// alone, once each; those before the first `--places` apply to every file. A word that starts
/// with `-` and then a digit or `.` is a number, not an option, so `locate -33.9 18.4` works;
/// after `--`, every word is an argument. `--help` wins over a missing, extra or bad
/// argument, so `select --help` shows help even without an identifier; an unknown command or
/// option, an option repeated, given `=value` as a flag or missing its value, and an option
/// of the command line given on a session's line are refused first. The options are those of
/// ``CommandLineOption/all``.
struct CommandLineParser {
  /// Where the words come from, which decides the options allowed.
  enum Context {
    /// The tool's own command line.
    case commandLine
    /// One line read by `session`: the options that load data or choose the format, and
    /// `session` itself, are refused.
    case session

    /// The commands accepted here, as an unknown command's message lists them.
    var commands: [CommandName] {
      switch self {
      case .commandLine: CommandName.allCases
      case .session: CommandName.allCases.filter { $0 != .session && $0 != .browse }
      }
    }
  }

  /// Where the words come from.
  let context: Context

  /// The options seen so far: each option's value as typed, or `""` for a flag.
  private typealias Options = [CommandLineOption.Key: String]

  /// Parses `words`, which do not include the tool's name.
  ///
  /// - Throws: ``UsageError`` naming the first problem found.
  func parse(_ words: [String]) throws(UsageError) -> Invocation {
    var options = Options()
    var files: [(file: String, options: Options)] = []
    var positionals: [String] = []
    var remaining = words[...]
    var onlyPositionals = false
    while let word = remaining.popFirst() {
      if onlyPositionals || !Self.isOption(word) {
        positionals.append(word)
      } else if word == "--" {
        onlyPositionals = true
      } else {
        let (option, value) = try readOption(word, from: &remaining)
        if option.key == .places {
          files.append((value, Options()))
          options[.places] = value
        } else if option.isPerFile, !files.isEmpty {
          try store(option, value, in: &files[files.count - 1].options)
        } else {
          try store(option, value, in: &options)
        }
      }
    }

    let commandName = try positionals.first.map(commandName(_:))
    for option in CommandLineOption.all where option.isCommandLineOnly && options[option.key] != nil
    {
      try refuseInSession(option.name)
    }
    if options[.help] != nil {
      if commandName == .help {
        return Invocation(action: .help(try helpTopic(Array(positionals.dropFirst())) ?? .help))
      }
      return Invocation(action: .help(commandName))
    }
    if options[.version] != nil {
      return Invocation(action: .version(verbose: options[.verbose] != nil))
    }
    if options[.verbose] != nil {
      throw .optionNeedsOption("--verbose", required: "--version")
    }
    guard let commandName else { throw .missingCommand(expected: context.commands) }

    var invocation = Invocation(
      action: try action(commandName, arguments: Array(positionals.dropFirst()), options))
    if let value = options[.category], commandName != .add {
      guard context == .commandLine else { throw .categoryOptionInSession }
      guard
        let filter = Self.categoryFilter(
          value.split(separator: ",", omittingEmptySubsequences: false))
      else {
        throw .invalidValue(
          value, option: "--category",
          expected: "category names separated by commas, for example city,airport")
      }
      invocation.categoryFilter = filter
    }
    if files.contains(where: { $0.file.isEmpty }) {
      throw .invalidValue("", option: "--places", expected: "the path of a GeoJSON file")
    }
    if files.isEmpty, options[.idPrefix] != nil {
      throw .optionNeedsOption("--id-prefix", required: "--places")
    }
    if options[.watch] != nil {
      guard options[.places] != nil else {
        throw .optionNeedsOption("--watch", required: "--places")
      }
      invocation.watchesPlacesFile = true
    }
    invocation.clustersByCategory = options[.clusterByCategory] != nil
    if let format = options[.format] {
      guard let format = OutputFormat(rawValue: format) else {
        throw .invalidValue(format, option: "--format", expected: "text or json")
      }
      invocation.format = format
    }
    invocation.readerOptions = try readerOptions(options)
    for (file, fileOptions) in files {
      let merged = options.merging(fileOptions) { _, forFile in forFile }
      invocation.placesSources.append(
        GeoJSONPlacesReader.Source(file: file, options: try readerOptions(merged)))
    }
    return invocation
  }

  // MARK: - Options

  private static func isOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    let second = word[word.index(after: word.startIndex)]
    return !(second.isASCII && second.isNumber) && second != "."
  }

  /// Reads the option `word` and its value, the next word unless `word` holds it after `=`;
  /// the value of a flag is `""`.
  private func readOption(
    _ word: String,
    from remaining: inout ArraySlice<String>
  ) throws(UsageError) -> (option: CommandLineOption, value: String) {
    var name = word
    var inlineValue: String?
    if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
      name = String(word[..<equals])
      inlineValue = String(word[word.index(after: equals)...])
    }
    guard let option = CommandLineOption.named(name) else { throw .unknownOption(word) }

    guard option.value != nil else {
      if let inlineValue { throw .unexpectedValue(inlineValue, option: name) }
      return (option, "")
    }
    if let inlineValue {
      return (option, inlineValue)
    }
    guard let next = remaining.first, !Self.isOption(next) else {
      throw .missingValue(option: name)
    }
    remaining.removeFirst()
    return (option, next)
  }

  /// Records `value` for `option` in `options`: once for an option that takes a value, as
  /// often as given for a flag.
  private func store(
    _ option: CommandLineOption, _ value: String, in options: inout Options
  ) throws(UsageError) {
    if option.value != nil, options[option.key] != nil {
      throw .repeatedOption(option.name)
    }
    options[option.key] = value
  }

  /// The reader's options that `options` choose.
  private func readerOptions(
    _ options: Options
  ) throws(UsageError) -> GeoJSONPlacesReader.Options {
    var readerOptions = GeoJSONPlacesReader.Options()
    if let field = options[.idProperty] {
      guard !field.isEmpty else {
        throw .invalidValue(field, option: "--id-property", expected: "a property name")
      }
      readerOptions.ids = .property(field)
    }
    if let field = options[.nameProperty] {
      guard !field.isEmpty else {
        throw .invalidValue(field, option: "--name-property", expected: "a property name")
      }
      readerOptions.nameProperties = [field]
    }
    if let value = options[.nonPoint] {
      guard let choice = NonPointChoice(rawValue: value) else {
        throw .invalidValue(value, option: "--non-point", expected: "centre or skip")
      }
      readerOptions.nonPointGeometry = choice.readerChoice
    }
    if let prefix = options[.idPrefix] {
      guard !prefix.isEmpty else {
        throw .invalidValue(prefix, option: "--id-prefix", expected: "text to write before ids")
      }
      readerOptions.idPrefix = prefix
    }
    readerOptions.isStrict = options[.strict] != nil
    return readerOptions
  }

  private func commandName(_ word: String) throws(UsageError) -> CommandName {
    guard let name = CommandName(rawValue: word) else {
      throw .unknownCommand(word, expected: context.commands)
    }
    return name
  }

  /// The command `words` name, if any, for a usage error's hint.
  ///
  /// It is the first word that is not an option or an option's value, if it names a command;
  /// this never throws.
  static func command(in words: [String]) -> CommandName? {
    var remaining = words[...]
    while let word = remaining.popFirst() {
      if word == "--" { return remaining.first.flatMap(CommandName.init(rawValue:)) }
      guard isOption(word) else { return CommandName(rawValue: word) }
      if let option = CommandLineOption.named(word), option.value != nil, !word.contains("="),
        let next = remaining.first, !isOption(next)
      {
        remaining.removeFirst()
      }
    }
    return nil
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
    for option in CommandLineOption.all where options[option.key] != nil {
      if let commands = option.commands, !commands.contains(name) {
        throw .optionNotApplicable(option.name, command: name)
      }
    }
    switch name {
    case .select:
      let word = try expect(arguments, names: ["ID"], for: name)[0]
      return .run(.select(word, from: try tapSource(options[.from])))
    case .deselect:
      _ = try expect(arguments, names: [], for: name)
      return .run(.deselect)
    case .locate:
      let words = try expect(
        Self.coordinateWords(arguments), names: ["LAT", "LON"], for: name)
      return .run(.locate(try coordinate(latitude: words[0], longitude: words[1])))
    case .camera:
      let words = try expect(
        Self.coordinateWords(arguments), names: ["LAT", "LON", "ZOOM"], for: name)
      return .run(.camera(try camera(words)))
    case .list:
      _ = try expect(arguments, names: [], for: name)
      let limit = try options[.limit].map(limit(_:))
      guard let near = options[.near] else { return .run(.list(near: nil, limit: limit)) }
      return .run(.list(near: try coordinate(near: near), limit: limit))
    case .session:
      try refuseInSession("session")
      _ = try expect(arguments, names: [], for: name)
      return .run(.session)
    case .search:
      guard !arguments.isEmpty else { throw .missingArgument("TEXT", command: name) }
      return .run(
        .search(arguments.joined(separator: " "), limit: try options[.limit].map(limit(_:)) ?? 10))
    case .browse:
      try refuseInSession("browse")
      if options[.format] != nil {
        throw .optionNotApplicable("--format", command: name)
      }
      _ = try expect(arguments, names: [], for: name)
      return .run(.browse)
    case .add:
      guard arguments.count >= 4 else {
        throw .missingArgument(["ID", "LAT", "LON", "NAME"][arguments.count], command: name)
      }
      let category = options[.category]
      if category?.allSatisfy(\.isWhitespace) == true {
        throw .invalidValue(category ?? "", option: "--category", expected: "a category name")
      }
      // A filter reads a comma as a separator and `(none)` as no category: a place given
      // either as its category could never be shown by one.
      if let category, category.contains(",") || category == Self.uncategorizedName {
        throw .invalidValue(
          category, option: "--category",
          expected: "one category name, without a comma and other than (none) (leave "
            + "--category out for a place without a category)")
      }
      return .run(
        .add(
          arguments[0], try coordinate(latitude: arguments[1], longitude: arguments[2]),
          name: try placeName(arguments.dropFirst(3), for: name), category: category))
    case .move:
      let words = try expect(arguments, names: ["ID", "LAT", "LON"], for: name)
      return .run(.move(words[0], try coordinate(latitude: words[1], longitude: words[2])))
    case .rename:
      guard arguments.count >= 2 else {
        throw .missingArgument(["ID", "NAME"][arguments.count], command: name)
      }
      return .run(.rename(arguments[0], name: try placeName(arguments.dropFirst(), for: name)))
    case .remove:
      return .run(.remove(try expect(arguments, names: ["ID"], for: name)[0]))
    case .filter:
      guard !arguments.isEmpty else { return .run(.filter(.all)) }
      guard let filter = Self.categoryFilter(Self.categoryNames(arguments)) else {
        throw .emptyArgument("CATEGORY", command: name)
      }
      return .run(.filter(filter))
    case .tapCluster:
      let word = try expect(arguments, names: ["LEVEL/ID"], for: name)[0]
      return .run(
        .tapCluster(
          word,
          page: try options[.page].map { value throws(UsageError) in
            try wholeNumber(value, option: "--page")
          }))
    case .cluster:
      let word = try expect(arguments, names: ["LEVEL/ID"], for: name)[0]
      return .run(
        .cluster(
          word,
          offset: try options[.offset].map { value throws(UsageError) in
            try wholeNumber(value, option: "--offset")
          } ?? 0,
          limit: try options[.limit].map(limit(_:))))
    case .help:
      return .help(try helpTopic(arguments))
    }
  }

  /// The category names of `filter`'s words, separated by commas, by the breaks between words,
  /// or by both (`filter city, airport`, `filter city airport`).
  ///
  /// A run of separators holding at most one comma is one separator; a second comma in a run,
  /// or a comma before the first name or after the last, stands for an empty name, returned
  /// to be refused (`filter city,,airport`, `filter city, ,airport`, `filter city,`).
  private static func categoryNames(_ words: [String]) -> [Substring] {
    var names: [Substring] = []
    // Whether a name has been read since the last comma: a comma with none before it marks
    // an empty name.
    var hasNameSinceComma = false
    for word in words {
      for (index, piece) in word.split(separator: ",", omittingEmptySubsequences: false)
        .enumerated()
      {
        if index > 0 {
          // A comma: it ends the name before it, or, with none, an empty one.
          if !hasNameSinceComma { names.append("") }
          hasNameSinceComma = false
        }
        if !piece.isEmpty {
          names.append(piece)
          hasNameSinceComma = true
        }
      }
    }
    if !hasNameSinceComma && words.contains(where: { $0.contains(",") }) {
      names.append("")  // A comma after the last name.
    }
    return names
  }

  /// The filter showing the categories `names` (`(none)`: the places without a category), or
  /// `nil` if a name is empty or only white space.
  private static func categoryFilter(_ names: [Substring]) -> CategoryFilter? {
    guard !names.isEmpty, !names.contains(where: { $0.allSatisfy(\.isWhitespace) }) else {
      return nil
    }
    let categories = names.map { String($0) }
    return CategoryFilter(
      showing: categories.filter { $0 != Self.uncategorizedName },
      includingUncategorized: categories.contains(Self.uncategorizedName))
  }

  /// How a filter names the places without a category: as ``CategoryFilter`` describes it.
  private static let uncategorizedName = "(none)"

  /// The name the words `words` spell, joined with spaces, which must show a character.
  private func placeName(
    _ words: ArraySlice<String>, for command: CommandName
  ) throws(UsageError) -> String {
    let name = words.joined(separator: " ")
    guard !name.allSatisfy(\.isWhitespace) else {
      throw .emptyArgument("NAME", command: command)
    }
    return name
  }

  /// The value of `--limit`: a whole number from 1 to `Int.max`.
  private func limit(_ value: String) throws(UsageError) -> Int {
    guard value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let limit = Int(value),
      limit > 0
    else {
      throw .invalidValue(
        value, option: "--limit", expected: "a whole number from 1 to \(Int.max)")
    }
    return limit
  }

  /// The value of `--offset` or `--page`: a whole number, 0 or more.
  private func wholeNumber(_ value: String, option: String) throws(UsageError) -> Int {
    guard value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(value) else {
      throw .invalidValue(value, option: option, expected: "a whole number from 0 to \(Int.max)")
    }
    return number
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
    return try commandName(word)
  }

  private func tapSource(_ value: String?) throws(UsageError) -> Command.TapSource {
    guard let value else { return .map }
    guard let source = Command.TapSource(rawValue: value) else {
      throw .invalidValue(value, option: "--from", expected: "map, list or search")
    }
    return source
  }

  /// The words of `arguments` split at commas and spaces, so that a coordinate may be typed
  /// as `59.3 18.0`, `59.3,18.0`, `59.3, 18.0` or, quoted, `"59.3, 18.0"`.
  private static func coordinateWords(_ arguments: [String]) -> [String] {
    arguments.flatMap { argument in
      argument.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }
  }

  private func coordinate(near value: String) throws(UsageError) -> Coordinate {
    let parts = Self.coordinateWords([value])
    guard parts.count == 2 else {
      throw .invalidValue(value, option: "--near", expected: "LAT,LON, for example 59.33,18.07")
    }
    return try coordinate(latitude: parts[0], longitude: parts[1])
  }

  private func coordinate(latitude: String, longitude: String) throws(UsageError) -> Coordinate {
    let latitudeValue = try Self.number(latitude, name: "latitude", in: -90...90)
    let longitudeValue = try Self.number(longitude, name: "longitude", in: -180...180)
    do {
      return try Coordinate(latitude: latitudeValue, longitude: longitudeValue)
    } catch {
      // Unreachable: both values were checked against the same ranges.
      throw .outOfRange(
        latitude + "," + longitude, name: "coordinate", range: "-90 to 90, -180 to 180")
    }
  }

  /// The camera of the words `LAT LON ZOOM`.
  private func camera(_ words: [String]) throws(UsageError) -> MapCamera {
    let centre = try coordinate(latitude: words[0], longitude: words[1])
    guard Self.degrees(words[2]) != nil else {
      throw .invalidZoom(words[2])
    }
    let zoom = try Self.number(words[2], name: "zoom", in: 0...MapCamera.maximumZoom)
    do {
      return try MapCamera(centre: centre, zoom: zoom)
    } catch {
      // Unreachable: the zoom was checked against the same range.
      throw .outOfRange(words[2], name: "zoom", range: "0 to \(Int(MapCamera.maximumZoom))")
    }
  }

  /// The number `word` spells, which must lie in `range`; `name` is the argument's name in
  /// messages.
  private static func number(
    _ word: String,
    name: String,
    in range: ClosedRange<Double>
  ) throws(UsageError) -> Double {
    guard let value = degrees(word) else { throw .invalidNumber(word, name: name) }
    guard value.isFinite, range.contains(value) else {
      let bounds = [range.lowerBound, range.upperBound].map { bound in
        bound == bound.rounded() ? String(Int(bound)) : String(bound)
      }
      throw .outOfRange(word, name: name, range: "\(bounds[0]) to \(bounds[1])")
    }
    return value
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
