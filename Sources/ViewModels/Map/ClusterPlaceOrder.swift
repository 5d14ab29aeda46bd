import PlacesModel

/// The places of every cluster of a catalog's cluster hierarchy in the clusters' order
/// (population descending, places without one last, then name, then identifier), so that a
/// page of a cluster's places costs O(*page* + log *k*), not O(*k*).
///
/// Each level is ordered on first use: the catalog's places in that order, grouped by their
/// entry at the level (a counting sort, stable, so each entry's places stay in order), and
/// where each entry's run starts. A cluster's places are then one contiguous run, and a page is
/// a slice of it. The order is made once, from the catalog's name order and the populations.
///
/// Built for one catalog and its hierarchy and never changed: a new catalog (an edit) gets a
/// new one, built again on its first use, so pages always follow the catalog's edits.
///
/// Memory: 8 bytes a place (the order and each place's position in it), plus, for each level
/// ordered, 4 bytes a place and 4 an entry (``byteCount``).
final class ClusterPlaceOrder {
  /// The clusters of at most this many places are sorted on each call instead: cheaper than
  /// ordering the whole level for them.
  static let directSortLimit = 256

  private let catalog: PlaceCatalog
  private let hierarchy: ClusterHierarchy
  /// The handles of the live places in the clusters' order.
  private var ordered: [UInt32] = []
  /// The position in ``ordered`` of each handle's place; `UInt32.max` for a removed handle.
  private var positionOfHandle: [UInt32] = []
  /// The levels ordered so far.
  private var levels: [Int: LevelRuns] = [:]

  /// One level's places, grouped by entry in the clusters' order.
  private struct LevelRuns {
    /// The handles, each entry's places together, in order within it.
    let handles: [UInt32]
    /// Where each entry's run starts in ``handles``; one past the last entry, the end.
    let starts: [UInt32]
  }

  init(catalog: PlaceCatalog, hierarchy: ClusterHierarchy) {
    self.catalog = catalog
    self.hierarchy = hierarchy
  }

  /// The bytes the order holds now.
  var byteCount: Int {
    (ordered.count + positionOfHandle.count) * 4
      + levels.values.reduce(0) { $0 + ($1.handles.count + $1.starts.count) * 4 }
  }

  /// The handles of the places of `entry` at `level` but `excluded`, from `offset` in the
  /// clusters' order, at most `limit`; and how many places it has but `excluded`.
  ///
  /// - Complexity: O(*page* + log *k*) once the level is ordered; ordering a level is
  ///   O(*n* × levels below it); a cluster of at most ``directSortLimit`` places, O(*k* log *k*).
  func page(
    of entry: Int, at level: Int, excluding excluded: UInt32?, offset: Int, limit: Int
  ) -> (handles: [UInt32], total: Int) {
    let count = Int(hierarchy.level(level).count(entry))
    guard count > Self.directSortLimit else {
      return directPage(of: entry, at: level, excluding: excluded, offset: offset, limit: limit)
    }
    let runs = self.runs(at: level)
    let run = Int(runs.starts[entry])..<Int(runs.starts[entry + 1])
    // Where the excluded place is in the run, if it is in it: by its position in the order.
    var excludedIndex: Int?
    if let excluded, Int(excluded) < positionOfHandle.count {
      let position = positionOfHandle[Int(excluded)]
      // The run is in the order: the first of its places not before the excluded one.
      var (low, high) = (run.lowerBound, run.upperBound)
      while low < high {
        let middle = (low + high) / 2
        if positionOfHandle[Int(runs.handles[middle])] < position {
          low = middle + 1
        } else {
          high = middle
        }
      }
      let index = low
      if index < run.upperBound, runs.handles[index] == excluded {
        excludedIndex = index
      }
    }
    let total = run.count - (excludedIndex == nil ? 0 : 1)
    guard offset >= 0, offset < total, limit > 0 else { return ([], total) }
    var start = run.lowerBound + offset
    if let excludedIndex, excludedIndex <= start { start += 1 }
    var handles: [UInt32] = []
    handles.reserveCapacity(min(limit, total - offset))
    var index = start
    while handles.count < limit, index < run.upperBound {
      if index != excludedIndex { handles.append(runs.handles[index]) }
      index += 1
    }
    return (handles, total)
  }

  /// ``page(of:at:excluding:offset:limit:)`` by sorting the entry's places.
  private func directPage(
    of entry: Int, at level: Int, excluding excluded: UInt32?, offset: Int, limit: Int
  ) -> (handles: [UInt32], total: Int) {
    let handles = hierarchy.places(of: entry, at: level).filter { $0 != excluded }
    let total = handles.count
    guard offset >= 0, offset < total, limit > 0 else { return ([], total) }
    let sorted = handles.map { ($0, catalog.place(withHandle: $0)) }.sorted {
      MapMarkerSource.isInClusterOrder($0.1, $1.1)
    }
    return (sorted[offset..<offset + min(limit, total - offset)].map(\.0), total)
  }

  // MARK: - Building

  /// The runs of `level`, made on first use.
  private func runs(at level: Int) -> LevelRuns {
    if let runs = levels[level] { return runs }
    if ordered.isEmpty { makeOrder() }
    // Each place's entry at `level`, up its path from its own entry.
    var entries: [Int] = []
    entries.reserveCapacity(ordered.count)
    var entryCount = 0
    for handle in ordered {
      guard let own = hierarchy.entry(ofPlaceWithHandle: handle) else {
        entries.append(-1)
        continue
      }
      let entry = hierarchy.ancestor(of: own, at: hierarchy.placeLevel, to: level)
      entries.append(entry)
      entryCount = max(entryCount, entry + 1)
    }
    // A stable counting sort by entry keeps each entry's places in the clusters' order.
    var starts = [UInt32](repeating: 0, count: entryCount + 1)
    for entry in entries where entry >= 0 { starts[entry + 1] += 1 }
    for index in 1..<starts.count { starts[index] += starts[index - 1] }
    var next = starts
    var handles = [UInt32](repeating: 0, count: Int(starts[entryCount]))
    for (handle, entry) in zip(ordered, entries) where entry >= 0 {
      handles[Int(next[entry])] = handle
      next[entry] += 1
    }
    let runs = LevelRuns(handles: handles, starts: starts)
    levels[level] = runs
    return runs
  }

  /// Orders the catalog's places: its name order (name, then identifier), then, stably, by
  /// population descending, places without one last.
  private func makeOrder() {
    let names = catalog.nameOrder
    var byName: [(handle: UInt32, population: Int?)] = []
    byName.reserveCapacity(names.count)
    for row in 0..<names.count {
      let handle = names.handle(atRow: row)
      byName.append((handle, catalog.place(withHandle: handle).population))
    }
    let order = byName.indices.sorted { left, right in
      switch (byName[left].population, byName[right].population) {
      case (let first?, let second?) where first != second: return first > second
      case (.some, nil): return true
      case (nil, .some): return false
      default: return left < right
      }
    }
    ordered = order.map { byName[$0].handle }
    positionOfHandle = [UInt32](repeating: .max, count: hierarchy.entryOfPlace.count)
    for (position, handle) in ordered.enumerated() where Int(handle) < positionOfHandle.count {
      positionOfHandle[Int(handle)] = UInt32(position)
    }
  }
}
