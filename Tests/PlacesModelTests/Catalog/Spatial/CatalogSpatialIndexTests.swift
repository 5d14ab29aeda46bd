import PlacesModel
import PlacesModelTestSupport
import Testing

/// The spatial index that edits derive answers every query as an index built for the edited
/// catalog: rectangles, nearest first from rank 0, from a rank, after and before a place, and
/// ranks by distance, with places sharing coordinates, at the poles and astride the
/// antimeridian.
struct CatalogSpatialIndexTests {
  /// Random edits: inserts and moves near and far, onto other places' coordinates, and
  /// removals, checked after each batch against an index built for the edited catalog.
  ///
  /// Even seeds remove places before the index is built, so its positions are not handles.
  @Test(arguments: [71, 72, 73, 74, 75, 76] as [UInt64])
  func randomEditsAnswerAsAFreshIndex(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var catalog = try Self.indexedCatalog(count: 600, seed: seed, using: &generator)
    var nextID: Int64 = 100_000
    for step in 0..<40 {
      var edits: [PlaceEdit] = []
      var touched = Set<Place.ID>()
      for _ in 0..<Int.random(in: 1...5, using: &generator) {
        let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
        guard touched.insert(place.id).inserted else { continue }
        let coordinate = Self.coordinate(near: catalog, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
          nextID += 1
          edits.append(
            .insert(Place(id: PlaceID(nextID), name: "new \(nextID)", coordinate: coordinate)))
        case 1:
          edits.append(.remove(place.id))
        default:
          edits.append(
            .update(Place(id: place.id, name: place.name, coordinate: coordinate)))
        }
      }
      catalog = try catalog.applying(edits).catalog
      try Self.expectAnswersAsAFreshIndex(catalog, step: step, using: &generator)
      #expect(catalog.indexBuildCount == 0, "step \(step)")
    }
  }

  @Test func anEditPastTheThresholdStartsAFullBuildInTheBackgroundThatALaterEditTakes() throws {
    let coordinates = RandomCatalog.coordinates(count: 400, seed: 9)
    let places = coordinates.enumerated().map { offset, coordinate in
      Place(id: PlaceID(offset), name: "place \(offset)", coordinate: coordinate)
    }
    let catalog = try PlaceCatalog(places)
    _ = catalog.spatialIndex
    func moved(_ range: Range<Int>) -> [PlaceEdit] {
      places[range].enumerated().map { offset, place in
        // Nowhere a random place is.
        let coordinate = Coordinate.fixture(Double(offset % 170) - 84.875, 0.125)
        return .update(Place(id: place.id, name: place.name, coordinate: coordinate))
      }
    }
    var generator = SplitMix64(seed: 9)

    let atThreshold = try catalog.applying(moved(0..<256)).catalog
    try Self.expectAnswersAsAFreshIndex(atThreshold, step: 0, using: &generator)
    #expect(atThreshold.indexBuildCount == 0)
    #expect(!atThreshold.spatialIndex.isRebuilding)

    let pastThreshold = try catalog.applying(moved(0..<257)).catalog
    try Self.expectAnswersAsAFreshIndex(pastThreshold, step: 1, using: &generator)
    #expect(pastThreshold.indexBuildCount == 0)
    // Rebuilding, or, if the build has finished already, taken by this read: then no place
    // changed since the catalog it was built for.
    let index = pastThreshold.spatialIndex
    #expect(index.isRebuilding || index.changedPlaceCount == 0)

    pastThreshold.waitForIndexRebuilds()
    let taken = try pastThreshold.applying(moved(300..<302)).catalog
    try Self.expectAnswersAsAFreshIndex(taken, step: 2, using: &generator)
    #expect(taken.indexBuildCount == 0)
    #expect(!taken.spatialIndex.isRebuilding)
    #expect(taken.spatialIndex.changedPlaceCount == 2)
  }

  @Test func aPlaceMovedOntoAnotherComesAfterItInCatalogOrder() throws {
    let catalog: PlaceCatalog = [.stockholm, .rome, .london, .paris]
    _ = catalog.spatialIndex
    let edited = try catalog.applying([
      .update(
        Place(id: Place.stockholm.id, name: "Stockholm", coordinate: Place.paris.coordinate)),
      .insert(Place(id: PlaceID(99), name: "Second Paris", coordinate: Place.paris.coordinate)),
    ]).catalog

    let nearest = edited.spatialIndex.nearest(3, to: Place.paris.coordinate)

    #expect(nearest.map(\.position) == [0, 3, 4])
    #expect(edited.indexBuildCount == 0)
  }

  /// The ranks of a place before and after a move, counted together in the edited catalog's
  /// index, are its ranks in the catalog before the move and after it, sorted by brute force:
  /// moves near and far and onto other places, from origins anywhere and at places (ties),
  /// through built, stale and changed places alike.
  @Test(arguments: [81, 82, 83] as [UInt64])
  func theRanksOfAMovedPlaceBeforeAndAfterAreCountedTogether(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var catalog = try Self.indexedCatalog(count: 500, seed: seed, using: &generator)
    for step in 0..<120 {
      let position = Int.random(in: 0..<catalog.count, using: &generator)
      let place = catalog[position]
      let coordinate =
        step.isMultiple(of: 5)
        ? place.coordinate : Self.coordinate(near: catalog, using: &generator)
      let edited = try catalog.applying([
        .update(Place(id: place.id, name: place.name, coordinate: coordinate))
      ]).catalog
      for _ in 0..<3 {
        let origin =
          Bool.random(using: &generator)
          ? RandomCatalog.origin(using: &generator)
          : catalog[Int.random(in: 0..<catalog.count, using: &generator)].coordinate
        let ranks = edited.spatialIndex.distanceRanks(
          ofPosition: position, movedFrom: place.coordinate, to: coordinate, from: origin)
        let expected = (
          old: Self.bruteForceRank(of: position, in: catalog, from: origin),
          new: Self.bruteForceRank(of: position, in: edited, from: origin)
        )
        #expect(
          ranks == expected,
          "seed \(seed) step \(step): \(place.coordinate) to \(coordinate) from \(origin)")
      }
      catalog = edited
    }
    #expect(catalog.spatialIndex.changedPlaceCount > 0)
  }

  /// Ranks counted with a memo kept across a stream of edits are the ranks brute force finds.
  ///
  /// The memo is kept as a list by distance keeps one. The ranks are checked before and after
  /// each move, and alone after an insert, from an origin anywhere and from a place's own
  /// coordinate (ties), through stale and changed places, and across full builds that replace
  /// the built index the memo measured. A memo for another origin is not used, and changes
  /// nothing.
  @Test(arguments: [91, 92] as [UInt64])
  func ranksCountedWithAMemoKeptAcrossEditsAreExact(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var catalog = try Self.indexedCatalog(count: 300, seed: seed, using: &generator)
    let origins = [
      RandomCatalog.origin(using: &generator),
      catalog[Int.random(in: 0..<catalog.count, using: &generator)].coordinate,
    ]
    // Per origin, a memo that walks the tree, and one that reads each built index sorted (by
    // the full build that made it, or else by the memo) and waits for the sort, so that its
    // counts after each full build are binary searches of the sort.
    let memos = origins.map { SpatialDistanceMemo(origin: $0) }
    let sortingMemos = origins.map {
      SpatialDistanceMemo(origin: $0, sortingFrom: 0, sortingAfter: 1)
    }
    var sortedCounts = 0
    let elsewhere = SpatialDistanceMemo(origin: RandomCatalog.origin(using: &generator))
    var buildsTaken = 0
    var changedBefore = catalog.spatialIndex.changedPlaceCount
    var nextID = 1_000_000
    for step in 0..<600 {
      let position = Int.random(in: 0..<catalog.count, using: &generator)
      let place = catalog[position]
      let inserts = step.isMultiple(of: 7)
      // Some removals: a place removed leaves the changed places if an edit moved it or
      // inserted it, and joins the stale ones if the built index holds it; the memos follow
      // both tables at the next count.
      let removes = !inserts && step % 11 == 5
      let coordinate = Self.coordinate(near: catalog, using: &generator)
      let edit: PlaceEdit =
        inserts
        ? .insert(Place(id: PlaceID(nextID), name: "new \(nextID)", coordinate: coordinate))
        : removes
          ? .remove(place.id)
          : .update(Place(id: place.id, name: place.name, coordinate: coordinate))
      nextID += 1
      let edited = try catalog.applying([edit]).catalog
      // The edit's ranks from `origin`, counted with `memo`, against brute force; returns the
      // moved place's expected ranks (nil for an insert).
      func expectExactRanks(
        from origin: Coordinate, with memo: SpatialDistanceMemo, _ context: Comment
      )
        throws -> (old: Int, new: Int)?
      {
        if inserts {
          let inserted = try #require(edited.position(ofPlaceWithID: PlaceID(nextID - 1)))
          let rank = edited.spatialIndex.distanceRank(
            ofPosition: inserted, at: coordinate, from: origin, memo: memo)
          #expect(rank == Self.bruteForceRank(of: inserted, in: edited, from: origin), context)
          return nil
        }
        let ranks = edited.spatialIndex.distanceRanks(
          ofPosition: position, movedFrom: place.coordinate, to: coordinate, from: origin,
          memo: memo)
        let expected = (
          old: Self.bruteForceRank(of: position, in: catalog, from: origin),
          new: Self.bruteForceRank(of: position, in: edited, from: origin)
        )
        #expect(ranks == expected, context)
        return expected
      }
      for (origin, sortingMemo) in zip(origins, sortingMemos) where !removes {
        sortingMemo.buildSlots = edited.buildSlots
        // The first count after a full build starts the sort; the next reads it.
        _ = edited.spatialIndex.distanceRank(
          ofPosition: 0, at: edited[0].coordinate, from: origin, memo: sortingMemo)
        sortingMemo.waitForSort()
        _ = try expectExactRanks(
          from: origin, with: sortingMemo, "seed \(seed) step \(step) from \(origin), sorted")
        sortedCounts += sortingMemo.countsBySort ? 1 : 0
      }
      for (origin, memo) in zip(origins, memos) where !removes {
        let context: Comment = "seed \(seed) step \(step) from \(origin)"
        if let expected = try expectExactRanks(from: origin, with: memo, context) {
          let misused = edited.spatialIndex.distanceRanks(
            ofPosition: position, movedFrom: place.coordinate, to: coordinate, from: origin,
            memo: elsewhere)
          #expect(misused == expected, context)
        }
      }
      if edited.spatialIndex.isRebuilding { edited.waitForIndexRebuilds() }
      // A full build that has finished is taken by this read, if not by the edit.
      let changed = edited.spatialIndex.changedPlaceCount
      if changed < changedBefore { buildsTaken += 1 }
      changedBefore = changed
      catalog = edited
    }
    #expect(buildsTaken >= 1)
    #expect(sortedCounts > 500)
    // The full builds, asked by the memos, sorted the indexes they made.
    for memo in sortingMemos { #expect(memo.sortsMadeByBuilds >= 1) }
  }

  /// A memo's sort of the built index counts what the tree counts, ties included: places at
  /// one coordinate, and an origin at a place's own coordinate, where every tie is broken by
  /// position.
  @Test(arguments: [93, 94] as [UInt64])
  func ranksCountedFromAMemosSortAreExactAmongTies(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    // 100 spots, each holding 4 places, in an order that mixes the spots.
    let spots = RandomCatalog.coordinates(count: 100, seed: seed)
    let places = (0..<400).map { offset in
      Place(id: PlaceID(offset), name: "place \(offset)", coordinate: spots[offset * 37 % 100])
    }
    let catalog = try PlaceCatalog(places)
    let origins = [RandomCatalog.origin(using: &generator), spots[7], spots[63]]
    for origin in origins {
      let memo = SpatialDistanceMemo(origin: origin, sortingFrom: 0, sortingAfter: 1)
      memo.buildSlots = catalog.buildSlots
      _ = catalog.spatialIndex.distanceRank(
        ofPosition: 0, at: catalog[0].coordinate, from: origin, memo: memo)
      memo.waitForSort()
      for position in catalog.indices {
        let rank = catalog.spatialIndex.distanceRank(
          ofPosition: position, at: catalog[position].coordinate, from: origin, memo: memo)
        #expect(
          rank == Self.bruteForceRank(of: position, in: catalog, from: origin),
          "seed \(seed) position \(position) from \(origin)")
      }
      #expect(memo.countsBySort)
    }
  }

  /// The offset of the place at `position` in `catalog` sorted by distance from `origin`,
  /// ties in catalog order.
  static func bruteForceRank(of position: Int, in catalog: PlaceCatalog, from origin: Coordinate)
    -> Int
  {
    let distance = origin.distance(to: catalog[position].coordinate)
    return catalog.indices.filter { other in
      let otherDistance = origin.distance(to: catalog[other].coordinate)
      return otherDistance < distance || (otherDistance == distance && other < position)
    }.count
  }

  // MARK: - Checks

  /// A catalog of `count` random places with its spatial index built.
  ///
  /// Even seeds remove places before the index is built, so its positions are not handles.
  static func indexedCatalog(
    count: Int, seed: UInt64, using generator: inout SplitMix64
  ) throws -> PlaceCatalog {
    let coordinates = RandomCatalog.coordinates(count: count, seed: seed)
    var catalog = try PlaceCatalog(
      coordinates.enumerated().map { offset, coordinate in
        Place(id: PlaceID(offset), name: "place \(offset)", coordinate: coordinate)
      })
    if seed.isMultiple(of: 2) {
      let removed = (0..<20).map { _ in
        catalog[Int.random(in: 0..<count, using: &generator)].id
      }
      catalog = try catalog.applying(Set(removed).sorted().map { .remove($0) }).catalog
    }
    _ = catalog.spatialIndex
    return catalog
  }

  /// Expects every query of `catalog`'s spatial index to answer as an index built for it.
  static func expectAnswersAsAFreshIndex(
    _ catalog: PlaceCatalog, step: Int, using generator: inout SplitMix64
  ) throws {
    let fresh = try PlaceCatalog(Array(catalog))
    let index = catalog.spatialIndex
    let expected = fresh.spatialIndex
    #expect(index.count == expected.count)
    for _ in 0..<4 {
      let bounds = RandomCatalog.bounds(using: &generator)
      #expect(
        index.positions(in: bounds).sorted() == expected.positions(in: bounds).sorted(),
        "step \(step): \(bounds)")
      #expect(index.numberOfPlaces(in: bounds) == expected.numberOfPlaces(in: bounds))
    }
    for _ in 0..<3 {
      // From a place's own coordinate, every place there ties with it.
      let origin =
        Bool.random(using: &generator)
        ? RandomCatalog.origin(using: &generator)
        : catalog[Int.random(in: 0..<catalog.count, using: &generator)].coordinate
      let context: Comment = "step \(step) from \(origin)"
      #expect(index.nearest(7, to: origin) == expected.nearest(7, to: origin), context)
      #expect(
        Array(index.neighbours(of: origin).prefix(40))
          == Array(expected.neighbours(of: origin).prefix(40)), context)
      let all = Array(expected.neighbours(of: origin))
      for rank in [1, Int.random(in: 0..<catalog.count, using: &generator), catalog.count - 1] {
        #expect(
          Array(index.neighbours(of: origin, fromRank: rank).prefix(30))
            == Array(all[rank...].prefix(30)), "\(context) from rank \(rank)")
        let neighbour = all[rank]
        #expect(
          Array(index.neighbours(of: origin, after: neighbour).prefix(30))
            == Array(all[(rank + 1)...].prefix(30)), "\(context) after rank \(rank)")
        #expect(
          Array(index.neighbours(of: origin, before: neighbour).prefix(30))
            == Array(all[..<rank].reversed().prefix(30)), "\(context) before rank \(rank)")
        let place = catalog[neighbour.position]
        #expect(
          index.distanceRank(ofPosition: neighbour.position, at: place.coordinate, from: origin)
            == rank, "\(context) rank \(rank)")
      }
      #expect(Array(index.neighbours(of: origin, fromRank: catalog.count)).isEmpty)
    }
  }

  /// A coordinate for an inserted or moved place: next to a place or on it (ties), anywhere,
  /// or somewhere awkward (a pole, the antimeridian).
  static func coordinate(
    near catalog: PlaceCatalog, using generator: inout SplitMix64
  ) -> Coordinate {
    let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      return place.coordinate
    case 1:
      var longitude =
        place.coordinate.longitude + Double.random(in: -0.01...0.01, using: &generator)
      if longitude > 180 { longitude -= 360 }
      if longitude < -180 { longitude += 360 }
      let latitude = place.coordinate.latitude + Double.random(in: -0.01...0.01, using: &generator)
      return .fixture(max(-90, min(90, latitude)), longitude)
    default:
      return RandomCatalog.origin(using: &generator)
    }
  }
}
