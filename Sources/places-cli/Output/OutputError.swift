/// A write to standard output or standard error that failed, for example because the disk is
/// full or the file it goes to is closed.
struct OutputError: Error, Equatable, CustomStringConvertible {
  /// What was being written to, as a person names it: `standard output`.
  let destination: String
  /// Why the write failed, as the system says it: `No space left on device`.
  let reason: String

  /// Names the destination and the reason, for example
  /// `cannot write to standard output: No space left on device`.
  var description: String {
    "cannot write to \(destination): \(reason)"
  }
}
