import PlacesModel
import PlacesModelTestSupport
import Testing

/// A move changes no name and no population, so the name index that follows edits only notes
/// it: the small index of changed places does not grow, no full build comes closer, and every
/// answer near a location still ranks and measures each place where it is now.
struct NameIndexMoveTests {
  static func randomPlace(id: Int64, using generator: inout SplitMix64) -> Place {
    Place(
      id: PlaceID(id),
      name: CatalogNameIndexTests.names.randomElement(using: &generator) ?? "Sala",
      coordinate: randomCoordinate(using: &generator),
      population: Int.random(in: 0...3, using: &generator) * 100)
  }

  static func randomCoordinate(using generator: inout SplitMix64) -> Coordinate {
    .fixture(
      Double.random(in: -60...60, using: &generator),
      Double.random(in: -180...180, using: &generator))
  }

  /// Expects every query, near a location and not, to answer as a fresh index of `catalog`:
  /// the same places, kinds and distances.
  static func expectAnswersAsAFreshIndex(_ catalog: PlaceCatalog, step: Int) throws {
    let fresh = try PlaceCatalog(Array(catalog))
    let origins = [
      Coordinate.fixture(Double(step % 50), Double(step * 7 % 360 - 180)),
      .fixture(-Double(step % 40), Double(step * 13 % 360 - 180)),
    ]
    for query in CatalogNameIndexTests.queries {
      for near in [nil] + origins {
        for limit in [1, 7, 40] {
          let found = catalog.nameMatches(for: query, near: near, limit: limit)
          let expected = fresh.nameMatches(for: query, near: near, limit: limit)
          #expect(
            found.map(\.position) == expected.map(\.position)
              && found.map(\.kind) == expected.map(\.kind)
              && found.map(\.distance) == expected.map(\.distance),
            "step \(step): \(query) near \(String(describing: near)) limit \(limit)")
        }
      }
    }
  }

  @Test func aMoveLeavesTheChangedPlacesAsTheyAreAndIsNotedAsMoved() throws {
    var generator = SplitMix64(seed: 90)
    var catalog = try PlaceCatalog((0..<300).map { Self.randomPlace(id: $0, using: &generator) })
    _ = catalog.nameMatches(for: "sa", near: nil, limit: 5)
    for step in 0..<50 {
      let place = catalog[step * 5]
      catalog = try catalog.applying([
        .update(
          Place(
            id: place.id, name: place.name, coordinate: Self.randomCoordinate(using: &generator),
            category: place.category, population: place.population))
      ]).catalog
      #expect(catalog.nameIndex.changedPlaceCount == 0)
      #expect(catalog.nameIndex.movedPlaceCount == step + 1)
    }
    try Self.expectAnswersAsAFreshIndex(catalog, step: 0)
    #expect(catalog.indexBuildCount == 0)
  }

  /// Mostly moves, some of places renamed or inserted before (which the small index holds),
  /// some removed after moving, some renames and population changes: checked against a fresh
  /// index throughout, past the moved places' threshold (4,096), whose full build is then
  /// taken.
  @Test(arguments: [91, 92] as [UInt64])
  func randomMovesAnswerAsAFreshIndexThroughAFullBuild(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let count = 5_000
    var catalog = try PlaceCatalog(
      (0..<Int64(count)).map { Self.randomPlace(id: $0, using: &generator) })
    _ = catalog.nameMatches(for: "sa", near: nil, limit: 5)
    // Moves take the places in this order, so that the moved ones pass the threshold.
    let moveOrder = (0..<Int64(count)).map { PlaceID($0) }.shuffled(using: &generator)
    var nextMove = 0
    var nextID: Int64 = 100_000
    var mostMoved = 0
    for step in 0..<5_200 {
      let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
      var edit: PlaceEdit
      switch Int.random(in: 0..<100, using: &generator) {
      case 0:
        nextID += 1
        edit = .insert(Self.randomPlace(id: nextID, using: &generator))
      case 1:
        edit = .remove(place.id)
      case 2:
        let renamed = Self.randomPlace(id: 0, using: &generator)
        edit = .update(
          Place(
            id: place.id, name: renamed.name, coordinate: place.coordinate,
            category: place.category, population: renamed.population))
      default:
        // Every so often a place moved, renamed or inserted before; else the next in order.
        var moving = place
        while Int.random(in: 0..<10, using: &generator) != 0, nextMove < moveOrder.count {
          nextMove += 1
          if let next = catalog.place(withID: moveOrder[nextMove - 1]) {
            moving = next
            break
          }
        }
        edit = .update(
          Place(
            id: moving.id, name: moving.name,
            coordinate: Self.randomCoordinate(using: &generator), category: moving.category,
            population: moving.population))
      }
      catalog = try catalog.applying([edit]).catalog
      // Read as the edit left it: a build that started and finished before this line would
      // otherwise be taken here and hide the count that started it.
      mostMoved = max(mostMoved, catalog.nameIndexAsEdited?.movedPlaceCount ?? 0)
      if step == 4_900, catalog.nameIndex.isRebuilding {
        catalog.waitForIndexRebuilds()
      }
      if step.isMultiple(of: 300) || (4_899...4_903).contains(step) {
        try Self.expectAnswersAsAFreshIndex(catalog, step: step)
      }
      #expect(catalog.indexBuildCount == 0, "step \(step)")
    }
    // Past the threshold, then a full build taken: fewer moved since.
    #expect(mostMoved > 4_096)
    #expect(catalog.nameIndex.movedPlaceCount < 4_096)
  }
}
