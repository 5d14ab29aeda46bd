import PlacesModel
import PlacesWeb
import Testing

struct WebCommandLineTests {
  @Test func noOptionsServeTheSampleOnLoopbackWithoutEdits() throws {
    let options = WebOptions()
    #expect(try WebCommandLine.parse([]) == .serve(options))
    #expect(options.host == "127.0.0.1")
    #expect(options.port == 8080)
    #expect(!options.allowsEdits)
    #expect(options.placesSources.isEmpty)
    #expect(options.assetsDirectory == "/usr/share/javascript/leaflet")
  }

  @Test func everyOptionIsRead() throws {
    var expected = WebOptions()
    expected.placesSources = [.init(file: "world.geojson", options: .init())]
    expected.watchesPlacesFiles = true
    expected.host = "0.0.0.0"
    expected.port = 0
    expected.allowsEdits = true
    expected.assetsDirectory = "/tmp/leaflet"
    expected.sessionLimit = 3
    let parsed = try WebCommandLine.parse([
      "--places", "world.geojson", "--watch", "--host=0.0.0.0", "--port", "0", "--allow-edits",
      "--assets", "/tmp/leaflet", "--max-sessions", "3",
    ])
    #expect(parsed == .serve(expected))
    #expect(try WebCommandLine.parse(["--help"]) == .help)
  }

  @Test(arguments: [
    (["--prot", "80"], "unknown option '--prot'; did you mean '--port'?"),
    (["--port"], "option '--port' needs a value"),
    (
      ["--port", "http"],
      "invalid value 'http' for '--port': expected a port number from 0 to 65535"
    ),
    (
      ["--port", "70000"],
      "invalid value '70000' for '--port': expected a port number from 0 to 65535"
    ),
    (["--watch"], "option '--watch' applies only with '--places'"),
    (
      ["--allow-edits", "--allow-edits"],
      "option '--allow-edits' is given more than once; give it once"
    ),
    (["--watch=yes"], "option '--watch' takes no value, but was given 'yes'"),
    (["serve"], "unexpected argument 'serve': places-web takes options only"),
    (
      ["--max-sessions", "0"],
      "invalid value '0' for '--max-sessions': expected a whole number of at least 1"
    ),
  ])
  func mistakesAreNamed(arguments: [String], message: String) throws {
    let error = try #require(throws: WebUsageError.self) { try WebCommandLine.parse(arguments) }
    #expect(error.description == message)
    #expect(WebExitStatus(for: error) == .usage)
  }

  @Test func exitStatusesAreThoseOfPlacesCLI() {
    #expect(WebExitStatus(for: GeoJSONError.fileNotFound(file: "x")) == .missingData)
    #expect(WebExitStatus(for: GeoJSONError.empty(file: "x")) == .invalidData)
    #expect(
      WebExitStatus(
        for: CatalogLoadError(file: "x", error: .duplicateID(1, firstIndex: 0, secondIndex: 1)))
        == .invalidData)
    #expect(
      WebExitStatus(for: ListenError(address: "127.0.0.1:80", reason: "address already in use"))
        .rawValue == 69)
  }

  @Test func aMissingFileFailsToLoadAsMissing() {
    let error = #expect(throws: GeoJSONError.self) {
      try PlacesLoading.load(sources: [.init(file: "/nonexistent/places.geojson")])
    }
    #expect(error.map { WebExitStatus(for: $0) } == .missingData)
  }

  @Test func theSampleLoadsWithoutAFile() throws {
    let loaded = try PlacesLoading.load(sources: [])
    #expect(loaded.catalog.count == 200)
    #expect(loaded.skipNote == nil)
  }
}
