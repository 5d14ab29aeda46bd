/// An index of a catalog's places that follows edits: told what an edit changed, by handle,
/// it derives itself for the edited catalog instead of being built again.
///
/// This is the one question an edit asks each index the catalog has built (see
/// ``CatalogStorage/deriveIndexes(from:changes:)``); each index reads the changes it needs
/// (places moved, renamed, inserted, removed, given another population) and keeps the rest.
/// How each follows them differs, for reasons each type gives: the spatial and name indexes
/// keep the index built for an earlier catalog and the changes since (``CatalogSpatialIndex``,
/// ``CatalogNameIndex``), the order by name moves rows in place (``NameOrder``), and the
/// cluster levels change the entries on each place's paths (``ClusterHierarchy``).
protocol EditFollowingIndex: Sendable {
  /// This index, which answers for `original`, made to answer for `edited`, which `changes`
  /// made from `original`: every place changed, in handle order for the places `original`
  /// has, then those inserted.
  func deriving(
    _ changes: [PlaceHandleChange], from original: CatalogStorage, to edited: CatalogStorage
  ) -> Self
}

extension CatalogSpatialIndex: EditFollowingIndex {
  /// The index with the places moved, inserted or removed noted (see
  /// ``deriving(_:edited:)``); this index itself when none did.
  func deriving(
    _ changes: [PlaceHandleChange], from original: CatalogStorage, to edited: CatalogStorage
  ) -> CatalogSpatialIndex {
    let moves = changes.filter(\.movesPlace)
    guard !moves.isEmpty else { return self }
    return deriving(
      moves.map { (handle: $0.handle, old: $0.old?.coordinate, new: $0.new?.coordinate) },
      edited: edited)
  }
}

extension CatalogNameIndex: EditFollowingIndex {
  /// The index with the places removed taken out, those inserted or whose names or
  /// populations (what a search matches and ranks by) changed put in again, and those only
  /// moved noted as moved: a query near a location reads where they are now.
  func deriving(
    _ changes: [PlaceHandleChange], from original: CatalogStorage, to edited: CatalogStorage
  ) -> CatalogNameIndex {
    var adding: [(UInt32, Place)] = []
    var moving: [(UInt32, Place)] = []
    for change in changes {
      guard let new = change.new else { continue }
      if change.old == nil || change.changesName || change.old?.population != new.population {
        adding.append((change.handle, new))
      } else if change.movesPlace {
        moving.append((change.handle, new))
      }
    }
    return deriving(
      removing: changes.filter { $0.new == nil }.map(\.handle), adding: adding, moving: moving,
      edited: edited)
  }
}

extension NameOrder: EditFollowingIndex {
  /// The order with the rows of the places renamed, inserted or removed moved.
  func deriving(
    _ changes: [PlaceHandleChange], from original: CatalogStorage, to edited: CatalogStorage
  ) -> NameOrder {
    var order = self
    // Each order reads the handles of places its own catalog has: those renamed, removed or
    // inserted leave the old order and join the new one.
    let renamed = changes.filter(\.changesName)
    for change in renamed {
      if let old = change.old {
        order.remove(old, handle: change.handle, placeOfHandle: original.livePlace(withHandle:))
      }
    }
    for change in renamed {
      if let new = change.new {
        order.insert(new, handle: change.handle, placeOfHandle: edited.livePlace(withHandle:))
      }
    }
    return order
  }
}

extension ClusterHierarchy: EditFollowingIndex {
  /// The hierarchy with the places moved, inserted, removed or given another population
  /// applied (see ``applying(_:slots:population:)``); this hierarchy itself when none was.
  func deriving(
    _ changes: [PlaceHandleChange], from original: CatalogStorage, to edited: CatalogStorage
  ) -> ClusterHierarchy {
    let geometric = changes.filter(\.changesGeometry)
    guard !geometric.isEmpty else { return self }
    return applying(geometric, slots: edited.buildSlots) {
      edited.place(withHandle: $0)?.population ?? 0
    }
  }
}
