/// A full-screen program's screen, as ``TerminalSession`` drives it: it draws a frame into a
/// ``ScreenBuffer`` and answers key presses.
protocol TerminalScreen: AnyObject {
  /// Draws the whole screen into `buffer`, which is blank and of the terminal's size.
  func draw(into buffer: inout ScreenBuffer)
  /// Handles `event`; returns the exit status to quit with, or `nil` to go on.
  func handle(_ event: KeyEvent) -> ExitStatus?
  /// How long the session may wait for a key before it calls ``tick()``; `nil` to wait for
  /// ever.
  var nextTickDelay: Duration? { get }
  /// Does work that does not wait for a key, such as checking a watched file; returns whether
  /// the screen must be drawn again. The session calls it at every turn of its loop, so it
  /// must be cheap when there is nothing to do.
  func tick() -> Bool
}

extension TerminalScreen {
  /// Waits for keys for as long as it takes.
  var nextTickDelay: Duration? { nil }

  /// Does nothing.
  func tick() -> Bool { false }
}
