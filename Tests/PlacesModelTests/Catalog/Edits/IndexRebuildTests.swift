import Foundation
import PlacesModel
import PlacesModelTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The name and spatial indexes that follow edits start a full build in the background past
/// their threshold and take it at a later edit: every answer, before the threshold, while the
/// build runs, at the edit that takes it and after, is the answer of an index built for the
/// edited catalog, and no edit or query builds an index on the calling thread.
struct IndexRebuildTests {
  /// One random edit of `catalog`: a move (anywhere, onto another place, to a pole or the
  /// antimeridian), a rename, an insert or a removal.
  static func randomEdit(
    of catalog: PlaceCatalog, nextID: inout Int64, using generator: inout SplitMix64
  ) -> PlaceEdit {
    let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
    let coordinate = CatalogSpatialIndexTests.coordinate(near: catalog, using: &generator)
    let name = CatalogNameIndexTests.names.randomElement(using: &generator) ?? "Sala"
    switch Int.random(in: 0..<10, using: &generator) {
    case 0:
      nextID += 1
      return .insert(Place(id: PlaceID(nextID), name: name, coordinate: coordinate))
    case 1 where catalog.count > 100:
      return .remove(place.id)
    case 2, 3:
      return .update(Place(id: place.id, name: name, coordinate: place.coordinate))
    default:
      return .update(Place(id: place.id, name: place.name, coordinate: coordinate))
    }
  }

  /// Whether to check every answer after `step`: around the threshold, after each wait, and
  /// every so often.
  static func checks(_ step: Int, waits: Set<Int>) -> Bool {
    (250...262).contains(step) || waits.contains(step) || waits.contains(step - 1)
      || step.isMultiple(of: 40)
  }

  /// A build runs on a thread that yields to the app's: on Linux, at the highest nice value,
  /// while the thread that started it keeps its own.
  @Test func aBuildRunsOnAThreadOfLowPriority() throws {
    #if os(Linux)
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      let callers = getpriority(which, 0)
      let rebuild = IndexRebuild(slots: BuildSlots(limit: 1)) { getpriority(which, 0) }
      rebuild.waitUntilFinished()
      #expect(rebuild.finished == IndexRebuild<Int32>.niceValue)
      #expect(getpriority(which, 0) == callers)
      #expect(callers < IndexRebuild<Int32>.niceValue)
    #else
      let rebuild = IndexRebuild(slots: BuildSlots(limit: 1)) { 1 }
      rebuild.waitUntilFinished()
      #expect(rebuild.finished == 1)
    #endif
  }

  /// A build the edits wait on runs ahead of the other builds, still behind the app's thread.
  @Test func aBuildTheEditsWaitOnRunsAheadOfTheOthers() throws {
    #if os(Linux)
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      let callers = getpriority(which, 0)
      let rebuild = IndexRebuild(waitedOn: true, slots: BuildSlots(limit: 1)) {
        getpriority(which, 0)
      }
      rebuild.waitUntilFinished()
      #expect(rebuild.finished == IndexRebuild<Int32>.waitedOnNiceValue)
      #expect(callers < IndexRebuild<Int32>.waitedOnNiceValue)
      #expect(IndexRebuild<Int32>.waitedOnNiceValue < IndexRebuild<Int32>.niceValue)
    #else
      let rebuild = IndexRebuild(waitedOn: true, slots: BuildSlots(limit: 1)) { 1 }
      rebuild.waitUntilFinished()
      #expect(rebuild.finished == 1)
    #endif
  }

  /// `finished` answers at once while the build runs, `nil`, and the index once it is done:
  /// an edit that polls it never waits on the build's thread.
  @Test func finishedDoesNotWaitForARunningBuild() throws {
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let rebuild = IndexRebuild(slots: BuildSlots(limit: 1)) { () -> Int in
      started.signal()
      proceed.wait()
      return 7
    }
    #expect(started.wait(timeout: .now() + 60) == .success)
    // Read on another thread, so that a read that waited for the build fails the test
    // instead of hanging it.
    let read = DispatchSemaphore(value: 0)
    let answer = Locked<Int??>(nil)
    Thread {
      let value = rebuild.finished
      answer.withLock { $0 = .some(value) }
      read.signal()
    }.start()
    let answered = read.wait(timeout: .now() + 10) == .success
    proceed.signal()
    #expect(answered)
    #expect(answer.withLock { $0 } == .some(nil))
    rebuild.waitUntilFinished()
    #expect(rebuild.finished == 7)
  }

  /// The catalog whose places a full build in the background reads keeps no array of them:
  /// the build's array goes with the build.
  @Test func theCatalogABuildReadKeepsNoArrayOfItsPlaces() throws {
    var generator = SplitMix64(seed: 85)
    let coordinates = RandomCatalog.coordinates(count: 500, seed: 85)
    var catalog = try PlaceCatalog(
      coordinates.enumerated().map { offset, coordinate in
        Place(id: PlaceID(offset), name: "place \(offset)", coordinate: coordinate)
      })
    _ = catalog.spatialIndex
    var nextID: Int64 = 100_000
    var builds = 0
    var lastSeen = catalog.spatialIndex.changedPlaceCount
    for step in 0..<600 {
      catalog = try catalog.applying([
        Self.randomEdit(of: catalog, nextID: &nextID, using: &generator)
      ])
      .catalog
      // A build this edit started has read the catalog by now.
      catalog.waitForIndexRebuilds()
      let holds = catalog.holdsPlaceArray
      #expect(!holds, "step \(step)")
      let seen = catalog.spatialIndex.changedPlaceCount
      builds += seen < lastSeen - 1 ? 1 : 0
      lastSeen = seen
    }
    #expect(builds > 0)
  }

  @Test(arguments: [81, 82] as [UInt64])
  func theSpatialIndexTakesItsBackgroundBuildAndAnswersAsAFreshIndexThroughout(
    seed: UInt64
  ) throws {
    var generator = SplitMix64(seed: seed)
    let coordinates = RandomCatalog.coordinates(count: 500, seed: seed)
    var catalog = try PlaceCatalog(
      coordinates.enumerated().map { offset, coordinate in
        Place(id: PlaceID(offset), name: "place \(offset)", coordinate: coordinate)
      })
    _ = catalog.spatialIndex
    var nextID: Int64 = 100_000
    // Waits at a few edits; between them the builds finish whenever they do.
    let waits: Set<Int> = [300, 420, 700, 701, 980]
    var tookABuild = false
    // A build is taken by an edit, by a read of the index or by a check, whichever comes
    // first after it finishes: each lowers the count below the last one seen after an edit,
    // by more than the one place a removal takes out.
    var lastSeen = catalog.spatialIndex.changedPlaceCount
    for step in 0..<1_000 {
      catalog = try catalog.applying([
        Self.randomEdit(of: catalog, nextID: &nextID, using: &generator)
      ])
      .catalog
      let seen = catalog.spatialIndex.changedPlaceCount
      tookABuild = tookABuild || seen < lastSeen - 1
      lastSeen = seen
      if waits.contains(step) {
        catalog.waitForIndexRebuilds()
      }
      if Self.checks(step, waits: waits) {
        try CatalogSpatialIndexTests.expectAnswersAsAFreshIndex(
          catalog, step: step, using: &generator)
      }
      #expect(catalog.indexBuildCount == 0, "step \(step)")
    }
    #expect(tookABuild)
    #expect(catalog.spatialIndex.changedPlaceCount < 800)
  }

  @Test(arguments: [83, 84] as [UInt64])
  func theNameIndexTakesItsBackgroundBuildAndAnswersAsAFreshIndexThroughout(
    seed: UInt64
  ) throws {
    var generator = SplitMix64(seed: seed)
    let coordinates = RandomCatalog.coordinates(count: 500, seed: seed)
    var catalog = try PlaceCatalog(
      coordinates.enumerated().map { offset, coordinate in
        Place(
          id: PlaceID(offset),
          name: CatalogNameIndexTests.names[offset % CatalogNameIndexTests.names.count],
          coordinate: coordinate, population: offset % 4 * 100)
      })
    _ = catalog.nameMatches(for: "sa", near: nil, limit: 5)
    var nextID: Int64 = 100_000
    let waits: Set<Int> = [300, 420, 700, 701, 980]
    var tookABuild = false
    // A build is taken by an edit, by a read of the index or by a check, whichever comes
    // first after it finishes: each lowers the count below the last one seen after an edit,
    // by more than the one place a removal takes out.
    var lastSeen = catalog.nameIndex.changedPlaceCount
    for step in 0..<1_000 {
      catalog = try catalog.applying([
        Self.randomEdit(of: catalog, nextID: &nextID, using: &generator)
      ])
      .catalog
      let seen = catalog.nameIndex.changedPlaceCount
      tookABuild = tookABuild || seen < lastSeen - 1
      lastSeen = seen
      if waits.contains(step) {
        catalog.waitForIndexRebuilds()
      }
      if Self.checks(step, waits: waits) {
        let fresh = try PlaceCatalog(Array(catalog))
        let origin = Coordinate.fixture(Double(step % 50), Double(step * 7 % 360 - 180))
        for query in CatalogNameIndexTests.queries {
          for near in [nil, origin] {
            let found = catalog.nameMatches(for: query, near: near, limit: 20)
            let expected = fresh.nameMatches(for: query, near: near, limit: 20)
            #expect(
              found.map(\.position) == expected.map(\.position)
                && found.map(\.kind) == expected.map(\.kind),
              "step \(step): \(query) near \(String(describing: near))")
          }
        }
      }
      #expect(catalog.indexBuildCount == 0, "step \(step)")
    }
    #expect(tookABuild)
    #expect(catalog.nameIndex.changedPlaceCount < 800)
  }
}
