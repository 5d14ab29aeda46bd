import Foundation

/// The terminal on standard input and output, switched into the mode a full-screen program
/// needs, and switched back.
///
/// ``enter()`` saves the terminal's settings, then turns off echo, line buffering and the
/// keys that send signals (so Control-C arrives as a key), switches to the alternate screen,
/// hides the cursor and asks for mouse reports. ``restore()`` undoes all of it, in reverse,
/// and may be called any number of times, from any exit path; `deinit` calls it too, so a
/// device that goes out of scope during an error leaves the terminal as it found it.
final class TerminalDevice {
  /// The file descriptor keys are read from.
  let input: Int32
  /// The file descriptor the screen is written to.
  let output: Int32
  private var savedSettings: termios?

  /// The output that switches to the alternate screen, hides the cursor and turns on mouse
  /// clicks and drags (motion with a button held) in SGR form.
  static let enterSequence =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
  /// The output that undoes ``enterSequence``, after clearing the alternate screen: a
  /// terminal that keeps some of its rows on leaving it (tmux after the window grew) then
  /// shows nothing of the program there, as after `less` or `vim`.
  static let leaveSequence =
    "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"

  /// Wraps the terminal on `input` and `output`, changing nothing yet.
  ///
  /// - Throws: ``TerminalError/notATerminal`` unless both are terminals.
  init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(TerminalError) {
    guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
    self.input = input
    self.output = output
  }

  deinit {
    restore()
  }

  /// Switches the terminal into raw mode and the alternate screen.
  ///
  /// - Throws: ``TerminalError/systemCall(_:code:)`` if the settings cannot be read or
  ///   changed; the terminal is then unchanged.
  func enter() throws(TerminalError) {
    guard savedSettings == nil else { return }
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else { throw .systemCall("tcgetattr", code: errno) }
    var raw = settings
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    // Keys typed before the screen reads them (while places load) wait, unechoed.
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      throw .systemCall("tcsetattr", code: errno)
    }
    savedSettings = settings
    write(Self.enterSequence)
  }

  /// Puts the terminal back as ``enter()`` found it; does nothing if it was not entered.
  func restore() {
    guard var settings = savedSettings else { return }
    savedSettings = nil
    write(Self.leaveSequence)
    _ = tcsetattr(input, TCSAFLUSH, &settings)
  }

  /// Whether the terminal is in raw mode, between ``enter()`` and ``restore()``.
  var isEntered: Bool { savedSettings != nil }

  /// Writes `text` whole, retrying after interruptions; gives up silently if the terminal
  /// is gone.
  func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(output, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// The terminal's size in columns and rows, or `nil` if it cannot tell.
  var size: (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
