import Foundation

/// A pseudo-terminal opened by a test, to run the built `places-cli browse` as in a real
/// terminal: the test writes keys to it and reads the screen's output from it.
final class PseudoTerminal {
  /// Why the pseudo-terminal could not be used.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The side the test reads and writes.
  let controller: Int32
  /// The side the program runs on, as its standard input, output and error.
  private(set) var terminal: Int32
  /// Everything read from the program so far.
  private(set) var output = Data()

  /// Opens a pseudo-terminal of `columns` by `rows`.
  init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
    var controller: Int32 = -1
    var terminal: Int32 = -1
    guard openpty(&controller, &terminal, nil, nil, nil) == 0 else {
      throw Failure(description: "cannot open a pseudo-terminal: error \(errno)")
    }
    self.controller = controller
    self.terminal = terminal
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
  }

  deinit {
    closeTerminal()
    close(controller)
  }

  /// The terminal's settings, as a program on it sees them.
  func settings() throws -> termios {
    var settings = termios()
    guard tcgetattr(terminal, &settings) == 0 else {
      throw Failure(description: "tcgetattr failed: error \(errno)")
    }
    return settings
  }

  /// Starts `executable` with `arguments` on the terminal side, with `environment` added to
  /// the test's own.
  func launch(
    _ executable: URL, arguments: [String], environment: [String: String] = [:]
  ) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.runAlone()
    return process
  }

  /// Closes the test's copy of the terminal side, so that reading ends when the program exits.
  func closeTerminal() {
    guard terminal >= 0 else { return }
    close(terminal)
    terminal = -1
  }

  /// Sends `text` as typed keys.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// Reads until the output from byte `offset` on holds `text` (true), or the program ends or
  /// `seconds` pass (false).
  @discardableResult
  func read(until text: String, after offset: Int = 0, seconds: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    let wanted = Data(text.utf8)
    var searchedUpTo = offset
    while Date() < deadline {
      if output.range(of: wanted, in: max(searchedUpTo - wanted.count, offset)..<output.count)
        != nil
      {
        return true
      }
      searchedUpTo = output.count
      guard readAvailable(waitingMilliseconds: 100) else { return false }
    }
    return false
  }

  /// Reads until the screen, as a terminal of `columns` by `rows` shows the output, has a row
  /// containing `text` (true), or the program ends or `seconds` pass (false).
  @discardableResult
  func read(untilScreenShows text: String, columns: Int = 80, rows: Int = 24) -> Bool {
    read(untilScreen: { $0.contains { $0.contains(text) } }, columns: columns, rows: rows)
  }

  /// Reads until the screen, as a terminal of `columns` by `rows` shows the output, satisfies
  /// `isExpected` (true), or the program ends or `seconds` pass (false).
  func read(
    untilScreen isExpected: ([String]) -> Bool, columns: Int = 80, rows: Int = 24,
    seconds: Double = 60
  ) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if isExpected(screen(columns: columns, rows: rows)) { return true }
      guard readAvailable(waitingMilliseconds: 100) else { return false }
    }
    return false
  }

  /// The rows a terminal of `columns` by `rows` shows after the output so far.
  func screen(columns: Int = 80, rows: Int = 24) -> [String] {
    var terminal = ModelTerminal(width: columns, height: rows)
    terminal.apply(String(decoding: output, as: UTF8.self))
    return terminal.lines
  }

  /// Resizes the terminal to `columns` by `rows` and tells `process`, as a terminal window does.
  func resize(columns: UInt16, rows: UInt16, telling process: Process) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    kill(process.processIdentifier, SIGWINCH)  // the test's terminal is not the controlling one
  }

  /// Reads everything until the program has closed the terminal, or `seconds` pass.
  func readToEnd(seconds: Double = 20) {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline, readAvailable(waitingMilliseconds: 100) {}
  }

  /// Reads what is available; returns false once the other side is closed.
  private func readAvailable(waitingMilliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, waitingMilliseconds)
    guard ready > 0 else { return ready == 0 || errno == EINTR }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes {
      Foundation.read(controller, $0.baseAddress, $0.count)
    }
    guard count > 0 else { return false }  // EIO: every copy of the terminal side is closed
    output.append(contentsOf: buffer.prefix(count))
    return true
  }
}
