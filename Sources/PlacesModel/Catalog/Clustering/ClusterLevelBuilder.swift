/// Builds a hierarchy's levels from the places up.
struct ClusterLevelBuilder {
  let places: [Place]
  /// The handle of each place, ascending, when not its position.
  let handles: [UInt32]?
  /// The population of the place with each handle, 0 when unknown, read once: a `Place` is
  /// large to copy.
  let populations: [Int]
  let radius: Double
  private(set) var entryOfPlace: [UInt32] = []

  init(places: [Place], handles: [UInt32]?, radius: Double) {
    self.places = places
    self.handles = handles
    self.radius = radius
    if let handles {
      var populations = [Int](repeating: 0, count: Int(handles.last.map { $0 + 1 } ?? 0))
      for (place, handle) in zip(places, handles) {
        populations[Int(handle)] = place.population ?? 0
      }
      self.populations = populations
    } else {
      populations = places.map { $0.population ?? 0 }
    }
  }

  /// The merging radius at `level`, in units: `radius` points of a world 256 × 2^level wide.
  func radiusInUnits(atLevel level: Int) -> Double {
    radius * WebMercator.unitsPerPoint(atZoom: Double(level))
  }

  /// The grid that merging into `level` sweeps: the smallest power of two at least its radius.
  func gridShift(mergingInto level: Int) -> Int {
    let units = radiusInUnits(atLevel: level)
    var shift = 0
    while shift < 32, Double(UInt64(1) << UInt64(shift)) < units {
      shift += 1
    }
    return shift
  }

  /// Every place alone, sorted on the grid that merges it into the level above.
  mutating func placeEntries(level: Int) -> SortedLevel {
    var unsorted = UnsortedLevel()
    unsorted.x.reserveCapacity(places.count)
    unsorted.y.reserveCapacity(places.count)
    for place in places {
      let point = WebMercator.position(of: place.coordinate)
      unsorted.x.append(point.x)
      unsorted.y.append(point.y)
    }
    unsorted.count = [UInt32](repeating: 1, count: places.count)
    unsorted.representative = handles ?? places.indices.map { UInt32($0) }
    unsorted.formedLevel = [UInt8](repeating: UInt8(level), count: places.count)
    unsorted.remainderX = [UInt32](repeating: 0, count: places.count)
    unsorted.remainderY = unsorted.remainderX
    let (sorted, rank) = unsorted.sorted(shift: gridShift(mergingInto: level - 1))
    if let handles {
      entryOfPlace = [UInt32](repeating: UInt32.max, count: populations.count)
      for (position, handle) in handles.enumerated() {
        entryOfPlace[Int(handle)] = rank[position]
      }
    } else {
      entryOfPlace = rank
    }
    return sorted
  }

  /// Merges `below` (sorted on the grid of `level`) into `level`: returns the index in the
  /// new level of each entry of `below`, and the new level sorted on the grid of the level
  /// above; a ``LevelFinisher`` gives `below` its parents, children and reach.
  ///
  /// Entries a mean moved within the radius of another merge again (``mergeCloseEntries(_:parent:level:)``),
  /// so that no two entries of the level are within the radius of each other.
  func merge(_ below: SortedLevel, into level: Int) -> (parents: [UInt32], level: SortedLevel) {
    let (merged, unsortedParent) = mergePass(below, into: level)
    // The new level, sorted on the grid of the level above it, and everything renumbered.
    let (sortedOnce, rank) = UnsortedLevel.sorted(merged, shift: gridShift(mergingInto: level - 1))
    var sorted = sortedOnce
    var parent = unsortedParent.map { rank[Int($0)] }
    mergeCloseEntries(&sorted, parent: &parent, level: level)
    return (parent, sorted)
  }

  /// The parent of an entry that no cluster of the level above holds yet.
  private static var noParent: UInt32 { .max }

  /// One greedy pass over `below`, sorted on a grid of cells at least the radius of `level`:
  /// the entries it makes, and the index among them of each entry of `below`.
  ///
  /// Each entry that no cluster holds yet, taken in grid order, seeds a cluster, which every
  /// other such entry within the radius of the seed joins. As seeds come in grid order, each
  /// neighbouring row's cursor only moves forward along it: finding a seed's neighbours costs
  /// O(1) amortised, plus the entries visited.
  private func mergePass(_ below: SortedLevel, into level: Int) -> (
    [UnsortedLevel.Entry], [UInt32]
  ) {
    let radiusUnits = radiusInUnits(atLevel: level)
    let radiusSquared = radiusUnits * radiusUnits
    var parent = [UInt32](repeating: Self.noParent, count: below.x.count)
    // One array of whole entries, appended to once an entry: seven arrays of one field each
    // took seven appends (a third of the pass's instructions on the world file).
    var merged: [UnsortedLevel.Entry] = []
    merged.reserveCapacity(below.x.count)
    var sweep = GridSweep(GridRows(y: below.y, shift: below.gridShift))
    // The innermost loop of the merge: unchecked reads, measured to pay (see
    // `GridRows.entries(inRow:besideColumn:cursor:x:)`).
    below.x.withUnsafeBufferPointer { x in
      below.y.withUnsafeBufferPointer { y in
        parent.withUnsafeMutableBufferPointer { parent in
          for seed in parent.indices {
            sweep.move(to: seed)
            guard parent[seed] == Self.noParent else { continue }
            let clusterIndex = UInt32(merged.count)
            parent[seed] = clusterIndex
            var cluster = GrowingCluster(seed: seed, of: below)
            gatherFreeNeighbours(
              into: &cluster, numbered: clusterIndex, of: below, x: x, y: y, parent: parent,
              sweep: &sweep, radiusSquared: radiusSquared)
            merged.append(
              UnsortedLevel.Entry(
                cluster.sum, representative: cluster.representative,
                formedLevel: cluster.hasGrown ? UInt8(level) : below.formedLevel[seed]))
          }
        }
      }
    }
    return (merged, parent)
  }

  /// Adds to `cluster` (the one numbered `clusterIndex`) every entry of `below` (whose
  /// positions are `x` and `y`) in the cells around its seed, `sweep`'s current entry, that no
  /// cluster holds yet and that lies within the radius of the seed; each one's `parent`
  /// becomes `clusterIndex`.
  @inline(__always)
  private func gatherFreeNeighbours(
    into cluster: inout GrowingCluster, numbered clusterIndex: UInt32, of below: SortedLevel,
    x: UnsafeBufferPointer<UInt32>, y: UnsafeBufferPointer<UInt32>,
    parent: UnsafeMutableBufferPointer<UInt32>, sweep: inout GridSweep, radiusSquared: Double
  ) {
    let column = sweep.column(ofX: cluster.seedX)
    for row in GridSweep.Row.allCases {
      for neighbour in sweep.entries(in: row, column: column, x: x)
      where parent[neighbour] == Self.noParent
        && cluster.reaches(x: x[neighbour], y: y[neighbour], radiusSquared: radiusSquared)
      {
        parent[neighbour] = clusterIndex
        cluster.add(neighbour, of: below, populations: populations)
      }
    }
  }

  /// Whether the place at `candidate` represents a cluster before the one at `current`: see
  /// ``ClusterHierarchy/isMoreRepresentative(_:population:than:population:)``.
  @inline(__always)
  static func isMoreRepresentative(
    _ candidate: UInt32, than current: UInt32, _ populations: [Int]
  ) -> Bool {
    ClusterHierarchy.isMoreRepresentative(
      candidate, population: populations[Int(candidate)], than: current,
      population: populations[Int(current)])
  }
}
