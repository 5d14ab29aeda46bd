/// A full-screen program's screen, as ``TerminalSession`` drives it: it draws a frame into a
/// ``ScreenBuffer`` and answers key presses.
protocol TerminalScreen: AnyObject {
  /// Draws the whole screen into `buffer`, which is blank and of the terminal's size.
  func draw(into buffer: inout ScreenBuffer)
  /// Handles `event`; returns the exit status to quit with, or `nil` to go on.
  func handle(_ event: KeyEvent) -> ExitStatus?
}
