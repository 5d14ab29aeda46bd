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
}
