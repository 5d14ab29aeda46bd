import Dispatch

/// A catalog's places clustered at every zoom level at once: the map's markers as a function
/// of the catalog and the zoom, never of the view.
///
/// ## Levels
/// Level ``placeLevel`` (``maximumLevel`` + 1) holds every place alone. Each level *L* from
/// ``maximumLevel`` up to 0 merges the entries of level *L* + 1 greedily: taking them in the
/// order of their grid (north to south, west to east), an entry not yet merged becomes a seed
/// and absorbs every entry not yet merged whose position lies within the radius of its own,
/// measured at level *L*'s scale (a world of 256 × 2^*L* points). A merged entry sits at the
/// mean position of its places, in fixed-point Web Mercator, rounded down: each entry keeps
/// the exact integer sums of its places' positions (``PositionSum``: the mean and the
/// remainders of the divisions), so the mean is that of its places after any history of edits,
/// with no rounding gathered. An entry that absorbed nothing is carried up unchanged. A mean can move a cluster to within the radius of another entry: then, in
/// rounds, the entries within the radius of an entry formed in the round before merge the
/// same way among themselves, taken in the order of the grid of level *L* − 1, until no entry
/// is. So, at every level:
/// - every place is in exactly one entry, and an entry's children one level down (the entries
///   it merged) hold its places: their counts sum to its count;
/// - no two entries are within the radius of each other;
/// - merging is continuous across the antimeridian (positions wrap);
/// - a build of the same places gives the same levels, in the same order.
///
/// ## Reach, and what a view shows
/// Repeated merges chain: at a low level a cluster's places can lie many radii from its
/// position. So each built entry keeps its *reach* (``ClusterLevel/reach``): the farthest any
/// of its places lies from its position along either axis, exact, made from the level below's
/// as levels are built. A view's query (``entries(atLevel:inView:margin:)``) finds every
/// entry whose position lies in the view widened by the margin, as before, and every entry
/// whose square of reach meets the view, so that each place in view is counted by exactly one
/// entry found: its own entry's ancestor. Each level keeps the reach only its widest entries
/// exceed (at most ``ClusterLevel/wideEntryLimit`` of them, ``ClusterLevel/wideReach``): the
/// query searches by position the view widened by the larger of the margin and that reach,
/// and checks one by one those of the widest entries that reach farther than that (none when
/// the margin is wider). An entry that edits changed keeps a rectangle that holds its places
/// instead (``EntryBounds``): conservative (a place that leaves does not shrink it). A level
/// built again from its entries (``compactingLevel(_:)``) makes each entry's reach from its
/// children's rectangles, conservative too; a build of the hierarchy makes every reach exact
/// again. The entries edits changed or added are searched by position too, through their
/// grid, in the view widened by the farthest any of their rectangles reaches from its
/// position (``LevelPatch/addedReach``).
///
/// ## Edits
/// An edit of the catalog changes the levels in place (``applying(_:slots:population:)``) rather
/// than building them again: a place that moves, comes or goes changes only the entries on
/// its old and new paths up the levels, and those that a changed mean brings within the
/// radius, and every invariant above still holds. The levels then follow the catalog's
/// history of edits, and the moments at which edits took the levels rebuilt in the background
/// (see ``applying(_:slots:population:)``), so they may differ from a build of the final places.
/// Places are named by their handle in the catalog, which edits keep.
///
/// ## Identity
/// An entry is named by (the deepest level at which it has exactly its places, its
/// representative place), the same at every level it spans: a cluster that does not change
/// between two zooms keeps its identity, and a pan never changes an identity, since nothing
/// depends on the view.
///
/// ## Cost
/// Building is O(*n*) per level (a grid sweep, a radix sort, and per round of merging again
/// the entries found close plus a copy of the level), each level at most as large as the one
/// below it: about 0.2 s for 170,000 places and 17 levels (`places-bench --only map`).
/// Memory: 37 bytes per entry (the position, its remainders and reach, the count, parent,
/// representative, formed level and children), 33 where the level below has fewer than 2^16
/// entries, whose children are listed in 2 bytes each (``CompactColumn``): every level of a
/// hierarchy of fewer than 2^16 places, such as each category's. Plus at most 2 (and 8 bytes a
/// level) for the directory of grid rows that starts every rectangle's search, and 4 for each
/// of a level's widest entries, summed over the levels (see ``byteCount``).
package struct ClusterHierarchy: Sendable {
  /// The clustering radius, in points.
  package let radius: Double
  /// The deepest level that clusters; at deeper zooms every place has its own marker.
  package let maximumLevel: Int
  /// The levels as last built, from 0 to ``placeLevel``; ``level(_:)`` reads them as edits
  /// left them.
  package let levels: [ClusterLevel]
  /// What edits changed in each level since it was built.
  var patches: [LevelPatch]
  /// Whether an edit changed any level since they were built: when not, a query reads the
  /// built levels without looking at the patches.
  var hasEdits = false
  /// The entry at ``placeLevel`` of the place with each handle; `UInt32.max` for a handle no
  /// place has.
  ///
  /// The hierarchies of ``CategoryClusterHierarchies`` share one table, in which the slot of
  /// a place of another group holds that group's entry: read a handle that may not be this
  /// hierarchy's through ``entry(ofPlaceWithHandle:)``, which checks.
  package internal(set) var entryOfPlace: PersistentArray<UInt32>
  /// This value's identity: a new one for every edit, so that a screen can tell whether two
  /// hierarchies hold the same entries.
  package internal(set) var version = Version()
  /// The rebuild of the levels under way in the background, if any (see
  /// ``applying(_:slots:population:)``).
  var compaction: ClusterCompaction?

  /// Stands for one state of a hierarchy.
  package final class Version: Sendable {}

  /// The level that holds every place alone.
  package var placeLevel: Int { maximumLevel + 1 }

  /// Clusters `places` with `radius` points at every level from 0 to `maximumLevel`; the
  /// place at each position has that position as its handle, or the handle at that position
  /// of `handles`, ascending, when given.
  ///
  /// Each level is merged from the one below it in turn; when `finishesConcurrently` and
  /// there are at least ``concurrentFinishingMinimum`` places, each merged level is finished
  /// (its parents, children and reach) on another thread while the next one is merged. The
  /// levels are the same either way.
  ///
  /// - Precondition: `radius` is positive and finite; `maximumLevel` is in `0...30`; fewer
  ///   than 2^27 places and handles.
  /// - Complexity: O(*n*) per level.
  package init(
    places: [Place], handles: [UInt32]? = nil, radius: Double, maximumLevel: Int,
    finishesConcurrently: Bool = true
  ) {
    precondition(radius > 0 && radius.isFinite, "a cluster radius is positive")
    precondition((0...30).contains(maximumLevel), "cluster levels go from 0 to 30")
    precondition(places.count < 1 << 27, "a cluster hierarchy holds fewer than 2^27 places")
    self.radius = radius
    self.maximumLevel = maximumLevel
    var builder = ClusterLevelBuilder(places: places, handles: handles, radius: radius)
    let finisher = Locked(LevelFinisher(places: places.count))
    let finishing =
      finishesConcurrently && places.count >= Self.concurrentFinishingMinimum
      ? DispatchQueue(label: "ClusterHierarchy.finishing") : nil
    var current = builder.placeEntries(level: maximumLevel + 1)
    for level in stride(from: maximumLevel, through: 0, by: -1) {
      let below = current
      let (parents, above) = builder.merge(below, into: level)
      let finish: @Sendable () -> Void = {
        finisher.withLock { $0.finish(below, parents: parents, above: above) }
      }
      if let finishing { finishing.async(execute: finish) } else { finish() }
      current = above
    }
    let top = current
    let finishTop = { finisher.withLock { $0.finishTop(top) } }
    // A serial queue runs its blocks in order: this one runs after every level's.
    if let finishing { finishing.sync(execute: finishTop) } else { finishTop() }
    levels = finisher.withLock { $0.finished }.reversed()
    patches = levels.map { LevelPatch(gridShift: $0.gridShift, builtCount: $0.entryCount) }
    entryOfPlace = PersistentArray(builder.entryOfPlace)
  }

  /// The fewest places whose levels are finished on another thread: below it, handing each
  /// level over costs more than finishing it (a build of 1,000 places took 4 times as long).
  package static var concurrentFinishingMinimum: Int { 1 << 14 }

  /// A hierarchy of `levels` as built, with no edits.
  init(radius: Double, maximumLevel: Int, levels: [ClusterLevel], entryOfPlace: [UInt32]) {
    self.init(
      radius: radius, maximumLevel: maximumLevel, levels: levels,
      patches: levels.map { LevelPatch(gridShift: $0.gridShift, builtCount: $0.entryCount) },
      entryOfPlace: PersistentArray(entryOfPlace))
  }

  /// A hierarchy of `levels` as built, with `patches` on them.
  init(
    radius: Double, maximumLevel: Int, levels: [ClusterLevel], patches: [LevelPatch],
    entryOfPlace: PersistentArray<UInt32>
  ) {
    self.radius = radius
    self.maximumLevel = maximumLevel
    self.levels = levels
    self.patches = patches
    self.entryOfPlace = entryOfPlace
  }

  /// Whether the place with handle `candidate` represents a cluster before `current`, the
  /// rule of builds and edits alike, and of a map's clusters under a filter: more populous
  /// (an unknown population counts as 0), then first in catalog order, which handles follow.
  @inlinable
  package static func isMoreRepresentative(
    _ candidate: UInt32, population candidatePopulation: Int, than current: UInt32,
    population currentPopulation: Int
  ) -> Bool {
    candidatePopulation != currentPopulation
      ? candidatePopulation > currentPopulation : candidate < current
  }

  // MARK: - Queries

  /// Level `level` as edits left it.
  package func level(_ level: Int) -> ClusterLevelReader {
    ClusterLevelReader(built: levels[level], patch: patches[level])
  }

  /// The live entries of `level` that a view shows: every entry whose position lies in
  /// `view` widened by `margin` units, and every entry any of whose places lies in `view`;
  /// see ``ClusterLevel/entries(inView:margin:)``.
  ///
  /// So every place in `view` is counted by exactly one entry found: its own entry's
  /// ancestor at `level`.
  ///
  /// A level no edit changed is searched directly, with no reader made: the camera's path.
  package func entries(atLevel level: Int, inView view: MercatorRect, margin: UInt32) -> [Int] {
    if !hasEdits || patches[level].isEmpty {
      return levels[level].entries(inView: view, margin: margin)
    }
    return self.level(level).entries(inView: view, margin: margin)
  }

  /// The level whose markers a zoom shows: the deepest that keeps markers the radius apart,
  /// `floor(zoom)`, or ``placeLevel`` beyond ``maximumLevel``.
  package func level(forZoom zoom: Double) -> Int {
    guard zoom.isFinite, zoom > 0 else { return 0 }
    return min(Int(zoom.rounded(.down)), placeLevel)
  }

  /// The entry at ``placeLevel`` of the place with `handle`, if the hierarchy has it.
  ///
  /// The entry found in ``entryOfPlace`` is checked to hold the place (an entry of the place
  /// level holds one place, its representative), so that a table shared with other
  /// hierarchies answers `nil` for their places.
  package func entry(ofPlaceWithHandle handle: UInt32) -> Int? {
    guard Int(handle) < entryOfPlace.count else { return nil }
    let entry = Int(entryOfPlace[Int(handle)])
    guard entry != Int(UInt32.max) else { return nil }
    // Read through the patch where it lies: no level reader made (and its tables retained)
    // for each call.
    let (built, patch) = (levels[placeLevel], patches[placeLevel])
    return Self.holdsPlace(handle, entry: entry, built: built, patch: patch) ? entry : nil
  }

  /// Whether `entry` of the place level, `built` with `patch` over it, holds the place with
  /// `handle`: it has places (an emptied entry keeps its representative), and that place is
  /// its representative (a table shared with other hierarchies names their entries too).
  @inline(__always)
  static func holdsPlace(
    _ handle: UInt32, entry: Int, built: ClusterLevel, patch: LevelPatch
  ) -> Bool {
    entry < built.entryCount + patch.added.count
      && patch.representative(of: entry, in: built) == handle
      && (!patch.hasEmptiedEntries || patch.count(of: entry, in: built) > 0)
  }

  /// The index at level `target` (at most `level`) of the entry that entry `index` of `level`
  /// belongs to.
  package func ancestor(of index: Int, at level: Int, to target: Int) -> Int {
    var index = index
    var level = level
    while level > target {
      // Read through the patch where it lies: no level reader made (and its tables retained)
      // for each level climbed.
      index = patches[level].parent(of: index, in: levels[level])
      level -= 1
    }
    return index
  }

  /// The handles of the places of entry `index` at `level`, ascending (catalog order).
  ///
  /// - Complexity: O(*k* log *k* + *d*) for *k* places and *d* entries of two places or more
  ///   between (see ``forEachPlace(of:at:_:)``).
  package func places(of index: Int, at level: Int) -> [UInt32] {
    var found: [UInt32] = []
    if (0...placeLevel).contains(level) {
      found.reserveCapacity(Int(self.level(level).count(index)))
    }
    forEachPlace(of: index, at: level) { handle, _, _ in found.append(handle) }
    found.sort()
    return found
  }

  /// Calls `body` with the handle and the position (in the projection's units) of each place
  /// of entry `index` at `level`, in no stated order.
  ///
  /// The walk down stops at an entry of one place, whose representative is that place and
  /// whose position is its place's: a place alone is not followed down every level to its own
  /// entry, and no list of children is made for an entry no edit changed.
  ///
  /// - Complexity: O(*k* + *d*) for *k* places and *d* entries of two places or more between
  ///   (at most *k* at each level, fewer as entries merge).
  package func forEachPlace(
    of index: Int, at level: Int, _ body: (_ handle: UInt32, _ x: UInt32, _ y: UInt32) -> Void
  ) {
    guard (0...placeLevel).contains(level) else { return }
    let top = self.level(level)
    if level == placeLevel || top.count(index) == 1 {
      // One place: no reader of the levels below is needed.
      body(top.representative(index), top.x(index), top.y(index))
      return
    }
    let readers = (level...placeLevel).map { self.level($0) }
    var pending: [(index: Int, level: Int)] = [(index, level)]
    while let (entry, entryLevel) = pending.popLast() {
      let node = readers[entryLevel - level]
      if entryLevel == placeLevel || node.count(entry) == 1 {
        body(node.representative(entry), node.x(entry), node.y(entry))
        continue
      }
      node.forEachChild(entry) { pending.append(($0, entryLevel + 1)) }
    }
  }

  /// The level at which entry `index` of `level` first shows as two entries or more.
  ///
  /// `nil` for a single place.
  package func splitLevel(of index: Int, at level: Int) -> Int? {
    guard self.level(level).count(index) > 1 else { return nil }
    var index = index
    var level = level
    while level < placeLevel {
      let children = self.level(level).children(index)
      if children.count > 1 { return level + 1 }
      index = children[0]
      level += 1
    }
    return nil
  }

  /// The shallowest level at which the place with `handle` has an entry of its own.
  package func levelAlone(ofPlaceWithHandle handle: UInt32) -> Int {
    guard var index = entry(ofPlaceWithHandle: handle) else { return placeLevel }
    var level = placeLevel
    while level > 0 {
      let parent = patches[level].parent(of: index, in: levels[level])
      guard patches[level - 1].count(of: parent, in: levels[level - 1]) == 1 else { break }
      index = parent
      level -= 1
    }
    return level
  }

  /// The bytes the hierarchy holds: its arrays' elements, as built (edits' patches aside).
  package var byteCount: Int {
    levelsByteCount + entryOfPlace.count * 4
  }

  /// The bytes of the levels' arrays, as built: ``byteCount`` without ``entryOfPlace``.
  package var levelsByteCount: Int {
    levels.reduce(0) { $0 + $1.byteCount }
  }
}
