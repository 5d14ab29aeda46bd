/// What edits changed in one level of a ``ClusterHierarchy`` since its levels were last built.
///
/// The built level's entries stay as they are; an entry that an edit changes is marked dead
/// there and lives on as an added entry, whose index follows the built ones. Copies share
/// everything through ``PersistentArray``s, so an edit copies a few chunks, not the level.
struct LevelPatch: Sendable {
  /// Whether each built entry is dead; empty until one is.
  private(set) var isDead = PersistentArray<Bool>()
  /// The number of dead built entries.
  private(set) var deadCount = 0
  /// The parent of built entries whose parent is no longer their built one.
  private(set) var parentOverride = PersistentDictionary<UInt32, UInt32>()
  /// The entries edits made, in the order made, but for their children.
  ///
  /// An entry removed since has no places. The children are kept apart, so that reading an
  /// entry retains nothing.
  private(set) var added = PersistentArray<AddedClusterFields>()
  /// The children of each added entry.
  private(set) var addedChildren = PersistentArray<[UInt32]>()
  /// The number of ``added`` entries with places.
  private(set) var liveAddedCount = 0
  /// Where the ``added`` entries lie, for searches.
  private(set) var grid: AddedEntryGrid
  /// The farthest the bounds of an added entry reach from its position, along either axis.
  ///
  /// A view's search of the added entries is widened by this much. It never shrinks.
  private(set) var addedReach: UInt32 = 0

  /// No changes to a level whose grid has cells of 2^`gridShift` units.
  init(gridShift: Int) {
    grid = AddedEntryGrid(shift: gridShift)
  }

  /// Whether the level is as built.
  var isEmpty: Bool { deadCount == 0 && added.isEmpty }

  /// Whether built entry `index` is dead.
  @inline(__always)
  func isDead(builtEntry index: Int) -> Bool {
    deadCount > 0 && isDead[index]
  }

  /// Marks built entry `index` of a level of `builtCount` entries dead.
  mutating func kill(builtEntry index: Int, builtCount: Int) {
    if isDead.isEmpty {
      isDead = PersistentArray(repeating: false, count: builtCount)
    }
    precondition(!isDead[index], "a built cluster entry dies once")
    isDead[index] = true
    deadCount += 1
  }

  /// Sets the parent of built entry `index`.
  mutating func setParent(_ parent: UInt32, ofBuiltEntry index: Int) {
    parentOverride[UInt32(index)] = parent
  }

  /// Adds `entry`; returns its index among the added entries.
  mutating func add(_ entry: AddedClusterEntry) -> Int {
    added.append(entry.fields)
    addedChildren.append(entry.children)
    if entry.fields.count > 0 { liveAddedCount += 1 }
    let fields = entry.fields
    grid.move(added.count - 1, from: nil, to: (fields.x, fields.y, fields.count))
    addedReach = max(addedReach, fields.bounds.reach(from: (fields.x, fields.y)))
    return added.count - 1
  }

  /// Added entry `index`, with its children.
  func addedEntry(at index: Int) -> AddedClusterEntry {
    AddedClusterEntry(fields: added[index], children: addedChildren[index])
  }

  /// Replaces added entry `index`.
  mutating func setAdded(_ entry: AddedClusterEntry, at index: Int) {
    let old = added[index]
    let wasLive = old.count > 0
    let fields = entry.fields
    grid.move(index, from: (old.x, old.y, old.count), to: (fields.x, fields.y, fields.count))
    addedReach = max(addedReach, fields.bounds.reach(from: (fields.x, fields.y)))
    added[index] = entry.fields
    addedChildren[index] = entry.children
    liveAddedCount += (entry.fields.count > 0 ? 1 : 0) - (wasLive ? 1 : 0)
  }
}

/// An added entry but for its children: what a query reads.
struct AddedClusterFields: Sendable {
  /// The mean position of its places, in fixed-point Web Mercator units: ``sum``'s mean.
  private(set) var x: UInt32
  private(set) var y: UInt32
  /// Its places; 0 once it is removed.
  var count: UInt32 { sum.count }
  /// Its places' positions, summed exactly.
  private(set) var sum: PositionSum
  /// A rectangle that holds its places, conservative (see ``EntryBounds``).
  private(set) var bounds: EntryBounds
  /// The handle of its representative place.
  var representative: UInt32
  /// The deepest level at which it has exactly its places.
  var formedLevel: UInt8
  /// Its parent one level up; `UInt32.max` at level 0.
  var parent: UInt32

  /// An entry of the places summed in `sum`, held by `bounds`.
  init(
    sum: PositionSum, bounds: EntryBounds, representative: UInt32, formedLevel: UInt8,
    parent: UInt32
  ) {
    (x, y, _, _) = sum.mean
    self.sum = sum
    self.bounds = bounds
    self.representative = representative
    self.formedLevel = formedLevel
    self.parent = parent
  }

  /// Adds the place at `position`.
  mutating func add(place position: (x: UInt32, y: UInt32)) {
    sum.add(place: position)
    bounds.formUnion(EntryBounds(place: position))
    (x, y, _, _) = sum.mean
  }

  /// Takes out the place at `position`; the bounds stay as they are.
  mutating func remove(place position: (x: UInt32, y: UInt32)) {
    sum.remove(place: position)
    (x, y, _, _) = sum.mean
  }

  /// Adds the places of `other`.
  mutating func absorb(_ other: AddedClusterFields) {
    sum.add(other.sum, nearest: x)
    bounds.formUnion(other.bounds)
    (x, y, _, _) = sum.mean
  }

  /// Takes out every place.
  mutating func empty() {
    sum = PositionSum(x: 0, y: 0, count: 0, remainderX: 0, remainderY: 0)
  }
}

/// An entry an edit made or changed: its fields and its children one level down.
struct AddedClusterEntry: Sendable {
  var fields: AddedClusterFields
  var children: [UInt32]
}
