/// Why the terminal could not be set up or used.
enum TerminalError: Error, Equatable {
  /// Standard input or standard output is not a terminal.
  case notATerminal
  /// A system call failed; `call` names it, `code` is `errno`.
  case systemCall(String, code: Int32)
}

extension TerminalError: CustomStringConvertible {
  /// A message naming what failed.
  var description: String {
    switch self {
    case .notATerminal:
      "standard input or standard output is not a terminal"
    case .systemCall(let call, let code):
      "the terminal could not be set up: \(call) failed with error \(code)"
    }
  }
}
