import Foundation
import Testing

struct PlacesFileTests {
  @Test func missingFileExitsWith66AndNamesIt() async throws {
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("missing.geojson").path

    let run = try await PlacesCLI.run(["select", "1", "--places", missing])

    #expect(run.standardOutput == "")
    #expect(
      run.standardError == "places-cli: \(missing): no such file\n"
        + "Check the path and that the file can be read, or leave out --places.\n")
    #expect(run.status == 66)
  }

  @Test func folderInsteadOfFileExitsWith66() async throws {
    let folder = try TemporaryFolder()

    let run = try await PlacesCLI.run(["select", "1", "--places", folder.url.path])

    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("places-cli: \(folder.url.path): cannot read the file"))
    #expect(run.status == 66)
  }

  @Test(arguments: [
    ("truncated.geojson", "malformed JSON"),
    ("latitude-out-of-range.geojson", "latitude 95.0 is out of range"),
  ])
  func badFileExitsWith65AndNamesIt(name: String, problem: String) async throws {
    let file = Fixture.path(name)

    let run = try await PlacesCLI.run(["--places", file, "select", "1"])

    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("places-cli: \(file)"))
    #expect(run.standardError.contains(problem))
    #expect(run.standardError.hasSuffix("\n"))
    #expect(run.status == 65)
  }

  @Test func emptyFileExitsWith65AndNamesIt() async throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("", to: "empty.geojson")

    let run = try await PlacesCLI.run(["--places", file.path, "select", "1"])

    #expect(run.standardOutput == "")
    #expect(
      run.standardError == "places-cli: \(file.path): the file is empty\n"
        + "The file must be GeoJSON: a FeatureCollection, a Feature, or one feature per line; "
        + "check that it was written whole, or export it again as GeoJSON.\n")
    #expect(run.status == 65)
  }

  @Test func theSampleFixtureIsTheBuiltInData() async throws {
    let builtIn = try await PlacesCLI.run(["list", "--format", "json"])
    let fixture = try await PlacesCLI.run(
      ["list", "--format", "json", "--places", Fixture.path("places-sample.geojson")])

    #expect(fixture.standardOutput == builtIn.standardOutput)
    #expect(fixture.status == 0)
  }

  @Test func placesFromFileReplaceBuiltInOnes() async throws {
    let run = try await PlacesCLI.run([
      "select", "1", "--places", Fixture.path("awkward-names.geojson"),
    ])

    // The marker updates are the map's business (MapViewModelTests); this test is about names.
    #expect(
      run.lines.filter { !$0.hasPrefix("map: updateMarkers") } == [
        "map: moveCamera to=0.0,0.0 zoom=0.0 animated=false",
        "map: showMarkers count=3 clusters=0",
        "list: reloadRows count=3 order=name",
        "map: moveCamera to=32.0,-97.0 zoom=0.0 animated=true",
        "map: selectMarker id=1",
        "list: highlightRow row=1",
        "list: scrollToRow row=1 animated=true",
        #"card: showDetails id=1 name="Fly \"N\" K Airport" country="US" category="airport""#,
      ])
    #expect(run.status == 0)
  }
}
