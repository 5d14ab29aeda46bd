/// Collects the lines a command prints until it has succeeded, so a failed command prints
/// nothing.
final class OutputBuffer {
  /// How records are written.
  let format: OutputFormat
  private var text = ""

  /// Creates an empty buffer that writes records in `format`.
  init(format: OutputFormat) {
    self.format = format
  }

  /// Adds `record` as one line.
  func append(_ record: OutputRecord) {
    text += record.rendered(as: format)
    text += "\n"
  }

  /// Returns the lines collected so far and empties the buffer.
  func take() -> String {
    defer { text = "" }
    return text
  }

  /// Drops the lines collected so far.
  func discard() {
    text = ""
  }
}
