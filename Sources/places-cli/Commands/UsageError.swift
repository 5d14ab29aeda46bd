import PlacesModel
import ViewModels

/// Why a command line, or a line of a session, was refused before anything ran.
enum UsageError: Error, Equatable {
  /// No command was given; `expected` are the commands allowed where it was missing.
  case missingCommand(expected: [CommandName])
  /// The command is not one of `expected`, the commands allowed where it was typed.
  case unknownCommand(String, expected: [CommandName])
  /// The option is not one the tool knows.
  case unknownOption(String)
  /// The option exists but does not apply to the command.
  case optionNotApplicable(String, command: CommandName)
  /// The option means something only beside the option `required`, which is missing.
  case optionNeedsOption(String, required: String)
  /// The option needs a value and has none.
  case missingValue(option: String)
  /// The option's value is not one it accepts; `expected` says what it accepts.
  case invalidValue(String, option: String, expected: String)
  /// The option takes a value and was given twice.
  case repeatedOption(String)
  /// The option takes no value but was given one with `=`.
  case unexpectedValue(String, option: String)
  /// The command needs this argument and it is missing.
  case missingArgument(String, command: CommandName)
  /// The command takes no further argument.
  case unexpectedArgument(String, command: CommandName)
  /// The argument named `name` is empty or only white space.
  case emptyArgument(String, command: CommandName)
  /// The identifier is not an integer, where every identifier in the catalog is one.
  case invalidID(String)
  /// The word is not a cluster's identity, `LEVEL/ID`.
  case invalidClusterID(String)
  /// The argument named `name` is not a number.
  case invalidNumber(String, name: String)
  /// The number typed as the argument `name` lies outside `range`, such as `-90 to 90`.
  case outOfRange(String, name: String, range: String)
  /// The zoom is not a number.
  case invalidZoom(String)
  /// The option or command can only be used on the command line, not inside a session.
  case notAllowedInSession(String)
  /// `select --from search` named a place that is not among the last search's matches.
  case notAmongMatches(Place.ID)
  /// `select --from list` named a place the list's filter hides (its category).
  case hiddenByFilter(Place.ID, category: String?)
  /// A line of a session opens a quote and does not close it.
  case unterminatedQuote
  /// The command draws a screen, but `TERM` says the terminal cannot move its cursor.
  case dumbTerminal
  /// The command needs a terminal, but standard input or output is not one.
  case notATerminal(command: CommandName)
  /// `--category` was given as a filter on a line of a session, where `filter` sets one.
  case categoryOptionInSession
}

extension UsageError: CustomStringConvertible {
  /// A message that names the word at fault and what was expected.
  var description: String {
    switch self {
    case .missingCommand(let expected):
      "missing command: expected one of \(Self.list(expected))"
    case .unknownCommand(let word, let expected):
      if let nearest = Suggestion.nearest(to: word, among: expected.map(\.rawValue)) {
        "unknown command '\(word)'; did you mean '\(nearest)'?"
      } else {
        "unknown command '\(word)': expected one of \(Self.list(expected))"
      }
    case .unknownOption(let option):
      if let nearest = Suggestion.nearest(
        to: option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option,
        among: CommandLineOption.all.flatMap(\.names))
      {
        "unknown option '\(option)'; did you mean '\(nearest)'?"
      } else if !option.hasPrefix("--") {
        // A word such as `-inf` or `-x`: more often an argument than an option.
        "unknown option '\(option)'; to give an argument that starts with '-', put '--' "
          + "before the arguments"
      } else {
        "unknown option '\(option)'"
      }
    case .optionNotApplicable(let option, let command):
      "option '\(option)' does not apply to '\(command.rawValue)'"
    case .optionNeedsOption(let option, let required):
      "option '\(option)' applies only with '\(required)'"
    case .missingValue(let option):
      "option '\(option)' needs a value"
    case .invalidValue(let value, let option, let expected):
      "invalid value '\(value)' for '\(option)': expected \(expected)"
    case .repeatedOption(let option):
      "option '\(option)' is given more than once; give it once"
    case .unexpectedValue(let value, let option):
      "option '\(option)' takes no value, but was given '\(value)'"
    case .missingArgument(let name, let command):
      "'\(command.rawValue)' needs the argument \(name)"
    case .unexpectedArgument(let word, let command):
      "unexpected argument '\(word)' for '\(command.rawValue)'"
    case .emptyArgument(let name, let command):
      "'\(command.rawValue)' needs a \(name) with at least one visible character"
    case .invalidID(let word):
      "invalid id '\(word)': expected an integer"
    case .invalidClusterID(let word):
      "invalid cluster '\(word)': expected LEVEL/ID as the map prints it, for example 16/42"
    case .invalidNumber(let word, let name):
      "invalid \(name) '\(word)': expected a number in degrees"
    case .outOfRange(let word, let name, let range):
      "\(name) \(word) is out of range: expected \(range)"
    case .invalidZoom(let word):
      "invalid zoom '\(word)': expected a number from 0 to \(Int(MapCamera.maximumZoom))"
    case .notAllowedInSession(let word):
      "'\(word)' cannot be used inside a session; give it on the command line"
    case .notAmongMatches(let id):
      "place \(id) is not among the matches of the last search; run 'search TEXT' first"
    case .hiddenByFilter(let id, let category):
      "place \(id) has no row in the list: the filter hides its category, "
        + (category.map { "'\($0)'" } ?? "(none)")
        + "; show its category (--category, or 'filter' in a session), or select it from the "
        + "map"
    case .unterminatedQuote:
      "a quote is not closed: end it with the same quote mark"
    case .dumbTerminal:
      "'browse' needs a terminal that can move its cursor, but TERM is 'dumb'; set TERM to "
        + "your terminal's type (for example xterm-256color), or run 'places-cli session'"
    case .categoryOptionInSession:
      "option '--category' filters only on the command line; in a session, run "
        + "'filter C[,C...]' (no category: every place)"
    case .notATerminal(let command):
      "'\(command.rawValue)' needs a terminal, but standard input or standard output is not "
        + "one; for scripted use, run 'places-cli session' and send it commands"
    }
  }

  private static func list(_ commands: [CommandName]) -> String {
    commands.map(\.rawValue).joined(separator: ", ")
  }
}
