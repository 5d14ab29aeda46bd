import PlacesModel
import PlacesModelTestSupport
import Testing

/// A level that edits changed finds the entries in a rectangle, added ones read through their
/// grid, exactly as a scan of its live entries would, at every level, astride the antimeridian
/// and over the whole world, after long random histories of edits.
struct AddedEntryGridTests {
  @Test(arguments: [91, 92] as [UInt64])
  func entriesInARectangleAreTheLiveEntriesInsideIt(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let coordinates = RandomCatalog.coordinates(count: 1_500, seed: seed)
    var catalog = try PlaceCatalog(
      coordinates.enumerated().map { offset, coordinate in
        Place(id: PlaceID(offset), name: "place \(offset)", coordinate: coordinate)
      })
    let radius = ClusterHierarchyEditTests.radius
    let maximumLevel = ClusterHierarchyEditTests.maximumLevel
    _ = catalog.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
    var nextID: Int64 = 100_000
    for step in 0..<400 {
      catalog = try catalog.applying([
        IndexRebuildTests.randomEdit(of: catalog, nextID: &nextID, using: &generator)
      ]).catalog
      guard step.isMultiple(of: 50) || step == 399 else { continue }
      let hierarchy = catalog.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
      for levelNumber in 0...hierarchy.placeLevel {
        let level = hierarchy.level(levelNumber)
        for _ in 0..<6 {
          let west = UInt32.random(in: 0...UInt32.max, using: &generator)
          let width = UInt32.random(
            in: 0...(UInt32.max >> UInt32.random(in: 0...20, using: &generator)), using: &generator)
          let top = UInt32.random(in: 0...UInt32.max, using: &generator)
          let height = UInt32.random(
            in: 0...(UInt32.max - top) >> UInt32.random(in: 0...12, using: &generator),
            using: &generator)
          let yRange = top...(top + height)
          let expected = level.liveEntries.filter { entry in
            level.x(entry) &- west <= width && yRange.contains(level.y(entry))
          }
          #expect(
            level.entries(west: west, east: west &+ width, yRange: yRange) == expected,
            "step \(step) level \(levelNumber)")
        }
      }
    }
  }
}
