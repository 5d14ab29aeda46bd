import Foundation
import Testing

/// `places-cli browse --watch` in a real pseudo-terminal, its file rewritten on disk while it
/// runs: the screen follows the file, and a broken file leaves the last good places on it.
@Suite(.timeLimit(.minutes(5)))
struct BrowseWatchTerminalTests {
  @Test func theScreenFollowsTheFileAndShowsWhyABrokenFileWasNotLoaded() async throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      WatchedSession.geoJSON([(1, "Uppsala", 59.86, 17.64), (2, "Visby", 57.64, 18.30)]),
      to: "places.geojson")
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let process = try terminal.launch(
      try PlacesCLI.executable(), arguments: ["browse", "--places", file.path, "--watch"])
    try #require(terminal.read(untilScreenShows: "q quit"), "the first frame")

    try Data(
      WatchedSession.geoJSON([(2, "Visby C", 57.64, 18.30), (3, "Lund", 55.70, 13.19)]).utf8
    ).write(to: file)
    #expect(terminal.read(untilScreenShows: "1 inserted, 1 updated, 1 removed"))
    #expect(terminal.screen().contains { $0.contains(" Visby C") })

    try Data("{oops".utf8).write(to: file)
    #expect(terminal.read(untilScreenShows: "malformed JSON"))
    #expect(terminal.screen().contains { $0.contains(" Lund") }, "the last good places stay")

    terminal.type("q")
    await process.exited()
    terminal.closeTerminal()
    terminal.readToEnd()
    #expect(process.terminationStatus == 0)
  }
}
