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

/// The grid itself against a dictionary of where each entry is: long lists in few cells,
/// entries moving between them, leaving and coming back, and copies kept along the way that
/// must not see what their originals did after them.
struct AddedEntryGridListTests {
  @Test(arguments: [101, 102, 103] as [UInt64])
  func everyCellListsExactlyTheEntriesLastMovedIntoIt(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    // Cells 2^30 units wide: a grid of four by four, so that lists grow long.
    var grid = AddedEntryGrid(shift: 30)
    var cellOf: [Int: (x: UInt32, y: UInt32)] = [:]
    var kept: [(grid: AddedEntryGrid, cellOf: [Int: (x: UInt32, y: UInt32)])] = []
    for step in 0..<4_000 {
      let entry = Int.random(in: 0..<300, using: &generator)
      let old = cellOf[entry].map { (x: $0.x, y: $0.y, count: UInt32(1)) }
      if Int.random(in: 0..<5, using: &generator) == 0 {
        // Left without places: out of the grid.
        grid.move(entry, from: old, to: (x: 0, y: 0, count: 0))
        cellOf[entry] = nil
      } else {
        let position = (
          x: UInt32.random(in: 0...UInt32.max, using: &generator),
          y: UInt32.random(in: 0...UInt32.max, using: &generator)
        )
        grid.move(entry, from: old, to: (x: position.x, y: position.y, count: 1))
        cellOf[entry] = position
      }
      if step.isMultiple(of: 500) { kept.append((grid, cellOf)) }
    }
    kept.append((grid, cellOf))
    for (copy, expected) in kept {
      var listed: [Int: UInt64] = [:]
      var listedTwice: [Int] = []
      let read = copy.forEachListed(
        west: 0, east: .max, yRange: 0...UInt32.max, cellLimit: 16
      ) { entry, cell in
        if listed.updateValue(cell, forKey: entry) != nil { listedTwice.append(entry) }
      }
      #expect(read)
      #expect(listedTwice.isEmpty, "listed twice: \(listedTwice)")
      #expect(listed == expected.mapValues { copy.cell(x: $0.x, y: $0.y) })
    }
  }
}
