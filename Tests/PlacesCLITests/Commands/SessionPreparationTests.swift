import PlacesModel
import Testing

@testable import places_cli

/// A session builds the indexes its views' first screen reads before its first line, so that
/// no line waits for one.
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

  /// The builds the catalog made after `prepares` (or not) and one edit of a place's position:
  /// every index the views read derived from the catalog before the edit, none built anew.
  private static func buildsAfterAMove(prepares: Bool) throws -> Int {
    let runner = try CommandRunner(places: try places(), source: "test", format: .text)
    runner.start()
    if prepares { runner.prepareFirstScreen() }
    _ = try runner.run(.move("7", try Coordinate(latitude: 6.5, longitude: 3.1)))
    return runner.places.indexBuildCount
  }

  @Test func theFirstEditOfAPreparedSessionBuildsNoIndex() throws {
    #expect(try Self.buildsAfterAMove(prepares: true) == 0)
  }

  /// The control: without the preparation, the list's first edit builds the order by name.
  @Test func theFirstEditOfAnUnpreparedSessionBuildsTheOrderByName() throws {
    #expect(try Self.buildsAfterAMove(prepares: false) == 1)
  }
}
