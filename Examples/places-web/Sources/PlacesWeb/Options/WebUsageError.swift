/// Why a command line was refused before anything ran, worded as `places-cli` words the same
/// mistakes.
package enum WebUsageError: Error, Equatable {
  /// The option is not one the tool knows.
  case unknownOption(String)
  /// The option needs a value and has none.
  case missingValue(option: String)
  /// The option's value is not one it accepts; `expected` says what it accepts.
  case invalidValue(String, option: String, expected: String)
  /// The option takes a value and was given twice.
  case repeatedOption(String)
  /// The option takes no value but was given one with `=`.
  case unexpectedValue(String, option: String)
  /// The option means something only beside the option `required`, which is missing.
  case optionNeedsOption(String, required: String)
  /// An argument that is no option: the tool takes none.
  case unexpectedArgument(String)
}

extension WebUsageError: CustomStringConvertible {
  /// A message that names the word at fault and what was expected.
  package var description: String {
    switch self {
    case .unknownOption(let option):
      if let nearest = WebCommandLine.nearestOption(to: option) {
        "unknown option '\(option)'; did you mean '\(nearest)'?"
      } else {
        "unknown option '\(option)'"
      }
    case .missingValue(let option):
      "option '\(option)' needs a value"
    case .invalidValue(let value, let option, let expected):
      "invalid value '\(value)' for '\(option)': expected \(expected)"
    case .repeatedOption(let option):
      "option '\(option)' is given more than once; give it once"
    case .unexpectedValue(let value, let option):
      "option '\(option)' takes no value, but was given '\(value)'"
    case .optionNeedsOption(let option, let required):
      "option '\(option)' applies only with '\(required)'"
    case .unexpectedArgument(let argument):
      "unexpected argument '\(argument)': places-web takes options only"
    }
  }
}
