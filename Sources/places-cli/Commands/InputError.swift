/// Standard input could not be read: a session's lines stop there.
struct InputError: Error, CustomStringConvertible {
  /// Why, in `strerror`'s words.
  let reason: String

  var description: String {
    "standard input could not be read: \(reason); give 'session' a file or a pipe of lines"
  }
}
