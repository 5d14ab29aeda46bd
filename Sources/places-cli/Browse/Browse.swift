import Foundation
import PlacesModel
import ViewModels

/// `places-cli browse`: the interactive map, list and card, drawn in the terminal.
///
/// It needs a terminal on both standard input (for the keys) and standard output (for the
/// screen); anything else, such as a pipe from a script, is refused with a usage error that
/// points to `session`, before any place is loaded. The terminal is restored however the
/// screen ends (see ``TerminalSession``).
struct Browse {
  /// Supplies the loading of places.
  let tool: PlacesTool

  /// Where the map starts: the whole world, centred a little north of the equator.
  static let startCamera = MapCamera.clamped(
    centre: (try? Coordinate(latitude: 20, longitude: 10)) ?? MapCamera.world.centre, zoom: 1)

  /// Runs the interactive map for `invocation` until the user quits; returns the exit status:
  /// 0 after `q`, 130 after Control-C, 128 plus the number after a signal.
  ///
  /// - Throws: ``UsageError/notATerminal(command:)`` when standard input or output is not a
  ///   terminal, the errors of loading the places, ``CatalogError`` when two places share an
  ///   identifier, or ``TerminalError``.
  func run(_ invocation: Invocation) throws -> ExitStatus {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw UsageError.notATerminal(command: .browse)
    }
    let environment = ProcessInfo.processInfo.environment
    if environment["TERM"] == "dumb" {
      throw UsageError.dumbTerminal
    }
    let device = try TerminalDevice()
    let session = TerminalSession(
      device: device, usesColour: environment["NO_COLOR", default: ""].isEmpty)
    // Raw mode first, so keys typed while the places load are neither echoed nor lost.
    try session.enter(
      showing: " Loading places from \(invocation.placesFile ?? "the built-in sample")…")
    let model: PlacesModel
    let skipNote: String?
    do {
      let (places, source, note) = try tool.loadPlacesQuietly(for: invocation)
      skipNote = note
      do {
        model = try PlacesModel(places: places)
      } catch {
        throw CatalogError(file: source, error: error)
      }
      model.places.prepareIndexes()
    } catch {
      session.leave()
      throw error
    }
    // Said once the terminal is given back, where it stays readable.
    defer {
      if let skipNote {
        do {
          try tool.standardError.write(skipNote)
        } catch {
          // A note that standard error cannot take changes nothing.
        }
      }
    }
    let size = device.size ?? (columns: 80, rows: 24)
    let screen = BrowseScreen(
      model: model, camera: Self.startCamera, columns: size.columns, rows: size.rows)
    return try session.run(screen)
  }
}
