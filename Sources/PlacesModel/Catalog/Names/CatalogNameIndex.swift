/// One match of a name index, with what ranks it.
struct RankedNameMatch {
  /// The catalog position of its place (in the catalog the index was built for).
  var position: Int
  let kind: SearchMatchKind
  /// Its typos: 0 but for ``SearchMatchKind/typo``.
  let typos: Int
  /// Its distance from the location searched near, if any.
  let distance: Double?
}

/// A catalog's index of names: a ``PlaceNameIndex`` built for it or for a catalog that edits
/// came from, with the places edits changed since in a small index of their own.
///
/// A place edits removed, renamed or gave another population is stale in the built index and
/// left out of its matches; the places edits inserted or changed that way are in the small
/// index. A query asks both and merges their matches in the order a single index ranks them
/// (``PlaceNameIndex``), so it answers as an index built for the catalog would. The small
/// index is built on first use.
///
/// ## Moves
/// A move changes no name and no population, so it changes no match and, without a location,
/// no rank: it is only noted in a set of moved handles, which a query near a location reads
/// to measure those places where they are now (read from the catalog at query time). So a
/// stream of moves neither grows the small index nor brings a full build closer, until more
/// than ``movedRebuildThreshold(builtCount:)`` places moved, where looking their coordinates
/// up would slow queries near a location down.
///
/// ## Rebuilding without a stall
/// The built index, the stale and changed places and the moved set are kept, and a full build
/// started and taken without a stall, by ``BuiltPlusChanges``: once more than
/// ``BuiltPlusChanges/rebuildThreshold(builtCount:)`` places changed or enough moved, an edit
/// starts a full build in the background, and an edit or a read after it has finished takes
/// it, with the places changed since its catalog in the small index.
package struct CatalogNameIndex: BuiltPlusChangesIndex {
  /// The built index and the changes since: the handles of the stale places (their values
  /// unused), the places edits changed or inserted by handle, and the moved set (``moved``).
  typealias Bookkeeping = BuiltPlusChanges<PlaceNameIndex, Bool, Place, PersistentHandleSet>

  /// The built index and the changes since.
  let bookkeeping: Bookkeeping
  /// The index of the changed places, in ascending handle order, built on first use.
  private let changedIndex = LazyIndex<(index: PlaceNameIndex, handles: [UInt32])>()

  /// The handles of the built index's places that edits moved since, and no more than moved:
  /// a query near a location reads where they are now.
  var moved: PersistentHandleSet { bookkeeping.changes.extra }

  /// The number of moved places from which an edit starts a full build in the background:
  /// 4,096, or an eighth of the built places when that is more.
  static func movedRebuildThreshold(builtCount: Int) -> Int {
    max(4_096, builtCount / 8)
  }

  /// The index of `places`, whose handles are `handles` (their positions when `nil`).
  ///
  /// - Complexity: O(*n* log *n*).
  init(places: [Place], handles: [UInt32]?) {
    bookkeeping = Bookkeeping(
      built: PlaceNameIndex(places: places), count: places.count, handles: handles,
      extra: PersistentHandleSet())
  }

  /// The index that answers from `bookkeeping`, with no small index built yet.
  init(_ bookkeeping: Bookkeeping) {
    self.bookkeeping = bookkeeping
  }

  /// The index with the places of `removing` (by handle) taken out, those of `adding`
  /// (by handle) put in or replaced, and those of `moving` (by handle, each with the same name
  /// and population as before) noted as moved, for `edited`, the storage the edits made.
  ///
  /// Takes a full build that has finished, or starts one for `edited` when enough places
  /// changed (see ``BuiltPlusChanges/rebuildThreshold(builtCount:)``) or moved
  /// (``movedRebuildThreshold(builtCount:)``).
  ///
  /// - Complexity: O(*k* (*c* / 2048 + 272)) for *k* changes and *c* places changed since the
  ///   full build; starting a build costs O(1) here.
  func deriving(
    removing: [UInt32], adding: [(UInt32, Place)], moving: [(UInt32, Place)] = [],
    edited: CatalogStorage
  ) -> CatalogNameIndex {
    let builtCount = built.places.count
    return CatalogNameIndex(
      bookkeeping.deriving(
        noting: { Self.note(removing: removing, adding: adding, moving: moving, in: &$0) },
        rebuildsWhen: {
          $0.changed.count > Bookkeeping.rebuildThreshold(builtCount: builtCount)
            || $0.extra.count > Self.movedRebuildThreshold(builtCount: builtCount)
        },
        edited: edited, extra: PersistentHandleSet(), building: { PlaceNameIndex(places: $0) }))
  }

  /// Notes the changes in `changes`, since the built index or since the one being built.
  private static func note(
    removing: [UInt32], adding: [(UInt32, Place)], moving: [(UInt32, Place)],
    in changes: inout Bookkeeping.Changes
  ) {
    for handle in removing {
      changes.changed[handle] = nil
      changes.stale[handle] = true
    }
    for (handle, place) in adding {
      changes.changed[handle] = place
      changes.stale[handle] = true
    }
    // A place the small index holds is replaced there; any other is measured where it is now.
    for (handle, place) in moving {
      if changes.changed[handle] != nil {
        changes.changed[handle] = place
      } else {
        changes.extra.insert(handle)
      }
    }
  }

  /// The number of places edits changed since the full build in use: those the small index
  /// holds.
  package var changedPlaceCount: Int { changed.count }

  /// The number of places edits only moved since the full build in use.
  package var movedPlaceCount: Int { moved.count }

  /// Whether a full build is under way in the background.
  package var isRebuilding: Bool { bookkeeping.isRebuilding }

  /// The places whose names match `query`, best first, at most `limit`: see
  /// ``PlaceNameIndex/matches(for:near:limit:allowsTypos:)``; each match's position is
  /// `positionOfHandle` of its place's handle, and a moved place is measured at
  /// `coordinateOfHandle` of its handle (the catalog's coordinate now).
  ///
  /// - Complexity: the built index's query, with room for the stale places among its
  ///   matches, plus the small index's; near a location, a lookup in the moved set for each
  ///   name the built index ranks once a place has moved.
  func matches(
    for query: String, near origin: Coordinate?, limit: Int, allowsTypos: Bool,
    positionOfHandle: (UInt32) -> Int, coordinateOfHandle: @escaping (UInt32) -> Coordinate?
  ) -> [(position: Int, kind: SearchMatchKind, distance: Double?)] {
    var fromBuilt: [(match: RankedNameMatch, place: Place)] = []
    var asked = limit
    let liveCoordinate: ((Int) -> Coordinate?)? =
      origin == nil || moved.isEmpty
      ? nil
      : { [moved, builtHandles] position in
        let handle = builtHandles?[position] ?? UInt32(position)
        return moved.contains(handle) ? coordinateOfHandle(handle) : nil
      }
    // Ask again, for more, while stale places crowd out live ones.
    while true {
      let found = built.rankedMatches(
        for: query, near: origin, limit: asked, allowsTypos: allowsTypos,
        liveCoordinate: liveCoordinate)
      fromBuilt = found.compactMap { match in
        let handle = builtHandles?[match.position] ?? UInt32(match.position)
        guard stale[handle] == nil else { return nil }
        var live = match
        live.position = positionOfHandle(handle)
        return (live, built.places[match.position])
      }
      guard fromBuilt.count < limit, found.count == asked, asked < limit + stale.count else {
        break
      }
      asked = min(limit + stale.count, asked * 2)
    }
    guard !changed.isEmpty else {
      return fromBuilt.map { ($0.match.position, $0.match.kind, $0.match.distance) }
    }
    let small = changedIndex.value {
      let changed = bookkeeping.changedInHandleOrder()
      return (PlaceNameIndex(places: changed.values), changed.handles)
    }
    let fromChanged = small.index.rankedMatches(
      for: query, near: origin, limit: limit, allowsTypos: allowsTypos
    ).map { match in
      var live = match
      live.position = positionOfHandle(small.handles[match.position])
      return (live, small.index.places[match.position])
    }
    guard !fromChanged.isEmpty else {
      return fromBuilt.prefix(limit).map { ($0.match.position, $0.match.kind, $0.match.distance) }
    }
    // Each match's rank key made once, its name folded only where it can decide.
    let byDistance = origin != nil
    let keyed = (fromBuilt + fromChanged).map { match, place in
      RankKey(
        match: match, population: place.population ?? 0, id: place.id,
        foldedName: byDistance ? "" : SearchFolding.folded(place.name))
    }
    return keyed.sorted { $0.ranksBefore($1) }.prefix(limit).map {
      ($0.match.position, $0.match.kind, $0.match.distance)
    }
  }

  /// What ranks a match, as ``PlaceNameIndex`` ranks its matches: by kind, then typos, then
  /// nearest first (then catalog position) near a location, else most populous first, then by
  /// folded name and identifier.
  private struct RankKey {
    let match: RankedNameMatch
    let population: Int
    let id: Place.ID
    /// The place's folded name; empty near a location, where distances and positions decide.
    let foldedName: String

    func ranksBefore(_ other: RankKey) -> Bool {
      if match.kind != other.match.kind { return match.kind < other.match.kind }
      if match.typos != other.match.typos { return match.typos < other.match.typos }
      if let distance = match.distance, let otherDistance = other.match.distance {
        return distance != otherDistance
          ? distance < otherDistance : match.position < other.match.position
      }
      if population != other.population { return population > other.population }
      if foldedName != other.foldedName {
        return foldedName.utf8.lexicographicallyPrecedes(other.foldedName.utf8)
      }
      return id < other.id
    }
  }

  /// The bytes the built index holds (the small one aside).
  package var byteCount: Int { built.byteCount }
}
