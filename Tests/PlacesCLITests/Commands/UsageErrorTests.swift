import Testing

struct UsageErrorTests {
  @Test(arguments: [
    (["select", "4x2"], "invalid id '4x2': expected an integer"),
    (["select"], "'select' needs the argument ID"),
    (["select", "1", "2"], "unexpected argument '2' for 'select'"),
    (["locate", "91", "0"], "latitude 91 is out of range: expected -90 to 90"),
    (["locate", "0", "181"], "longitude 181 is out of range: expected -180 to 180"),
    (["locate", "north", "0"], "invalid latitude 'north': expected a number in degrees"),
    (["locate", "59"], "'locate' needs the argument LON"),
    (["deselect", "42"], "unexpected argument '42' for 'deselect'"),
    (["camera", "48.8", "2.3"], "'camera' needs the argument ZOOM"),
    (["camera", "48.8", "2.3", "near"], "invalid zoom 'near': expected a number from 0 to 24"),
    (["camera", "48.8", "2.3", "25"], "zoom 25 is out of range: expected 0 to 24"),
    (["camera", "48.8", "2.3", "-1"], "zoom -1 is out of range: expected 0 to 24"),
    (["camera", "95", "2.3", "4"], "latitude 95 is out of range: expected -90 to 90"),
    (["camera", "48.8", "2.3", "4", "5"], "unexpected argument '5' for 'camera'"),
    (
      ["frobnicate"],
      "unknown command 'frobnicate': expected one of select, deselect, locate, camera, list, session, "
        + "search, add, move, rename, remove, filter, tap-cluster, cluster, browse, help"
    ),
    (
      [],
      "missing command: expected one of select, deselect, locate, camera, list, session, search, "
        + "add, move, rename, remove, filter, tap-cluster, cluster, browse, help"
    ),
    (["select", "42", "--frob"], "unknown option '--frob'; did you mean '--from'?"),
    (["select", "42", "--bogus"], "unknown option '--bogus'"),
    (
      ["locate", "0", "-inf"],
      "unknown option '-inf'; to give an argument that starts with '-', put '--' before the "
        + "arguments"
    ),
    (["locate", "0", "--", "-inf"], "invalid longitude '-inf': expected a number in degrees"),
    (["cluster"], "'cluster' needs the argument LEVEL/ID"),
    (["tap-cluster"], "'tap-cluster' needs the argument LEVEL/ID"),
    (["list", "--plcaes", "x"], "unknown option '--plcaes'; did you mean '--places'?"),
    (["selct", "42"], "unknown command 'selct'; did you mean 'select'?"),
    (["locate", "1e400", "0"], "latitude 1e400 is out of range: expected -90 to 90"),
    (["locate", "59.3,18.0,4"], "unexpected argument '4' for 'locate'"),
    (["camera", "59.3,18.0"], "'camera' needs the argument ZOOM"),
    (
      ["list", "--limit", "0"],
      "invalid value '0' for '--limit': expected a whole number from 1 to 9223372036854775807"
    ),
    (
      ["list", "--places", ""],
      "invalid value '' for '--places': expected the path of a GeoJSON file"
    ),
    (["browse", "--format", "json"], "option '--format' does not apply to 'browse'"),
    (
      ["select", "42", "--format", "xml"],
      "invalid value 'xml' for '--format': expected text or json"
    ),
    (
      ["select", "42", "--from", "sky"],
      "invalid value 'sky' for '--from': expected map, list or search"
    ),
    (["select", "42", "--places"], "option '--places' needs a value"),
    (["list", "--from", "map"], "option '--from' does not apply to 'list'"),
    (["select", "42", "--near", "1,2"], "option '--near' does not apply to 'select'"),
    (
      ["list", "--near", "59.3"],
      "invalid value '59.3' for '--near': expected LAT,LON, for example 59.33,18.07"
    ),
    (["list", "--near", "91,0"], "latitude 91 is out of range: expected -90 to 90"),
    (["--version=2"], "option '--version' takes no value, but was given '2'"),
    (["--strict=yes", "list"], "option '--strict' takes no value, but was given 'yes'"),
    (
      ["select", "1", "--format", "json", "--format", "text"],
      "option '--format' is given more than once; give it once"
    ),
    (
      ["--from=map", "select", "1", "--from", "list"],
      "option '--from' is given more than once; give it once"
    ),
    (
      ["list", "--non-point", "round"],
      "invalid value 'round' for '--non-point': expected centre or skip"
    ),
    (["list", "--id-property="], "invalid value '' for '--id-property': expected a property name"),
    (["list", "--name-property"], "option '--name-property' needs a value"),
  ])
  func usageErrorExitsWith64AndNamesTheProblem(arguments: [String], message: String) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("places-cli: \(message)\nRun 'places-cli "))
    #expect(run.status == 64)
  }

  @Test(arguments: [
    (["select"], "Run 'places-cli help select' for usage."),
    (["--places", "list", "camera", "1", "2"], "Run 'places-cli help camera' for usage."),
    (["--from=map", "select", "1", "--from", "list"], "Run 'places-cli help select' for usage."),
    (["frobnicate"], "Run 'places-cli --help' for usage."),
    ([], "Run 'places-cli --help' for usage."),
    (["help", "frobnicate"], "Run 'places-cli --help' for usage."),
  ])
  func aUsageErrorPointsToTheHelpOfItsCommand(arguments: [String], hint: String) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.standardError.hasSuffix("\n" + hint + "\n"))
    #expect(run.status == 64)
  }

  @Test(arguments: [
    ["locate", "59.3", "18.0"], ["locate", "59.3,18.0"], ["locate", "59.3, 18.0"],
    ["locate", "59.3,", "18.0"],
  ])
  func aCoordinateIsTakenWithOrWithoutAComma(arguments: [String]) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.status == 0)
    #expect(
      run.standardOutput == (try await PlacesCLI.run(["locate", "59.3", "18.0"])).standardOutput)
  }

  @Test func cameraAndNearTakeTheCommaFormsToo() async throws {
    let camera = try await PlacesCLI.run(["camera", "59.3, 18.0", "4"])
    let near = try await PlacesCLI.run(["list", "--near", "59.3, 18.0", "--limit", "1"])

    #expect(camera.status == 0)
    #expect(
      camera.standardOutput
        == (try await PlacesCLI.run(["camera", "59.3", "18", "4"])).standardOutput)
    #expect(near.lines == [#"id=42 name="Stockholm" country="SE" distanceKm=5.1"#])
  }

  @Test func aRepeatedFlagIsAccepted() async throws {
    let run = try await PlacesCLI.run(["--strict", "list", "--strict"])

    #expect(run.status == 0)
  }

  @Test func usageIsCheckedBeforeDataIsRead() async throws {
    let run = try await PlacesCLI.run([
      "--places", "/nonexistent/places.geojson", "select", "1", "2",
    ])

    #expect(run.status == 64)
  }

  /// Whether `4x2` can be an id depends on the catalog (string ids), so it is checked once the
  /// places are loaded: a missing file is reported first.
  @Test func anIDThatIsNotANumberIsCheckedAgainstTheLoadedCatalog() async throws {
    let run = try await PlacesCLI.run(["--places", "/nonexistent/places.geojson", "select", "4x2"])

    #expect(run.status == 66)
  }
}
