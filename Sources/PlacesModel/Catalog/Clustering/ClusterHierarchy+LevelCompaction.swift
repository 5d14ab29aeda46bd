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
    grafting(rebuildingLevel(levelNumber))
  }

  /// Level `levelNumber` built again from its live entries as this hierarchy has them, and
  /// its two neighbours' links to it renumbered, built and patched: the part of
  /// ``compactingLevel(_:)`` that reads only this state, made on a background thread while
  /// edits go on (see ``ClusterCompaction``).
  ///
  /// - Complexity: O(*n* + *c*) for the level's *n* entries and their *c* children, plus a
  ///   copy of the parents of the level below and of the children of the level above, and of
  ///   their patches.
  func rebuildingLevel(_ levelNumber: Int) -> RebuiltClusterLevels {
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
    let firstLevel = max(levelNumber - 1, 0)
    var rebuiltLevels: [ClusterLevel] = []
    var rebuiltPatches: [LevelPatch] = []
    if levelNumber > 0 {
      let above = levels[levelNumber - 1]
      var order = above.childOrder.map { LevelPatch.renumbered($0, through: newIndex) }
      for entry in 0..<above.entryCount {
        order[Int(above.childStart[entry])..<Int(above.childStart[entry + 1])].sort()
      }
      rebuiltLevels.append(above.replacing(childOrder: order))
      rebuiltPatches.append(patches[levelNumber - 1].renumberingChildren(through: newIndex))
    }
    let rebuilt = ClusterLevel(
      gridShift: reader.built.gridShift, x: means.map(\.x), y: means.map(\.y),
      count: live.map(reader.count),
      parent: levelNumber == 0 ? [] : live.map { UInt32(reader.parent($0)) },
      representative: live.map(reader.representative),
      formedLevel: live.map(reader.formedLevel), childStart: childStart,
      childOrder: childOrder, remainderX: means.map(\.remainderX),
      remainderY: means.map(\.remainderY), reach: reach)
    rebuiltLevels.append(rebuilt)
    rebuiltPatches.append(LevelPatch(gridShift: rebuilt.gridShift, builtCount: live.count))
    if levelNumber < placeLevel {
      let below = levels[levelNumber + 1]
      rebuiltLevels.append(
        below.replacing(
          parent: below.parent.map { LevelPatch.renumbered($0, through: newIndex) }))
      rebuiltPatches.append(patches[levelNumber + 1].renumberingParents(through: newIndex))
    }
    return RebuiltClusterLevels(
      levelNumber: levelNumber, firstLevel: firstLevel, newIndex: newIndex,
      rebuiltCount: live.count, levels: rebuiltLevels, patches: rebuiltPatches,
      entryOfPlace: levelNumber == placeLevel
        ? PersistentArray(entryOfPlace.lazy.map { LevelPatch.renumbered($0, through: newIndex) })
        : nil,
      sources: Array(levels[firstLevel..<firstLevel + rebuiltLevels.count]))
  }

  /// `rebuilt`, made from an earlier state of this hierarchy, brought up to this state: each
  /// entry of its levels that an edit since that state wrote (`touched`, with repeats, in any
  /// order) takes its fields, children and parent as they are now, renumbered, and each entry
  /// added since is added again, in order.
  ///
  /// Every other entry is as `rebuilt` has it, since an edit that changes the places below an
  /// entry, or its links, writes the entry too (``ClusterHierarchyEditor`` notes every entry it
  /// writes in the levels of a rebuild under way).
  ///
  /// - Precondition: `touched` holds every entry of `rebuilt`'s levels written since its state.
  /// - Complexity: O(*t* log *t*) for the *t* entries touched, each written into a patch.
  func carryingOver(_ touched: [ClusterEntryNote], onto rebuilt: RebuiltClusterLevels)
    -> RebuiltClusterLevels
  {
    var carried = rebuilt
    let levelNumber = rebuilt.levelNumber
    var byLevel = [[UInt32]](repeating: [], count: rebuilt.levels.count)
    for note in touched {
      byLevel[Int(note.level) - rebuilt.firstLevel].append(note.entry)
    }
    for (offset, entries) in byLevel.enumerated() where !entries.isEmpty {
      let number = rebuilt.firstLevel + offset
      let reader = level(number)
      let built = rebuilt.levels[offset]
      let isTopLevel = number == 0
      let isPlaceLevel = number == placeLevel
      var patch = carried.patches[offset]
      let entries = Set(entries).sorted()
      for entry in entries {
        let index = number == levelNumber ? rebuilt.index(ofEntry: entry) : entry
        // An entry emptied before the rebuild's state is not in it; no edit fills one again.
        guard index != UInt32.max else {
          assert(reader.count(Int(entry)) == 0, "an emptied cluster entry stays empty")
          continue
        }
        var fields = reader.patch.fields(of: Int(entry), in: reader.built, isTopLevel: isTopLevel)
        if number == levelNumber + 1 { fields.parent = rebuilt.index(ofEntry: fields.parent) }
        var children: [UInt32] = []
        if !isPlaceLevel {
          children = reader.childIndexes(Int(entry))
          if number == levelNumber - 1 { children = children.map { rebuilt.index(ofEntry: $0) } }
          children.sort()
        }
        let builtCount = built.entryCount
        let count = builtCount + patch.added.count
        if Int(index) >= count {
          precondition(Int(index) == count, "entries added since a rebuild are added in order")
          _ = patch.add(AddedClusterEntry(fields: fields, children: children))
        } else if Int(index) < builtCount {
          let changed =
            !isPlaceLevel && patch.children(of: Int(index), in: built).sorted() != children
          patch.setBuilt(fields, children: changed ? children : nil, at: Int(index))
          if !isTopLevel, Int(fields.parent) != patch.parent(of: Int(index), in: built) {
            patch.setParent(fields.parent, ofBuiltEntry: Int(index))
          }
        } else {
          patch.setAdded(
            fields, children: isPlaceLevel ? nil : children, at: Int(index) - builtCount)
        }
      }
      carried.patches[offset] = patch
      if number == levelNumber, isPlaceLevel, var table = carried.entryOfPlace {
        // Each place whose entry an edit wrote: its entry now, renumbered.
        for entry in entries {
          let handle = Int(reader.representative(Int(entry)))
          let now = handle < entryOfPlace.count ? entryOfPlace[handle] : UInt32.max
          while table.count <= handle { table.append(UInt32.max) }
          table[handle] = now == UInt32.max ? now : rebuilt.index(ofEntry: now)
        }
        carried.entryOfPlace = table
      }
    }
    return carried
  }

  /// This hierarchy with `rebuilt`'s levels, brought up to this state
  /// (``carryingOver(_:onto:)``), in place of its own: the same clusters, with the rebuilt
  /// level's indexes changed.
  ///
  /// - Precondition: No other level was built again since `rebuilt`'s rebuild started: this
  ///   hierarchy holds the levels it was made from.
  /// - Complexity: O(*L*) for *L* levels.
  func grafting(_ rebuilt: RebuiltClusterLevels) -> ClusterHierarchy {
    let range = rebuilt.firstLevel..<rebuilt.firstLevel + rebuilt.levels.count
    precondition(
      zip(levels[range], rebuilt.sources).allSatisfy { $0 === $1 },
      "a rebuilt cluster level is taken by a state of the hierarchy it was made from")
    var levels = levels
    var patches = patches
    levels.replaceSubrange(range, with: rebuilt.levels)
    patches.replaceSubrange(range, with: rebuilt.patches)
    var grafted = ClusterHierarchy(
      radius: radius, maximumLevel: maximumLevel, levels: levels, patches: patches,
      entryOfPlace: rebuilt.entryOfPlace ?? entryOfPlace)
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
