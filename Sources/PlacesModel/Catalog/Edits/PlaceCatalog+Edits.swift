extension PlaceCatalog {
  /// Returns the catalog with `edits` applied, in order, and what changed; this catalog is
  /// left as it is.
  ///
  /// Each edit applies to the places the edits before it left, and the batch is all or
  /// nothing: the first edit refused ends it, and nothing is returned.
  ///
  /// ## The order of the new catalog
  /// The places of this catalog keep their order: an updated place keeps its position, and the
  /// places after a removed one close up. Inserted places follow them, in the order they were
  /// first inserted in the batch. A place removed and inserted again in one batch counts as updated, in its old
  /// position; one inserted and removed again leaves no trace.
  ///
  /// ## Changes
  /// The changes compare the result with this catalog, by identifier (see
  /// ``PlaceCatalogChanges``): an update to an equal place is no change, and a batch that
  /// changes nothing returns this catalog itself with empty changes.
  ///
  /// - Throws: ``PlacesModelError/invalidEdit(at:id:problem:)`` for the first edit refused: an
  ///   update or removal of an identifier no place has, an insertion of one a place has, a name
  ///   empty or only white space. A ``Coordinate`` is valid by construction, so latitudes,
  ///   longitudes and non-finite values are refused where the coordinate is made.
  /// - Complexity: O(*k*) on average for *k* edits to check them, then, if anything changed,
  ///   O(*k* (*n* / 2048 + 272)) at most to copy the parts of the places and of the index by
  ///   identifier the edits write (the rest is shared with this catalog, which keeps its
  ///   values). The indexes this catalog has built follow: the map's clusters change in place
  ///   along the paths of the places moved, inserted or removed; the order by name moves the
  ///   rows of the places renamed, inserted or removed, in O(log *n*) each; the name index
  ///   leaves the places renamed, removed or given another population out of the index built
  ///   earlier and puts them and those inserted in a small one, built when a search next runs,
  ///   and only notes a place moved (a search near a location reads where it is now). The
  ///   spatial index is kept when no place moved, appeared
  ///   or went; otherwise it likewise leaves the places moved or removed out of the index
  ///   built earlier and puts those moved or inserted in a small one, built when a query next
  ///   runs. Once more than 256 places (and a 512th of the catalog) changed, each of these two
  ///   starts a full build on a background thread, and a later edit (or query) takes it when
  ///   it is ready: no edit or query waits for one. Once edits changed or added an eighth as
  ///   many cluster entries as were built, the clusters' level with the most of them is
  ///   likewise built again from its entries on a background thread, one level at a time, and
  ///   a later edit takes it with the edits made meanwhile.
  ///   When removed places reach a quarter of the catalog (at least 64), the catalog is
  ///   copied whole, O(*n*), and the indexes but the clusters are built again on first use.
  public func applying(
    _ edits: [PlaceEdit]
  ) throws(PlacesModelError) -> (catalog: PlaceCatalog, changes: PlaceCatalogChanges) {
    // The final state of every identifier an edit touches: its place, or nil when removed.
    var touched: [Place.ID: Place?] = [:]
    var newIDs: [Place.ID] = []
    for (index, edit) in edits.enumerated() {
      let id = edit.id
      let exists: Bool =
        if let state = touched[id] { state != nil } else { contains(placeWithID: id) }
      switch edit {
      case .insert(let place):
        guard !exists else { throw .invalidEdit(at: index, id: id, problem: .idInUse) }
        try Self.validate(place, at: index)
        if touched[id] == nil, !contains(placeWithID: id) {
          newIDs.append(id)
        }
        touched[id] = .some(place)
      case .update(let place):
        guard exists else { throw .invalidEdit(at: index, id: id, problem: .unknownID) }
        try Self.validate(place, at: index)
        touched[id] = .some(place)
      case .remove:
        guard exists else { throw .invalidEdit(at: index, id: id, problem: .unknownID) }
        touched[id] = .some(nil)
      }
    }
    return applying(touched: touched, newIDs: newIDs)
  }

  /// The catalog holding the places of `new`, in its order, and what changed from this one.
  ///
  /// When the difference keeps the order of the places both catalogs have and adds the new
  /// places after them, it is applied to this catalog as edits (see ``applying(_:)``), so the
  /// result keeps or derives the indexes an edit keeps or derives (the order by name, the name
  /// and spatial indexes, and the clusters); otherwise, or if an edit would be refused (a name
  /// only white space), the result is `new`. When nothing changed it is this catalog, with its
  /// indexes. A place of `new` equal (`==`) to this catalog's is no
  /// change, so the result may hold this catalog's value of it.
  ///
  /// - Complexity: O(*n* + *m*) on average for catalogs of *n* and *m* places, plus
  ///   ``applying(_:)``'s cost when the difference is applied as edits.
  package func replaced(
    by new: PlaceCatalog
  ) -> (catalog: PlaceCatalog, changes: PlaceCatalogChanges) {
    let changes = PlaceCatalogChanges(from: self, to: new)
    guard !changes.isEmpty else { return (self, changes) }
    guard let edits = changes.edits(leadingTo: new), let edited = try? applying(edits) else {
      return (new, changes)
    }
    return (edited.catalog, changes)
  }

  /// Refuses a place no catalog may hold.
  private static func validate(_ place: Place, at index: Int) throws(PlacesModelError) {
    if place.name.allSatisfy(\.isWhitespace) {
      throw .invalidEdit(at: index, id: place.id, problem: .emptyName)
    }
  }

  /// Builds the catalog in which every identifier of `touched` has its final state.
  private func applying(
    touched: [Place.ID: Place?], newIDs: [Place.ID]
  ) -> (catalog: PlaceCatalog, changes: PlaceCatalogChanges) {
    // The old places the batch changed, in catalog order, with their new value or nil.
    var oldEdits: [(handle: UInt32, old: Place, new: Place?)] = []
    for (id, state) in touched {
      guard let handle = storage.handleByID[id], let old = storage.place(withHandle: handle)
      else { continue }
      if state != old {
        oldEdits.append((handle, old, state))
      }
    }
    oldEdits.sort { $0.handle < $1.handle }
    let inserted = newIDs.compactMap { id in touched[id].flatMap { $0 } }
    guard !oldEdits.isEmpty || !inserted.isEmpty else {
      return (self, PlaceCatalogChanges())
    }
    var placeOfHandle = storage.placeOfHandle
    var handleByID = storage.handleByID
    var removedHandles: [UInt32] = []
    var updated: [Place.ID] = []
    var removed: [Place.ID] = []
    // Every place the batch changed, by handle: what each index that follows edits reads.
    var changes: [PlaceHandleChange] = []
    for (handle, old, new) in oldEdits {
      placeOfHandle[Int(handle)] = new
      if let new {
        updated.append(new.id)
      } else {
        removed.append(old.id)
        removedHandles.append(handle)
        handleByID[old.id] = nil
      }
      changes.append(PlaceHandleChange(handle: handle, old: old, new: new))
    }
    for place in inserted {
      let handle = UInt32(placeOfHandle.count)
      placeOfHandle.append(place)
      handleByID[place.id] = handle
      changes.append(PlaceHandleChange(handle: handle, old: nil, new: place))
    }
    let edited = CatalogStorage(
      placeOfHandle: placeOfHandle, handleByID: handleByID,
      removedHandles: Self.merged(storage.removedHandles, removedHandles),
      // Edits of an empty catalog (``empty`` is one value for the whole process) start a line
      // of their own, so that models loaded that way do not share slots.
      buildSlots: storage.count == 0 ? BuildSlots() : storage.buildSlots)
    // Too many removed handles: every handle renumbered, and the indexes built anew but the
    // clusters, which are renumbered.
    guard !edited.isWorthCompacting else {
      let storage = CatalogStorage(uniquePlaces: edited.places, buildSlots: edited.buildSlots)
      storage.deriveRenumberedClusterHierarchies(
        from: self.storage, changes: changes, renumbered: edited)
      return (
        PlaceCatalog(storage: storage),
        PlaceCatalogChanges(inserted: inserted.map(\.id), updated: updated, removed: removed)
      )
    }
    edited.deriveIndexes(from: storage, changes: changes)
    return (
      PlaceCatalog(storage: edited),
      PlaceCatalogChanges(inserted: inserted.map(\.id), updated: updated, removed: removed)
    )
  }

  /// The ascending union of two ascending lists of handles with none in common.
  private static func merged(_ first: [UInt32], _ second: [UInt32]) -> [UInt32] {
    guard !second.isEmpty else { return first }
    var merged: [UInt32] = []
    merged.reserveCapacity(first.count + second.count)
    var (left, right) = (0, 0)
    while left < first.count || right < second.count {
      if right == second.count || (left < first.count && first[left] < second[right]) {
        merged.append(first[left])
        left += 1
      } else {
        merged.append(second[right])
        right += 1
      }
    }
    return merged
  }
}
