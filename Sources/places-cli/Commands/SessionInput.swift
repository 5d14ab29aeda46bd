#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a session got when it asked for its next line.
enum SessionInputEvent: Equatable {
  /// A line, without its line break.
  case line(String)
  /// No whole line came within the time the session could wait.
  case timedOut
  /// The input ended.
  case ended
  /// The input could not be read, for the reason given (`strerror`'s words).
  case failed(String)
}

/// Where a session reads its lines from, waiting no longer than it is told to, so that it can
/// do other work (poll a watched file) between lines.
protocol SessionInput: AnyObject {
  /// Returns the next line, waiting at most `timeout` for it, or for as long as it takes when
  /// `timeout` is `nil`.
  func nextLine(waitingAtMost timeout: Duration?) -> SessionInputEvent
}

/// A session's input read with a function that blocks until a line comes, such as the
/// standard library's `readLine`: it never times out, so it serves a session that does nothing
/// between lines.
final class BlockingLineInput: SessionInput {
  private let readLine: () -> String?

  /// Reads lines with `readLine`, which returns `nil` at the end of the input.
  init(readLine: @escaping () -> String?) {
    self.readLine = readLine
  }

  func nextLine(waitingAtMost timeout: Duration?) -> SessionInputEvent {
    readLine().map(SessionInputEvent.line) ?? .ended
  }
}

/// Lines read from a file descriptor with `poll(2)` and `read(2)`, so a wait for a line can
/// time out; one thread, no buffering beside its own.
///
/// Lines end at a line feed; a carriage return before it is dropped, and bytes that are not
/// UTF-8 are repaired with U+FFFD, as the standard library's `readLine(strippingNewline:)`
/// does. A last line without a line feed is a line. An error reading the descriptor ends the
/// input: the lines read before it are returned, then the failure.
final class FileDescriptorLineInput: SessionInput {
  private let fileDescriptor: Int32
  /// The bytes read and not yet returned start at ``lineStart``; the ones before it are
  /// dropped at the next read, so taking a line never moves the rest.
  private var buffer: [UInt8] = []
  private var lineStart = 0
  /// Where the search for a line feed resumes: the bytes from ``lineStart`` to here have none.
  private var searchStart = 0
  private var isAtEnd = false
  /// Why the descriptor could not be read, once it could not.
  private var failure: String?
  /// Where each read lands, made once: a session sent one line at a time reads once a line.
  private var chunk = [UInt8](repeating: 0, count: 65_536)

  /// Reads lines from `fileDescriptor`, which stays open.
  init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
  }

  func nextLine(waitingAtMost timeout: Duration?) -> SessionInputEvent {
    let deadline = timeout.map { ContinuousClock.now + $0 }
    while true {
      if let newline = buffer[searchStart...].firstIndex(of: 0x0A) {
        return .line(takeLine(upTo: newline, next: newline + 1))
      }
      searchStart = buffer.count
      if isAtEnd {
        guard lineStart < buffer.count else {
          return failure.map(SessionInputEvent.failed) ?? .ended
        }
        return .line(takeLine(upTo: buffer.count, next: buffer.count))
      }
      var milliseconds: Int32 = -1
      if let deadline {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return .timedOut }
        milliseconds = remaining.pollTimeout
      }
      var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0 {
        if errno != EINTR { fail() }
        continue
      }
      if ready == 0 { continue }  // The deadline check above answers.
      // Ready for reading or in error (`revents` not read): the read says which.
      readAvailable()
    }
  }

  private func readAvailable() {
    if lineStart > 0 {
      buffer.removeSubrange(..<lineStart)
      searchStart -= lineStart
      lineStart = 0
    }
    let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      buffer += chunk.prefix(count)
    } else if count == 0 {
      isAtEnd = true
    } else if errno != EINTR && errno != EAGAIN {
      fail()
    }
  }

  /// Ends the input with the failure `errno` names.
  private func fail() {
    failure = String(cString: strerror(errno))
    isAtEnd = true
  }

  /// Returns the bytes from ``lineStart`` to `end` as a line without a final carriage
  /// return, and moves ``lineStart`` to `next`.
  private func takeLine(upTo end: Int, next: Int) -> String {
    var line = buffer[lineStart..<end]
    if line.last == 0x0D { line = line.dropLast() }
    lineStart = next
    searchStart = next
    return String(decoding: line, as: UTF8.self)
  }
}
