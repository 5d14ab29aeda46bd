import Dispatch

/// The places of a ``PlaceCatalog`` and its indexes, shared by every copy of the value.
///
/// ## Handles
/// Each place has a handle, which it keeps through every edit of the catalog: the places of a
/// catalog made from an array have handles 0, 1, 2, ... in order, and a place inserted by an
/// edit takes the next handle after every one used so far. A removed place's handle is never
/// used again, so the catalog's order is the order of its handles with the removed ones left
/// out. The cluster hierarchy names places by handle, so an edit changes it only where places
/// changed, however many places come after a removed one. An edit copies no more than a chunk
/// of the places and of the index by identifier (see ``PersistentArray``), and the removed
/// handles; when those reach a quarter of the places, the edit renumbers every
/// handle (see ``isWorthCompacting``).
///
/// The index by identifier is built with the storage; each other index is built on first use,
/// under a lock of its own, so that it is built exactly once even when several threads ask
/// at the same moment, and then read without building again.
final class CatalogStorage: Sendable {
  /// The place of each handle; `nil` for a removed one.
  let placeOfHandle: PersistentArray<Place?>
  /// The handle of each place's identifier.
  let handleByID: PersistentDictionary<Place.ID, UInt32>
  /// The handles of the removed places, ascending.
  let removedHandles: [UInt32]
  /// The number of places.
  let count: Int
  /// The slots of the background builds of this storage's indexes, shared with the storage
  /// it was edited from and those edited from it: at most one build fewer than the cores
  /// runs at once for the catalogs of one line of edits (see ``IndexRebuild``).
  let buildSlots: BuildSlots
  private let placeArray = LazyIndex<[Place]>()
  private let spatial = LazyIndex<CatalogSpatialIndex>()
  private let names = LazyIndex<CatalogNameIndex>()
  private let nameSort = LazyIndex<NameOrder>()
  private let clusters = Locked<[ClusterKey: ClusterHierarchy]>([:])
  private let categoryClusters = Locked<[ClusterKey: CategoryClusterHierarchies]>([:])
  private let clusterBuilds = Locked<Int>(0)
  /// The indexes this storage replaced with a full build it took, until a background queue
  /// frees them.
  private let retired = RetiredIndexes()

  /// The number of indexes besides the one by identifier.
  static let lazyIndexCount = 4

  /// Indexes `places` by identifier, refusing a catalog in which two places share one.
  ///
  /// The table of places and the index by identifier are built at the same time, on two
  /// threads, for at least ``concurrentTablesMinimum`` places.
  ///
  /// - Complexity: O(*n*).
  convenience init(_ places: [Place]) throws(PlacesModelError) {
    @Sendable func placeTable() -> PersistentArray<Place?> {
      PersistentArray(places.lazy.map { Optional($0) })
    }
    @Sendable func idTable() throws(PlacesModelError) -> IDTable {
      // Pairs that say how many they are, so that the table starts with room for all.
      try PersistentDictionary(places.indices.lazy.map { (places[$0].id, UInt32($0)) }) {
        (id, first, second) throws(PlacesModelError) in
        throw .duplicateID(id, firstIndex: Int(first), secondIndex: Int(second))
      }
    }
    let placeOfHandle: PersistentArray<Place?>
    let handleByID: IDTable
    if places.count < Self.concurrentTablesMinimum {
      (placeOfHandle, handleByID) = (placeTable(), try idTable())
    } else {
      let builtPlaceTable = Locked<PersistentArray<Place?>?>(nil)
      let builtIDTable = Locked<Result<IDTable, PlacesModelError>?>(nil)
      DispatchQueue.concurrentPerform(iterations: 2) { part in
        if part == 0 {
          let table = placeTable()
          builtPlaceTable.withLock { $0 = table }
        } else {
          let table = Result { () throws(PlacesModelError) in try idTable() }
          builtIDTable.withLock { $0 = table }
        }
      }
      // Safe: `concurrentPerform` returns once both parts have run, and each sets its table.
      placeOfHandle = builtPlaceTable.withLock { $0.unsafelyUnwrapped }
      handleByID = try builtIDTable.withLock { $0.unsafelyUnwrapped }.get()
    }
    self.init(
      placeOfHandle: placeOfHandle, handleByID: handleByID, removedHandles: [],
      buildSlots: BuildSlots())
    placeArray.preset(places)
  }

  /// The index by identifier.
  private typealias IDTable = PersistentDictionary<Place.ID, UInt32>

  /// The fewest places whose table and index by identifier are built on two threads: below
  /// it, handing one over costs more than building it.
  static var concurrentTablesMinimum: Int { 1 << 14 }

  /// Indexes `places`, whose identifiers are known to be unique, by identifier; its builds
  /// take `buildSlots` (new ones by default).
  ///
  /// - Complexity: O(*n*).
  convenience init(uniquePlaces places: [Place], buildSlots: BuildSlots = BuildSlots()) {
    self.init(
      placeOfHandle: PersistentArray(places.lazy.map { Optional($0) }),
      handleByID: PersistentDictionary(places.indices.lazy.map { (places[$0].id, UInt32($0)) }),
      removedHandles: [], buildSlots: buildSlots)
    placeArray.preset(places)
  }

  /// The storage of no places.
  convenience init() {
    self.init(uniquePlaces: [])
  }

  /// The storage of the places of `placeOfHandle` other than `removedHandles`, whose builds
  /// take `buildSlots`.
  init(
    placeOfHandle: PersistentArray<Place?>, handleByID: PersistentDictionary<Place.ID, UInt32>,
    removedHandles: [UInt32], buildSlots: BuildSlots
  ) {
    self.placeOfHandle = placeOfHandle
    self.handleByID = handleByID
    self.removedHandles = removedHandles
    self.buildSlots = buildSlots
    count = placeOfHandle.count - removedHandles.count
  }

  // MARK: - Handles

  /// The places, in catalog order: built once, on first use, when edits made this storage.
  var places: [Place] {
    placeArray.value { Self.array(of: placeOfHandle, count: count) }
  }

  /// The places, in catalog order: the array ``places`` keeps if it was made, else one made
  /// for the caller alone, which the storage does not keep.
  ///
  /// A full build in the background reads it: a catalog that kept the array its build read
  /// held it (17.7 MB at 170,000 places) for as long as the app held the catalog, and the
  /// edit that released the catalog freed it, a stall of several milliseconds.
  ///
  /// - Complexity: O(1) when kept; O(*n*) otherwise.
  var placesNotKept: [Place] {
    placeArray.builtValue ?? Self.array(of: placeOfHandle, count: count)
  }

  /// The places of `placeOfHandle`, `count` of them, in handle order.
  private static func array(of placeOfHandle: PersistentArray<Place?>, count: Int) -> [Place] {
    var places: [Place] = []
    places.reserveCapacity(count)
    for case let place? in placeOfHandle { places.append(place) }
    return places
  }

  /// Whether ``places`` holds its array: preset, or made on a read.
  var holdsPlaceArray: Bool { placeArray.builtValue != nil }

  /// The place at catalog `position`.
  ///
  /// - Complexity: O(log *r*) for *r* removed handles.
  func place(at position: Int) -> Place {
    precondition(position >= 0 && position < count, "a catalog position is in range")
    return livePlace(withHandle: handle(at: position))
  }

  /// The place with `handle`, which is not removed.
  func livePlace(withHandle handle: UInt32) -> Place {
    // Safe: a handle that is not removed has a place.
    placeOfHandle[Int(handle)].unsafelyUnwrapped
  }

  /// The handle of the place at each catalog position, for an index built with positions;
  /// `nil` when handles are positions (no place removed).
  ///
  /// - Complexity: O(*n*).
  var handlesByPosition: [UInt32]? {
    guard !removedHandles.isEmpty else { return nil }
    var handles: [UInt32] = []
    handles.reserveCapacity(count)
    var nextRemoved = 0
    for handle in 0..<UInt32(placeOfHandle.count) {
      if nextRemoved < removedHandles.count, removedHandles[nextRemoved] == handle {
        nextRemoved += 1
      } else {
        handles.append(handle)
      }
    }
    return handles
  }

  /// The handle of the place at catalog `position`.
  ///
  /// - Complexity: O(log *r*) for *r* removed handles.
  func handle(at position: Int) -> UInt32 {
    guard !removedHandles.isEmpty else { return UInt32(position) }
    // The removed handles before the place's are those with at most `position` places before.
    let removedBefore = removedHandles.indices.partitioningIndex {
      Int(removedHandles[$0]) - $0 > position
    }
    return UInt32(position + removedBefore)
  }

  /// The catalog position of the place with `handle`, which is not removed.
  ///
  /// - Complexity: O(log *r*) for *r* removed handles.
  func position(ofHandle handle: UInt32) -> Int {
    guard !removedHandles.isEmpty else { return Int(handle) }
    return Int(handle) - removedHandles.indices.partitioningIndex { removedHandles[$0] > handle }
  }

  /// The place with `handle`, if it is not removed.
  func place(withHandle handle: UInt32) -> Place? {
    Int(handle) < placeOfHandle.count ? placeOfHandle[Int(handle)] : nil
  }

  /// The category and the population of the place with `handle`, read in place (see
  /// ``PlaceCatalog/categoryAndPopulation(ofHandle:)``); `nil` if it is removed.
  func categoryAndPopulation(ofHandle handle: UInt32) -> (category: String?, population: Int?)? {
    guard Int(handle) < placeOfHandle.count else { return nil }
    return placeOfHandle.withElement(at: Int(handle)) { slot in
      // Each field through the pointer, so that the place is not copied whole (the chains
      // flatten: a removed place and a missing field both read `nil`).
      guard slot.pointee?.coordinate != nil else { return nil }
      return (slot.pointee?.category, slot.pointee?.population)
    }
  }

  /// Calls `body` with the handle of each place, ascending, and its category and population,
  /// each read in place as ``categoryAndPopulation(ofHandle:)`` reads one: of every handle, or
  /// of those in `handles`, and of those only for which `isIncluded` holds: it is asked of
  /// each handle in turn before that place is read, and `body` is called for a handle right
  /// after `isIncluded` held for it (so `isIncluded` may leave what `body` then reads).
  ///
  /// - Complexity: O(*n*) for the *n* handles, removed ones included.
  func forEachCategoryAndPopulation(
    inHandles handles: Range<Int>? = nil, where isIncluded: (UInt32) -> Bool = { _ in true },
    _ body: (_ handle: UInt32, _ category: String?, _ population: Int?) -> Void
  ) {
    let handles = handles ?? 0..<placeOfHandle.count
    placeOfHandle.forEachChunk { chunk, start in
      guard let base = chunk.baseAddress else { return }
      let offsets = handles.clamped(to: start..<(start + chunk.count))
      guard !offsets.isEmpty else { return }
      for offset in (offsets.lowerBound - start)..<(offsets.upperBound - start) {
        let handle = UInt32(start + offset)
        guard isIncluded(handle) else { continue }
        let slot = base + offset
        // Each field through the pointer, as in `categoryAndPopulation(ofHandle:)`.
        guard slot.pointee?.coordinate != nil else { continue }
        body(handle, slot.pointee?.category, slot.pointee?.population)
      }
    }
  }

  /// Whether so many handles are removed that an edit should renumber them: at least a
  /// quarter of the places (rounded down), and at least 64.
  var isWorthCompacting: Bool {
    removedHandles.count >= max(64, count / 4)
  }

  /// The position of the place with identifier `id`, if any.
  ///
  /// - Complexity: O(1) on average, plus O(log *r*) for *r* removed handles.
  func position(of id: Place.ID) -> Int? {
    handleByID[id].map(position(ofHandle:))
  }

  /// The spatial index, in which handles are positions (see ``CatalogSpatialIndex``).
  ///
  /// A full build that edits started in the background and that has finished is taken here
  /// too, not only by the next edit, so that the index it replaces is released.
  var spatialIndex: CatalogSpatialIndex {
    current(spatial) { CatalogSpatialIndex(places: places, handles: handlesByPosition) }
  }

  /// The spatial index, if it is built.
  var builtSpatialIndex: CatalogSpatialIndex? {
    spatial.builtValue
  }

  /// The name index, built on first use; a finished background build is taken, as by
  /// ``spatialIndex``.
  var nameIndex: CatalogNameIndex {
    current(names) { CatalogNameIndex(places: places, handles: handlesByPosition) }
  }

  /// The index `slot` holds, built by `build` on first use; a finished background build is
  /// taken in its place, and the index it replaces is retired (see ``RetiredIndexes``).
  private func current<Index: BuiltPlusChangesIndex>(
    _ slot: LazyIndex<Index>, build: () -> Index
  ) -> Index {
    let index = slot.value(build)
    guard let taken = index.takingFinishedRebuild() else { return index }
    retired.retire(index)
    return slot.replace(taken)
  }

  /// The name index, if it is built.
  var builtNameIndex: CatalogNameIndex? {
    names.builtValue
  }

  var nameOrder: NameOrder {
    nameSort.value {
      NameOrder(
        handles: handlesByPosition ?? Array(0..<UInt32(count)), place: livePlace(withHandle:))
    }
  }

  // MARK: - Following edits

  /// Gives this storage each index `original` has built, derived for it.
  ///
  /// `changes` made this storage from `original`: every place changed, by handle, in the
  /// order of ``EditFollowingIndex/deriving(_:from:to:)``, which each index answers. An index
  /// `original` has not built is built here on first use; deriving one is not counted as a
  /// build.
  ///
  /// Applied at once, not on first use: a screen showing the map reads the clusters straight
  /// away, and the others cost little until a query reads them.
  ///
  /// An index whose full build this edit took or started is retired here (see
  /// ``RetiredIndexes``), and those `original` retired are handed to the background queue, so
  /// that the editing thread never frees a replaced index when it releases `original`.
  func deriveIndexes(from original: CatalogStorage, changes: [PlaceHandleChange]) {
    original.retired.releaseInBackground()
    // The array a catalog was made from is freed in the background too, when this edit
    // released the last catalog holding it: freeing 170,000 places took the first edit 4 ms.
    if let array = original.placeArray.builtValue {
      retired.retire(array)
    }
    spatial.follow(original.spatial, through: changes, from: original, to: self)
    names.follow(original.names, through: changes, from: original, to: self)
    nameSort.follow(original.nameSort, through: changes, from: original, to: self)
    if let old = original.spatial.builtValue, old.isRebuilding != spatial.builtValue?.isRebuilding {
      retired.retire(old)
    }
    if let old = original.names.builtValue, old.isRebuilding != names.builtValue?.isRebuilding {
      retired.retire(old)
    }
    let byCategory = original.categoryClusters.withLock { $0 }.mapValues {
      $0.deriving(changes, from: original, to: self)
    }
    categoryClusters.withLock { $0.merge(byCategory) { current, _ in current } }
    let hierarchies = original.clusters.withLock { $0 }
    guard !hierarchies.isEmpty else { return }
    let derived = hierarchies.mapValues { $0.deriving(changes, from: original, to: self) }
    clusters.withLock { $0.merge(derived) { current, _ in current } }
    for (key, old) in hierarchies
    where old.compaction.map({ ObjectIdentifier($0.job) })
      != derived[key]?.compaction.map({ ObjectIdentifier($0.job) })
    {
      retired.retire(old)
    }
  }

  /// Gives this storage the cluster hierarchies built for `original` with `changes` applied
  /// and every handle renumbered: `original`'s changes made `renumbered`, and this storage is
  /// `renumbered` with each place's handle its position.
  ///
  /// - Complexity: O(*n*) per level of each hierarchy (see
  ///   ``ClusterHierarchy/compacted(newHandle:handleCount:)``), on the calling thread.
  func deriveRenumberedClusterHierarchies(
    from original: CatalogStorage, changes: [PlaceHandleChange], renumbered: CatalogStorage
  ) {
    let population = { (handle: UInt32) in renumbered.place(withHandle: handle)?.population ?? 0 }
    let byCategory = original.categoryClusters.withLock { $0 }.mapValues {
      $0.renumbered(
        changes, population: population,
        newHandle: { UInt32(renumbered.position(ofHandle: $0)) }, handleCount: count)
    }
    categoryClusters.withLock { $0.merge(byCategory) { current, _ in current } }
    let hierarchies = original.clusters.withLock { $0 }
    guard !hierarchies.isEmpty else { return }
    let placeChanges = changes.filter(\.changesGeometry).map(ClusterPlaceChange.init)
    var derived: [ClusterKey: ClusterHierarchy] = [:]
    for (key, hierarchy) in hierarchies {
      derived[key] = hierarchy.applyingWithoutRebuilding(placeChanges, population: population)
        .compacted(
          newHandle: { UInt32(renumbered.position(ofHandle: $0)) }, handleCount: count)
    }
    clusters.withLock { $0.merge(derived) { current, _ in current } }
  }

  /// Waits for the background step of each cluster hierarchy's rebuild under way: for tests.
  func waitForClusterCompactions() {
    for hierarchy in clusters.withLock({ Array($0.values) }) {
      hierarchy.waitForCompaction()
    }
    for hierarchies in categoryClusters.withLock({ Array($0.values) }) {
      hierarchies.waitForCompactions()
    }
  }

  /// The cluster hierarchy for `radius` and `maximumLevel`, built on first use; each
  /// combination once.
  func clusterHierarchy(radius: Double, maximumLevel: Int) -> ClusterHierarchy {
    let key = ClusterKey(radius: radius, maximumLevel: maximumLevel)
    return clusters.withLock { built in
      if let hierarchy = built[key] { return hierarchy }
      let hierarchy = ClusterHierarchy(
        places: places, handles: handlesByPosition, radius: radius, maximumLevel: maximumLevel)
      built[key] = hierarchy
      clusterBuilds.withLock { $0 += 1 }
      return hierarchy
    }
  }

  /// The places clustered within their categories for `radius` and `maximumLevel`, built on
  /// first use; each combination once.
  func categoryClusterHierarchies(radius: Double, maximumLevel: Int) -> CategoryClusterHierarchies {
    let key = ClusterKey(radius: radius, maximumLevel: maximumLevel)
    return categoryClusters.withLock { built in
      if let hierarchies = built[key] { return hierarchies }
      let hierarchies = CategoryClusterHierarchies(
        places: places, handles: handlesByPosition ?? Array(0..<UInt32(count)), radius: radius,
        maximumLevel: maximumLevel)
      built[key] = hierarchies
      clusterBuilds.withLock { $0 += 1 }
      return hierarchies
    }
  }

  /// How many index builds ran, all indexes together.
  var buildCount: Int {
    spatial.buildCount + names.buildCount + nameSort.buildCount
      + clusterBuilds.withLock { $0 }
  }
}

/// An index built on first use, exactly once, then shared.
///
/// The build runs under the slot's own lock: a thread that asks while another builds waits
/// for that build instead of starting its own. Builds run no user code, so holding the lock
/// through one is safe; a build never reads another slot of the same storage.
final class LazyIndex<Value: Sendable>: Sendable {
  private let slot = Locked<(value: Value?, builds: Int)>((nil, 0))

  /// The index, built by `build` if this is the first use.
  func value(_ build: () -> Value) -> Value {
    slot.withLock { slot in
      if let value = slot.value { return value }
      let built = build()
      slot = (built, slot.builds + 1)
      return built
    }
  }

  /// The index, if it is built; never builds it.
  var builtValue: Value? {
    slot.withLock { $0.value }
  }

  /// Holds `value`, built elsewhere, unless a value is held already; not counted as a build.
  func preset(_ value: Value) {
    slot.withLock { slot in
      if slot.value == nil { slot.value = value }
    }
  }

  /// Holds the index of `original`'s slot, if built, derived through `changes` (see
  /// ``EditFollowingIndex``), unless this slot holds one already; not counted as a build.
  func follow(
    _ slot: LazyIndex<Value>, through changes: [PlaceHandleChange],
    from original: CatalogStorage, to edited: CatalogStorage
  ) where Value: EditFollowingIndex {
    if let built = slot.builtValue {
      preset(built.deriving(changes, from: original, to: edited))
    }
  }

  /// Holds `value` instead of the value held, which answers as it does; returns `value`.
  func replace(_ value: Value) -> Value {
    slot.withLock { $0.value = value }
    return value
  }

  /// How many times the index was built: 0 or 1.
  var buildCount: Int {
    slot.withLock { $0.builds }
  }
}

/// The parameters a cluster hierarchy is built for.
struct ClusterKey: Hashable {
  let radius: Double
  let maximumLevel: Int
}
