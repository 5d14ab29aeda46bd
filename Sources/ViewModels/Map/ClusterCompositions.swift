import PlacesModel

/// The composition by category (``CategoryComposition``) of each cluster of one hierarchy
/// that a filter has shown, read once from the cluster's places and then kept: for every
/// later filter, and across the model's edits for as long as it stays true.
///
/// A map's sources of successive catalogs hand it on (``carry(from:to:changes:)``). An
/// entry's places can change only when an edit inserts, updates or removes a place on its
/// path up the levels, or when it gains or loses whole entries (a merge), which changes its
/// count or the exact sum of its places' positions. So across an edit of a few places, each
/// composition on a changed place's old path loses the place as it was and each on its new
/// path gains it as it is, and those are checked at once against their entry's count and
/// mean. Every other composition is checked against its entry's exact sum when next read: a
/// merge that moved whole entries between clusters off those paths would change it (the
/// randomized tests have not produced one; the check costs one comparison).
/// A composition that cannot be brought up to date (its category's most populous place left
/// it, or its entry gained or lost more than the edit) is dropped and read again when shown.
///
/// A class, so that a map's successive sources share it without copying it.
package final class ClusterCompositions {
  /// A composition, and what it was last known true for.
  private struct Known {
    var composition: CategoryComposition
    /// The exact sum of the entry's places' positions (and so their count) when it was
    /// last read or brought up to date.
    var sum: PositionSum
    /// The ``generation`` in which it was last checked against its entry.
    var checked: UInt64
  }

  /// The most places an edit may change for the compositions on their paths to be brought up
  /// to date: past it, they are dropped and read again when shown.
  static let adjustedPlaceLimit = 256

  /// The fewest places that ``compositions(of:at:node:hierarchy:catalog:)`` finds and reads
  /// together: below it, each entry's are read as they come (a pan's few new clusters).
  static let placesReadTogether = 2_048

  /// The most compositions kept: past it, those of every level but the one read last are
  /// dropped (a view shows one level, rarely more than a few hundred entries of it), so that
  /// hours of browsing under a filter keep a few megabytes at most.
  static let keptLimit = 16_384

  /// The compositions, by level and entry (`level << 32 | entry`).
  private var known: [Int: Known] = [:]
  /// The number of the catalog the compositions are kept for, counted from 1 across the
  /// catalogs they were carried through.
  private var generation: UInt64 = 1
  /// The numbers of the categories of the compositions' shares.
  private var numbering = CategoryNumbering()
  /// How a read of many entries' places is split into parts read at the same time
  /// (``compositions(of:at:node:hierarchy:catalog:)``).
  private let reading: CompositionRead
  /// For each category number, the index plus one of its share in the composition being
  /// made; all zeros between compositions (see ``CategoryComposition``).
  private var shareOfCategory: [Int32] = []

  /// No compositions yet, many read as `reading` splits them.
  package init(reading: CompositionRead = .standard) {
    self.reading = reading
  }

  /// The categories of the compositions' shares, by number.
  package var categoryNames: [String?] { numbering.names }

  /// The number of compositions kept.
  var count: Int { known.count }

  // MARK: - Reading

  /// The composition of `entry` at `level` when it is known and was checked against this
  /// catalog's hierarchy; `nil` otherwise.
  func current(_ entry: Int, at level: Int) -> CategoryComposition? {
    guard let found = known[level << 32 | entry], found.checked == generation else { return nil }
    return found.composition
  }

  /// The composition of `entry` at `level` (whose level reads as `node`), if one is known and
  /// still true: checked already, or the entry's places still summing as they did.
  func checked(_ entry: Int, at level: Int, node: ClusterLevelReader) -> CategoryComposition? {
    let key = level << 32 | entry
    guard var found = known[key] else { return nil }
    if found.checked == generation { return found.composition }
    guard found.sum == node.sum(entry) else {
      known[key] = nil
      return nil
    }
    found.checked = generation
    known[key] = found
    return found.composition
  }

  /// The composition of `entry` at `level` of `hierarchy` (whose level reads as `node`), of
  /// `catalog`'s places: the one kept if it is still true, else read from the entry's places
  /// and kept.
  ///
  /// - Complexity: O(1) when kept; O(*k*) for *k* places otherwise.
  package func composition(
    of entry: Int, at level: Int, node: ClusterLevelReader, hierarchy: ClusterHierarchy,
    catalog: PlaceCatalog
  ) -> CategoryComposition {
    if let found = checked(entry, at: level, node: node) { return found }
    return read(entry, at: level, node: node, hierarchy: hierarchy, catalog: catalog)
  }

  /// The composition of `entry` at `level` of `hierarchy`, read from its places and kept.
  @discardableResult
  private func read(
    _ entry: Int, at level: Int, node: ClusterLevelReader, hierarchy: ClusterHierarchy,
    catalog: PlaceCatalog
  ) -> CategoryComposition {
    var composition = CategoryComposition(x: node.x(entry))
    hierarchy.forEachPlace(of: entry, at: level) { handle, x, y in
      let (category, population) = catalog.categoryAndPopulation(ofHandle: handle)
      composition.add(
        handle, at: (x, y), category: categoryNumber(of: category), population: population ?? 0,
        shareOfCategory: &shareOfCategory)
    }
    composition.clear(&shareOfCategory)
    keep(composition, of: entry, at: level, node: node)
    return composition
  }

  /// The composition of each of `entries` of `level` (whose level reads as `node`) of
  /// `hierarchy`, in order.
  ///
  /// Those known and still true are as kept; the others are read and kept, as
  /// ``composition(of:at:node:hierarchy:catalog:)`` gives them one by one. When the others
  /// hold many places, those are found a level at a time for all the entries together
  /// (``ClusterHierarchy/forEachPlace(ofEach:at:_:)``) and read from `catalog` in catalog
  /// order, so that a view's first filter, whose clusters can hold most of the catalog, reads
  /// memory forwards rather than waiting on it at every place; when they hold many
  /// thousands, in parts read at the same time on several cores; and when they hold a
  /// quarter of the catalog or more, through the catalog's places in catalog order (see
  /// ``CompositionRead``).
  ///
  /// - Complexity: O(1) an entry known; O(*k*) for the *k* places of the others, spread over
  ///   the parts.
  package func compositions(
    of entries: [Int], at level: Int, node: ClusterLevelReader, hierarchy: ClusterHierarchy,
    catalog: PlaceCatalog
  ) -> [CategoryComposition] {
    var found = entries.map { checked($0, at: level, node: node) }
    let missing = entries.indices.filter { found[$0] == nil }
    let placeCount = missing.reduce(0) { $0 + Int(node.count(entries[$1])) }
    guard placeCount >= Self.placesReadTogether else {
      for index in missing {
        found[index] = read(
          entries[index], at: level, node: node, hierarchy: hierarchy, catalog: catalog)
      }
      return found.compactMap { $0 }
    }
    let missingEntries = missing.map { entries[$0] }
    let parts = reading.parts(
      of: missingEntries, at: level, x: missingEntries.map { node.x($0) },
      placeCount: placeCount, hierarchy: hierarchy, catalog: catalog)
    // Each part's compositions, in this table's numbers, added up by owner.
    var made = [CategoryComposition?](repeating: nil, count: missing.count)
    for part in parts {
      let numbers = part.names.map { categoryNumber(of: $0) }
      let isIdentity = numbers.elementsEqual(numbers.indices)
      for (owner, composition) in zip(part.owners, part.compositions) {
        let renumbered = isIdentity ? composition : composition.renumbered(numbers)
        if made[owner] == nil {
          made[owner] = renumbered
        } else {
          made[owner]?.absorb(renumbered, shareOfCategory: &shareOfCategory)
        }
      }
    }
    for (owner, index) in missing.enumerated() {
      // An entry with no places (which a view never shows) has the empty composition.
      let composition = made[owner] ?? CategoryComposition(x: node.x(entries[index]))
      keep(composition, of: entries[index], at: level, node: node)
      found[index] = composition
    }
    return found.compactMap { $0 }
  }

  /// Keeps `composition` as the one of `entry` of `level` (whose level reads as `node`),
  /// checked against this catalog's hierarchy.
  private func keep(
    _ composition: CategoryComposition, of entry: Int, at level: Int, node: ClusterLevelReader
  ) {
    if known.count >= Self.keptLimit { keepOnly(level: level) }
    known[level << 32 | entry] = Known(
      composition: composition, sum: node.sum(entry), checked: generation)
  }

  /// Drops the compositions of every level but `level`, and those too when they alone reach
  /// ``keptLimit``.
  private func keepOnly(level: Int) {
    known = known.filter { $0.key >> 32 == level }
    if known.count >= Self.keptLimit { known = [:] }
  }

  /// The composition of `places` (handles and positions) of `catalog`, in an entry at `x`:
  /// made for the occasion, not kept.
  func composition(
    of places: [(handle: UInt32, position: (x: UInt32, y: UInt32))], x: UInt32,
    catalog: PlaceCatalog
  ) -> CategoryComposition {
    var composition = CategoryComposition(x: x)
    for place in places {
      add(
        catalog.place(withHandle: place.handle), handle: place.handle, at: place.position,
        to: &composition)
    }
    composition.clear(&shareOfCategory)
    return composition
  }

  /// The number of `category` in ``categoryNames``, given on first sight.
  func categoryNumber(of category: String?) -> Int {
    let number = numbering.number(of: category)
    while shareOfCategory.count < numbering.names.count { shareOfCategory.append(0) }
    return number
  }

  /// Adds `place`, with `handle`, at `position`, to `composition`.
  private func add(
    _ place: Place, handle: UInt32, at position: (x: UInt32, y: UInt32),
    to composition: inout CategoryComposition
  ) {
    composition.add(
      handle, at: position, category: categoryNumber(of: place.category),
      population: place.population ?? 0, shareOfCategory: &shareOfCategory)
  }

  // MARK: - Carrying across edits

  /// Brings the compositions kept for `before`, the hierarchy of `previous`, to `after`, the
  /// hierarchy of `catalog`, across `changes` (from `previous` to `catalog`; `nil` when
  /// unknown): see the type's discussion.
  ///
  /// A level built again (its entries renumbered) drops its compositions, and so does every
  /// level when `changes` is `nil`. Past ``adjustedPlaceLimit`` changed places, the
  /// compositions on the changed places' old and new paths are dropped instead of brought up
  /// to date.
  ///
  /// - Complexity: O(*c* × *d*) for *c* changed places and *d* levels, plus O(*m*) for *m*
  ///   compositions kept when a level was built again.
  func carry(
    from previous: (catalog: PlaceCatalog, hierarchy: ClusterHierarchy),
    to current: (catalog: PlaceCatalog, hierarchy: ClusterHierarchy),
    changes: PlaceCatalogChanges?
  ) {
    generation &+= 1
    guard !known.isEmpty else { return }
    guard let changes else {
      known = [:]
      return
    }
    let (before, after) = (previous.hierarchy, current.hierarchy)
    let rebuilt = (0...after.placeLevel).filter {
      $0 > before.placeLevel || after.level($0).built !== before.level($0).built
    }
    if !rebuilt.isEmpty {
      known = known.filter { !rebuilt.contains($0.key >> 32) }
    }
    let changedCount = changes.inserted.count + changes.updated.count + changes.removed.count
    guard rebuilt.isEmpty, changedCount <= Self.adjustedPlaceLimit else {
      for id in [changes.updated, changes.removed].joined() {
        forEachEntry(onPathOf: id, in: previous) { key, _, _, _ in known[key] = nil }
      }
      for id in [changes.inserted, changes.updated].joined() {
        forEachEntry(onPathOf: id, in: current) { key, _, _, _ in known[key] = nil }
      }
      return
    }
    var adjusted: Set<Int> = []
    // Each changed place as it was leaves the compositions on its old path...
    for id in [changes.updated, changes.removed].joined() {
      forEachEntry(onPathOf: id, in: previous) { key, place, handle, position in
        guard var found = known[key] else { return }
        let category = categoryNumber(of: place.category)
        if found.composition.remove(handle, at: position, category: category) {
          known[key] = found
          adjusted.insert(key)
        } else {
          known[key] = nil
        }
      }
    }
    // ... and joins, as it is, those on its new path.
    for id in [changes.inserted, changes.updated].joined() {
      forEachEntry(onPathOf: id, in: current) { key, place, handle, position in
        guard var found = known[key] else { return }
        found.composition.mark(&shareOfCategory)
        add(place, handle: handle, at: position, to: &found.composition)
        found.composition.clear(&shareOfCategory)
        known[key] = found
        adjusted.insert(key)
      }
    }
    // Each brought up to date must now hold its entry's places: as many, at their mean.
    for key in adjusted {
      guard var found = known[key] else { continue }
      let (level, entry) = (key >> 32, key & 0xFFFF_FFFF)
      let node = after.level(level)
      let count = Int(node.count(entry))
      guard count > 0, let all = found.composition.shown(where: { _ in true }),
        all.count == count, all.x == node.x(entry), all.y == node.y(entry)
      else {
        known[key] = nil
        continue
      }
      found.sum = node.sum(entry)
      found.checked = generation
      known[key] = found
    }
  }

  /// Calls `body` with the key of each entry on the path up the levels of `side`'s hierarchy
  /// of the place `id` of its catalog, with the place, its handle and its position; nothing
  /// when the catalog or the hierarchy has no such place.
  private func forEachEntry(
    onPathOf id: Place.ID, in side: (catalog: PlaceCatalog, hierarchy: ClusterHierarchy),
    _ body: (_ key: Int, _ place: Place, _ handle: UInt32, _ position: (x: UInt32, y: UInt32))
      -> Void
  ) {
    let hierarchy = side.hierarchy
    guard let handle = side.catalog.handle(ofPlaceWithID: id),
      var entry = hierarchy.entry(ofPlaceWithHandle: handle)
    else { return }
    let place = side.catalog.place(withHandle: handle)
    let leaf = hierarchy.level(hierarchy.placeLevel)
    let position = (x: leaf.x(entry), y: leaf.y(entry))
    for level in stride(from: hierarchy.placeLevel, through: 0, by: -1) {
      body(level << 32 | entry, place, handle, position)
      if level > 0 { entry = hierarchy.ancestor(of: entry, at: level, to: level - 1) }
    }
  }
}
