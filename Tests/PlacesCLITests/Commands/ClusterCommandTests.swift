import Foundation
import Testing

struct ClusterCommandTests {
  /// A market of `count` stalls at one coordinate, ids 1 to `count`, stall 7 the most
  /// populous (so the cluster is `LEVEL/7`), and Berlin far away, as a GeoJSON file.
  private static func market(_ count: Int, in folder: TemporaryFolder) throws -> URL {
    let stalls = (1...count).map { index in
      let population = index == 7 ? 1_000 : index % 50
      return """
        {"type":"Feature","id":\(index),"geometry":{"type":"Point","coordinates":[2.3522,48.8566]},\
        "properties":{"name":"Stall \(index)","population":\(population)}}
        """
    }
    let berlin = """
      {"type":"Feature","id":10000,"geometry":{"type":"Point","coordinates":[13.405,52.52]},\
      "properties":{"name":"Berlin"}}
      """
    let text = """
      {"type":"FeatureCollection","features":[\((stalls + [berlin]).joined(separator: ","))]}
      """
    return try folder.write(text, to: "market.geojson")
  }

  @Test func twoHundredPlacesAtOneSpotSpreadOverPagesThatReachEveryPlace() async throws {
    let folder = try TemporaryFolder()
    let file = try Self.market(200, in: folder)
    var input = "camera 48.8566 2.3522 16\ntap-cluster 16/7\n"
    for page in 1..<10 {
      input += "tap-cluster 16/7 --page \(page)\n"
    }
    input += "cluster 16/7\ncamera 48.8566 2.3522 15\n"

    let run = try await PlacesCLI.run(
      ["session", "--places", file.path, "--format", "json"], input: input)

    let objects = try run.lines.map(JSONLine.object(from:))
    let spreads = objects.filter { $0["command"] as? String == "spreadMarkers" }
    let first = try #require(spreads.first)
    let pageCount = try #require(first["pages"] as? Int)
    #expect(pageCount >= 2 && pageCount < 10)
    #expect(spreads.count == pageCount)
    #expect(first["total"] as? Int == 200)
    var spreadIDs: [Int] = []
    for spread in spreads {
      let markers = try #require(spread["markers"] as? [[String: Any]])
      spreadIDs += markers.compactMap { $0["id"] as? Int }
      let offsets = markers.map { ($0["dx"] as? Double ?? 0, $0["dy"] as? Double ?? 0) }
      for (index, first) in offsets.enumerated() {
        // Offsets are printed to a tenth of a point: 44 points apart, less the rounding.
        #expect((first.0 * first.0 + first.1 * first.1).squareRoot() >= 43.9)
        for second in offsets[(index + 1)...] {
          let distance =
            ((first.0 - second.0) * (first.0 - second.0)
            + (first.1 - second.1) * (first.1 - second.1)).squareRoot()
          #expect(distance >= 43.85)
        }
      }
    }
    #expect(Set(spreadIDs) == Set(1...200))
    #expect(spreadIDs.count == 200)
    #expect(spreadIDs.first == 7)
    // The pages past the last are refused, each on its line.
    #expect(
      run.standardError.components(separatedBy: "\n").filter { $0.contains("no spread page") }
        .count == 10 - pageCount)
    #expect(run.status == 64)
    // `cluster` lists the same places in the same order.
    let summary = try #require(objects.first { $0["event"] as? String == "cluster" })
    #expect(summary["coincident"] as? Bool == true)
    #expect(summary["splitZoom"] as? Double == 17)
    #expect(summary["count"] as? Int == 200)
    let listed = objects.compactMap {
      $0["event"] == nil && $0["view"] == nil ? $0["id"] as? Int : nil
    }
    #expect(listed == spreadIDs)
    // The camera move gathers the spread.
    let gather = try #require(objects.last)
    #expect(gather["command"] as? String == "gatherSpreadMarkers")
    #expect(gather["cluster"] as? String == "16/7")
  }

  @Test func aSpreadMarkerSelectsItsPlace() async throws {
    let folder = try TemporaryFolder()
    let file = try Self.market(5, in: folder)

    let run = try await PlacesCLI.run(
      ["session", "--places", file.path],
      input: "camera 48.8566 2.3522 16\ntap-cluster 16/5\nselect 3\n")

    #expect(
      run.lines.contains {
        $0.hasPrefix("map: spreadMarkers cluster=16/5 ")
          && $0.contains("markers=5 page=0 pages=1 pageSize=5 total=5")
      })
    #expect(run.lines.contains("map: selectMarker id=3"))
    #expect(!run.lines.contains { $0.hasPrefix("map: gatherSpreadMarkers") })
    #expect(run.status == 0)
  }

  @Test func clusterPrintsItsPlacesFromAnOffset() async throws {
    let run = try await PlacesCLI.run(["cluster", "0/57", "--offset", "1", "--limit", "2"])

    #expect(
      run.lines == [
        "cluster cluster=0/57 at=34.52966260350515,45.123282498680055 count=135 "
          + "representative=57 splitZoom=1.0 coincident=false categories=2 offset=1 shown=2",
        "id=56 name=\"Beijing\" country=\"CN\" population=18960744",
        "id=59 name=\"Shenzhen\" country=\"CN\" population=17494398",
      ])
    #expect(run.status == 0)
  }

  /// A cluster's identity names its representative's id as the file gives it: printed bare in
  /// text, with its control and bidirectional characters escaped.
  @Test func aClustersIdentityIsPrintedEscaped() async throws {
    let folder = try TemporaryFolder()
    let stalls = ["\u{1B}[2J\u{202E}", "b", "c"].enumerated().map { index, id in
      #"{"type":"Feature","id":""# + (index == 0 ? #"\u001b[2J\u202e"# : id) + #"","#
        + #""geometry":{"type":"Point","coordinates":[2.35,48.85]},"#
        + #""properties":{"name":"Stall","population":\#(100 - index)}}"#
    }
    let file = try folder.write(
      #"{"type":"FeatureCollection","features":["# + stalls.joined(separator: ",") + "]}",
      to: "stalls.geojson")

    let run = try await PlacesCLI.run(
      ["cluster", "16/\u{1B}[2J\u{202E}", "--places", file.path])

    #expect(run.status == 0)
    #expect(run.lines.first?.hasPrefix(#"cluster cluster=16/\u001b[2J\u202e at="#) == true)
    #expect(!run.standardOutput.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
  }

  @Test func tapOnASplittingClusterFliesToItsSplitZoom() async throws {
    let run = try await PlacesCLI.run(["tap-cluster", "0/57"])

    #expect(
      Array(run.lines.suffix(2)) == [
        "map: moveCamera to=34.52966260350515,45.123282498680055 zoom=1.0 animated=true",
        "map: updateMarkers added=9 removed=3 count=9 clusters=9 split=9 merged=0",
      ])
    #expect(run.status == 0)
  }

  /// A command line that is refused: its words, the start of its message and its status.
  struct BadCommand: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    let status: Int32

    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badCommands: [BadCommand] = [
    BadCommand(
      arguments: ["tap-cluster", "3/57"], message: "places-cli: no cluster 3/57 is on the map",
      status: 1),
    BadCommand(
      arguments: ["cluster", "0/99999"], message: "places-cli: no cluster 0/99999 is on the map",
      status: 1),
    // A level deeper than the map's is no cluster on it, not a malformed identity.
    BadCommand(
      arguments: ["cluster", "100/57"], message: "places-cli: no cluster 100/57 is on the map",
      status: 1),
    BadCommand(
      arguments: ["tap-cluster", "99999999999999999999/57"],
      message: "places-cli: invalid cluster '99999999999999999999/57': expected LEVEL/ID as the "
        + "map prints it, for example 16/42", status: 64),
    BadCommand(
      arguments: ["tap-cluster", "57"],
      message: "places-cli: invalid cluster '57': expected LEVEL/ID as the map prints it, "
        + "for example 16/42", status: 64),
    BadCommand(
      arguments: ["cluster", "x/57"],
      message: "places-cli: invalid cluster 'x/57': expected LEVEL/ID as the map prints it, "
        + "for example 16/42", status: 64),
    BadCommand(
      arguments: ["tap-cluster", "0/57", "--page", "1"],
      message: "places-cli: no spread page 1: no spread is shown (a tap spreads a cluster "
        + "whose places lie at one spot)", status: 64),
    BadCommand(
      arguments: ["cluster", "0/57", "--offset", "-1"],
      message: "places-cli: invalid value '-1' for '--offset': expected a whole number from 0 "
        + "to 9223372036854775807", status: 64),
    BadCommand(
      arguments: ["cluster", "0/57", "--offset", "9223372036854775808"],
      message: "places-cli: invalid value '9223372036854775808' for '--offset': expected a "
        + "whole number from 0 to 9223372036854775807", status: 64),
  ]

  @Test(arguments: badCommands)
  func badClusterCommandsSaySo(command: BadCommand) async throws {
    let run = try await PlacesCLI.run(command.arguments)

    #expect(run.standardError.hasPrefix(command.message))
    #expect(run.status == command.status)
    #expect(run.standardOutput.isEmpty)
    // A cluster not on the map: the next line says where the clusters' identities are shown.
    if command.message.hasSuffix("is on the map") {
      #expect(run.standardError.contains("\nWith --format json the map's markers are listed"))
    }
  }

  @Test func helpExamplesOfTheClusterCommandsRun() async throws {
    let spread = try await PlacesCLI.run(
      ["session"],
      input: """
        add 9001 48.8566 2.3522 "Stall 1"
        add 9002 48.8566 2.3522 "Stall 2"
        add 9003 48.8566 2.3522 "Stall 3"
        camera 48.8566 2.3522 16
        tap-cluster 16/9001

        """)
    let help = try await PlacesCLI.run(["help", "tap-cluster"])

    let line = try #require(spread.lines.last)
    #expect(help.standardOutput.contains("  " + line + "\n"))
    #expect(try await PlacesCLI.run(["cluster", "0/57", "--limit", "5"]).status == 0)
    #expect(
      try await PlacesCLI.run([
        "cluster", "0/57", "--offset", "5", "--limit", "5", "--format", "json",
      ])
      .status == 0)
  }
}
