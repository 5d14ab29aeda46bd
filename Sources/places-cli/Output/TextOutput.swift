#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the tool writes text: standard output, standard error, or any sink a caller supplies.
final class TextOutput {
  /// Standard output.
  static var standardOutput: TextOutput {
    TextOutput(fileDescriptor: STDOUT_FILENO, destination: "standard output")
  }
  /// Standard error.
  static var standardError: TextOutput {
    TextOutput(fileDescriptor: STDERR_FILENO, destination: "standard error")
  }

  private let sink: (String) throws(OutputError) -> Void

  /// Creates an output that hands each piece of text to `sink`, for example to capture what the
  /// tool prints when it runs in-process (the session fuzzer does); `sink` throws to report a
  /// failed write.
  init(sink: @escaping (String) throws(OutputError) -> Void) {
    self.sink = sink
  }

  private convenience init(fileDescriptor: Int32, destination: String) {
    self.init { text throws(OutputError) in
      var text = text
      let failure = text.withUTF8 { writeAll($0, to: fileDescriptor) }
      if let failure {
        throw OutputError(destination: destination, reason: failure)
      }
    }
  }

  /// Writes `text` at once, unbuffered, so a program reading a session sees each line as soon
  /// as its command has run.
  ///
  /// - Throws: ``OutputError`` if the text could not be written in full; part of it may have
  ///   been written.
  func write(_ text: String) throws(OutputError) {
    guard !text.isEmpty else { return }
    try sink(text)
  }
}

/// Writes all of `bytes` to `fileDescriptor`, resuming after partial writes and interruptions;
/// returns the system's reason if a write fails, else `nil`.
private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fileDescriptor: Int32) -> String? {
  guard let start = bytes.baseAddress else { return nil }
  var offset = 0
  while offset < bytes.count {
    let written = write(fileDescriptor, start + offset, bytes.count - offset)
    if written < 0 {
      let code = errno
      if code == EINTR { continue }
      return strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
    offset += written
  }
  return nil
}
