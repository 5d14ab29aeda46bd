import Foundation
import PlacesModel

/// `places-cli browse`: the interactive map, drawn in the terminal.
///
/// It needs a terminal on both standard input (for the keys) and standard output (for the
/// screen); anything else, such as a pipe from a script, is refused with a usage error that
/// points to `session`, before any place is loaded. The terminal is restored however the
/// screen ends (see ``TerminalSession``).
struct Browse {
  /// Supplies the loading of places.
  let tool: PlacesTool

  /// Where the map starts: the whole world, centred a little north of the equator.
  static let startCamera = TerminalMapCamera(
    center: (try? Coordinate(latitude: 20, longitude: 10)) ?? Self.fallbackCenter, zoom: 1.3)
  private static let fallbackCenter: Coordinate = {
    guard let center = try? Coordinate(latitude: 0, longitude: 0) else {
      preconditionFailure("0,0 is a valid coordinate")
    }
    return center
  }()

  /// Runs the interactive map for `invocation` until the user quits; returns the exit status:
  /// 0 after `q`, 130 after Control-C, 128 plus the number after a signal.
  ///
  /// - Throws: ``UsageError/notATerminal(command:)`` when standard input or output is not a
  ///   terminal, the errors of loading the places, or ``TerminalError``.
  func run(_ invocation: Invocation) throws -> ExitStatus {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw UsageError.notATerminal(command: .browse)
    }
    let runner = try tool.makeRunner(for: invocation)
    let device = try TerminalDevice()
    let screen = BrowseScreen(search: runner.searchViewModel, camera: Self.startCamera)
    runner.searchViewModel.prepareIndex()
    return try TerminalSession(device: device).run(screen)
  }
}
