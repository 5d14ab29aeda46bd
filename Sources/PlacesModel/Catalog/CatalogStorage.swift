/// The places of a ``PlaceCatalog`` and its indexes, shared by every copy of the value.
///
/// The index by identifier is built with the storage; each other index is built on first use,
/// under a lock of its own, so that it is built exactly once even when several threads ask
/// at the same moment, and then read without building again.
final class CatalogStorage: Sendable {
  let places: [Place]
  let positionByID: [Place.ID: Int]
  private let spatial = LazyIndex<SpatialIndex>()
  private let names = LazyIndex<PlaceNameIndex>()
  private let nameSort = LazyIndex<NameOrder>()
  private let clusters = Locked<[ClusterKey: ClusterHierarchy]>([:])
  private let clusterBuilds = Locked<Int>(0)
  /// The old name order and the edit that made this storage from it, until the name order is
  /// built from them.
  private let nameOrderEdit = Locked<NameOrder.Edit?>(nil)

  /// The number of indexes besides the one by identifier.
  static let lazyIndexCount = 4

  /// Indexes `places` by identifier, refusing a catalog in which two places share one.
  ///
  /// - Complexity: O(*n*).
  init(_ places: [Place]) throws(PlacesModelError) {
    var positionByID: [Place.ID: Int] = [:]
    positionByID.reserveCapacity(places.count)
    for (position, place) in places.enumerated() {
      if let earlier = positionByID.updateValue(position, forKey: place.id) {
        throw .duplicateID(place.id, firstIndex: earlier, secondIndex: position)
      }
    }
    self.places = places
    self.positionByID = positionByID
  }

  /// Indexes `places`, whose identifiers are known to be unique, by identifier.
  ///
  /// - Complexity: O(*n*).
  init(uniquePlaces places: [Place]) {
    var positionByID: [Place.ID: Int] = [:]
    positionByID.reserveCapacity(places.count)
    for (position, place) in places.enumerated() {
      positionByID[place.id] = position
    }
    self.places = places
    self.positionByID = positionByID
  }

  /// The storage of `places`: the places indexed by `positionByID` with the places of `newIDs`,
  /// known to be new, appended in that order.
  ///
  /// - Complexity: O(*n*) to copy the index, plus O(*k*) for *k* new identifiers.
  init(
    _ places: [Place], positionByID: [Place.ID: Int], appending newIDs: [Place.ID]
  ) {
    var positionByID = positionByID
    var position = places.count - newIDs.count
    for id in newIDs {
      positionByID[id] = position
      position += 1
    }
    self.places = places
    self.positionByID = positionByID
  }

  /// The storage of no places.
  init() {
    places = []
    positionByID = [:]
  }

  /// The position of the place with identifier `id`, if any.
  func position(of id: Place.ID) -> Int? {
    positionByID[id]
  }

  var spatialIndex: SpatialIndex {
    spatial.value { SpatialIndex(places: places) }
  }

  var nameIndex: PlaceNameIndex {
    names.value { PlaceNameIndex(places: places) }
  }

  var nameOrder: NameOrder {
    nameSort.value {
      let edit = nameOrderEdit.withLock { edit in
        defer { edit = nil }
        return edit
      }
      return edit.map { NameOrder(places, editing: $0) } ?? NameOrder(places)
    }
  }

  /// The name order, if it is built.
  var builtNameOrder: NameOrder? {
    nameSort.builtValue
  }

  /// Lets the name order be derived from `edit` instead of sorted, when first used.
  func deriveNameOrder(from edit: NameOrder.Edit) {
    nameOrderEdit.withLock { $0 = edit }
  }

  /// Takes the built indexes of `other` that depend only on where its places are.
  ///
  /// The spatial index and the cluster hierarchies (which also read populations), for a
  /// catalog whose places are in the same positions with the same coordinates and populations:
  /// an edit of names, categories or countries. Taking one is not a build.
  func inheritGeometricIndexes(from other: CatalogStorage) {
    if let spatialIndex = other.spatial.builtValue {
      spatial.preset(spatialIndex)
    }
    let hierarchies = other.clusters.withLock { $0 }
    clusters.withLock { $0.merge(hierarchies) { current, _ in current } }
  }

  /// The cluster hierarchy for `radius` and `maximumLevel`, built on first use; each
  /// combination once.
  func clusterHierarchy(radius: Double, maximumLevel: Int) -> ClusterHierarchy {
    let key = ClusterKey(radius: radius, maximumLevel: maximumLevel)
    return clusters.withLock { built in
      if let hierarchy = built[key] { return hierarchy }
      let hierarchy = ClusterHierarchy(places: places, radius: radius, maximumLevel: maximumLevel)
      built[key] = hierarchy
      clusterBuilds.withLock { $0 += 1 }
      return hierarchy
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
