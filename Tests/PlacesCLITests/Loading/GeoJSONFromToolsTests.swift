import Foundation
import Testing

/// `--places` with GeoJSON as other tools write it: string ids, skips reported on standard
/// error, and the options that choose ids, names, geometries and strictness.
struct GeoJSONFromToolsTests {
  private static let mixed = Fixture.path("gdal/mixed-geometries.geojson")
  private static let airports = Fixture.path("gdal/string-ids.geojson")

  // MARK: - String ids

  @Test func selectsAPlaceByItsStringID() async throws {
    let run = try await PlacesCLI.run(["select", "LHR", "--places", Self.airports])

    #expect(
      run.lines == [
        "map: moveCamera to=0.0,0.0 zoom=0.0 animated=false",
        "map: showMarkers count=1 clusters=1",
        "list: reloadRows count=3 order=name",
        "map: moveCamera to=51.4775,-0.461389 zoom=0.0 animated=true",
        "map: updateMarkers added=2 removed=1 count=2 clusters=1",
        #"map: selectMarker id="LHR""#,
        "list: highlightRow row=1",
        "list: scrollToRow row=1 animated=true",
        #"card: showDetails id="LHR" name="London Heathrow Airport" category="airport""#,
      ])
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test func takesAStringIDAsListPrintsItInQuotes() async throws {
    let plain = try await PlacesCLI.run(["select", "LHR", "--places", Self.airports])
    let quoted = try await PlacesCLI.run(["select", #""LHR""#, "--places", Self.airports])
    let session = try await PlacesCLI.run(
      ["session", "--places", Self.airports], input: "select \"LHR\"\ndeselect\nselect '\"LHR\"'\n")

    #expect(quoted.status == 0)
    #expect(quoted.standardOutput == plain.standardOutput)
    #expect(session.status == 0)
    #expect(session.lines.filter { $0.hasPrefix("card: showDetails") }.count == 2)
  }

  /// Every string id `list` prints, escapes and all, selects its place when typed back.
  @Test func eachIDListPrintsSelectsItsPlace() async throws {
    let folder = try TemporaryFolder()
    let ids = ["line\nbreak", "\u{FC}\u{1B}\u{1F600}", #"q"b\s"#, "tab\there", "\u{202E}x"]
    let features = try ids.enumerated().map { index, id in
      let literal = try #require(String(data: try JSONEncoder().encode(id), encoding: .utf8))
      return #"{"type":"Feature","id":"# + literal + #","properties":{"name":"P\#(index)"},"#
        + #""geometry":{"type":"Point","coordinates":[1,\#(index)]}}"#
    }
    let file = try folder.write(
      #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}",
      to: "ids.geojson"
    ).path

    // By name, P0 to P4: the places in the order of `ids`.
    let list = try await PlacesCLI.run(["list", "--places", file])
    #expect(list.lines.count == ids.count)
    for (index, line) in list.lines.enumerated() {
      let id = try #require(line.firstRange(of: " name=").map { String(line[..<$0.lowerBound]) })
        .dropFirst("id=".count)
      let select = try await PlacesCLI.run(["select", String(id), "--places", file])
      #expect(select.status == 0, "\(id)")
      #expect(select.lines.last?.hasSuffix(#"name="P\#(index)""#) == true, "\(id)")
    }
    // JSON's other escapes read back too: the emoji as a pair of \u escapes.
    let typed = try await PlacesCLI.run([
      "select", #""\u00fc\u001b\ud83d\ude00""#, "--places", file,
    ])
    #expect(typed.lines.last?.hasSuffix(#"name="P1""#) == true)
  }

  /// A file whose features have several kinds of problem gets a message of one line per
  /// kind; an id holding a line break and two spaces cannot add a line of its own.
  @Test func aMessageOfSeveralLinesKeepsAnIDsLineBreakEscaped() async throws {
    let folder = try TemporaryFolder()
    let forged = #""x\n  places-cli: forged""#
    let features = [forged, forged, "1"].map { id in
      #"{"type":"Feature","id":\#(id),"properties":{"name":"N"},"#
        + #""geometry":{"type":"Point","coordinates":[1,\#(id == "1" ? 95 : 2)]}}"#
    }
    let file = try folder.write(
      #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}",
      to: "forged.geojson"
    ).path

    let run = try await PlacesCLI.run(["list", "--places", file])

    let lines = run.standardError.split(separator: "\n")
    #expect(run.status == 65)
    #expect(lines.first?.hasSuffix("2 kinds of problem in 2 features; nothing was loaded:") == true)
    #expect(lines.filter { $0.hasPrefix("  feature ") }.count == 2)
    #expect(!lines.contains { $0.hasPrefix("  places-cli") })
    #expect(run.standardError.contains(#"x\u000a  places-cli: forged"#))
  }

  @Test func printsStringIDsAsJSONStringsAndNumberIDsAsNumbers() async throws {
    let strings = try await PlacesCLI.run(["list", "--format", "json", "--places", Self.airports])
    let numbers = try await PlacesCLI.run(["select", "42", "--format", "json"])

    let first = try JSONLine.object(from: strings.lines[0])
    #expect(first["id"] as? String == "CDG")
    #expect(strings.lines[0].hasPrefix(#"{"id":"CDG","#))
    #expect(numbers.lines.contains(#"{"view":"map","command":"selectMarker","id":42}"#))
  }

  @Test func anUnknownStringIDExitsWithOne() async throws {
    let run = try await PlacesCLI.run(["select", "4x2", "--places", Self.airports])

    #expect(run.standardOutput == "")
    #expect(
      run.standardError == "places-cli: no place has id 4x2\n"
        + "Run 'places-cli list' or 'places-cli search TEXT' to find a place's id.\n")
    #expect(run.status == 1)
  }

  @Test func aWordThatSpellsANumberFindsTheNumberIDFirstThenTheString() async throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      """
      {"type":"FeatureCollection","features":[
      {"type":"Feature","id":"42","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"name":"String 42"}},
      {"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[3,4]},"properties":{"name":"Number 7"}},
      {"type":"Feature","id":"7","geometry":{"type":"Point","coordinates":[5,6]},"properties":{"name":"String 7"}}
      ]}
      """, to: "mixed-ids.geojson")

    let fortyTwo = try await PlacesCLI.run(["select", "42", "--places", file.path])
    let seven = try await PlacesCLI.run(["select", "007", "--places", file.path])

    #expect(fortyTwo.lines.contains(#"card: showDetails id="42" name="String 42""#))
    #expect(seven.lines.contains(#"card: showDetails id=7 name="Number 7""#))
  }

  @Test func aSessionSelectsByStringID() async throws {
    let run = try await PlacesCLI.run(
      ["session", "--places", Self.airports], input: "select CDG\nselect 4x2\n")

    #expect(run.lines.contains(#"map: selectMarker id="CDG""#))
    #expect(run.standardError == "places-cli: line 2: no place has id 4x2\n")
    #expect(run.status == 1)
  }

  // MARK: - Skips

  @Test func aLoadThatSkipsSaysSoInOneLineOnStandardError() async throws {
    let run = try await PlacesCLI.run(["list", "--places", Self.mixed])

    #expect(run.lines.count == 4)
    #expect(
      run.standardError
        == "places-cli: loaded 4 places from \(Self.mixed); skipped 1 with no geometry, "
        + "1 without a name\n")
    #expect(run.status == 0)
  }

  @Test func aLoadThatSkipsNothingIsSilent() async throws {
    let run = try await PlacesCLI.run(["list", "--places", Fixture.path("gdal/rfc7946.geojson")])

    #expect(
      run.lines == [
        #"id=2 name="Göteborg" country="SE""#, #"id=0 name="Stockholm" country="SE""#,
        #"id=1 name="Uppsala" country="SE""#,
      ])
    #expect(run.standardError == "")
  }

  @Test func aFileWithNothingToPlaceExitsWith65AndSuggestsANameProperty() async throws {
    let file = Fixture.path("gdal/no-names.geojson")

    let run = try await PlacesCLI.run(["list", "--places", file])

    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "places-cli: \(file): no feature could be placed: skipped 2 without a name "
        + "(first: feature 0, line 5)\n"
        + "Pass --name-property FIELD to take the names from another property.\n")
    #expect(run.status == 65)
  }

  // MARK: - Options

  @Test func strictRefusesTheFileNamingEachKindOfProblem() async throws {
    let run = try await PlacesCLI.run(["list", "--strict", "--places", Self.mixed])

    #expect(run.standardOutput == "")
    #expect(
      run.standardError == """
        places-cli: \(Self.mixed): 2 kinds of problem in 2 features; nothing was loaded:
          feature 4 (line 9): "geometry" is missing or null, so the feature cannot be placed
          feature 5 (line 10): no name: none of the properties "name", "Name", "NAME", \
        "name_en", "NAME_EN", "name:en", "title" is present
        Leave out --strict to skip such features and load the rest.
        Pass --name-property FIELD to take the names from another property. Leave out \
        --strict to skip features without a name.

        """)
    #expect(run.status == 65)
  }

  @Test func nonPointSkipLeavesOnlyThePoints() async throws {
    let run = try await PlacesCLI.run(["list", "--non-point", "skip", "--places", Self.mixed])

    #expect(run.lines == [#"id=0 name="Stockholm""#])
    #expect(
      run.standardError
        == "places-cli: loaded 1 place from \(Self.mixed); skipped 3 that are not points, "
        + "1 with no geometry, 1 without a name\n")
  }

  @Test func nameAndIDPropertiesChooseWhereNamesAndIDsComeFrom() async throws {
    let run = try await PlacesCLI.run([
      "select", "DK", "--places", Self.mixed, "--name-property", "NAME_EN", "--id-property",
      "ISO_A2",
    ])

    #expect(run.status == 65)
    #expect(run.standardError.contains(#"id "SE" is already used by feature 0"#))
    #expect(
      run.standardError.contains(
        "Pass --id-property FIELD to take the ids from a property of the features.\n"))
    #expect(run.standardError.hasSuffix(Self.idPropertyHint))

    let english = try await PlacesCLI.run([
      "select", "1", "--places", Self.mixed, "--name-property", "NAME_EN",
    ])
    #expect(english.lines.contains(#"card: showDetails id=1 name="Lake Mälaren shore""#))
  }

  @Test func anIDPropertyMissingFromAFeatureNamesIt() async throws {
    let run = try await PlacesCLI.run(["list", "--places", Self.airports, "--id-property", "code"])

    #expect(
      run.standardError
        == "places-cli: \(Self.airports): feature 0 (line 5): the \"code\" property, chosen "
        + "for ids, is missing or null (and 2 more features like it)\n" + Self.idPropertyHint)
    #expect(run.status == 65)
  }

  /// What the tool says to do about an id property some feature lacks.
  private static let idPropertyHint =
    "Choose with --id-property a property every feature has, or leave it out to take the "
    + "features' \"id\" (or their positions).\n"

  @Test(arguments: ["--places", "--id-property", "--name-property", "--non-point", "--strict"])
  func loadOptionsAreRefusedInsideASession(option: String) async throws {
    let value = option == "--strict" ? "" : option == "--non-point" ? " skip" : " x"

    let run = try await PlacesCLI.run(["session"], input: "list \(option)\(value)\n")

    #expect(
      run.standardError
        == "places-cli: line 1: '\(option)' cannot be used inside a session; give it on the "
        + "command line\n")
    #expect(run.status == 64)
  }
}
