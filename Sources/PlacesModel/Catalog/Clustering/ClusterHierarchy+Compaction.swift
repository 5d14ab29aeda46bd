extension ClusterHierarchy {
  /// The same clusters with every level built again from its live entries, so that no patch
  /// is left to read; each place's handle becomes `newHandle` of it when given.
  ///
  /// Entries keep their positions, exact sums, counts, representatives and identities; only
  /// their indexes change, to their order on each level's grid (ties in their old order). Their
  /// reaches are measured again from the places up, so they are exact once more.
  ///
  /// - Complexity: O(*n*) per level, for *n* entries.
  func compacted(newHandle: ((UInt32) -> UInt32)? = nil, handleCount: Int? = nil)
    -> ClusterHierarchy
  {
    let readers = levels.indices.map { level($0) }
    // Each level's live entries in their new order, and each old index's new one.
    var order: [[Int]] = []
    var newIndex: [[UInt32]] = []
    for reader in readers {
      let (live, index) = reader.liveEntriesInGridOrder()
      order.append(live)
      newIndex.append(index)
    }
    let handle = newHandle ?? { $0 }
    let parentsOfLevel = readers.indices.map { levelNumber in
      levelNumber == 0
        ? [] : order[levelNumber].map { newIndex[levelNumber - 1][readers[levelNumber].parent($0)] }
    }
    let sums = readers.indices.map { levelNumber in
      order[levelNumber].map { readers[levelNumber].sum($0).mean }
    }
    // Each level's reaches from the one below's, from the places up.
    var reaches = [[UInt32]](repeating: [], count: readers.count)
    var offsets = ReachOffsets(places: order[placeLevel].count)
    reaches[placeLevel] = offsets.reach
    for levelNumber in stride(from: placeLevel - 1, through: 0, by: -1) {
      offsets = offsets.parents(
        x: sums[levelNumber].map(\.x), y: sums[levelNumber].map(\.y),
        childX: sums[levelNumber + 1].map(\.x), childY: sums[levelNumber + 1].map(\.y),
        parent: parentsOfLevel[levelNumber + 1])
      reaches[levelNumber] = offsets.reach
    }
    var built: [ClusterLevel] = []
    for (levelNumber, reader) in readers.enumerated() {
      let live = order[levelNumber]
      let parents = parentsOfLevel[levelNumber]
      let mean = sums[levelNumber]
      var childStart: [UInt32] = [0]
      var childOrder: [UInt32] = []
      if levelNumber < placeLevel {
        childStart.reserveCapacity(live.count + 1)
        for entry in live {
          childOrder += reader.children(entry).map { newIndex[levelNumber + 1][$0] }.sorted()
          childStart.append(UInt32(childOrder.count))
        }
      } else {
        childStart = []
      }
      built.append(
        ClusterLevel(
          gridShift: reader.built.gridShift, x: mean.map(\.x), y: mean.map(\.y),
          count: live.map(reader.count), parent: parents,
          representative: live.map { handle(reader.representative($0)) },
          formedLevel: live.map(reader.formedLevel), childStart: childStart,
          childOrder: childOrder, remainderX: mean.map(\.remainderX),
          remainderY: mean.map(\.remainderY), reach: reaches[levelNumber]))
    }
    let placeNode = readers[placeLevel]
    var entryOfPlace = [UInt32](
      repeating: UInt32.max, count: handleCount ?? self.entryOfPlace.count)
    for (index, entry) in order[placeLevel].enumerated() {
      entryOfPlace[Int(handle(placeNode.representative(entry)))] = UInt32(index)
    }
    return ClusterHierarchy(
      radius: radius, maximumLevel: maximumLevel, levels: built, entryOfPlace: entryOfPlace)
  }
}
