import Testing

struct EditCommandTests {
  @Test func addPrintsTheMarkersAndTheRowThatChanged() async throws {
    let run = try await PlacesCLI.run([
      "add", "9001", "59.86", "17.64", "Uppsala", "--category", "city",
    ])

    #expect(
      run.lines
        == SelectCommandTests.startUp + [
          "map: updateMarkers added=1 removed=1 count=3 clusters=3",
          "list: updateRows count=201 order=name removed=0 inserted=1 reloaded=0",
        ])
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test func aSessionFollowsTheSelectedPlaceThroughRenameMoveAndRemove() async throws {
    let input = "select 42\nrename 42 \"Stockholm City\"\nmove 42 59.0 18.0\nremove 42\n"
    let run = try await PlacesCLI.run(["session"], input: input)

    let card = "card: showDetails id=42 name=\"Stockholm City\" country=\"SE\" category=\"city\""
    #expect(
      run.lines
        == SelectCommandTests.startUp + SelectCommandTests.stockholmSelected + [
          "map: updateMarkers added=1 removed=1 count=4 clusters=3",
          "map: selectMarker id=42",
          "list: updateRows count=200 order=name removed=0 inserted=0 reloaded=1",
          "list: highlightRow row=168",
          card + " population=1515017",
          // The selected place moves; the cluster of the others, at their exact mean, stays.
          "map: updateMarkers added=1 removed=1 count=4 clusters=3",
          "map: selectMarker id=42",
          card + " population=1515017",
          "map: deselectMarker id=42",
          "map: updateMarkers added=1 removed=2 count=3 clusters=3",
          "list: clearHighlight",
          "card: dismiss",
          "map: updateMarkers added=1 removed=1 count=3 clusters=3",
          "list: updateRows count=199 order=name removed=1 inserted=0 reloaded=0",
        ])
    #expect(run.status == 0)
  }

  @Test func jsonAndTextSayTheSame() async throws {
    let run = try await PlacesCLI.run(["remove", "42", "--format", "json"])

    #expect(
      run.lines.last
        == #"{"view":"list","command":"updateRows","count":199,"order":"name","removed":1,"#
        + #""inserted":0,"reloaded":0}"#)
    #expect(run.status == 0)
  }

  @Test(
    arguments: [
      (["add", "42", "1", "2", "X"], 2, "a place already has id 42: give the new place"),
      (["move", "999999", "1", "2"], 1, "no place has id 999999"),
      (["remove", "999999"], 1, "places-cli: no place has id 999999\n"),
      (["rename", "999999", "Y"], 1, "no place has id 999999"),
      (["add", "7", "91", "2", "X"], 64, "latitude 91 is out of range"),
      (["move", "42", "1", "181"], 64, "longitude 181 is out of range"),
      (["add", "7", "1", "2", " "], 64, "'add' needs a NAME with at least one visible character"),
      (["rename", "42"], 64, "'rename' needs the argument NAME"),
      (["move", "4x2", "1", "2"], 64, "invalid id '4x2'"),
      (["remove"], 64, "'remove' needs the argument ID"),
      (["add", "7", "1", "2", "X", "--category", ""], 64, "--category"),
      (["add", "7", "1", "2", "X", "--category", "a,b"], 64, "without a comma"),
      (["add", "7", "1", "2", "X", "--category", "(none)"], 64, "other than (none)"),
    ] as [([String], Int32, String)])
  func badEditsNameTheArgumentExitDistinctlyAndChangeNothing(
    arguments: [String], status: Int32, message: String
  ) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.status == status)
    #expect(run.standardError.contains(message))
    #expect(!run.lines.contains { $0.contains("updateRows") })
  }

  @Test func aRefusedEditInASessionChangesNothingAndTheSessionGoesOn() async throws {
    let run = try await PlacesCLI.run(["session"], input: "add 42 1 2 Twin\nlist --limit 1\n")

    #expect(run.standardError.contains("line 1: a place already has id 42"))
    #expect(run.lines.last?.hasPrefix("id=") == true)
    #expect(!run.lines.contains { $0.contains("Twin") })
    #expect(run.status == 2)
  }

  @Test func helpListsTheEditCommands() async throws {
    let run = try await PlacesCLI.run(["--help"])

    for command in [
      "add ID LAT LON NAME [--category C]", "move ID LAT LON", "rename ID NAME", "remove ID",
    ] {
      #expect(run.standardOutput.contains(command))
    }
  }
}
