import Testing

struct WatchOptionTests {
  @Test(arguments: [
    (["session", "--watch"], "option '--watch' applies only with '--places'", "session"),
    (["browse", "--watch"], "option '--watch' applies only with '--places'", "browse"),
    (
      ["list", "--watch", "--places", "places.geojson"],
      "option '--watch' does not apply to 'list'", "list"
    ),
    (["select", "42", "--watch"], "option '--watch' does not apply to 'select'", "select"),
  ])
  func watchWithoutAFileOrWithACommandItDoesNotApplyToIsAUsageError(
    arguments: [String], message: String, command: String
  ) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(
      run.standardError
        == "places-cli: \(message)\nRun 'places-cli help \(command)' for usage.\n")
    #expect(run.standardOutput == "")
    #expect(run.status == 64)
  }

  @Test func watchIsRefusedOnALineOfASession() async throws {
    let run = try await PlacesCLI.run(["session"], input: "list --watch\n")

    #expect(
      run.standardError
        == "places-cli: line 1: '--watch' cannot be used inside a session; give it on the "
        + "command line\n")
    #expect(run.status == 64)
  }

  @Test(arguments: ["session", "browse"])
  func theHelpOfSessionAndBrowseDescribesWatch(command: String) async throws {
    let run = try await PlacesCLI.run(["help", command])

    #expect(run.standardOutput.contains("\n  --watch  "))
    #expect(run.standardOutput.contains("WATCHING:"))
  }
}
