/// A catalog's spatial index: a ``SpatialIndex`` built for it or for a catalog that edits came
/// from, with the places edits moved or inserted since in a small index of their own.
///
/// A place edits removed or moved is stale in the built index and left out of its answers; the
/// places edits moved or inserted are in the small index. A query asks both and merges their
/// answers: rectangles as the union, numbers of places as sums less the stale places, nearest
/// first in the package's one order (by distance, then catalog position), so it answers as a
/// ``SpatialIndex`` built for the catalog would. The small index is built on first use.
///
/// ## Rebuilding without a stall
/// The built index and the stale and changed places are kept, and a full build started and
/// taken without a stall, by ``BuiltPlusChanges``: once more than
/// ``BuiltPlusChanges/rebuildThreshold(builtCount:)`` places changed, an edit starts a full
/// build in the background, and an edit or a read after it has finished takes it, with the
/// places changed since its catalog in the small index.
///
/// ## Handles and positions
/// Inside, places are named by handle (see ``CatalogStorage``), which orders them as catalog
/// positions do; the queries take and give positions of the catalog the index was read through
/// (``PlaceCatalog/spatialIndex``), which lends the conversions without the index holding the
/// catalog's storage. Without them, handles are positions: right for a catalog no edit removed
/// a place from.
package struct CatalogSpatialIndex: BuiltPlusChangesIndex {
  /// A place found by distance: its catalog position and its distance from the query's origin.
  package typealias Neighbour = SpatialIndex.Neighbour

  /// The built index and the changes since: the built index's places that edits removed or
  /// moved, each with the coordinate it has there, and where the places edits moved or
  /// inserted are now, by handle; each coordinate with its point on the unit sphere, for
  /// counting them by distance (``numberOfPlaces(in:before:and:from:)``).
  typealias Bookkeeping = BuiltPlusChanges<
    SpatialIndex, CoordinateOnSphere, CoordinateOnSphere, Void
  >

  /// The built index and the changes since.
  let bookkeeping: Bookkeeping
  /// The index of the changed places, in ascending handle order, built on first use.
  private let changedIndex = LazyIndex<ChangedIndex>()
  /// The catalog position of a place's handle; `nil` when handles are positions.
  private var positionOfHandle: (@Sendable (UInt32) -> Int)?
  /// The handle of the place at a catalog position; `nil` when handles are positions.
  private var handleAtPosition: (@Sendable (Int) -> UInt32)?

  /// The index of `places`, whose handles are `handles` (their positions when `nil`).
  ///
  /// - Complexity: O(*n* log *n*).
  init(places: [Place], handles: [UInt32]?) {
    bookkeeping = Bookkeeping(
      built: SpatialIndex(places: places), count: places.count, handles: handles, extra: ())
  }

  /// The index that answers from `bookkeeping`, with no small index built yet.
  init(_ bookkeeping: Bookkeeping) {
    self.bookkeeping = bookkeeping
  }

  // MARK: - Edits

  /// The index with `changes` made, for `edited`, the storage the edits made: each a place's
  /// handle, its coordinate before (`nil` for an inserted place) and after (`nil` for a removed
  /// one).
  ///
  /// Takes a full build that has finished, or starts one for `edited` when enough places
  /// changed (see ``BuiltPlusChanges/rebuildThreshold(builtCount:)``).
  ///
  /// - Complexity: O(*k* (*c* / 2048 + 272)) for *k* changes and *c* places changed since the
  ///   full build; starting a build costs O(1) here.
  func deriving(
    _ changes: [(handle: UInt32, old: Coordinate?, new: Coordinate?)], edited: CatalogStorage
  ) -> CatalogSpatialIndex {
    let builtCount = built.count
    return CatalogSpatialIndex(
      bookkeeping.deriving(
        noting: { Self.note(changes, in: &$0) },
        rebuildsWhen: {
          max($0.stale.count, $0.changed.count)
            > Bookkeeping.rebuildThreshold(builtCount: builtCount)
        },
        edited: edited, extra: (),
        building: { [distanceSorts = edited.buildSlots.distanceSorts] places in
          let index = SpatialIndex(places: places)
          distanceSorts.sort(index)
          return index
        }))
  }

  /// Notes that each place of `moves` moved from `old` to `new` in `changes`, since the built
  /// index or since the one being built.
  private static func note(
    _ moves: [(handle: UInt32, old: Coordinate?, new: Coordinate?)],
    in changes: inout Bookkeeping.Changes
  ) {
    for (handle, old, new) in moves {
      // A handle below the built ones' end is in the built index: no edit names a place
      // removed before it was built.
      if handle < changes.builtEnd, changes.stale[handle] == nil, let old {
        changes.stale[handle] = CoordinateOnSphere(old)
      }
      changes.changed[handle] = new.map(CoordinateOnSphere.init)
    }
  }

  /// The number of places edits changed since the full build in use: those the small index
  /// holds.
  package var changedPlaceCount: Int { changed.count }

  /// Whether a full build is under way in the background.
  package var isRebuilding: Bool { bookkeeping.isRebuilding }

  /// This index read through a catalog whose handles `handleAtPosition` and `positionOfHandle`
  /// convert to and from positions: its queries take and give that catalog's positions.
  func reading(
    positionOfHandle: @escaping @Sendable (UInt32) -> Int,
    handleAtPosition: @escaping @Sendable (Int) -> UInt32
  ) -> CatalogSpatialIndex {
    var index = self
    index.positionOfHandle = positionOfHandle
    index.handleAtPosition = handleAtPosition
    return index
  }

  /// The number of places indexed: the catalog's.
  package var count: Int { built.count - stale.count + changed.count }

  /// The bytes of memory the built index holds (the small one aside).
  package var byteCount: Int { built.byteCount }

  // MARK: - Rectangles

  /// The catalog positions of the places inside `bounds`, edges included, in an order that is
  /// the same for every query of the same index but otherwise unspecified: see
  /// ``SpatialIndex/positions(in:)``.
  ///
  /// - Complexity: The built index's query and the small one's, plus O(log *r*) per place found
  ///   in a catalog edits removed *r* places from.
  package func positions(in bounds: CoordinateBounds) -> [Int] {
    var result: [Int] = []
    forEachPosition(in: bounds) { result.append($0) }
    return result
  }

  /// Calls `body` with the catalog position of each place inside `bounds`, in the order of
  /// ``positions(in:)``, without collecting them.
  ///
  /// - Complexity: As ``positions(in:)``.
  package func forEachPosition(
    in bounds: CoordinateBounds, _ body: (Int) throws -> Void
  ) rethrows {
    if builtPositionsAreCatalogPositions, stale.isEmpty {
      try built.forEachPosition(in: bounds, body)
    } else {
      try built.forEachPosition(in: bounds) { builtPosition in
        let handle = builtHandle(at: builtPosition)
        guard stale.isEmpty || stale[handle] == nil else { return }
        try body(position(ofHandle: handle))
      }
    }
    guard let small = changedPlaces else { return }
    try small.index.forEachPosition(in: bounds) { try body(position(ofHandle: small.handles[$0])) }
  }

  /// The number of places inside `bounds`, edges included, as ``positions(in:)`` would list.
  ///
  /// - Complexity: The built index's count and the small one's, plus O(*s*) for the *s* stale
  ///   places.
  package func numberOfPlaces(in bounds: CoordinateBounds) -> Int {
    var staleInside = 0
    stale.forEachPair { _, place in
      if bounds.contains(place.coordinate) { staleInside += 1 }
    }
    let changedInside = changedPlaces?.index.numberOfPlaces(in: bounds) ?? 0
    return built.numberOfPlaces(in: bounds) - staleInside + changedInside
  }

  // MARK: - Nearest first

  /// The `count` places nearest `origin`, nearest first, places at the same distance in
  /// catalog order; all of them when the catalog has fewer: see
  /// ``SpatialIndex/nearest(_:to:)``.
  ///
  /// - Complexity: As ``SpatialIndex/nearest(_:to:)``, for the built index (with as many more
  ///   places as are stale among the nearest) and the small one.
  package func nearest(_ count: Int, to origin: Coordinate) -> [Neighbour] {
    Array(neighbours(of: origin).prefix(max(0, count)))
  }

  /// The places in order of distance from `origin`, nearest first, places at the same distance
  /// in catalog order, produced one at a time as they are asked for: see
  /// ``SpatialIndex/neighbours(of:fromRank:)``.
  ///
  /// - Complexity: From rank 0, as ``SpatialIndex/neighbours(of:fromRank:)``. From a later
  ///   rank, the built index's selection of a rank at most as many places before, then
  ///   O(*c* log *n*) to read up to the rank, for the *c* places changed since the full build.
  package func neighbours(of origin: Coordinate, fromRank rank: Int = 0) -> Neighbours {
    guard rank > 0 else {
      return Neighbours(index: self, origin: origin, start: .nearest)
    }
    guard rank < count else {
      return Neighbours(
        index: CatalogSpatialIndex(places: [], handles: nil), origin: origin, start: .nearest)
    }
    guard !stale.isEmpty || !changed.isEmpty else {
      return Neighbours(index: self, fromBuilt: built.neighbours(of: origin, fromRank: rank))
    }
    // Start at a built place no later than the rank, then read up to it: before that place come
    // as many built places as its built rank, less the stale ones, plus changed ones.
    let builtRank = min(rank - changed.count, built.count - 1)
    guard builtRank > 0 else {
      var neighbours = Neighbours(index: self, origin: origin, start: .nearest)
      neighbours.skip(rank)
      return neighbours
    }
    let distanceOrigin = DistanceOrigin(origin)
    let builtKey = built.key(atRank: builtRank, from: distanceOrigin)
    let key = DistanceKey(
      distance: builtKey.distance, position: Int(builtHandle(at: builtKey.position)))
    let liveRank =
      builtRank - numberOfStalePlaces(before: key, and: key, from: distanceOrigin).first
      + numberOfChangedPlaces(before: key, from: distanceOrigin)
    var neighbours = Neighbours(index: self, origin: origin, start: .from(key))
    neighbours.skip(rank - liveRank)
    return neighbours
  }

  /// The places after `neighbour` in order of distance from `origin`, nearest first: those
  /// farther than it, and those as far and later in the catalog; see
  /// ``SpatialIndex/neighbours(of:after:)``.
  ///
  /// - Complexity: As ``SpatialIndex/neighbours(of:after:)``, for both indexes.
  package func neighbours(of origin: Coordinate, after neighbour: Neighbour) -> Neighbours {
    Neighbours(index: self, origin: origin, start: .after(handleKey(of: neighbour)))
  }

  /// The places before `neighbour` in order of distance from `origin`, farthest first: the
  /// order of ``neighbours(of:fromRank:)`` reversed, from the place just before `neighbour`
  /// back to the nearest.
  ///
  /// - Complexity: As ``neighbours(of:after:)``.
  package func neighbours(of origin: Coordinate, before neighbour: Neighbour) -> Neighbours {
    Neighbours(index: self, origin: origin, start: .before(handleKey(of: neighbour)))
  }

  /// The number of places that come before a place at `coordinate`, with catalog position
  /// `position`, in the order of ``neighbours(of:fromRank:)``: see
  /// ``SpatialIndex/distanceRank(ofPosition:at:from:)``.
  ///
  /// The built index counts its places before it, less the stale ones before it, plus the
  /// changed places before it, scanned (see ``numberOfPlaces(in:before:and:from:)``) or, with a
  /// `memo`, read from its order of them.
  ///
  /// With a `memo` for `origin`, the built index's count keeps the haversines it computes
  /// there and reads those it kept: a caller that counts ranks from one origin again and
  /// again, across edits, measures each place and cell of the built index once (see
  /// ``SpatialDistanceMemo``); once the memo has sorted the built index's places by
  /// distance, the built index's count is a binary search of them. The rank is the same with
  /// or without it.
  ///
  /// - Complexity: As ``SpatialIndex/distanceRank(ofPosition:at:from:)`` for the built index
  ///   (O(log *n*) once a memo's sort is ready),
  ///   plus O(*s* + *c*) haversines for the *s* stale places and the *c* changed ones; with a
  ///   memo, only the built index's cells and places that no earlier count measured cost
  ///   trigonometry, plus O(*n*) to start the memo again when the built index was replaced
  ///   by a full build since the last count; and the stale and changed places are read from
  ///   the memo's order of them in O(log (*s* + *c*)), once it has followed the few that
  ///   changed since its last count (see ``SpatialDistanceMemo``).
  package func distanceRank(
    ofPosition position: Int, at coordinate: Coordinate, from origin: Coordinate,
    memo: SpatialDistanceMemo? = nil
  ) -> Int {
    let key = handleKey(
      of: Neighbour(position: position, distance: origin.distance(to: coordinate)))
    let distanceOrigin = DistanceOrigin(origin)
    let memo = memo?.origin == origin ? memo : nil
    let builtKey = Self.offsetKey(of: key, among: builtHandles, count: built.count)
    let builtBefore =
      memo?.sortedPlaces(for: built)?.numberOfPlaces(before: builtKey)
      ?? built.numberOfPlaces(
        before: builtKey, from: distanceOrigin, memo: memo?.buffers(for: built) ?? .none)
    return builtBefore
      - numberOfStalePlaces(before: key, and: key, from: distanceOrigin, memo: memo).first
      + numberOfChangedPlaces(before: key, and: key, from: distanceOrigin, memo: memo).first
  }

  /// The ranks of the place at catalog `position`, which an edit moved from `old` to
  /// `coordinate` and which kept its position: its rank in the order of
  /// ``neighbours(of:fromRank:)`` in the catalog before that edit, and in this one.
  ///
  /// This index must be that of the catalog after the edit, and the edit must have changed
  /// nothing else that the order reads (no other place moved, came or went). Then every other
  /// place keeps its key, so the old rank is this index's count of the places before the old
  /// key, less one when the place's new key comes before its old one: both ranks are counted
  /// here, in one walk of each index (see ``distanceRank(ofPosition:at:from:memo:)``).
  ///
  /// A `memo` for `origin` is used as by ``distanceRank(ofPosition:at:from:memo:)``.
  ///
  /// - Complexity: As ``distanceRank(ofPosition:at:from:memo:)``, over the nodes either key's
  ///   circle crosses: about that of one count when the place moved a little.
  package func distanceRanks(
    ofPosition position: Int, movedFrom old: Coordinate, to coordinate: Coordinate,
    from origin: Coordinate, memo: SpatialDistanceMemo? = nil
  ) -> (old: Int, new: Int) {
    let oldKey = handleKey(
      of: Neighbour(position: position, distance: origin.distance(to: old)))
    let newKey = handleKey(
      of: Neighbour(position: position, distance: origin.distance(to: coordinate)))
    let distanceOrigin = DistanceOrigin(origin)
    let memo = memo?.origin == origin ? memo : nil
    let builtKeys = (
      old: Self.offsetKey(of: oldKey, among: builtHandles, count: built.count),
      new: Self.offsetKey(of: newKey, among: builtHandles, count: built.count)
    )
    let builtBefore: (first: Int, second: Int)
    if let sorted = memo?.sortedPlaces(for: built) {
      builtBefore = (
        sorted.numberOfPlaces(before: builtKeys.old), sorted.numberOfPlaces(before: builtKeys.new)
      )
    } else {
      builtBefore = built.numberOfPlaces(
        before: builtKeys.old, and: builtKeys.new, from: distanceOrigin,
        memo: memo?.buffers(for: built) ?? .none)
    }
    let staleBefore = numberOfStalePlaces(
      before: oldKey, and: newKey, from: distanceOrigin, memo: memo)
    let changedBefore = numberOfChangedPlaces(
      before: oldKey, and: newKey, from: distanceOrigin, memo: memo)
    let beforeOld = builtBefore.first - staleBefore.first + changedBefore.first
    let beforeNew = builtBefore.second - staleBefore.second + changedBefore.second
    return (old: beforeOld - (newKey < oldKey ? 1 : 0), new: beforeNew)
  }

  // MARK: - Handles

  /// Whether the built index's positions are the catalog's: handles are positions in both.
  var builtPositionsAreCatalogPositions: Bool { builtHandles == nil && positionOfHandle == nil }

  /// The catalog position of the place with `handle`.
  @inline(__always)
  func position(ofHandle handle: UInt32) -> Int {
    positionOfHandle?(handle) ?? Int(handle)
  }

  /// The key of `neighbour` in the order by distance, then handle.
  ///
  /// Its position's handle stands in for its position; a position past every place's gets a
  /// number past every handle, one before every place's a number before every handle.
  private func handleKey(of neighbour: Neighbour) -> DistanceKey {
    let position = neighbour.position
    let handle: Int =
      if position < 0 {
        -1
      } else if position >= count {
        Int.max
      } else {
        Int(handleAtPosition?(position) ?? UInt32(position))
      }
    return DistanceKey(distance: neighbour.distance, position: handle)
  }

  /// `key`, a distance and a handle, as a key of an index whose places are `handles`
  /// (`0..<count` when `nil`), ascending, by their offsets: its handle replaced by the number
  /// of those below it, so that the index's places before it are those before `key`.
  static func offsetKey(of key: DistanceKey, among handles: [UInt32]?, count: Int)
    -> DistanceKey
  {
    DistanceKey(
      distance: key.distance,
      position: lowerBound(of: key.position, among: handles, count: count).position)
  }

  /// The number of places among `handles` (`0..<count` when `nil`), ascending, with a handle
  /// below `handle`, and whether the next one has `handle`.
  static func lowerBound(
    of handle: Int, among handles: [UInt32]?, count: Int
  ) -> (position: Int, holdsHandle: Bool) {
    guard let handles else {
      let position = max(0, min(handle, count))
      return (position, position < count && position == handle)
    }
    let position = handles.indices.partitioningIndex { Int(handles[$0]) >= handle }
    return (position, position < handles.count && Int(handles[position]) == handle)
  }

  /// The number of stale places whose key in the built index, by handle, is less than
  /// `first`, and the number less than `second`: scanned (see
  /// ``numberOfPlaces(in:before:and:from:)``), or read from the places `memo`, made for
  /// `origin`, keeps in order.
  private func numberOfStalePlaces(
    before first: DistanceKey, and second: DistanceKey, from origin: DistanceOrigin,
    memo: SpatialDistanceMemo? = nil
  ) -> (first: Int, second: Int) {
    guard let memo, !stale.isEmpty else {
      return Self.numberOfPlaces(in: stale, before: first, and: second, from: origin)
    }
    return memo.stale.numberOfPlaces(in: stale, before: first, and: second, from: origin)
  }

  /// The number of changed places whose key, by handle, is less than `first`, and the number
  /// less than `second`, as ``numberOfStalePlaces(before:and:from:memo:)`` counts them.
  private func numberOfChangedPlaces(
    before first: DistanceKey, and second: DistanceKey, from origin: DistanceOrigin,
    memo: SpatialDistanceMemo? = nil
  ) -> (first: Int, second: Int) {
    guard let memo, !changed.isEmpty else {
      return Self.numberOfPlaces(in: changed, before: first, and: second, from: origin)
    }
    return memo.changed.numberOfPlaces(in: changed, before: first, and: second, from: origin)
  }

  /// The number of changed places whose key, by handle, is less than `key`.
  private func numberOfChangedPlaces(before key: DistanceKey, from origin: DistanceOrigin) -> Int {
    numberOfChangedPlaces(before: key, and: key, from: origin).first
  }

  /// The number of the places of `table`, by handle, whose key (their distance from `origin`,
  /// then their handle) is less than `first`, and the number whose key is less than `second`.
  ///
  /// A scan rather than a search of a small index of them: the places an edit counts its
  /// rows against are at most a few thousand, and a small index, made anew for every
  /// catalog an edit makes, cost more to build than the scan. Each place is settled by the
  /// squared chord to its point on the unit sphere, free of trigonometry, and only within the
  /// rounding slack as the index settles its own, by its haversine and then its distance
  /// (``DistanceThreshold/placeComesBefore(_:at:position:from:)``).
  ///
  /// - Complexity: O(*c*) for the *c* places of `table`.
  private static func numberOfPlaces(
    in table: PersistentDictionary<UInt32, CoordinateOnSphere>, before first: DistanceKey,
    and second: DistanceKey, from origin: DistanceOrigin
  ) -> (first: Int, second: Int) {
    let thresholds = (DistanceThreshold(first.distance), DistanceThreshold(second.distance))
    var before = (first: 0, second: 0)
    table.forEachPair { handle, place in
      let position = Int(handle)
      if thresholds.0.placeComesBefore(first, at: place, position: position, from: origin) {
        before.first += 1
      }
      if thresholds.1.placeComesBefore(second, at: place, position: position, from: origin) {
        before.second += 1
      }
    }
    return before
  }

  /// The small index of the places changed since the full build, built on first use; `nil`
  /// when none did.
  var changedPlaces: ChangedIndex? {
    guard !changed.isEmpty else { return nil }
    return changedIndex.value {
      let changed = bookkeeping.changedInHandleOrder()
      return ChangedIndex(
        index: SpatialIndex(coordinates: changed.values.map(\.coordinate)),
        handles: changed.handles)
    }
  }

  /// The places changed since the full build, indexed in ascending handle order.
  struct ChangedIndex: Sendable {
    /// Their index: positions are offsets in ``handles``.
    let index: SpatialIndex
    /// Their handles, ascending.
    let handles: [UInt32]
  }
}
