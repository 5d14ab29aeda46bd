import Foundation
import PlacesModel
import Testing

@testable import places_cli

/// `--places FILE` given more than once: one catalog, options scoped to their file, ids that
/// two files give, `--id-prefix`, and `--watch` following each file.
struct SeveralPlacesFilesTests {
  /// Two cities, ids 1 and 2.
  private static let cities = WatchedSession.geoJSON([
    (1, "Uppsala", 59.86, 17.64), (2, "Visby", 57.64, 18.30),
  ])
  /// Two airports whose ids, 1 and 2, are the cities' ids too.
  private static let airports = WatchedSession.geoJSON([
    (1, "Arlanda", 59.65, 17.92), (2, "Landvetter", 57.66, 12.29),
  ])

  private static func parse(_ words: [String]) throws(UsageError) -> Invocation {
    try CommandLineParser(context: .commandLine).parse(words)
  }

  private static func usageError(_ words: [String]) -> UsageError? {
    do {
      _ = try parse(words)
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Option scoping

  @Test func readingOptionsAfterAFileApplyToItAndThoseBeforeTheFirstToEvery() throws {
    let invocation = try Self.parse([
      "--name-property", "title", "--non-point", "skip", "--places", "a.geojson",
      "--id-property", "osm_id", "--non-point", "centre", "list", "--places", "b.geojson",
      "--id-prefix", "b:", "--strict",
    ])

    #expect(invocation.placesFiles == ["a.geojson", "b.geojson"])
    let a = try #require(invocation.placesSources.first?.options)
    let b = try #require(invocation.placesSources.last?.options)
    #expect(a.ids == .property("osm_id"))
    #expect(a.nameProperties == ["title"])
    #expect(a.nonPointGeometry == .boundingBoxCentre)
    #expect(a.idPrefix == "")
    #expect(b.ids == .feature)
    #expect(b.nameProperties == ["title"])
    #expect(b.nonPointGeometry == .skip)
    #expect(b.idPrefix == "b:")
    #expect(a.isStrict && b.isStrict, "--strict applies to every file wherever it is")
    #expect(invocation.readerOptions.nameProperties == ["title"])
    #expect(invocation.readerOptions.ids == .feature)
  }

  @Test func anOptionForEveryFileIsOverriddenByTheFilesOwn() throws {
    let invocation = try Self.parse([
      "--id-prefix", "all:", "--places", "a", "--places", "b", "--id-prefix", "b:", "list",
    ])

    #expect(invocation.placesSources.map { $0.options?.idPrefix } == ["all:", "b:"])
  }

  @Test func aReadingOptionMayBeGivenOnceForEachFileAndOnceBeforeThem() throws {
    #expect(
      Self.usageError([
        "--id-prefix", "x", "--places", "a", "--id-prefix", "y", "--places", "b", "--id-prefix",
        "z", "list",
      ]) == nil)
    #expect(
      Self.usageError(["--places", "a", "--id-prefix", "y", "--id-prefix", "z", "list"])
        == .repeatedOption("--id-prefix"))
    #expect(
      Self.usageError(["--format", "json", "--places", "a", "--format", "text", "list"])
        == .repeatedOption("--format"), "options that read no file are given once")
  }

  @Test func anIDPrefixWithNoFileToApplyToIsRefused() async throws {
    let error = Self.usageError(["list", "--id-prefix", "airport:"])

    #expect(error == .optionNeedsOption("--id-prefix", required: "--places"))
    #expect(error?.description == "option '--id-prefix' applies only with '--places'")
    let run = try await PlacesCLI.run(["--id-prefix", "airport:", "list"])
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
  }

  @Test func anEmptyPrefixOrFileIsRefused() throws {
    #expect(
      Self.usageError(["--places", "a", "--id-prefix", "", "list"])
        == .invalidValue("", option: "--id-prefix", expected: "text to write before ids"))
    #expect(
      Self.usageError(["--places", "a", "--places", "", "list"])
        == .invalidValue("", option: "--places", expected: "the path of a GeoJSON file"))
  }

  @Test func theReadingOptionsAreRefusedInASession() throws {
    #expect(
      (try? CommandLineParser(context: .session).parse(["list", "--id-prefix", "x"])) == nil)
  }

  // MARK: - Loading

  @Test func anIDTwoFilesGiveFailsWith65NamingBothFilesAndTheFeature() async throws {
    let folder = try TemporaryFolder()
    let cities = try folder.write(Self.cities, to: "cities.geojson").path
    let airports = try folder.write(Self.airports, to: "airports.geojson").path

    let run = try await PlacesCLI.run(["list", "--places", cities, "--places", airports])

    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "places-cli: \(airports): feature 0 (id 1): the id is already used by feature 0 of "
        + "\(cities); ids must be unique across files (and 1 more id like it); give one of the "
        + "files an id prefix\nPass --id-prefix TEXT after one file's --places FILE to keep its "
        + "ids apart, for example --id-prefix airport:.\n")
  }

  @Test func aPrefixedFileLoadsBesideTheOtherAndItsPlacesAreSelectedByTheirNewIDs() async throws {
    let folder = try TemporaryFolder()
    let cities = try folder.write(Self.cities, to: "cities.geojson").path
    let airports = try folder.write(Self.airports, to: "airports.geojson").path

    let list = try await PlacesCLI.run([
      "list", "--places", cities, "--places", airports, "--id-prefix", "airport:",
    ])
    let select = try await PlacesCLI.run([
      "select", "airport:1", "--places", cities, "--places", airports, "--id-prefix",
      "airport:",
    ])

    #expect(list.status == 0)
    #expect(
      list.lines == [
        #"id="airport:1" name="Arlanda""#, #"id="airport:2" name="Landvetter""#,
        #"id=1 name="Uppsala""#, #"id=2 name="Visby""#,
      ])
    #expect(select.status == 0)
    #expect(select.lines.last == #"card: showDetails id="airport:1" name="Arlanda""#)
  }

  @Test func eachFileSaysWhatItSkipped() async throws {
    let folder = try TemporaryFolder()
    let cities = try folder.write(Self.cities, to: "cities.geojson").path
    let unnamed =
      #"{"type":"FeatureCollection","features":[{"type":"Feature","id":7,"properties":{},"#
      + #""geometry":{"type":"Point","coordinates":[1,2]}},{"type":"Feature","id":8,"#
      + #""properties":{"name":"Eight"},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#
    let other = try folder.write(unnamed, to: "other.geojson").path

    let run = try await PlacesCLI.run(["list", "--places", cities, "--places", other])

    #expect(run.status == 0)
    #expect(
      run.standardError
        == "places-cli: loaded 1 place from \(other); skipped 1 without a name\n")
  }

  /// A file that holds no features loads as no places, and says so.
  @Test func aFileOfNoFeaturesSaysSo() async throws {
    let folder = try TemporaryFolder()
    let cities = try folder.write(Self.cities, to: "cities.geojson").path
    let empty = try folder.write(
      #"{"type":"FeatureCollection","features":[]}"#, to: "empty.geojson"
    ).path

    let run = try await PlacesCLI.run(["list", "--places", cities, "--places", empty])

    #expect(run.status == 0)
    #expect(run.lines.count == 2)
    #expect(
      run.standardError == "places-cli: loaded no places from \(empty): it holds no features\n")
  }

  /// The example in the tool's help, run in a folder holding the files it names.
  @Test func theHelpsExampleRunsAndFailsWithoutItsPrefix() async throws {
    let help = try await PlacesCLI.run(["--help"]).standardOutput
    let example = try #require(
      help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix("places-cli ") && $0.contains("--id-prefix") })
    let folder = try TemporaryFolder()
    try folder.write(Self.cities, to: "cities.geojson")
    try folder.write(Self.airports, to: "airports.geojson")
    let words = Array(try Session.words(of: example).dropFirst())

    let run = try await PlacesCLI.run(words, in: folder.url)
    let withoutPrefix = try await PlacesCLI.run(
      Array(words.prefix { $0 != "--id-prefix" }), in: folder.url)

    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.lines.count == 4)
    #expect(withoutPrefix.status == 65)
  }

  private static let sharedData = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("../shared/data").standardizedFileURL

  @Test(
    .enabled(
      if: FileManager.default.fileExists(
        atPath: sharedData.appendingPathComponent("places-airports.geojson").path)
        && FileManager.default.fileExists(
          atPath: sharedData.appendingPathComponent("places-world.geojson").path),
      "needs ../shared/data/places-world.geojson and places-airports.geojson"))
  func theWorldAndTheAirportsClashUntilTheAirportsArePrefixed() async throws {
    let world = Self.sharedData.appendingPathComponent("places-world.geojson").path
    let airports = Self.sharedData.appendingPathComponent("places-airports.geojson").path
    // Reading both and building the map's hierarchy takes seconds in a debug build and
    // minutes under the sanitizers: a longer limit than the default minute.
    let clash = try await PlacesCLI.run(
      ["--places", world, "--places", airports, "list", "--limit", "1"], timeLimit: 900)
    let prefixed = try await PlacesCLI.run(
      ["--places", world, "--places", airports, "--id-prefix", "airport:", "deselect"],
      timeLimit: 900)

    #expect(clash.status == 65)
    #expect(clash.standardError.hasPrefix("places-cli: \(airports): feature "))
    #expect(clash.standardError.contains("already used by feature "))
    #expect(clash.standardError.contains(" of \(world);"))
    #expect(clash.standardError.contains("(and 120 more ids like it)"))
    #expect(prefixed.status == 0)
    #expect(prefixed.lines.contains("list: reloadRows count=198689 order=name"))
  }

  // MARK: - Watching

  @Test func aChangeToOneFileIsReadAndAppliedAlone() throws {
    let session = try WatchedSession(file: Self.cities, other: Self.airports)
    let renamedAndGrown = WatchedSession.geoJSON([
      (1, "Arlanda T5", 59.65, 17.92), (2, "Landvetter", 57.66, 12.29),
      (3, "Bromma", 59.35, 17.94),
    ])
    let citiesGrown = WatchedSession.geoJSON([
      (1, "Uppsala", 59.86, 17.64), (2, "Visby", 57.64, 18.30), (9, "Lund", 55.70, 13.19),
    ])

    let status = session.run(
      [.writeOther(renamedAndGrown), .wait, .write(citiesGrown), .wait, .line("list")],
      otherOptions: ["--id-prefix", "airport:"])

    let other = try #require(session.otherFile).path
    #expect(
      session.lines.filter { $0.hasPrefix("reload ") } == [
        "reload file=\"\(other)\" inserted=1 updated=1 removed=0 reordered=false count=5",
        "reload file=\"\(session.file.path)\" inserted=1 updated=0 removed=0 reordered=true "
          + "count=6",
      ])
    #expect(
      session.lines.suffix(6) == [
        #"id="airport:1" name="Arlanda T5""#, #"id="airport:3" name="Bromma""#,
        #"id="airport:2" name="Landvetter""#, #"id=9 name="Lund""#, #"id=1 name="Uppsala""#,
        #"id=2 name="Visby""#,
      ])
    #expect(session.standardError == "")
    #expect(status == .success)
  }

  @Test func aReadThatItsWatchDropsLeavesNoTraceInTheOtherFilesReloads() throws {
    let folder = try TemporaryFolder()
    let cities = try folder.write(Self.cities, to: "cities.geojson")
    let airports = try folder.write(Self.airports, to: "airports.geojson")
    let files = PlacesFiles(
      for: try Self.parse([
        "list", "--places", cities.path, "--places", airports.path, "--id-prefix", "a:",
      ]))
    _ = try files.load()

    try folder.write(WatchedSession.geoJSON([(5, "Kiruna", 67.86, 20.23)]), to: "cities.geojson")
    _ = try files.reload(fileAt: 0)  // dropped: the file changed again while it was read
    try folder.write(WatchedSession.geoJSON([(3, "Bromma", 59.35, 17.94)]), to: "airports.geojson")
    let airportsChanged = try files.reload(fileAt: 1)
    files.acceptReload()
    let citiesChanged = try files.reload(fileAt: 0)

    #expect(airportsChanged.places.map(\.id) == [1, 2, "a:3"])
    #expect(citiesChanged.places.map(\.id) == [5, "a:3"])
  }

  @Test func aFileThatNowGivesAnotherFilesIDIsRefusedAndTheLastGoodPlacesKept() throws {
    let session = try WatchedSession(file: Self.cities, other: Self.airports)
    let clashing =
      #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a:1","#
      + #""properties":{"name":"Fake"},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#

    let status = session.run(
      [.write(clashing), .wait, .line("list")], otherOptions: ["--id-prefix", "a:"])

    let other = try #require(session.otherFile).path
    #expect(session.lines.filter { $0.hasPrefix("reload ") }.isEmpty)
    #expect(session.lines.suffix(4).count == 4)
    #expect(session.lines.last == #"id=2 name="Visby""#)
    #expect(
      session.standardError
        == "places-cli: reload: \(other): feature 0 (id \"a:1\"): the id is already used by "
        + "feature 0 of \(session.file.path); ids must be unique across files; give one of "
        + "the files an id prefix; keeping the last good places (4)\n")
    #expect(status == .invalidData)
  }
}
