import Foundation

/// Where the tool writes text: standard output, standard error, or any sink a caller supplies.
final class TextOutput {
  /// Standard output.
  static var standardOutput: TextOutput { TextOutput(FileHandle.standardOutput) }
  /// Standard error.
  static var standardError: TextOutput { TextOutput(FileHandle.standardError) }

  private let sink: (String) -> Void

  /// Creates an output that hands each piece of text to `sink`, for example to capture what the
  /// tool prints when it runs in-process (the session fuzzer does).
  init(sink: @escaping (String) -> Void) {
    self.sink = sink
  }

  private convenience init(_ fileHandle: FileHandle) {
    self.init { text in
      try? fileHandle.write(contentsOf: Data(text.utf8))
    }
  }

  /// Writes `text` at once, unbuffered, so a program reading a session sees each line as soon
  /// as its command has run.
  func write(_ text: String) {
    guard !text.isEmpty else { return }
    sink(text)
  }
}
