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
    grafting(rebuildingLevel(levelNumber), touched: [])
  }

  /// Level `levelNumber` built again from its live entries as this hierarchy has them, and
  /// its two neighbours' links to it renumbered: the part of ``compactingLevel(_:)`` that
  /// reads only this state, made on a background thread while edits go on (see
  /// ``ClusterCompaction``); a later state takes it with ``grafting(_:touched:)``.
  ///
  /// - Complexity: O(*n* + *c*) for the level's *n* entries and their *c* children, plus a
  ///   copy of the parents of the level below and of the children of the level above.
  func rebuildingLevel(_ levelNumber: Int) -> RebuiltClusterLevel {
    let reader = level(levelNumber)
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
    let rebuilt = ClusterLevel(
      gridShift: reader.built.gridShift, x: means.map(\.x), y: means.map(\.y),
      count: live.map(reader.count),
      parent: levelNumber == 0 ? [] : live.map { UInt32(reader.parent($0)) },
      representative: live.map(reader.representative),
      formedLevel: live.map(reader.formedLevel), childStart: childStart,
      childOrder: childOrder, remainderX: means.map(\.remainderX),
      remainderY: means.map(\.remainderY), reach: reach)
    var below: ClusterLevel?
    if levelNumber < placeLevel {
      let level = levels[levelNumber + 1]
      below = level.replacing(
        parent: level.parent.map { LevelPatch.renumbered($0, through: newIndex) })
    }
    var above: ClusterLevel?
    if levelNumber > 0 {
      let level = levels[levelNumber - 1]
      var order = level.childOrder.map { LevelPatch.renumbered($0, through: newIndex) }
      for entry in 0..<level.entryCount {
        order[Int(level.childStart[entry])..<Int(level.childStart[entry + 1])].sort()
      }
      above = level.replacing(childOrder: order)
    }
    return RebuiltClusterLevel(
      levelNumber: levelNumber, newIndex: newIndex, level: rebuilt, below: below, above: above,
      sources: levels[max(levelNumber - 1, 0)...min(levelNumber + 1, placeLevel)].map { $0 })
  }

  /// This hierarchy with `rebuilt`, a level built again from an earlier state of it, in place
  /// of its own, and the edits made since that state kept: the same clusters, with only that
  /// level's indexes changed, as ``compactingLevel(_:)`` leaves them, but for a patch of what
  /// was edited since.
  ///
  /// `touched` names (with repeats, in any order) every entry of the level that an edit wrote
  /// since that state: its fields, children or parent. Each that was live then takes its
  /// fields, children and parent as they are now into the new level's patch, under its new
  /// index; each entry added since is added again, in order, after the rebuilt ones; every
  /// other entry is as rebuilt, since an edit that changes the places below an entry writes
  /// the entry too. The level below's parents and the level above's children, built and
  /// patched, and each place's entry when it is the level of places, are renumbered.
  ///
  /// - Precondition: No other level was built again since `rebuilt`'s state: this hierarchy
  ///   holds the levels it was made from.
  /// - Complexity: O(*t* + *a*) for the *t* entries touched and *a* added since, plus the
  ///   entries the neighbouring levels' patches hold, plus O(*n*) to copy the level's map of
  ///   indexes (and, at the level of places, each place's entry).
  func grafting(_ rebuilt: RebuiltClusterLevel, touched: some Sequence<UInt32>)
    -> ClusterHierarchy
  {
    let levelNumber = rebuilt.levelNumber
    let first = max(levelNumber - 1, 0)
    precondition(
      zip(levels[first...], rebuilt.sources).allSatisfy { $0 === $1 },
      "a rebuilt cluster level is taken by a state of the hierarchy it was made from")
    let reader = level(levelNumber)
    let startCount = rebuilt.newIndex.count
    let rebuiltCount = rebuilt.level.entryCount
    // Every index of the level now, to its index once taken: the entries added since follow
    // the rebuilt ones, in order.
    var newIndex = rebuilt.newIndex
    newIndex.reserveCapacity(reader.entryCount)
    for added in startCount..<reader.entryCount {
      newIndex.append(UInt32(rebuiltCount + added - startCount))
    }
    let isTopLevel = levelNumber == 0
    let isPlaceLevel = levelNumber == placeLevel
    var patch = LevelPatch(gridShift: rebuilt.level.gridShift, builtCount: rebuiltCount)
    for entry in Set(touched).sorted() where Int(entry) < startCount {
      let new = Int(newIndex[Int(entry)])
      // An entry emptied before the rebuild's state is not in it; no edit fills one again.
      guard new != Int(UInt32.max) else {
        assert(reader.count(Int(entry)) == 0, "an emptied cluster entry stays empty")
        continue
      }
      let fields = reader.patch.fields(of: Int(entry), in: reader.built, isTopLevel: isTopLevel)
      var children: [UInt32]?
      if !isPlaceLevel {
        let now = reader.childIndexes(Int(entry))
        let start = Int(rebuilt.level.childStart[new])
        let end = Int(rebuilt.level.childStart[new + 1])
        if now.sorted() != Array(rebuilt.level.childOrder[start..<end]) { children = now }
      }
      patch.setBuilt(fields, children: children, at: new)
      if !isTopLevel, fields.parent != rebuilt.level.parent[new] {
        patch.setParent(fields.parent, ofBuiltEntry: new)
      }
    }
    for added in startCount..<reader.entryCount {
      _ = patch.add(
        AddedClusterEntry(
          fields: reader.patch.fields(of: added, in: reader.built, isTopLevel: isTopLevel),
          children: isPlaceLevel ? [] : reader.childIndexes(added)))
    }
    var levels = levels
    var patches = patches
    levels[levelNumber] = rebuilt.level
    patches[levelNumber] = patch
    if let below = rebuilt.below {
      levels[levelNumber + 1] = below
      patches[levelNumber + 1] = patches[levelNumber + 1].renumberingParents(through: newIndex)
    }
    if let above = rebuilt.above {
      levels[levelNumber - 1] = above
      patches[levelNumber - 1] = patches[levelNumber - 1].renumberingChildren(through: newIndex)
    }
    var entryOfPlace = entryOfPlace
    if isPlaceLevel {
      entryOfPlace = PersistentArray(
        entryOfPlace.lazy.map { LevelPatch.renumbered($0, through: newIndex) })
    }
    var grafted = ClusterHierarchy(
      radius: radius, maximumLevel: maximumLevel, levels: levels, patches: patches,
      entryOfPlace: entryOfPlace)
    grafted.hasEdits = patches.contains { !$0.isEmpty }
    return grafted
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
