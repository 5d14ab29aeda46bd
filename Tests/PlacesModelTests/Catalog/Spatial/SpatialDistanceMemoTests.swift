import PlacesModel
import PlacesModelTestSupport
import Testing

/// A memo asks the full builds of its catalogs' line of edits for sorts from its first count,
/// and withdraws when it leaves the line or goes; it keeps what it has for the built index
/// before the last, so that counts on either side of a full build do not start it again.
struct SpatialDistanceMemoTests {
  /// A catalog of `count` places, and the catalog its edits made once its spatial index took
  /// a full build: the two have different built indexes.
  static func catalogsAcrossAFullBuild(count: Int, seed: UInt64) throws -> (
    before: PlaceCatalog, after: PlaceCatalog
  ) {
    var generator = SplitMix64(seed: seed)
    let first = try CatalogSpatialIndexTests.indexedCatalog(
      count: count, seed: seed, using: &generator)
    var catalog = first
    var changedBefore = catalog.spatialIndex.changedPlaceCount
    for _ in 0..<2_000 {
      let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
      let moved = Place(
        id: place.id, name: place.name,
        coordinate: CatalogSpatialIndexTests.coordinate(near: catalog, using: &generator))
      catalog = try catalog.applying([.update(moved)]).catalog
      if catalog.spatialIndex.isRebuilding { catalog.waitForIndexRebuilds() }
      // A full build that has finished is taken by the edit or by this read: then fewer
      // places are changed since the built index than before.
      let changed = catalog.spatialIndex.changedPlaceCount
      if changed < changedBefore { return (first, catalog) }
      changedBefore = changed
    }
    throw FullBuildNotTaken()
  }

  struct FullBuildNotTaken: Error {}

  /// A catalog of 50 places, "place 0" to "place 49", around `seed`'s random centres.
  static func catalog(seed: UInt64) throws -> PlaceCatalog {
    try PlaceCatalog(
      RandomCatalog.coordinates(count: 50, seed: seed).enumerated().map {
        Place(id: PlaceID($0.offset), name: "place \($0.offset)", coordinate: $0.element)
      })
  }

  @Test func aMemoAsksForSortsFromItsFirstCountAndWithdrawsWhenItGoes() throws {
    let catalog = try Self.catalog(seed: 5)
    let origin = catalog[3].coordinate
    let sorts = catalog.buildSlots.distanceSorts
    var memo: SpatialDistanceMemo? = SpatialDistanceMemo(
      origin: origin, sortingFrom: 0, sortingAfter: 1)
    memo?.buildSlots = catalog.buildSlots
    #expect(sorts.origins.requested.isEmpty, "asked before counting")
    _ = catalog.spatialIndex.distanceRank(
      ofPosition: 3, at: origin, from: origin, memo: memo)
    #expect(sorts.origins.requested == [origin])
    // Setting the same slots again asks nothing more: one withdrawal ends the request.
    memo?.buildSlots = catalog.buildSlots
    let elsewhere = try PlaceCatalog([Place(id: 1, name: "one", coordinate: origin)])
    memo?.buildSlots = elsewhere.buildSlots
    #expect(sorts.origins.requested.isEmpty)
    #expect(elsewhere.buildSlots.distanceSorts.origins.requested == [origin])
    memo = nil
    #expect(elsewhere.buildSlots.distanceSorts.origins.requested.isEmpty)
  }

  /// A memo sorts a built index itself only from its `sortingAfter`th count with it: a list's
  /// memo for a location it leaves after a count or two starts no sort.
  @Test func aMemoSortsAnIndexItselfOnlyFromItsSortingAfterthCount() throws {
    let catalog = try Self.catalog(seed: 7)
    let origin = catalog[5].coordinate
    let memo = SpatialDistanceMemo(origin: origin, sortingFrom: 0, sortingAfter: 3)
    memo.buildSlots = catalog.buildSlots
    for count in 1...3 {
      let position = count * 7
      let rank = catalog.spatialIndex.distanceRank(
        ofPosition: position, at: catalog[position].coordinate, from: origin, memo: memo)
      #expect(
        rank == CatalogSpatialIndexTests.bruteForceRank(of: position, in: catalog, from: origin))
      #expect((memo.sortUnderWay != nil) == (count == 3), "count \(count)")
    }
    memo.waitForSort()
    _ = catalog.spatialIndex.distanceRank(
      ofPosition: 0, at: catalog[0].coordinate, from: origin, memo: memo)
    #expect(memo.countsBySort)
  }

  /// A memo that reached its `sortingAfter`th count with no slots to sort in sorts at the
  /// first count once it has them.
  @Test func aMemoGivenSlotsLateSortsAtItsNextCount() throws {
    let catalog = try Self.catalog(seed: 8)
    let origin = catalog[9].coordinate
    let memo = SpatialDistanceMemo(origin: origin, sortingFrom: 0, sortingAfter: 2)
    for position in [1, 2, 3] {
      _ = catalog.spatialIndex.distanceRank(
        ofPosition: position, at: catalog[position].coordinate, from: origin, memo: memo)
    }
    #expect(memo.sortUnderWay == nil)
    memo.buildSlots = catalog.buildSlots
    _ = catalog.spatialIndex.distanceRank(
      ofPosition: 4, at: catalog[4].coordinate, from: origin, memo: memo)
    #expect(memo.sortUnderWay != nil)
  }

  /// A memo's own sort of a built index is given up when the memo goes before it started.
  ///
  /// A list that moved on to another location leaves its memo: the sort, still waiting for a
  /// slot, never runs. One whose memo stays runs.
  @Test(arguments: [false, true])
  func aSortOfAMemoThatWentIsGivenUp(memoGoes: Bool) throws {
    let catalog = try Self.catalog(seed: 6)
    let origin = catalog[3].coordinate
    let slots = BuildSlots(limit: 1)
    slots.acquire(waitedOn: false)
    var memo: SpatialDistanceMemo? = SpatialDistanceMemo(
      origin: origin, sortingFrom: 0, sortingAfter: 1)
    memo?.buildSlots = slots
    _ = catalog.spatialIndex.distanceRank(ofPosition: 3, at: origin, from: origin, memo: memo)
    let sort = try #require(memo?.sortUnderWay)
    BuildSlotsTests.wait(untilWaiting: 1, in: slots)
    if memoGoes { memo = nil }
    slots.release()
    try #require(sort.waitUntilFinished(timeout: BuildSlotsTests.patience))
    #expect((sort.finished == nil) == memoGoes)
    withExtendedLifetime(memo) {}
  }

  @Test(arguments: [31, 32] as [UInt64])
  func countsOnEitherSideOfAFullBuildKeepBothIndexes(seed: UInt64) throws {
    let (before, after) = try Self.catalogsAcrossAFullBuild(count: 400, seed: seed)
    let origin = before[0].coordinate
    let memo = SpatialDistanceMemo(origin: origin, sortingFrom: 0, sortingAfter: 1)
    memo.buildSlots = after.buildSlots
    var generator = SplitMix64(seed: seed)
    for round in 0..<10 {
      for catalog in [before, after] {
        let position = Int.random(in: 0..<catalog.count, using: &generator)
        let rank = catalog.spatialIndex.distanceRank(
          ofPosition: position, at: catalog[position].coordinate, from: origin, memo: memo)
        #expect(
          rank
            == CatalogSpatialIndexTests.bruteForceRank(of: position, in: catalog, from: origin),
          "seed \(seed) round \(round)")
      }
    }
    #expect(memo.indexesMet == 2)
  }
}
