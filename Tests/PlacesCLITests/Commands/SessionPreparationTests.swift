import PlacesModel
import Testing

@testable import places_cli

/// A session builds the list's order by name before its first line, so that no line waits for
/// it.
struct SessionPreparationTests {
  /// Places along a line, named out of their order, so that the order by name is not the
  /// catalog's.
  private static func places() throws -> [Place] {
    try (0..<40).map { index in
      Place(
        id: PlaceID(index + 1), name: "Place \(39 - index)",
        coordinate: try Coordinate(latitude: Double(index), longitude: Double(index) / 2))
    }
  }

  @Test func aSessionBuildsTheOrderByNameBeforeItReadsItsFirstLine() throws {
    let runner = try CommandRunner(places: try Self.places(), source: "test", format: .text)
    var buildsAtFirstRead: Int?
    // A rename: a move would build no order, prepared or not.
    var lines = ["rename 7 Aaaa"].makeIterator()
    let tool = PlacesTool(
      standardOutput: TextOutput { _ in }, standardError: TextOutput { _ in },
      readLine: {
        if buildsAtFirstRead == nil { buildsAtFirstRead = runner.catalog.indexBuildCount }
        return lines.next()
      })

    let status = Session(runner: runner, tool: tool).run()

    #expect(status == .success)
    // The map's clusters, built as its view model started, and the list's order by name.
    #expect(buildsAtFirstRead == 2)
    // The edit's catalog derived both from the catalog before it: it built nothing.
    #expect(runner.catalog.indexBuildCount == 0)
  }

  /// The control: without the preparation, the first edit that moves a row (a rename)
  /// builds the order by name; a move, which keeps every row as it looks, builds none.
  @Test func theFirstRenameOfAnUnpreparedRunnerBuildsTheOrderByName() throws {
    let runner = try CommandRunner(places: try Self.places(), source: "test", format: .text)
    runner.start()
    #expect(runner.catalog.indexBuildCount == 1)  // The map's clusters.

    _ = try runner.run(.move("7", try Coordinate(latitude: 6.5, longitude: 3.1)))
    #expect(runner.catalog.indexBuildCount == 0)

    _ = try runner.run(.rename("7", name: "Aaaa"))
    #expect(runner.catalog.indexBuildCount == 1)  // The new catalog's order by name.
  }
}
