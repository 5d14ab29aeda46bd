import Foundation
import Testing

struct CameraCommandTests {
  @Test func cameraSendsOnlyTheMarkersOfTheNewRegion() async throws {
    let run = try await PlacesCLI.run(["camera", "48.86", "2.35", "11"])

    // Paris alone is in view at city zoom, split from the world's cluster it was in; the three
    // clusters of the world go.
    #expect(
      run.lines == SelectCommandTests.startUp + [
        "map: updateMarkers added=1 removed=3 count=1 clusters=0 split=1 merged=0"
      ])
    #expect(run.status == 0)
  }

  @Test func cameraInJSONListsEveryMarkerAddedAndRemoved() async throws {
    let run = try await PlacesCLI.run(["camera", "48.86", "2.35", "11", "--format", "json"])

    let update = try JSONLine.object(from: try #require(run.lines.last))
    #expect(update["command"] as? String == "updateMarkers")
    let added = try #require(update["added"] as? [[String: Any]])
    #expect(added.count == 1)
    #expect(added.first?["id"] as? Int == 2)
    #expect(added.first?["name"] as? String == "Paris")
    #expect(added.first?["count"] as? Int == 1)
    // It split from a cluster of the world view, named as that marker names itself.
    let from = try #require(added.first?["from"] as? [String: Any])
    #expect((from["cluster"] as? String)?.hasPrefix("0/") == true)
    let removed = try #require(update["removed"] as? [[String: Any]])
    #expect(removed.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 200)
    #expect(removed.allSatisfy { $0["cluster"] is String && $0["latitude"] is Double })
  }

  @Test func sessionCarriesTheCameraToTheNextSelection() async throws {
    let input = """
      camera 59.33 18.07 4
      select 42

      """

    let run = try await PlacesCLI.run(["session"], input: input)

    let lines = Array(run.lines.dropFirst(SelectCommandTests.startUp.count))
    let firstUpdate = try #require(lines.first)
    #expect(firstUpdate.hasPrefix("map: updateMarkers "))
    #expect(
      lines.dropFirst().first == "map: moveCamera to=59.32938,18.06871 zoom=4.0 animated=true")
    #expect(lines.contains("map: selectMarker id=42"))
    #expect(lines.last?.hasPrefix("card: showDetails id=42") == true)
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: CameraCommandTests.worldFile),
      "needs ../shared/data/places-world.geojson beside the package"))
  func selectInTheWorldFilePrintsAHandfulOfLines() async throws {
    // Loading 170,391 places and building the map's cluster hierarchy takes seconds in a debug
    // build and minutes under the sanitizers: a longer limit than the default minute.
    let run = try await PlacesCLI.run(
      ["--places", Self.worldFile, "select", "2643743"], timeLimit: 900)

    #expect(run.status == 0)
    #expect(run.lines.count < 12)
    #expect(run.lines.contains("list: reloadRows count=170391 order=name"))
    #expect(run.lines.contains("map: selectMarker id=2643743"))
    #expect(
      run.lines.last
        == #"card: showDetails id=2643743 name="London" country="GB" category="city" population=8961989"#
    )
  }

  static let worldFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("../shared/data/places-world.geojson")
    .standardizedFileURL.path
}
