/// Standard input could not be read: a session's lines stop there.
enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The read failed, for the reason given in `strerror`'s words.
  case unreadable(reason: String)

  var description: String {
    switch self {
    case .unreadable(let reason):
      "standard input could not be read: \(reason); give 'session' a file or a pipe of lines"
    }
  }
}
