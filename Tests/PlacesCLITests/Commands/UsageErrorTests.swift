import Testing

struct UsageErrorTests {
  @Test(arguments: [
    (["select", "4x2"], "invalid id '4x2': expected an integer"),
    (["select"], "'select' needs the argument ID"),
    (["select", "1", "2"], "unexpected argument '2' for 'select'"),
    (["locate", "91", "0"], "latitude 91.0 is not a finite number in -90...90"),
    (["locate", "0", "181"], "longitude 181.0 is not a finite number in -180...180"),
    (["locate", "north", "0"], "invalid latitude 'north': expected a number in degrees"),
    (["locate", "59"], "'locate' needs the argument LON"),
    (["deselect", "42"], "unexpected argument '42' for 'deselect'"),
    (["camera", "48.8", "2.3"], "'camera' needs the argument ZOOM"),
    (["camera", "48.8", "2.3", "near"], "invalid zoom 'near': expected a number from 0 to 24"),
    (["camera", "48.8", "2.3", "25"], "zoom 25.0 is not a finite number in 0...24"),
    (["camera", "48.8", "2.3", "-1"], "zoom -1.0 is not a finite number in 0...24"),
    (["camera", "95", "2.3", "4"], "latitude 95.0 is not a finite number in -90...90"),
    (["camera", "48.8", "2.3", "4", "5"], "unexpected argument '5' for 'camera'"),
    (
      ["frobnicate"],
      "unknown command 'frobnicate': expected one of select, deselect, locate, camera, list, session, "
        + "search, browse, help"
    ),
    (
      [],
      "missing command: expected one of select, deselect, locate, camera, list, session, search, "
        + "browse, help"
    ),
    (["select", "42", "--frob"], "unknown option '--frob'"),
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
    (["list", "--near", "91,0"], "latitude 91.0 is not a finite number in -90...90"),
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
  func usageErrorExitsWith64AndNamesTheProblem(arguments: [String], message: String) throws {
    let run = try PlacesCLI.run(arguments)

    #expect(run.standardOutput == "")
    #expect(
      run.standardError == "places-cli: \(message)\nRun 'places-cli --help' for usage.\n")
    #expect(run.status == 64)
  }

  @Test func aRepeatedFlagIsAccepted() throws {
    let run = try PlacesCLI.run(["--strict", "list", "--strict"])

    #expect(run.status == 0)
  }

  @Test func usageIsCheckedBeforeDataIsRead() throws {
    let run = try PlacesCLI.run(["--places", "/nonexistent/places.geojson", "select", "1", "2"])

    #expect(run.status == 64)
  }

  /// Whether `4x2` can be an id depends on the catalog (string ids), so it is checked once the
  /// places are loaded: a missing file is reported first.
  @Test func anIDThatIsNotANumberIsCheckedAgainstTheLoadedCatalog() throws {
    let run = try PlacesCLI.run(["--places", "/nonexistent/places.geojson", "select", "4x2"])

    #expect(run.status == 66)
  }
}
