import Testing

@testable import places_cli

/// `--cluster-by-category`: a flag of the commands that show the map, on the command line only.
struct ClusterByCategoryOptionTests {
  private static func parse(_ words: [String], context: CommandLineParser.Context = .commandLine)
    -> Invocation?
  {
    try? CommandLineParser(context: context).parse(words)
  }

  @Test func theFlagAsksTheMapToClusterByCategory() throws {
    #expect(try #require(Self.parse(["--cluster-by-category", "session"])).clustersByCategory)
    #expect(
      try #require(Self.parse(["camera", "59.8", "17.6", "5", "--cluster-by-category"]))
        .clustersByCategory)
    #expect(try #require(Self.parse(["session"])).clustersByCategory == false)
  }

  @Test func theFlagIsRefusedWhereNoMapIsShownAndInASession() {
    #expect(Self.parse(["list", "--cluster-by-category"]) == nil)
    #expect(Self.parse(["search", "x", "--cluster-by-category"]) == nil)
    #expect(Self.parse(["session", "--cluster-by-category"], context: .session) == nil)
  }

  @Test func theFlagReachesTheMapWhoseClustersThenHoldOneCategoryEach() async throws {
    let across = try await PlacesCLI.run(["camera", "20", "0", "1"])
    let within = try await PlacesCLI.run(["camera", "20", "0", "1", "--cluster-by-category"])

    let shown = { (run: PlacesCLI.Run) in run.lines.first { $0.hasPrefix("map: showMarkers") } }
    // The 200 built-in places are 180 cities and 20 airports: kept apart, they make more
    // clusters.
    #expect(shown(across) == "map: showMarkers count=3 clusters=3")
    #expect(shown(within) == "map: showMarkers count=7 clusters=7")
    #expect(within.status == 0)
  }
}
