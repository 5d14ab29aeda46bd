/// Applies edits to a hierarchy's patches: see ``ClusterHierarchy/applying(_:slots:population:)``.
struct ClusterHierarchyEditor {
  let levels: [ClusterLevel]
  let radius: Double
  let placeLevel: Int
  let population: (UInt32) -> Int
  var patches: [LevelPatch]
  var entryOfPlace: PersistentArray<UInt32>
  /// The entries of each level whose mean moved or which merged: they may be within the radius
  /// of another entry.
  private var unsettled: [UnsettledEntries]
  /// Whether a remove or an insert sets each entry's identity from the one child that changed
  /// (``refreshIdentity(of:at:afterLosing:through:)``,
  /// ``refreshIdentity(of:at:afterGainingThrough:)``) rather than from all its children.
  ///
  /// Those rules hold when every representative stored is its entry's most representative
  /// place by ``population``: true before the edit for every place it leaves as it was, so
  /// true throughout an edit of one change, or of changes that remove no place and change no
  /// population. When one place leaves or changes population and another change comes first,
  /// an entry it represents reads its new population (0 once removed) before the change that
  /// refreshes it: a place joining it would beat it, and the rules would keep the joiner when
  /// it leaves, over a more populous place of the entry.
  let followsChangedChildren: Bool
  /// The levels whose entries written are noted in ``touched``: those of a rebuild under way
  /// (see ``ClusterCompaction``); `nil` for none.
  let noting: ClosedRange<Int>?
  /// The entries of the levels ``noting`` written so far, in the order written, with repeats.
  private(set) var touched: [ClusterEntryNote] = []

  init(
    _ hierarchy: ClusterHierarchy, population: @escaping (UInt32) -> Int,
    followsChangedChildren: Bool, noting: ClosedRange<Int>? = nil
  ) {
    self.noting = noting
    levels = hierarchy.levels
    radius = hierarchy.radius
    placeLevel = hierarchy.placeLevel
    self.population = population
    self.followsChangedChildren = followsChangedChildren
    patches = hierarchy.patches
    entryOfPlace = hierarchy.entryOfPlace
    unsettled = Array(repeating: UnsettledEntries(), count: hierarchy.levels.count)
  }

  /// `body` of a pointer to the patch of `level`, where it lies in ``patches``.
  ///
  /// An element read from an array is a copy unless the call it is read for is inlined; the
  /// edit reads an entry through a patch several times per level of each place it moves. A
  /// patch handed to the body as a `borrowing` value was still copied; read through the
  /// pointer's `pointee`, a profile of sustained edits counted 30% fewer copies. Most reads
  /// through `pointee` still copy the patch, inlined or not (a later profile counted three
  /// million copies over 44,000 edited places), so a patch keeps its tables in one object
  /// (``LevelPatch``): a copy retains that one reference. A change made in place
  /// (`patches[level].updateFields`) copies nothing.
  @inline(__always)
  private func withPatch<Result>(
    _ level: Int, _ body: (UnsafePointer<LevelPatch>) -> Result
  ) -> Result {
    patches.withUnsafeBufferPointer { patches in
      // A level's patch exists for every level: the buffer has an address.
      body(patches.baseAddress.unsafelyUnwrapped + level)
    }
  }

  /// Entry `entry` of `level` as edits left it, with its children: built, changed or added.
  private func entryRecord(_ entry: Int, at level: Int) -> AddedClusterEntry {
    let built = levels[level]
    let builtCount = built.entryCount
    let (isTopLevel, isPlaceLevel) = (level == 0, level == placeLevel)
    return withPatch(level) { patch in
      entry < builtCount
        ? patch.pointee.builtRecord(
          entry, of: built, isTopLevel: isTopLevel, isPlaceLevel: isPlaceLevel)
        : patch.pointee.addedEntry(at: entry - builtCount)
    }
  }

  /// The fields of entry `entry` of `level` as edits left them, without its children: what
  /// ``entryRecord(_:at:)`` reads, for a change that reads or writes no child.
  private func fields(of entry: Int, at level: Int) -> AddedClusterFields {
    let built = levels[level]
    return withPatch(level) { $0.pointee.fields(of: entry, in: built, isTopLevel: level == 0) }
  }

  /// Changes the fields of entry `entry` of `level` with `body`, in place, leaving its
  /// children as they are: unlike ``update(_:at:_:)``, its children are neither read nor
  /// compared (a built entry's would be copied out of the level first); returns its fields
  /// as changed.
  @discardableResult
  private mutating func updateFields(
    _ entry: Int, at level: Int, _ body: (inout AddedClusterFields) -> Void
  ) -> AddedClusterFields {
    let built = levels[level]
    note(entry, at: level)
    return patches[level].updateFields(entry, in: built, isTopLevel: level == 0, body)
  }

  /// Notes that entry `entry` of `level` is written, when that level is among ``noting``.
  @inline(__always)
  private mutating func note(_ entry: Int, at level: Int) {
    if let noting, noting.contains(level) {
      touched.append(ClusterEntryNote(level: UInt8(level), entry: UInt32(entry)))
    }
  }

  /// Changes entry `entry` of `level` with `body`, in place.
  ///
  /// A built entry keeps its index, so that no link to it is written; its parent is set by
  /// ``setParent(of:at:to:)`` only.
  private mutating func update(
    _ entry: Int, at level: Int, _ body: (inout AddedClusterEntry) -> Void
  ) {
    note(entry, at: level)
    var record = entryRecord(entry, at: level)
    let builtCount = levels[level].entryCount
    guard entry < builtCount else {
      body(&record)
      patches[level].setAdded(record, at: entry - builtCount)
      return
    }
    let children = record.children
    body(&record)
    patches[level].setBuilt(record, at: entry, childrenChanged: record.children != children)
  }

  private mutating func add(_ record: AddedClusterEntry, at level: Int) -> Int {
    let entry = levels[level].entryCount + patches[level].add(record)
    note(entry, at: level)
    return entry
  }

  private mutating func setParent(of entry: Int, at level: Int, to parent: Int) {
    // An entry joined where it was keeps its parent: nothing to write.
    let built = levels[level]
    guard withPatch(level, { $0.pointee.parent(of: entry, in: built) }) != parent else { return }
    note(entry, at: level)
    if entry < built.entryCount {
      patches[level].setParent(UInt32(parent), ofBuiltEntry: entry)
    } else {
      updateFields(entry, at: level) { $0.parent = UInt32(parent) }
    }
  }

  private mutating func setEntry(_ entry: Int, ofPlaceWithHandle handle: UInt32) {
    while entryOfPlace.count <= Int(handle) { entryOfPlace.append(UInt32.max) }
    entryOfPlace[Int(handle)] = UInt32(entry)
  }

  // MARK: - Places

  /// Takes the place with `handle`, at `position`, out of every entry on its path.
  mutating func remove(handle: UInt32, at position: (x: UInt32, y: UInt32)) {
    guard Int(handle) < entryOfPlace.count, entryOfPlace[Int(handle)] != UInt32.max else { return }
    var entry = Int(entryOfPlace[Int(handle)])
    entryOfPlace[Int(handle)] = UInt32.max
    var level = placeLevel
    var emptiedChild: Int?
    // The entry one level down on the place's path, which lost it.
    var child: Int?
    while true {
      let left: AddedClusterFields
      if emptiedChild == nil, fields(of: entry, at: level).count > 1 {
        // Neither a child to take out nor the entry to empty: only its sum changes.
        left = updateFields(entry, at: level) { $0.remove(place: position) }
      } else {
        update(entry, at: level) { record in
          if let emptiedChild {
            record.children.removeAll { $0 == UInt32(emptiedChild) }
          }
          if record.fields.count == 1 {
            record.fields.empty()
            record.children = []
          } else {
            record.fields.remove(place: position)
          }
        }
        left = fields(of: entry, at: level)
      }
      if left.count == 0 {
        unsettled[level].remove(entry)
        emptiedChild = entry
      } else {
        if followsChangedChildren, let child, emptiedChild == nil {
          refreshIdentity(of: entry, at: level, afterLosing: handle, through: child)
        } else {
          refreshIdentity(of: entry, at: level, upwards: false)
        }
        emptiedChild = nil
        unsettled[level].insert(entry)
      }
      guard level > 0 else { break }
      child = entry
      entry = Int(left.parent)
      level -= 1
    }
  }

  /// Puts the place with `handle`, at `position`, in an entry of every level.
  mutating func insert(handle: UInt32, at position: (x: UInt32, y: UInt32)) {
    var child = add(
      AddedClusterEntry(
        fields: AddedClusterFields(
          sum: PositionSum(place: position), bounds: EntryBounds(place: position),
          representative: handle, formedLevel: UInt8(placeLevel), parent: UInt32.max),
        children: []),
      at: placeLevel)
    setEntry(child, ofPlaceWithHandle: handle)
    var isAlone = true
    for level in stride(from: placeLevel - 1, through: 0, by: -1) {
      let entry: Int
      if isAlone, let near = nearestEntry(to: position, at: level) {
        entry = near
        update(entry, at: level) { record in
          record.children.append(UInt32(child))
          record.fields.add(place: position)
        }
        isAlone = false
      } else if isAlone {
        let below = fields(of: child, at: level + 1)
        entry = add(
          AddedClusterEntry(
            fields: AddedClusterFields(
              sum: below.sum, bounds: below.bounds, representative: below.representative,
              formedLevel: below.formedLevel, parent: UInt32.max),
            children: [UInt32(child)]),
          at: level)
      } else {
        entry = Int(fields(of: child, at: level + 1).parent)
        updateFields(entry, at: level) { $0.add(place: position) }
      }
      setParent(of: child, at: level + 1, to: entry)
      if !isAlone {
        if followsChangedChildren {
          refreshIdentity(of: entry, at: level, afterGainingThrough: child)
        } else {
          refreshIdentity(of: entry, at: level, upwards: false)
        }
        unsettled[level].insert(entry)
      }
      child = entry
    }
  }

  /// Moves the place with `handle` from `old` to `new` without taking it out of the entries on
  /// its path, when it may stay in them; returns `false`, having changed nothing, when it may
  /// not (or the hierarchy does not hold it), so that the caller removes it and inserts it
  /// again.
  ///
  /// It may stay when, at each level where it is alone (deeper than the first entry it
  /// shares), no other live entry lies within the radius of `new`, and at the deepest level
  /// where it shares an entry, `new` lies within the radius of that entry's mean once moved,
  /// no farther from it than `old` lay from the mean before, or inside the rectangle that
  /// already holds the entry's places (``EntryBounds``): a move never carries a place farther
  /// from its cluster's mean than the radius or than it already lay, nor widens the area its
  /// cluster covers beyond that. Its population must be unchanged (the caller's part): then no
  /// representative changes.
  ///
  /// Its entries where it is alone move with it (their rectangles become its position); each
  /// one it shares takes the move into its exact sum and widens its rectangle to hold `new`;
  /// those are left unsettled, for ``mergeCloseEntries()``. Every entry keeps its index, its
  /// children and its identity, and no entry is added: a stream of short moves does not grow
  /// the patches toward a rebuild.
  ///
  /// - Complexity: O(*L* · *s*) for *L* levels and *s* the cost of a search for neighbours, as
  ///   ``insert(handle:at:)``, with one write of each entry on the path.
  mutating func moveInPlace(
    handle: UInt32, from old: (x: UInt32, y: UInt32), to new: (x: UInt32, y: UInt32)
  ) -> Bool {
    guard Int(handle) < entryOfPlace.count, entryOfPlace[Int(handle)] != UInt32.max else {
      return false
    }
    // The place's entry at each level, read up from the place level, and the deepest level
    // at which it shares its entry.
    var path = [Int](repeating: 0, count: placeLevel + 1)
    var shared: Int?
    var entry = Int(entryOfPlace[Int(handle)])
    for level in stride(from: placeLevel, through: 0, by: -1) {
      path[level] = entry
      let built = levels[level]
      if shared == nil, level < placeLevel,
        withPatch(level, { $0.pointee.count(of: entry, in: built) }) > 1
      {
        shared = level
      }
      if level > 0 {
        entry = withPatch(level) { $0.pointee.parent(of: entry, in: built) }
      }
    }
    // The cheap test first: how far the place would lie from the mean of the entry it shares.
    if let shared {
      let built = levels[shared]
      var sum = withPatch(shared) { $0.pointee.sum(of: path[shared], in: built) }
      let before = sum.mean
      sum.remove(place: old)
      sum.add(place: new)
      let after = sum.mean
      let units = radius * WebMercator.unitsPerPoint(atZoom: Double(shared))
      let distance = Self.squaredDistance(new, (after.x, after.y))
      guard
        distance <= units * units || distance <= Self.squaredDistance(old, (before.x, before.y))
          || withPatch(shared, { $0.pointee.bounds(of: path[shared], in: built) }).contains(new)
      else { return false }
    }
    // Alone at the deeper levels: it may stay alone only where no other entry is within the
    // radius. The shallowest first, where the radius is widest and a neighbour likeliest.
    let aloneThrough = shared.map { $0 + 1 } ?? 0
    for level in aloneThrough..<placeLevel {
      let own = path[level]
      let (built, radius) = (levels[level], radius)
      var isApart = true
      withPatch(level) { patch in
        Self.forEachNeighbour(of: new, at: level, of: built, radius: radius, in: patch) {
          entry, _ in
          if entry != own { isApart = false }
        }
      }
      guard isApart else { return false }
    }
    for level in stride(from: placeLevel, through: aloneThrough, by: -1) {
      updateFields(path[level], at: level) { fields in
        fields = AddedClusterFields(
          sum: PositionSum(place: new), bounds: EntryBounds(place: new),
          representative: fields.representative, formedLevel: fields.formedLevel,
          parent: fields.parent)
      }
    }
    for level in stride(from: aloneThrough - 1, through: 0, by: -1) {
      updateFields(path[level], at: level) { fields in
        fields.remove(place: old)
        fields.add(place: new)
      }
      unsettled[level].insert(path[level])
    }
    return true
  }

  /// The live entry of `level` nearest `position` within the radius, the lowest index first.
  private func nearestEntry(to position: (x: UInt32, y: UInt32), at level: Int) -> Int? {
    let (built, radius) = (levels[level], radius)
    var best: (entry: Int, distance: Double)?
    withPatch(level) { patch in
      Self.forEachNeighbour(of: position, at: level, of: built, radius: radius, in: patch) {
        entry, distance in
        let isNearer = best.map { (distance, entry) < ($0.distance, $0.entry) } ?? true
        if isNearer { best = (entry, distance) }
      }
    }
    return best?.entry
  }

  /// Calls `body` with each live entry of `level` (`built` with `patch` over it) within
  /// `radius` points of `position`, and its squared distance from it, in no stated order.
  ///
  /// A static method, so that the closures that call it inside ``withPatch(_:_:)`` capture
  /// no editor: those that called a method of the editor copied it on every search (its
  /// arrays retained and released), 6% of the instructions of a stream of edits' clusters.
  @inline(__always)
  private static func forEachNeighbour(
    of position: (x: UInt32, y: UInt32), at level: Int, of built: ClusterLevel, radius: Double,
    in patch: UnsafePointer<LevelPatch>,
    _ body: (_ entry: Int, _ squaredDistance: Double) -> Void
  ) {
    let units = radius * WebMercator.unitsPerPoint(atZoom: Double(level))
    let reach = UInt32(min(units.rounded(.up), Double(UInt32.max / 2)))
    let (west, east) =
      units * 2 >= Double(UInt32.max) ? (0, UInt32.max) : (position.x &- reach, position.x &+ reach)
    let top = position.y > reach ? position.y - reach : 0
    let bottom = UInt32.max - position.y > reach ? position.y + reach : UInt32.max
    let limit = units * units
    patch.pointee.forEachEntry(west: west, east: east, yRange: top...bottom, in: built) {
      entry, x, y in
      let distance = squaredDistance(position, (x, y))
      if distance <= limit { body(entry, distance) }
    }
  }

  private static func squaredDistance(
    _ first: (x: UInt32, y: UInt32), _ second: (x: UInt32, y: UInt32)
  ) -> Double {
    let dx = Double(Int32(bitPattern: first.x &- second.x))
    let dy = Double(first.y) - Double(second.y)
    return dx * dx + dy * dy
  }

  // MARK: - Merging

  /// Merges, level by level from the deepest, every unsettled entry with the entries within the
  /// radius of it, until no two entries of a level are that close.
  mutating func mergeCloseEntries() {
    let radius = radius
    for level in stride(from: placeLevel - 1, through: 0, by: -1) {
      let built = levels[level]
      while let entry = unsettled[level].removeFirst() {
        var close: [Int] = []
        withPatch(level) { patch in
          guard patch.pointee.count(of: entry, in: built) > 0 else { return }
          let position = (
            patch.pointee.x(of: entry, in: built), patch.pointee.y(of: entry, in: built)
          )
          Self.forEachNeighbour(of: position, at: level, of: built, radius: radius, in: patch) {
            other, _ in
            if other != entry { close.append(other) }
          }
        }
        guard !close.isEmpty else { continue }
        // Absorbed in index order, as a brute-force search would list them.
        close.sort()
        var keeper = entry
        for other in close where withPatch(level, { $0.pointee.count(of: other, in: built) > 0 }) {
          keeper = absorb(other, into: keeper, at: level)
        }
        unsettled[level].insert(keeper)
      }
    }
  }

  /// Merges entry `absorbed` of `level` into `keeper`, and their ancestors up to the one they
  /// share; returns `keeper`'s index.
  @discardableResult
  private mutating func absorb(_ absorbed: Int, into keeper: Int, at level: Int) -> Int {
    let gone = entryRecord(absorbed, at: level)
    let kept = fields(of: keeper, at: level)
    update(keeper, at: level) { record in
      record.children += gone.children
      record.fields.absorb(gone.fields)
    }
    for child in gone.children {
      setParent(of: Int(child), at: level + 1, to: keeper)
    }
    update(absorbed, at: level) { record in
      record.fields.empty()
      record.children = []
    }
    unsettled[level].remove(absorbed)
    refreshIdentity(of: keeper, at: level, upwards: false)
    guard level > 0 else { return keeper }
    let (keptParent, goneParent) = (Int(kept.parent), Int(gone.fields.parent))
    update(goneParent, at: level - 1) { $0.children.removeAll { $0 == UInt32(absorbed) } }
    if keptParent == goneParent {
      refreshIdentity(of: keptParent, at: level - 1, upwards: true)
    } else {
      absorb(goneParent, into: keptParent, at: level - 1)
      unsettled[level - 1].insert(keptParent)
    }
    return keeper
  }

  // MARK: - Identity

  /// Sets the representative and the identity of `entry` of `level` after the place with
  /// `handle` left it through `child`, its entry one level down, which still holds places.
  ///
  /// What ``refreshIdentity(of:at:upwards:)`` would set, without reading every child: when
  /// the place that left was not the representative, the representative stays (the most
  /// representative place of those left is the one it was), and only an entry with one child
  /// (the child holds all its places) takes that child's identity, which may have changed
  /// below. A remove that refreshed every entry on its path read the population of every
  /// child of each: 6% of a stream of edits' instructions (Callgrind).
  private mutating func refreshIdentity(
    of entry: Int, at level: Int, afterLosing handle: UInt32, through child: Int
  ) {
    guard level < placeLevel else { return }
    let current = fields(of: entry, at: level)
    guard current.representative != handle else {
      refreshIdentity(of: entry, at: level, upwards: false)
      return
    }
    let below = fields(of: child, at: level + 1)
    guard below.count == current.count else { return }
    setIdentity(
      of: entry, at: level, representative: below.representative,
      formedLevel: below.formedLevel, from: current)
  }

  /// Sets the representative and the identity of `entry` of `level` after it gained a place
  /// through `child`, its entry one level down (an entry it had, or one it just took in).
  ///
  /// What ``refreshIdentity(of:at:upwards:)`` would set, without reading every child: only
  /// `child`'s representative may have become more representative, so the entry's is the
  /// better of its own and that one; an entry with one child takes that child's identity, any
  /// other is formed at `level`.
  private mutating func refreshIdentity(
    of entry: Int, at level: Int, afterGainingThrough child: Int
  ) {
    guard level < placeLevel else { return }
    let current = fields(of: entry, at: level)
    let below = fields(of: child, at: level + 1)
    guard below.count != current.count else {
      setIdentity(
        of: entry, at: level, representative: below.representative,
        formedLevel: below.formedLevel, from: current)
      return
    }
    let isBetter = ClusterHierarchy.isMoreRepresentative(
      below.representative, population: population(below.representative),
      than: current.representative, population: population(current.representative))
    setIdentity(
      of: entry, at: level,
      representative: isBetter ? below.representative : current.representative,
      formedLevel: UInt8(level), from: current)
  }

  /// Gives `entry` of `level`, whose fields are `current`, `representative` and
  /// `formedLevel`, writing nothing when it has them.
  private mutating func setIdentity(
    of entry: Int, at level: Int, representative: UInt32, formedLevel: UInt8,
    from current: AddedClusterFields
  ) {
    guard representative != current.representative || formedLevel != current.formedLevel else {
      return
    }
    updateFields(entry, at: level) { fields in
      fields.representative = representative
      fields.formedLevel = formedLevel
    }
  }

  /// Sets the representative and the identity of `entry` of `level` from its children,
  /// and, when `upwards` and they changed, its ancestors'.
  private mutating func refreshIdentity(of entry: Int, at level: Int, upwards: Bool) {
    guard level < placeLevel else { return }
    let record = entryRecord(entry, at: level)
    guard record.fields.count > 0, !record.children.isEmpty else { return }
    let below = levels[level + 1]
    // The best so far keeps its population: each child's is read once, not once per
    // comparison.
    let children = record.children
    let population = population
    let (representative, formedLevel) = withPatch(level + 1) { patch in
      var representative = patch.pointee.representative(of: Int(children[0]), in: below)
      var representativePopulation = population(representative)
      for child in children.dropFirst() {
        let candidate = patch.pointee.representative(of: Int(child), in: below)
        let candidatePopulation = population(candidate)
        if ClusterHierarchy.isMoreRepresentative(
          candidate, population: candidatePopulation, than: representative,
          population: representativePopulation)
        {
          representative = candidate
          representativePopulation = candidatePopulation
        }
      }
      let formedLevel =
        children.count == 1
        ? patch.pointee.formedLevel(of: Int(children[0]), in: below) : UInt8(level)
      return (representative, formedLevel)
    }
    guard representative != record.fields.representative || formedLevel != record.fields.formedLevel
    else {
      return
    }
    updateFields(entry, at: level) { fields in
      fields.representative = representative
      fields.formedLevel = formedLevel
    }
    if upwards, level > 0 {
      refreshIdentity(of: Int(record.fields.parent), at: level - 1, upwards: true)
    }
  }
}
