/// What edits changed in one level of a ``ClusterHierarchy`` since its levels were last built.
///
/// The built level's arrays stay as they are. A built entry that an edit changes keeps its
/// index: its fields as edited are kept here (and its children, when they changed), and the
/// built arrays are no longer read for it. An entry an edit makes is added, with an index
/// after the built ones. So an edit writes only the entries it changes, never their parents'
/// and children's links to them. Copies share everything through ``PersistentArray``s and
/// ``PersistentDictionary``s, so an edit copies a few chunks, not the level.
struct LevelPatch: Sendable {
  /// The patch's tables, in one object, so that a copy of a patch retains one reference.
  ///
  /// A profile of sustained edits counted three million copies of patches over 44,000 edited
  /// places (the editor reads entries through copies), each retaining and releasing nine
  /// tables when the patch held them itself.
  ///
  /// The patch writes its tables only once it holds them alone (``uniqueTables()``), copying
  /// them first otherwise, so a value of the patch never sees another's writes.
  private final class Tables: @unchecked Sendable {
    // Sendable: written only while one patch holds them (see `uniqueTables()`); a patch
    // that shares them, as every other patch and every thread does, only reads them.

    /// The tables, behind a constant pointer: reads and writes through it make no dynamic
    /// exclusivity check, where each access to a variable of the class made one, which cost
    /// more than the copies of the patch it saved.
    let values: UnsafeMutablePointer<Values>

    struct Values {
      var changedSlot = PersistentArray<UInt32>()
      var changedEntries = PersistentArray<ChangedClusterEntry>()
      var changedChildren = PersistentDictionary<UInt32, PatchChildren>()
      var parentOverride = PersistentDictionary<UInt32, UInt32>()
      var added = PersistentArray<AddedClusterFields>()
      var addedChildren = PersistentArray<PatchChildren>()
      var spilledChildren = PersistentDictionary<UInt32, [UInt32]>()
      var grid: AddedEntryGrid
    }

    /// Tables holding `values`, which they share with the tables they came from.
    init(_ values: Values) {
      self.values = UnsafeMutablePointer<Values>.allocate(capacity: 1)
      self.values.initialize(to: values)
    }

    deinit {
      values.deinitialize(count: 1)
      values.deallocate()
    }
  }

  /// The number of built entries: the first added entry's index.
  let builtCount: Int
  private var tables: Tables
  /// For each built entry, 0 when no edit changed it, else 1 + the position of its fields in
  /// ``changedEntries``; empty until an edit changes one.
  ///
  /// An array rather than a table by index: 4 bytes a built entry, looked up without
  /// hashing, where a table's slots took several times the fields' own bytes per entry.
  var changedSlot: PersistentArray<UInt32> { tables.values.pointee.changedSlot }
  /// The changed built entries, each with its index, in the order first changed.
  ///
  /// The index is kept beside the fields, so that an entry's first change appends to one
  /// table, not two: each append to a table shared with the patch it came from copies the
  /// table's leaf and branch.
  var changedEntries: PersistentArray<ChangedClusterEntry> {
    tables.values.pointee.changedEntries
  }
  /// The number of changed built entries left with no places.
  private(set) var emptiedCount = 0
  /// The children of each changed built entry whose children changed, by index.
  private var changedChildren: PersistentDictionary<UInt32, PatchChildren> {
    tables.values.pointee.changedChildren
  }
  /// The parent of built entries whose parent is no longer their built one.
  var parentOverride: PersistentDictionary<UInt32, UInt32> { tables.values.pointee.parentOverride }
  /// The entries edits made, in the order made, but for their children.
  ///
  /// An entry removed since has no places. The children are kept apart, so that reading an
  /// entry retains nothing.
  var added: PersistentArray<AddedClusterFields> { tables.values.pointee.added }
  /// The children of each added entry.
  private var addedChildren: PersistentArray<PatchChildren> { tables.values.pointee.addedChildren }
  /// The children of the changed and added entries with more than
  /// ``PatchChildren/inlineCapacity``, by index in the level.
  private var spilledChildren: PersistentDictionary<UInt32, [UInt32]> {
    tables.values.pointee.spilledChildren
  }
  /// The number of ``added`` entries with places.
  private(set) var liveAddedCount = 0
  /// Where the changed built entries and the added ones with places lie, by index in the
  /// level, for searches.
  var grid: AddedEntryGrid { tables.values.pointee.grid }
  /// The farthest the bounds of a changed or added entry reach from its position, along
  /// either axis.
  ///
  /// A view's search of those entries is widened by this much. It never shrinks.
  private(set) var addedReach: UInt32 = 0

  /// No changes to a level of `builtCount` entries whose grid has cells of 2^`gridShift`
  /// units.
  init(gridShift: Int, builtCount: Int) {
    self.builtCount = builtCount
    tables = Tables(Tables.Values(grid: AddedEntryGrid(shift: gridShift)))
  }

  /// The tables, copied first when another patch shares them, for a write through the
  /// pointer returned.
  private mutating func uniqueTables() -> UnsafeMutablePointer<Tables.Values> {
    if !isKnownUniquelyReferenced(&tables) {
      tables = Tables(tables.values.pointee)
    }
    return tables.values
  }

  /// Whether the level is as built.
  var isEmpty: Bool { changedCount == 0 && added.isEmpty }

  /// The number of changed built entries.
  var changedCount: Int { changedEntries.count }

  /// Whether an edit left any entry of the level, built or added, with no places.
  var hasEmptiedEntries: Bool { emptiedCount > 0 || liveAddedCount < added.count }

  /// The number of entries the grid lists or may list: the changed built ones and the added
  /// ones.
  var editedCount: Int { changedCount + added.count }

  /// The bytes the patch holds: its tables, and the children and grid cells they list.
  ///
  /// - Complexity: O(*a* + *c*) for *a* added entries and *c* changed ones.
  var byteCount: Int {
    var children = 0
    spilledChildren.forEachPair { _, list in
      // An array's header is 32 bytes.
      if list.capacity > 0 { children += 32 + list.capacity * 4 }
    }
    return changedSlot.byteCount + changedEntries.byteCount
      + changedChildren.byteCount + spilledChildren.byteCount
      + parentOverride.byteCount + added.byteCount + addedChildren.byteCount + children
      + grid.byteCount
  }

  /// Whether built entry `index` was changed by an edit.
  @inline(__always)
  func isChanged(builtEntry index: Int) -> Bool {
    changedCount > 0 && changedSlot[index] != 0
  }

  /// The fields of changed built entry `index`.
  @inline(__always)
  func changedFields(builtEntry index: Int) -> AddedClusterFields {
    let slot = Int(changedSlot[index])
    precondition(slot > 0, "a changed built cluster entry has its fields")
    return changedEntries.withElement(at: slot - 1) { $0.pointee.fields }
  }

  /// The children of changed built entry `index`, if they changed.
  func changedChildren(builtEntry index: Int) -> [UInt32]? {
    guard !changedChildren.isEmpty, let children = changedChildren[UInt32(index)] else {
      return nil
    }
    return list(children, ofEntry: index)
  }

  // MARK: - Reading an entry in place
  //
  // What a ``ClusterLevelReader`` reads of one entry, given the built level this patch edits.
  // The reader reads through these; the cluster editor calls them on the patch where it lies
  // (`patches[level].parent(of:in:)`), which copies none of its tables, where making a reader
  // retains and releases each of them.

  /// Whether entry `entry` is built and no edit changed it: its fields are the built level's.
  @inline(__always)
  func isAsBuilt(_ entry: Int) -> Bool {
    entry < builtCount && !isChanged(builtEntry: entry)
  }

  /// Entry `entry`'s x, in `built`.
  @inline(__always)
  func x(of entry: Int, in built: ClusterLevel) -> UInt32 {
    isAsBuilt(entry) ? built.x[entry] : editedFields(entry).x
  }

  /// Entry `entry`'s y, in `built`.
  @inline(__always)
  func y(of entry: Int, in built: ClusterLevel) -> UInt32 {
    isAsBuilt(entry) ? built.y[entry] : editedFields(entry).y
  }

  /// Entry `entry`'s number of places, in `built`; 0 for one an edit removed.
  @inline(__always)
  func count(of entry: Int, in built: ClusterLevel) -> UInt32 {
    isAsBuilt(entry) ? built.count[entry] : editedFields(entry).count
  }

  /// The handle of entry `entry`'s representative place, in `built`.
  @inline(__always)
  func representative(of entry: Int, in built: ClusterLevel) -> UInt32 {
    isAsBuilt(entry) ? built.representative[entry] : editedFields(entry).representative
  }

  /// The deepest level at which entry `entry` has exactly its places, in `built`.
  @inline(__always)
  func formedLevel(of entry: Int, in built: ClusterLevel) -> UInt8 {
    isAsBuilt(entry) ? built.formedLevel[entry] : editedFields(entry).formedLevel
  }

  /// Entry `entry`'s places' positions, summed exactly, in `built`.
  @inline(__always)
  func sum(of entry: Int, in built: ClusterLevel) -> PositionSum {
    isAsBuilt(entry) ? built.sum(entry) : editedFields(entry).sum
  }

  /// A rectangle that holds entry `entry`'s places, in `built`: exact for a built entry (the
  /// square of its ``ClusterLevel/reach``), conservative for one an edit changed.
  @inline(__always)
  func bounds(of entry: Int, in built: ClusterLevel) -> EntryBounds {
    isAsBuilt(entry) ? Self.builtBounds(entry, in: built) : editedFields(entry).bounds
  }

  /// The bounds of entry `index` of `built` as built.
  @inline(__always)
  private static func builtBounds(_ index: Int, in built: ClusterLevel) -> EntryBounds {
    EntryBounds(around: (built.x[index], built.y[index]), reach: built.reach[index])
  }

  /// Entry `entry`'s children one level down, in `built`.
  func children(of entry: Int, in built: ClusterLevel) -> [UInt32] {
    guard entry < builtCount else { return addedChildren(at: entry - builtCount) }
    return builtChildren(entry, of: built, changed: isChanged(builtEntry: entry))
  }

  /// Calls `body` with each child of entry `entry` in `built`, in the order ``children(of:in:)``
  /// lists them, without making an array for a built entry no edit changed.
  @inline(__always)
  func forEachChild(of entry: Int, in built: ClusterLevel, _ body: (UInt32) -> Void) {
    guard entry < builtCount, !isChanged(builtEntry: entry) else {
      for child in children(of: entry, in: built) { body(child) }
      return
    }
    for slot in Int(built.childStart[entry])..<Int(built.childStart[entry + 1]) {
      body(built.childOrder[slot])
    }
  }

  /// The children of built entry `index` of `built`: those an edit gave it when it is
  /// `changed` and they changed, else the built ones.
  private func builtChildren(_ index: Int, of built: ClusterLevel, changed: Bool) -> [UInt32] {
    if changed, let children = changedChildren(builtEntry: index) { return children }
    return Array(built.childOrder[Int(built.childStart[index])..<Int(built.childStart[index + 1])])
  }

  /// Entry `entry`'s parent one level up, in `built`: a built entry's is the built one
  /// unless a merge set another (``setParent(_:ofBuiltEntry:)``).
  @inline(__always)
  func parent(of entry: Int, in built: ClusterLevel) -> Int {
    guard entry < builtCount else { return Int(editedFields(entry).parent) }
    // Only a merge gives a built entry another parent: most levels have none to look up.
    guard !parentOverride.isEmpty else { return Int(built.parent[entry]) }
    return Int(parentOverride[UInt32(entry)] ?? built.parent[entry])
  }

  /// Built entry `index` of `built`, the level this patch edits, as edits left it: what a
  /// ``ClusterLevelReader`` of the two reads for it, field by field (its parent `UInt32.max`
  /// when `isTopLevel`; no children when `isPlaceLevel`).
  ///
  /// The cluster editor reads an entry this way before each change of its children, and
  /// only its fields (``builtFields(_:of:isTopLevel:)``) before a change of those alone.
  func builtRecord(
    _ index: Int, of built: ClusterLevel, isTopLevel: Bool, isPlaceLevel: Bool
  ) -> AddedClusterEntry {
    AddedClusterEntry(
      fields: builtFields(index, of: built, isTopLevel: isTopLevel),
      children: isPlaceLevel
        ? [] : builtChildren(index, of: built, changed: isChanged(builtEntry: index)))
  }

  /// The fields of entry `entry` of the level, `built` with this patch over it, as edits left
  /// them, without its children: a built entry's as ``builtFields(_:of:isTopLevel:)`` reads
  /// them, an added one's as added.
  @inline(__always)
  func fields(of entry: Int, in built: ClusterLevel, isTopLevel: Bool) -> AddedClusterFields {
    entry < builtCount
      ? builtFields(entry, of: built, isTopLevel: isTopLevel) : added[entry - builtCount]
  }

  /// The fields of built entry `index` of `built` as edits left them, as
  /// ``builtRecord(_:of:isTopLevel:isPlaceLevel:)`` reads them, without reading its children.
  @inline(__always)
  func builtFields(_ index: Int, of built: ClusterLevel, isTopLevel: Bool) -> AddedClusterFields {
    var fields =
      isChanged(builtEntry: index)
      ? changedFields(builtEntry: index)
      : AddedClusterFields(
        sum: built.sum(index), bounds: Self.builtBounds(index, in: built),
        representative: built.representative[index], formedLevel: built.formedLevel[index],
        parent: 0)
    fields.parent = isTopLevel ? UInt32.max : UInt32(parent(of: index, in: built))
    return fields
  }

  /// The children of added entry `index` (counted from the first added entry).
  func addedChildren(at index: Int) -> [UInt32] {
    list(addedChildren[index], ofEntry: builtCount + index)
  }

  /// The children `children` stands for, of entry `entry` of the level.
  private func list(_ children: PatchChildren, ofEntry entry: Int) -> [UInt32] {
    children.inline ?? spilledChildren[UInt32(entry)] ?? []
  }

  /// `children` as the patch keeps them for entry `entry` of the level, which had `old`: kept
  /// apart in `tables`, the patch's own (``uniqueTables()``), when they do not fit in the
  /// value, and no longer kept apart when they now do.
  private static func kept(
    _ children: [UInt32], ofEntry entry: Int, replacing old: PatchChildren?,
    in tables: UnsafeMutablePointer<Tables.Values>
  ) -> PatchChildren {
    let kept = PatchChildren(children)
    if kept.isSpilled {
      tables.pointee.spilledChildren[UInt32(entry)] = children
    } else if old?.isSpilled ?? false {
      tables.pointee.spilledChildren[UInt32(entry)] = nil
    }
    return kept
  }

  /// The fields of entry `index` of the level, changed or added: one the grid lists.
  @inline(__always)
  func editedFields(_ index: Int) -> AddedClusterFields {
    index < builtCount ? changedFields(builtEntry: index) : added[index - builtCount]
  }

  /// Sets the parent of built entry `index`.
  mutating func setParent(_ parent: UInt32, ofBuiltEntry index: Int) {
    uniqueTables().pointee.parentOverride[UInt32(index)] = parent
  }

  /// Sets the fields of built entry `index` to `entry`'s (its parent aside: see
  /// ``setParent(_:ofBuiltEntry:)``), and its children when `childrenChanged`.
  mutating func setBuilt(_ entry: AddedClusterEntry, at index: Int, childrenChanged: Bool) {
    setBuilt(entry.fields, children: childrenChanged ? entry.children : nil, at: index)
  }

  /// Sets the fields of built entry `index` to `fields` (its parent aside: see
  /// ``setParent(_:ofBuiltEntry:)``), and its children to `children` unless that is `nil`.
  mutating func setBuilt(_ fields: AddedClusterFields, children: [UInt32]?, at index: Int) {
    let tables = uniqueTables()
    if tables.pointee.changedSlot.isEmpty {
      tables.pointee.changedSlot = PersistentArray(repeating: 0, count: builtCount)
    }
    let slot = Int(tables.pointee.changedSlot[index])
    let old = slot > 0 ? tables.pointee.changedEntries[slot - 1].fields : nil
    let changed = ChangedClusterEntry(fields: fields, index: UInt32(index))
    if slot > 0 {
      tables.pointee.changedEntries[slot - 1] = changed
    } else {
      tables.pointee.changedEntries.append(changed)
      tables.pointee.changedSlot[index] = UInt32(tables.pointee.changedEntries.count)
    }
    tables.pointee.grid.move(
      index, from: old.map { (x: $0.x, y: $0.y, count: $0.count) },
      to: (fields.x, fields.y, fields.count))
    addedReach = max(addedReach, fields.bounds.reach(from: (fields.x, fields.y)))
    emptiedCount += (fields.count == 0 ? 1 : 0) - (old.map { $0.count == 0 ? 1 : 0 } ?? 0)
    if let children {
      let old =
        tables.pointee.changedChildren.isEmpty ? nil : tables.pointee.changedChildren[UInt32(index)]
      tables.pointee.changedChildren[UInt32(index)] = Self.kept(
        children, ofEntry: index, replacing: old, in: tables)
    }
  }

  /// Changes the fields of entry `entry` of the level with `body`, in place, leaving its
  /// children as they are: built entries' fields as in `built` (their parent `UInt32.max`
  /// when `isTopLevel`), as ``builtFields(_:of:isTopLevel:)`` reads them.
  ///
  /// A change made through this method reads no table of a copy of the patch: the editor's
  /// own read of the fields followed by a write copied the patch, retaining each table.
  @discardableResult
  mutating func updateFields(
    _ entry: Int, in built: ClusterLevel, isTopLevel: Bool,
    _ body: (inout AddedClusterFields) -> Void
  ) -> AddedClusterFields {
    var fields = fields(of: entry, in: built, isTopLevel: isTopLevel)
    body(&fields)
    if entry < builtCount {
      setBuilt(fields, children: nil, at: entry)
    } else {
      setAdded(fields, children: nil, at: entry - builtCount)
    }
    return fields
  }

  /// Adds `entry`; returns its index among the added entries.
  mutating func add(_ entry: AddedClusterEntry) -> Int {
    let tables = uniqueTables()
    tables.pointee.added.append(entry.fields)
    tables.pointee.addedChildren.append(
      Self.kept(
        entry.children, ofEntry: builtCount + tables.pointee.added.count - 1, replacing: nil,
        in: tables))
    if entry.fields.count > 0 { liveAddedCount += 1 }
    let fields = entry.fields
    tables.pointee.grid.move(
      builtCount + tables.pointee.added.count - 1, from: nil, to: (fields.x, fields.y, fields.count)
    )
    addedReach = max(addedReach, fields.bounds.reach(from: (fields.x, fields.y)))
    return added.count - 1
  }

  /// Added entry `index`, with its children.
  func addedEntry(at index: Int) -> AddedClusterEntry {
    AddedClusterEntry(fields: added[index], children: addedChildren(at: index))
  }

  /// Replaces added entry `index`.
  ///
  /// Children equal to those it has are not written again: most edits change an entry's
  /// places, not its children, and writing them would copy a leaf of the children's table
  /// shared with earlier copies of the patch.
  mutating func setAdded(_ entry: AddedClusterEntry, at index: Int) {
    setAdded(entry.fields, children: entry.children, at: index)
  }

  /// Sets the fields of added entry `index` to `fields`, and its children to `children`
  /// unless that is `nil` (or they are already those).
  mutating func setAdded(_ fields: AddedClusterFields, children: [UInt32]?, at index: Int) {
    let old = added[index]
    let wasLive = old.count > 0
    let tables = uniqueTables()
    tables.pointee.grid.move(
      builtCount + index, from: (old.x, old.y, old.count),
      to: (fields.x, fields.y, fields.count))
    addedReach = max(addedReach, fields.bounds.reach(from: (fields.x, fields.y)))
    tables.pointee.added[index] = fields
    if let children {
      let oldChildren = addedChildren[index]
      // Lists kept apart that share their storage compare equal at once, without reading
      // their elements.
      let unchanged =
        oldChildren.isSpilled
        ? spilledChildren[UInt32(builtCount + index)] == children
        : oldChildren.keepsInline(children)
      if !unchanged {
        tables.pointee.addedChildren[index] = Self.kept(
          children, ofEntry: builtCount + index, replacing: oldChildren, in: tables)
      }
    }
    liveAddedCount += (fields.count > 0 ? 1 : 0) - (wasLive ? 1 : 0)
  }
}

// MARK: - Renumbering a neighbouring level

extension LevelPatch {
  /// This patch with each parent one level up renumbered through `newIndex`.
  ///
  /// `newIndex` takes an index of the level above as it was to its index once that level is
  /// built again from its entries (see ``ClusterHierarchy/compactingLevel(_:)``). A parent
  /// not in `newIndex` (none, at level 0) is kept.
  ///
  /// - Complexity: O(*c* + *a*) for *c* changed entries and *a* added ones.
  func renumberingParents(through newIndex: [UInt32]) -> LevelPatch {
    guard !isEmpty else { return self }
    func renumbered(_ fields: AddedClusterFields) -> AddedClusterFields {
      var fields = fields
      fields.parent = Self.renumbered(fields.parent, through: newIndex)
      return fields
    }
    var patch = self
    let tables = patch.uniqueTables()
    tables.pointee.changedEntries = PersistentArray(
      changedEntries.lazy.map {
        ChangedClusterEntry(fields: renumbered($0.fields), index: $0.index)
      })
    tables.pointee.added = PersistentArray(added.lazy.map(renumbered))
    var overrides: [(UInt32, UInt32)] = []
    overrides.reserveCapacity(parentOverride.count)
    parentOverride.forEachPair { entry, parent in
      overrides.append((entry, Self.renumbered(parent, through: newIndex)))
    }
    tables.pointee.parentOverride = PersistentDictionary(overrides)
    return patch
  }

  /// This patch with each child one level down renumbered through `newIndex`, as
  /// ``renumberingParents(through:)`` renumbers parents; each list of children stays in
  /// ascending order.
  ///
  /// - Complexity: O(*c* + *a*) for the children of the changed and added entries.
  func renumberingChildren(through newIndex: [UInt32]) -> LevelPatch {
    guard !isEmpty else { return self }
    func renumbered(_ children: PatchChildren) -> PatchChildren {
      guard let inline = children.inline else { return children }
      return PatchChildren(inline.map { Self.renumbered($0, through: newIndex) }.sorted())
    }
    var patch = self
    var changed: [(UInt32, PatchChildren)] = []
    changedChildren.forEachPair { changed.append(($0, renumbered($1))) }
    let tables = patch.uniqueTables()
    tables.pointee.changedChildren = PersistentDictionary(changed)
    tables.pointee.addedChildren = PersistentArray(addedChildren.lazy.map(renumbered))
    var spilled: [(UInt32, [UInt32])] = []
    spilledChildren.forEachPair { entry, list in
      spilled.append((entry, list.map { Self.renumbered($0, through: newIndex) }.sorted()))
    }
    tables.pointee.spilledChildren = PersistentDictionary(spilled)
    return patch
  }

  /// `index` through `newIndex`, or as it is when `newIndex` has no such index.
  @inline(__always)
  static func renumbered(_ index: UInt32, through newIndex: [UInt32]) -> UInt32 {
    Int(index) < newIndex.count ? newIndex[Int(index)] : index
  }
}

/// A built entry edits changed: its fields as changed, and its index in the level.
struct ChangedClusterEntry: Sendable {
  var fields: AddedClusterFields
  let index: UInt32
}

/// An entry edits added or changed, but for its children: what a query reads.
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
