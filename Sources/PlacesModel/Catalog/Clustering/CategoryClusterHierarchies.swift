/// A catalog's places clustered within their categories: one ``ClusterHierarchy`` per
/// category (places without a category are one more group), so that a place only ever
/// clusters with places of its own category, as MapKit's `clusteringIdentifier` does.
///
/// Each hierarchy keeps every promise of ``ClusterHierarchy`` for its own places: every place
/// of the category in exactly one entry per level, no two entries of a level within the radius
/// of each other, exact means, identities. Across categories nothing is promised: entries of
/// two categories may lie as close as they like (MapKit lets them overlap too), and a map that
/// shows several categories shows each one's markers on top of the others'.
///
/// Places keep their catalog handles in every hierarchy, so an edit goes to the hierarchy of
/// each changed place: a place whose category changed leaves its old category's hierarchy and
/// joins its new one's. A category that first appears in an edit gets a new group, after the
/// others: a group keeps its number for as long as the value is edited.
///
/// Memory: the table of each handle's entry at the place level
/// (``ClusterHierarchy/entryOfPlace``) is one for all the groups, since a place is in one
/// group: every hierarchy holds the same table, 4 bytes a handle in all, where a table per
/// group would take 4 bytes a handle for each category. And a group of fewer than 2^16 places
/// lists each entry's children in 2 bytes a value, not 4 (``ClusterLevel/childOrder``): the
/// more entries the groups keep apart than one hierarchy would merge (most of them single
/// places carried up a level unchanged) cost 33 bytes each at most, not 37.
package struct CategoryClusterHierarchies: Sendable {
  /// The category of each group, `nil` for the places without one; groups in order of
  /// their number.
  package private(set) var categories: [String?]
  /// The hierarchy of each group's places.
  package private(set) var hierarchies: [ClusterHierarchy]
  /// The number of each category's group.
  private var groupOfCategory: [String?: Int]
  /// The entry at the place level of each handle's place in its group's hierarchy
  /// (`UInt32.max` for a handle no place has): the ``ClusterHierarchy/entryOfPlace`` of every
  /// group's hierarchy between edits.
  private var entryTable: PersistentArray<UInt32>
  private let radius: Double
  private let maximumLevel: Int

  /// Clusters `places` (with the handles `handles`, ascending) within their categories, with
  /// `radius` points at every level from 0 to `maximumLevel`; groups numbered in the order of
  /// their categories (`nil` first).
  ///
  /// - Complexity: O(*n*) per level, all categories together.
  package init(places: [Place], handles: [UInt32], radius: Double, maximumLevel: Int) {
    var members: [String?: (places: [Place], handles: [UInt32])] = [:]
    for (place, handle) in zip(places, handles) {
      members[place.category, default: ([], [])].places.append(place)
      members[place.category, default: ([], [])].handles.append(handle)
    }
    let ordered = members.keys.sorted { first, second in
      guard let second else { return false }
      guard let first else { return true }
      return first < second
    }
    self.radius = radius
    self.maximumLevel = maximumLevel
    categories = ordered
    groupOfCategory = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })
    var table = PersistentArray(
      repeating: UInt32.max, count: handles.last.map { Int($0) + 1 } ?? 0)
    hierarchies = ordered.map { category in
      let group = members[category] ?? ([], [])
      var hierarchy = ClusterHierarchy(
        places: group.places, handles: group.handles, radius: radius, maximumLevel: maximumLevel)
      Self.record(hierarchy, in: &table)
      // Its own table goes at once: the groups' tables are never all held together.
      hierarchy.entryOfPlace = PersistentArray()
      return hierarchy
    }
    entryTable = table
    shareEntryTable()
  }

  /// Writes into `table` the entry at the place level of each place of `hierarchy`.
  private static func record(
    _ hierarchy: ClusterHierarchy, in table: inout PersistentArray<UInt32>
  ) {
    let places = hierarchy.level(hierarchy.placeLevel)
    for entry in places.liveEntries {
      write(UInt32(entry), at: places.representative(entry), in: &table)
    }
  }

  /// Gives every group's hierarchy ``entryTable``, which holds the entries of all groups.
  private mutating func shareEntryTable() {
    for group in hierarchies.indices {
      hierarchies[group].entryOfPlace = entryTable
    }
  }

  /// The group of `category`, if any place of the catalog had it.
  package func group(ofCategory category: String?) -> Int? {
    groupOfCategory[category]
  }

  /// The deepest level that clusters, the same in every group.
  package var placeLevel: Int { maximumLevel + 1 }

  /// The bytes all the hierarchies hold (see ``ClusterHierarchy/byteCount``), their one
  /// table of entries by handle counted once.
  package var byteCount: Int {
    hierarchies.reduce(entryTable.count * 4) { $0 + $1.levelsByteCount }
  }

  /// Each group's share of `changes`: a place that changed category leaves its old group (a
  /// removal) and joins its new one (an insertion); a category seen for the first time gets a
  /// group, with an empty hierarchy to insert into.
  private mutating func routed(_ changes: [PlaceHandleChange]) -> [[PlaceHandleChange]] {
    var routed: [[PlaceHandleChange]] = Array(repeating: [], count: hierarchies.count)
    func add(_ change: PlaceHandleChange, category: String?) {
      let group: Int
      if let known = groupOfCategory[category] {
        group = known
      } else {
        group = categories.count
        categories.append(category)
        groupOfCategory[category] = group
        hierarchies.append(
          ClusterHierarchy(places: [], handles: [], radius: radius, maximumLevel: maximumLevel))
        routed.append([])
      }
      routed[group].append(change)
    }
    for change in changes {
      if let old = change.old, let new = change.new, old.category == new.category {
        if change.changesGeometry { add(change, category: old.category) }
        continue
      }
      if let old = change.old {
        add(PlaceHandleChange(handle: change.handle, old: old, new: nil), category: old.category)
      }
      if let new = change.new {
        add(PlaceHandleChange(handle: change.handle, old: nil, new: new), category: new.category)
      }
    }
    return routed
  }

  /// These hierarchies with `changes` (every place changed, by handle) applied, each group's
  /// to its own hierarchy (see ``ClusterHierarchy/applying(_:slots:population:)``); a group no
  /// change reached is kept as it is.
  func deriving(
    _ changes: [PlaceHandleChange], from original: CatalogStorage, to edited: CatalogStorage
  ) -> CategoryClusterHierarchies {
    var derived = self
    let routed = derived.routed(changes)
    // Each group is edited on the table as it was before the edit, which holds the entry of
    // every place the group had: the one each place it removes or moves is found in.
    var levelsBefore: [Int: [ClusterLevel]] = [:]
    for (group, changes) in routed.enumerated() where !changes.isEmpty {
      var hierarchy = derived.hierarchies[group]
      hierarchy.entryOfPlace = entryTable
      levelsBefore[group] = hierarchy.levels
      derived.hierarchies[group] = hierarchy.applying(changes, slots: edited.buildSlots) {
        edited.place(withHandle: $0)?.population ?? 0
      }
    }
    // Then the table takes what the edit wrote: first the places that left a group, then the
    // places each group has, so that a place that moved from one group to another keeps its
    // new group's entry.
    var table = entryTable
    for changes in routed {
      for change in changes where change.new == nil && Int(change.handle) < table.count {
        table[Int(change.handle)] = UInt32.max
      }
    }
    for (group, changes) in routed.enumerated() where !changes.isEmpty {
      let hierarchy = derived.hierarchies[group]
      let before = levelsBefore[group] ?? []
      if hierarchy.levels.last !== before.last {
        // The edit took a rebuild of the level of places, whose entries all have another
        // index, or of the level above it (which renumbers the place level's parents and so
        // replaces its built level too): every place of the group is written. (A rebuild of
        // any other level keeps each place's entry.)
        Self.record(hierarchy, in: &table)
        continue
      }
      for change in changes where change.new != nil {
        guard let entry = hierarchy.entry(ofPlaceWithHandle: change.handle) else { continue }
        Self.write(UInt32(entry), at: change.handle, in: &table)
      }
    }
    derived.entryTable = table
    derived.shareEntryTable()
    return derived
  }

  /// Sets `table`'s slot of `handle` to `entry`, the table made longer first if need be.
  private static func write(
    _ entry: UInt32, at handle: UInt32, in table: inout PersistentArray<UInt32>
  ) {
    while table.count <= Int(handle) { table.append(UInt32.max) }
    table[Int(handle)] = entry
  }

  /// These hierarchies with `changes` applied and every handle renumbered (see
  /// ``ClusterHierarchy/compacted(newHandle:handleCount:)``), for a catalog of `handleCount`
  /// places.
  func renumbered(
    _ changes: [PlaceHandleChange], population: @escaping (UInt32) -> Int,
    newHandle: @escaping (UInt32) -> UInt32, handleCount: Int
  ) -> CategoryClusterHierarchies {
    var derived = self
    let routed = derived.routed(changes)
    var table = PersistentArray(repeating: UInt32.max, count: handleCount)
    for (group, changes) in routed.enumerated() {
      var hierarchy = derived.hierarchies[group]
      hierarchy.entryOfPlace = entryTable
      hierarchy = hierarchy.applyingWithoutRebuilding(
        changes.map(ClusterPlaceChange.init), population: population
      ).compacted(newHandle: newHandle, handleCount: handleCount)
      Self.record(hierarchy, in: &table)
      hierarchy.entryOfPlace = PersistentArray()
      derived.hierarchies[group] = hierarchy
    }
    derived.entryTable = table
    derived.shareEntryTable()
    return derived
  }

  /// Waits for the background rebuild of each hierarchy: for tests.
  func waitForCompactions() {
    for hierarchy in hierarchies { hierarchy.waitForCompaction() }
  }
}
