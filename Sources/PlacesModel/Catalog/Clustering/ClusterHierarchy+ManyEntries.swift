extension ClusterHierarchy {
  /// Calls `body` with each place of each entry of `indexes` at `level`, as
  /// ``forEachPlace(of:at:_:)`` does for one, with the position in `indexes` of the entry it
  /// belongs to (its owner); in no stated order.
  ///
  /// The walk goes down a level at a time for all the entries together, each level's entries
  /// read in ascending index order, so that a walk over many thousand places reads each
  /// level's tables forwards rather than one entry's path at a time, waiting on memory at
  /// every step (a view's first filter, whose clusters hold most of the catalog). A level's
  /// entries are put in that order by a sort, or, when they are at least half the level's,
  /// by marking each in a table of the level's indexes and reading the table in order.
  ///
  /// - Precondition: each index is an entry of `level`.
  /// - Complexity: O(*k* + *d*) for *k* places and *d* entries of two places or more between,
  ///   plus, at each level, a sort of its entries by index or a read of a table of its
  ///   indexes when they are at least half of them.
  package func forEachPlace(
    ofEach indexes: [Int], at level: Int,
    _ body: (_ owner: Int, _ handle: UInt32, _ x: UInt32, _ y: UInt32) -> Void
  ) {
    guard (0...placeLevel).contains(level) else { return }
    var entries = indexes.map { UInt64($0) }
    var owners = indexes.indices.map { UInt32($0) }
    var depth = level
    while !entries.isEmpty {
      let node = self.level(depth)
      if depth > level {
        // The children of the level above, in ascending order of index; each keeps its owner.
        (entries, owners) = Self.ascending(entries, owners: owners, entryCount: node.entryCount)
      }
      var children: [UInt64] = []
      var childOwners: [UInt32] = []
      for (entry, owner) in zip(entries, owners) {
        let entry = Int(truncatingIfNeeded: entry)
        if depth == placeLevel || node.count(entry) == 1 {
          body(Int(owner), node.representative(entry), node.x(entry), node.y(entry))
          continue
        }
        node.forEachChild(entry) { child in
          children.append(UInt64(child))
          childOwners.append(owner)
        }
      }
      entries = children
      owners = childOwners
      depth += 1
    }
  }

  /// `entries`, indexes below `entryCount`, in ascending order, each with its owner from
  /// `owners`: marked in a table of every index and read from it in order when they are at
  /// least half of `entryCount` and distinct, which costs less than the sort's passes;
  /// sorted otherwise (an entry asked twice keeps both its owners).
  private static func ascending(
    _ entries: [UInt64], owners: [UInt32], entryCount: Int
  ) -> (entries: [UInt64], owners: [UInt32]) {
    func sorted() -> (entries: [UInt64], owners: [UInt32]) {
      let (sorted, positions) = RadixSort.sortedWithPositions(entries)
      return (sorted, positions.map { owners[Int($0)] })
    }
    guard entries.count >= entryCount / 2,
      let positions = PositionTable.positions(of: entries, below: entryCount)
    else { return sorted() }
    var ascendingEntries: [UInt64] = []
    var ascendingOwners: [UInt32] = []
    ascendingEntries.reserveCapacity(entries.count)
    ascendingOwners.reserveCapacity(entries.count)
    for (entry, position) in positions.enumerated() where position != .max {
      ascendingEntries.append(UInt64(entry))
      ascendingOwners.append(owners[Int(position)])
    }
    return (ascendingEntries, ascendingOwners)
  }
}

// MARK: - Owners of every place

extension ClusterHierarchy {
  /// For each entry of the place level, the position in `indexes` of the entry of `level`
  /// it belongs to (its owner), or `UInt32.max` when none of them holds it: a table by entry
  /// of the place level, read with ``entryOfPlace``.
  ///
  /// The owners go down a level at a time through each entry's parent (as
  /// ``ClusterLevelReader/parent(_:)`` reads it), over every entry of every level below
  /// `level`, in index order: when `indexes` hold most of the places (a view's first filter at
  /// world zoom), that reads each level's tables once, forwards, where a walk down their
  /// children gathers and orders the entries of each level first
  /// (``forEachPlace(ofEach:at:_:)``). An entry with no places may get an owner or none: it
  /// holds no place to give it to. (A level built again leaves the entries below an emptied
  /// one with a parent beyond the level, `UInt32.max`: they get none.)
  ///
  /// - Precondition: each index is an entry of `level`, given once.
  /// - Complexity: O(*e*) for the *e* entries of the levels from `level` down.
  package func placeOwners(ofEach indexes: [Int], at level: Int) -> [UInt32] {
    guard (0...placeLevel).contains(level) else { return [] }
    var owners = [UInt32](repeating: .max, count: self.level(level).entryCount)
    for (position, entry) in indexes.enumerated() { owners[entry] = UInt32(position) }
    var depth = level
    while depth < placeLevel {
      depth += 1
      owners = Self.owners(
        below: owners, built: levels[depth], patch: patches[depth])
    }
    return owners
  }

  /// The owner of each entry of the level `built` with `patch` over it, its parent's in
  /// `above`, the owners of the level above.
  private static func owners(below above: [UInt32], built: ClusterLevel, patch: LevelPatch)
    -> [UInt32]
  {
    let builtCount = built.entryCount
    var owners = [UInt32](repeating: .max, count: builtCount + patch.added.count)
    // A parent beyond the level above is that of an entry emptied before its level was built
    // again: the rebuild gives the emptied parent no index (see `rebuildingLevel`).
    let aboveCount = above.count
    owners.withUnsafeMutableBufferPointer { owners in
      above.withUnsafeBufferPointer { above in
        built.parent.withUnsafeBufferPointer { parents in
          for entry in 0..<builtCount {
            let parent = Int(parents[entry])
            owners[entry] = parent < aboveCount ? above[parent] : .max
          }
        }
      }
    }
    // The parents edits gave built entries, then the added entries' own.
    patch.parentOverride.forEachPair { entry, parent in
      owners[Int(entry)] = Int(parent) < aboveCount ? above[Int(parent)] : .max
    }
    var entry = builtCount
    for fields in patch.added {
      if fields.count > 0, Int(fields.parent) < aboveCount {
        owners[entry] = above[Int(fields.parent)]
      }
      entry += 1
    }
    return owners
  }
}

extension ClusterHierarchy {
  /// Calls `body` with each place of `catalog` whose handle is in `handles` and whose entry
  /// of the place level has an owner in `owners`, in catalog order.
  ///
  /// The owners are those ``placeOwners(ofEach:at:)`` makes. `body` gets each place's owner,
  /// its handle, its entry's position, and its category and population as
  /// ``PlaceCatalog/categoryAndPopulation(ofHandle:)`` reads them: one walk forwards over
  /// the handles, which reads a place only when its entry has an owner.
  ///
  /// - Precondition: this is a hierarchy of `catalog`'s places.
  /// - Complexity: O(*k* + *n* / 64) for the *k* handles of `handles` and the catalog's *n*.
  package func forEachOwnedPlace(
    inHandles handles: Range<Int>, owners: [UInt32], catalog: PlaceCatalog,
    _ body: (
      _ owner: Int, _ handle: UInt32, _ x: UInt32, _ y: UInt32, _ category: String?,
      _ population: Int?
    ) -> Void
  ) {
    let (built, patch) = (levels[placeLevel], patches[placeLevel])
    let table = entryOfPlace
    owners.withUnsafeBufferPointer { owners in
      // The entry of the place the walk is at, once its owner is known.
      var entry = 0
      catalog.storage.forEachCategoryAndPopulation(inHandles: handles) { handle in
        guard Int(handle) < table.count else { return false }
        entry = Int(table[Int(handle)])
        // Checked as `entry(ofPlaceWithHandle:)` checks it, without a reader made each time.
        return entry < owners.count && owners[entry] != .max
          && Self.holdsPlace(handle, entry: entry, built: built, patch: patch)
      } _: { handle, category, population in
        body(
          Int(owners[entry]), handle, patch.x(of: entry, in: built), patch.y(of: entry, in: built),
          category, population)
      }
    }
  }
}
