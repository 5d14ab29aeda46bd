import Testing

struct SelectCommandTests {
  /// The views attach: the map, a phone showing the whole world at zoom 0, holds five
  /// clusters of the 200 places.
  static let startUp = [
    "map: moveCamera to=0.0,0.0 zoom=0.0 animated=false",
    "map: showMarkers count=3 clusters=3",
    "list: reloadRows count=200 order=name",
  ]

  /// Stockholm leaves its cluster for a marker of its own: the cluster, one fewer, is replaced.
  static let stockholmSelected = [
    "map: moveCamera to=59.32938,18.06871 zoom=0.0 animated=true",
    "map: updateMarkers added=2 removed=1 count=4 clusters=3",
    "map: selectMarker id=42",
    "list: highlightRow row=168",
    "list: scrollToRow row=168 animated=true",
    "card: showDetails id=42 name=\"Stockholm\" country=\"SE\" category=\"city\" population=1515017",
  ]

  @Test func selectPrintsEveryViewCommandInOrder() async throws {
    let run = try await PlacesCLI.run(["select", "42"])

    #expect(run.lines == Self.startUp + Self.stockholmSelected)
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test(arguments: [
    ["select", "42", "--from", "list"],
    ["select", "42", "--from=map"],
    ["--from", "list", "select", "42"],
    ["select", "--", "42"],
  ])
  func tapFromEitherViewPrintsTheSameCommands(arguments: [String]) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.lines == Self.startUp + Self.stockholmSelected)
    #expect(run.status == 0)
  }

  @Test func optionsMayComeBeforeOrAfterTheCommand() async throws {
    let before = try await PlacesCLI.run(["--format", "json", "select", "42"])
    let after = try await PlacesCLI.run(["select", "42", "--format=json"])

    #expect(before == after)
    #expect(before.status == 0)
  }

  @Test func deselectWithNothingSelectedPrintsOnlyStartUp() async throws {
    let run = try await PlacesCLI.run(["deselect"])

    #expect(run.lines == Self.startUp)
    #expect(run.status == 0)
  }

  @Test func locateShowsUserLocationAndReordersList() async throws {
    let run = try await PlacesCLI.run(["locate", "-33.92", "18.42"])

    #expect(
      run.lines == Self.startUp + [
        "map: showUserLocation at=-33.92,18.42",
        "list: reloadRows count=200 order=distance",
      ])
    #expect(run.status == 0)
  }

  /// Negative zero is zero: typed as `-0` it prints as `0.0`, never `-0.0`, in both formats.
  @Test func negativeZeroIsLocatedAsZero() async throws {
    let run = try await PlacesCLI.run(["locate", "-0", "-0.0"])
    let json = try await PlacesCLI.run(["locate", "-0", "-0.0", "--format", "json"])

    #expect(run.lines.contains("map: showUserLocation at=0.0,0.0"))
    #expect(json.standardOutput.contains(#""latitude":0.0,"longitude":0.0"#))
    #expect(!json.standardOutput.contains("-0.0"))
    #expect(run.status == 0)
  }

  @Test func unknownPlaceExitsWithOneAndPrintsNothing() async throws {
    let run = try await PlacesCLI.run(["select", "99999"])

    #expect(run.standardOutput == "")
    #expect(
      run.standardError == "places-cli: no place has id 99999\n" + Self.findIDsHint)
    #expect(run.status == 1)
  }

  @Test func unknownPlaceFromListExitsWithOne() async throws {
    let run = try await PlacesCLI.run(["select", "0", "--from", "list"])

    #expect(run.standardOutput == "")
    #expect(
      run.standardError == "places-cli: no place has id 0\n" + Self.findIDsHint)
    #expect(run.status == 1)
  }

  /// The line after "no place has id": where to find the ids.
  static let findIDsHint =
    "Run 'places-cli list' or 'places-cli search TEXT' to find a place's id.\n"
}
