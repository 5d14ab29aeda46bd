import Foundation
import Testing

struct BrowseCommandTests {
  private static let notATerminal =
    "places-cli: 'browse' needs a terminal, but standard input or standard output is not one; "
    + "for scripted use, run 'places-cli session' and send it commands\n"
    + "Run 'places-cli help browse' for usage.\n"

  @Test(arguments: [["browse"], ["browse", "--places", "does-not-exist.geojson"]])
  func browseWithoutATerminalPointsToSession(arguments: [String]) async throws {
    // PlacesCLI.run connects standard input and output to files, not to a terminal.
    let run = try await PlacesCLI.run(arguments)

    #expect(run.standardOutput == "")
    #expect(run.standardError == Self.notATerminal)
    #expect(run.status == 64)
  }

  @Test func browseThroughAPipeIsRefusedTheSameWay() async throws {
    let process = Process()
    process.executableURL = try PlacesCLI.executable()
    process.arguments = ["browse"]
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.runAlone()
    try input.fileHandleForWriting.close()
    let printed = try output.fileHandleForReading.readToEnd() ?? Data()
    let reported = try error.fileHandleForReading.readToEnd() ?? Data()
    await process.exited()

    #expect(printed.isEmpty)
    #expect(String(decoding: reported, as: UTF8.self) == Self.notATerminal)
    #expect(process.terminationStatus == 64)
  }

  @Test func browseIsRefusedInsideASession() async throws {
    let run = try await PlacesCLI.run(["session"], input: "browse\n")

    #expect(
      run.standardError
        == "places-cli: line 1: 'browse' cannot be used inside a session; "
        + "give it on the command line\n")
    #expect(run.status == 64)
  }
}
