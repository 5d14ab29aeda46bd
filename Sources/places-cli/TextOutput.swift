import Foundation

/// Where the tool writes text: standard output or standard error.
final class TextOutput {
  /// Standard output.
  static var standardOutput: TextOutput { TextOutput(FileHandle.standardOutput) }
  /// Standard error.
  static var standardError: TextOutput { TextOutput(FileHandle.standardError) }

  private let fileHandle: FileHandle

  private init(_ fileHandle: FileHandle) {
    self.fileHandle = fileHandle
  }

  /// Writes `text` at once, unbuffered, so a program reading a session sees each line as soon
  /// as its command has run.
  func write(_ text: String) {
    guard !text.isEmpty else { return }
    try? fileHandle.write(contentsOf: Data(text.utf8))
  }
}
