extension ClusterHierarchy {
  /// The same clusters with level `levelNumber` built again from its live entries, so that no
  /// patch is left to read in it; every other level keeps its arrays and its patch.
  ///
  /// The level's entries keep their positions, exact sums, counts, representatives, parents,
  /// children and identities; only their indexes change, to their order on the level's grid
  /// (ties in their old order), and the neighbouring levels' links to them follow: the parents
  /// of the level below, the children of the level above, and each place's entry when it is
  /// the level of places. Each entry's reach is made from its children's rectangles (as edits
  /// left them): at least as far as its places lie, and no longer exact as a build makes it.
  ///
  /// Only one level is copied, not the whole hierarchy: the memory a rebuild holds beside
  /// the levels in use is that level's, and the patches it empties are that level's.
  ///
  /// - Complexity: O(*n* + *c*) for the level's *n* entries and their *c* children, plus a
  ///   copy of the parents of the level below and of the children of the level above.
  package func compactingLevel(_ levelNumber: Int) -> ClusterHierarchy {
    let reader = level(levelNumber)
    let shift = reader.built.gridShift
    let (live, newIndex) = reader.liveEntriesInGridOrder()
    let means = live.map { reader.sum($0).mean }
    var childStart: [UInt32] = []
    var childOrder: [UInt32] = []
    var reach = [UInt32](repeating: 0, count: live.count)
    if levelNumber < placeLevel {
      let below = level(levelNumber + 1)
      childStart.reserveCapacity(live.count + 1)
      childStart.append(0)
      for (new, entry) in live.enumerated() {
        let children = reader.childIndexes(entry).sorted()
        childOrder += children
        childStart.append(UInt32(childOrder.count))
        var bounds = below.bounds(Int(children[0]))
        for child in children.dropFirst() { bounds.formUnion(below.bounds(Int(child))) }
        reach[new] = bounds.reach(from: (means[new].x, means[new].y))
      }
    }
    var levels = levels
    var patches = patches
    levels[levelNumber] = ClusterLevel(
      gridShift: shift, x: means.map(\.x), y: means.map(\.y), count: live.map(reader.count),
      parent: levelNumber == 0 ? [] : live.map { UInt32(reader.parent($0)) },
      representative: live.map(reader.representative),
      formedLevel: live.map(reader.formedLevel), childStart: childStart,
      childOrder: childOrder, remainderX: means.map(\.remainderX),
      remainderY: means.map(\.remainderY), reach: reach)
    patches[levelNumber] = LevelPatch(gridShift: shift, builtCount: live.count)
    if levelNumber < placeLevel {
      let below = levels[levelNumber + 1]
      levels[levelNumber + 1] = below.replacing(
        parent: below.parent.map { LevelPatch.renumbered($0, through: newIndex) })
      patches[levelNumber + 1] = patches[levelNumber + 1].renumberingParents(through: newIndex)
    }
    if levelNumber > 0 {
      let above = levels[levelNumber - 1]
      var order = above.childOrder.map { LevelPatch.renumbered($0, through: newIndex) }
      for entry in 0..<above.entryCount {
        order[Int(above.childStart[entry])..<Int(above.childStart[entry + 1])].sort()
      }
      levels[levelNumber - 1] = above.replacing(childOrder: order)
      patches[levelNumber - 1] = patches[levelNumber - 1].renumberingChildren(through: newIndex)
    }
    var entryOfPlace = entryOfPlace
    if levelNumber == placeLevel {
      entryOfPlace = PersistentArray(
        entryOfPlace.lazy.map { LevelPatch.renumbered($0, through: newIndex) })
    }
    var compacted = ClusterHierarchy(
      radius: radius, maximumLevel: maximumLevel, levels: levels, patches: patches,
      entryOfPlace: entryOfPlace)
    compacted.hasEdits = patches.contains { !$0.isEmpty }
    return compacted
  }

  /// The level most worth building again from its entries (``compactingLevel(_:)``), once the
  /// entries edits changed or added, over every level, outnumber an eighth of the built
  /// ones, and at least ``compactionMinimum``: the level with the most of them; `nil` before.
  ///
  /// So each rebuild copies one level, and the patches hold about an eighth of the levels'
  /// entries while the rebuilds keep up with the edits.
  var levelWorthCompacting: Int? {
    let edited = patches.map(\.editedCount)
    let built = levels.reduce(0) { $0 + $1.entryCount }
    guard edited.reduce(0, +) > max(Self.compactionMinimum, built / 8) else { return nil }
    return edited.indices.max { edited[$0] < edited[$1] }
  }

  /// The fewest entries changed or added by edits, over every level, for which a level is
  /// built again (``levelWorthCompacting``).
  static var compactionMinimum: Int { 4_096 }
}
