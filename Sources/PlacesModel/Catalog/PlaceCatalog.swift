/// A catalog of places and every index of them: one immutable value, built once and shared by
/// every screen.
///
/// A catalog is a random-access collection of its places, in the order it was given, with
/// unique identifiers. It owns every index the core keeps of them (by identifier, spatial, by
/// name, the map's cluster hierarchy and the list's name order), so no screen builds an index
/// of its own and each index is built at most once per catalog, however many screens read it.
///
/// ``PlacesModel/places`` holds the catalog, and every ``PlacesModelDelegate/didChange(places:)``
/// carries it: the view models read the value their callback carries, never a copy of their
/// own.
///
/// ## When the indexes are built
/// The index by identifier is built with the catalog, so ``place(withID:)`` and
/// ``position(ofPlaceWithID:)`` cost O(1) from the start (the position O(log *r*) more in a
/// catalog that edits removed *r* places from). The others are built on first use,
/// exactly once (threads that ask at the same moment wait for the one build), and then shared
/// by every copy of the value. A front end that would rather not pay for them on the first
/// camera move or the first keystroke calls ``prepareIndexes()`` beforehand, for example while
/// a launch screen shows, without knowing which indexes exist; it builds them at the same time,
/// one a thread.
///
/// ## Distances
/// The one distance of the package is ``Coordinate/distance(to:)``, in metres along a great
/// circle, and its one nearest-first order sorts by that distance, then by position in the
/// catalog: the list's rows by distance and the search's matches near a location follow it.
///
/// The catalog is `Sendable`: copies share the places and the indexes, and may be read from
/// any thread.
public struct PlaceCatalog: Sendable {
  let storage: CatalogStorage

  /// Creates the catalog of `places`, in their order.
  ///
  /// - Throws: ``PlacesModelError/duplicateID(_:firstIndex:secondIndex:)`` if two places share
  ///   an identifier.
  /// - Complexity: O(*n*), for the index by identifier, which a catalog of many places builds
  ///   on a second thread while it copies the places; the other indexes are built on first
  ///   use.
  public init(_ places: [Place]) throws(PlacesModelError) {
    storage = try CatalogStorage(places)
  }

  /// The catalog of no places.
  public static let empty = PlaceCatalog(storage: CatalogStorage())

  init(storage: CatalogStorage) {
    self.storage = storage
  }

  /// The places, in catalog order.
  public var places: [Place] { storage.places }

  // MARK: - Lookups

  /// The place with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(1) on average.
  public func place(withID id: Place.ID) -> Place? {
    storage.handleByID[id].flatMap(storage.place(withHandle:))
  }

  /// The position in the catalog of the place with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(1) on average, plus O(log *r*) in a catalog that edits removed *r*
  ///   places from.
  public func position(ofPlaceWithID id: Place.ID) -> Int? {
    storage.position(of: id)
  }

  /// Whether a place has identifier `id`.
  ///
  /// - Complexity: O(1) on average.
  public func contains(placeWithID id: Place.ID) -> Bool {
    storage.position(of: id) != nil
  }

  /// The places nearest first from `origin`, in the package's one nearest-first order: by
  /// ``Coordinate/distance(to:)``, then by position in the catalog.
  ///
  /// Each place is found as the sequence is read, from the spatial index, without sorting the
  /// catalog and without making an array of its places: read only as many as you need.
  ///
  /// - Complexity: O(log *n*) per place read, after the spatial index is built (once per
  ///   catalog, O(*n* log *n*), on first use, unless an edit derived it from the index of the
  ///   catalog it came from).
  public func placesNearestFirst(from origin: Coordinate) -> some Sequence<Place> {
    // Each place read from the table of places by handle: an edited catalog has no array of
    // its places, and `storage.places` would make one and keep it as long as the catalog.
    let storage = storage
    return spatialIndex.neighbours(of: origin).lazy.map { storage.place(at: $0.position) }
  }

  /// The handle of the place with identifier `id`: the name the cluster hierarchy knows it
  /// by, which it keeps through edits (see ``CatalogStorage``).
  package func handle(ofPlaceWithID id: Place.ID) -> UInt32? {
    storage.handleByID[id]
  }

  /// The place with `handle`.
  ///
  /// - Precondition: a place of the catalog has `handle`.
  package func place(withHandle handle: UInt32) -> Place {
    guard let place = storage.place(withHandle: handle) else {
      preconditionFailure("no place of the catalog has handle \(handle)")
    }
    return place
  }

  /// The category and the population of the place with `handle`, read where the place lies
  /// rather than copied out with its identifier and names: for a walk over many places that
  /// needs only these (a cluster's composition by category).
  ///
  /// - Precondition: a place of the catalog has `handle`.
  package func categoryAndPopulation(ofHandle handle: UInt32)
    -> (category: String?, population: Int?)
  {
    guard let found = storage.categoryAndPopulation(ofHandle: handle) else {
      preconditionFailure("no place of the catalog has handle \(handle)")
    }
    return found
  }

  /// The number of handles: every place's handle is below it (a removed place's handle stays
  /// unused until an edit renumbers the handles).
  package var handleCount: Int { storage.placeOfHandle.count }

  /// Calls `body` with each index of `handles`, and the category and the population of the
  /// place with the handle there, in no stated order.
  ///
  /// Each is read as ``categoryAndPopulation(ofHandle:)`` reads one. When there are many,
  /// they are read in the order the places lie in the catalog (handles ascending), so that a
  /// read of thousands of scattered places walks memory forwards rather than waiting on each:
  /// sorted first, or, when they are at least half of the handles and each is asked once,
  /// picked out of one walk over every place (a view's first filter at world zoom asks for
  /// most of the catalog, and sorting that many cost more than the walk; from an eighth, the
  /// first filter at country zoom measured 9.9 and 11.0 ms against 7.8 and 7.5 sorted).
  ///
  /// - Precondition: a place of the catalog has each handle.
  /// - Complexity: O(*k*) for *k* handles, or O(*n*) for the catalog's *n* handles when *k* is
  ///   at least *n* / 2.
  package func forEachCategoryAndPopulation(
    ofHandles handles: [UInt32],
    _ body: (_ index: Int, _ category: String?, _ population: Int?) -> Void
  ) {
    guard handles.count >= Self.handlesReadInOrder else {
      for (index, handle) in handles.enumerated() {
        let (category, population) = categoryAndPopulation(ofHandle: handle)
        body(index, category, population)
      }
      return
    }
    let handleCount = storage.placeOfHandle.count
    if handles.count >= handleCount / Self.handleShareReadInOneWalk,
      let indexOfHandle = PositionTable.positions(of: handles, below: handleCount)
    {
      var found = 0
      storage.forEachCategoryAndPopulation { handle, category, population in
        let index = indexOfHandle[Int(handle)]
        guard index != .max else { return }
        found += 1
        body(Int(index), category, population)
      }
      precondition(found == handles.count, "a place of the catalog has each handle")
      return
    }
    let (sorted, positions) = RadixSort.sortedWithPositions(handles.map(UInt64.init))
    for (handle, position) in zip(sorted, positions) {
      let (category, population) = categoryAndPopulation(
        ofHandle: UInt32(truncatingIfNeeded: handle))
      body(Int(position), category, population)
    }
  }

  /// The fewest handles that ``forEachCategoryAndPopulation(ofHandles:_:)`` sorts before it
  /// reads: below it, the places are few enough to read as they come.
  private static let handlesReadInOrder = 1_024

  /// The share of the catalog's handles (one in this many: half) from which
  /// ``forEachCategoryAndPopulation(ofHandles:_:)`` picks the handles asked for out of a walk
  /// over every place instead of sorting them.
  private static let handleShareReadInOneWalk = 2

  // MARK: - Indexes

  /// The spatial index: rectangles, nearest first, rank by distance, in this catalog's
  /// positions.
  ///
  /// - Complexity: O(*n* log *n*) the first time, when no edit derived it from the index of the
  ///   catalog it came from; O(1) after.
  package var spatialIndex: CatalogSpatialIndex {
    let storage = storage
    let index = storage.spatialIndex
    guard !storage.removedHandles.isEmpty else { return index }
    return index.reading(
      positionOfHandle: { storage.position(ofHandle: $0) },
      handleAtPosition: { storage.handle(at: $0) })
  }

  /// The index of folded names and their words, for search.
  package var nameIndex: CatalogNameIndex { storage.nameIndex }

  /// The name index as the edit that made this catalog left it.
  ///
  /// Unlike ``nameIndex``, it never takes a full build that has finished since; `nil` before
  /// the index is built. For tests that watch a full build start, whatever the background
  /// thread's timing.
  package var nameIndexAsEdited: CatalogNameIndex? { storage.builtNameIndex }

  /// The places whose names match `query`, best first, at most `limit`, as their positions in
  /// this catalog: see ``PlaceNameIndex/matches(for:near:limit:allowsTypos:)``.
  package func nameMatches(
    for query: String, near origin: Coordinate?, limit: Int, allowsTypos: Bool = true
  ) -> [(position: Int, kind: SearchMatchKind, distance: Double?)] {
    storage.nameIndex.matches(
      for: query, near: origin, limit: limit, allowsTypos: allowsTypos,
      positionOfHandle: storage.position(ofHandle:),
      coordinateOfHandle: { [storage] in storage.place(withHandle: $0)?.coordinate })
  }

  /// The catalog sorted by name, then identifier, for the list.
  package var nameOrder: NameOrder { storage.nameOrder }

  /// The place at `row` of the catalog sorted by name, then identifier (the list's rows).
  ///
  /// - Complexity: O(log *n*), after the order is built (once per catalog, on first use, or
  ///   derived from the catalog an edit came from).
  package func place(atNameRow row: Int) -> Place {
    place(withHandle: nameOrder.handle(atRow: row))
  }

  /// The row of the place with identifier `id` in the catalog sorted by name, or `nil`.
  ///
  /// - Complexity: O(log *n*) name comparisons, after the order is built.
  package func nameRow(ofPlaceWithID id: Place.ID) -> Int? {
    guard let place = place(withID: id) else { return nil }
    return nameOrder.row(of: place, placeOfHandle: self.place(withHandle:))
  }

  /// The places clustered at every zoom level with `radius` points, down to `maximumLevel`,
  /// for the map; built once per catalog and parameters, on first use.
  package func clusterHierarchy(radius: Double, maximumLevel: Int) -> ClusterHierarchy {
    storage.clusterHierarchy(radius: radius, maximumLevel: maximumLevel)
  }

  /// The map's standard clustering radius, in points, which ``prepareIndexes()`` clusters with.
  package static var standardClusterRadius: Double { 60 }

  /// The map's standard deepest clustering level, which ``prepareIndexes()`` clusters down to.
  package static var standardClusterMaximumLevel: Int { 16 }

  /// Waits for the full builds of the name and spatial indexes and the rebuilds of the cluster
  /// levels that edits started in the background (see ``applying(_:)``), for tests that drive
  /// a rebuild to its end: the next edit takes them (a cluster rebuild with many changes since
  /// takes another background step first).
  package func waitForIndexRebuilds() {
    storage.builtSpatialIndex?.waitForRebuild()
    storage.builtNameIndex?.waitForRebuild()
    storage.waitForClusterCompactions()
  }

  /// The slots of the background builds of this catalog's indexes, which every catalog of its
  /// line of edits shares (see ``CatalogStorage/buildSlots``).
  package var buildSlots: BuildSlots { storage.buildSlots }

  /// How many index builds have run for this catalog, all indexes together (the index by
  /// identifier aside): tests check that each is built at most once.
  package var indexBuildCount: Int { storage.buildCount }

  /// Whether the catalog holds an array of its places.
  ///
  /// It holds the one it was made from, or one made when ``places`` was read or an index was
  /// built afresh for it on first use (a full build in the background keeps none): tests
  /// check that reads through the table of places by handle make none.
  package var holdsPlaceArray: Bool { storage.holdsPlaceArray }

  /// The number of indexes built on first use: what ``prepareIndexes()`` builds.
  package static var lazyIndexCount: Int { CatalogStorage.lazyIndexCount }
}

// MARK: - Collection

extension PlaceCatalog: RandomAccessCollection {
  /// The position of the first place: 0.
  public var startIndex: Int { 0 }

  /// The position after the last place: the number of places.
  public var endIndex: Int { storage.count }

  /// The place at `position`.
  ///
  /// - Precondition: `position` is in `0..<count`.
  /// - Complexity: O(1) for a catalog made from an array; O(log *r*) for one that edits
  ///   removed *r* places from.
  public subscript(position: Int) -> Place { storage.place(at: position) }
}

// MARK: - Equality

extension PlaceCatalog: Hashable {
  /// Whether two catalogs hold equal places in the same order.
  ///
  /// - Complexity: O(1) for copies of one catalog; O(*n*) otherwise.
  public static func == (left: PlaceCatalog, right: PlaceCatalog) -> Bool {
    left.storage === right.storage || (left.count == right.count && left.elementsEqual(right))
  }

  /// Whether the two are copies of one catalog value, which share everything: O(1), and
  /// `false` for equal catalogs made apart (`==` compares their places).
  package func isSameValue(as other: PlaceCatalog) -> Bool {
    storage === other.storage
  }

  /// Hashes the number of places and the first and last of them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(first)
    hasher.combine(last)
  }
}

extension PlaceCatalog: CustomStringConvertible {
  /// The number of places, for example `PlaceCatalog(200 places)`.
  public var description: String {
    "PlaceCatalog(\(count) place\(count == 1 ? "" : "s"))"
  }
}
