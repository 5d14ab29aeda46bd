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
  /// The children of the level built last, for the level that merges it.
  private var pendingChildren: (start: [UInt32], order: [UInt32]) = ([], [])
  /// How far the places of each entry of the level built last lie from it.
  private var pendingOffsets = ReachOffsets(places: 0)

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
    pendingOffsets = ReachOffsets(places: places.count)
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

  /// Merges `below` (sorted on the grid of `level`) into `level`: returns `below` finished
  /// with its parents and children, and the new level sorted on the grid of the level above.
  ///
  /// Entries a mean moved within the radius of another merge again (``mergeCloseEntries(_:parent:level:)``),
  /// so that no two entries of the level are within the radius of each other.
  mutating func merge(_ below: SortedLevel, into level: Int) -> (
    below: ClusterLevel, level: SortedLevel
  ) {
    let (merged, unsortedParent) = mergePass(below, into: level)
    // The new level, sorted on the grid of the level above it, and everything renumbered.
    let (sortedOnce, rank) = merged.sorted(shift: gridShift(mergingInto: level - 1))
    var sorted = sortedOnce
    var parent = unsortedParent.map { rank[Int($0)] }
    mergeCloseEntries(&sorted, parent: &parent, level: level)
    let finishedBelow = below.finished(
      parents: parent, childStart: pendingChildren.start, childOrder: pendingChildren.order,
      reach: pendingOffsets.reach)
    pendingChildren = Self.children(of: parent, parentCount: sorted.x.count)
    pendingOffsets = pendingOffsets.parents(
      x: sorted.x, y: sorted.y, childX: below.x, childY: below.y, parent: parent)
    return (finishedBelow, sorted)
  }

  /// One greedy pass over `below`, sorted on a grid of cells at least the radius of `level`:
  /// the entries it makes, and the index among them of each entry of `below`.
  ///
  /// Seeds are taken in grid order, so each neighbouring row's cursor only moves forward
  /// along it: finding a seed's neighbours costs O(1) amortised, plus the entries visited.
  private func mergePass(_ below: SortedLevel, into level: Int) -> (UnsortedLevel, [UInt32]) {
    let radiusUnits = radiusInUnits(atLevel: level)
    let radiusSquared = radiusUnits * radiusUnits
    let grid = GridRows(y: below.y, shift: below.gridShift)
    let count = below.x.count
    var parent = [UInt32](repeating: UInt32.max, count: count)
    var merged = UnsortedLevel()
    merged.reserveCapacity(count)
    let populations = populations
    let representatives = below.representative
    below.x.withUnsafeBufferPointer { x in
      below.y.withUnsafeBufferPointer { y in
        parent.withUnsafeMutableBufferPointer { parent in
          var sweep = GridSweep(grid)
          for seed in 0..<count {
            sweep.move(to: seed)
            guard parent[seed] == UInt32.max else { continue }
            let newIndex = UInt32(merged.x.count)
            parent[seed] = newIndex
            let seedX = x[seed]
            let seedY = Double(y[seed])
            let column = grid.column(ofX: seedX)
            var cluster = below.sum(seed)
            var isMerged = false
            var representative = representatives[seed]
            for row in 0..<3 {
              for index in sweep.entries(inRow: row, column: column, x: x)
              where parent[index] == UInt32.max {
                let dx = Double(Int32(bitPattern: x[index] &- seedX))
                let dy = Double(y[index]) - seedY
                guard dx * dx + dy * dy <= radiusSquared else { continue }
                parent[index] = newIndex
                cluster.add(below.sum(index), nearest: seedX)
                isMerged = true
                let candidate = representatives[index]
                if Self.isMoreRepresentative(candidate, than: representative, populations) {
                  representative = candidate
                }
              }
            }
            merged.append(
              cluster, representative: representative,
              formedLevel: isMerged ? UInt8(level) : below.formedLevel[seed])
          }
        }
      }
    }
    return (merged, parent)
  }

  /// Whether the place at `candidate` represents a cluster before the one at `current`: see
  /// ``isMoreRepresentative(_:population:than:population:)``.
  @inline(__always)
  static func isMoreRepresentative(
    _ candidate: UInt32, than current: UInt32, _ populations: [Int]
  ) -> Bool {
    isMoreRepresentative(
      candidate, population: populations[Int(candidate)], than: current,
      population: populations[Int(current)])
  }

  /// Whether the place with handle `candidate` represents a cluster before `current`, the
  /// rule of builds and edits alike: more populous (an unknown population counts as 0), then
  /// first in catalog order, which handles follow.
  @inline(__always)
  static func isMoreRepresentative(
    _ candidate: UInt32, population candidatePopulation: Int, than current: UInt32,
    population currentPopulation: Int
  ) -> Bool {
    candidatePopulation != currentPopulation
      ? candidatePopulation > currentPopulation : candidate < current
  }

  /// Finishes the top level, which has no parents, with its children.
  func finish(_ top: SortedLevel) -> ClusterLevel {
    top.finished(
      parents: [], childStart: pendingChildren.start, childOrder: pendingChildren.order,
      reach: pendingOffsets.reach)
  }

  /// The children of each parent, grouped: a counting sort of the child indexes by parent.
  private static func children(of parents: [UInt32], parentCount: Int) -> (
    start: [UInt32], order: [UInt32]
  ) {
    var start = [UInt32](repeating: 0, count: parentCount + 1)
    for parent in parents {
      start[Int(parent) + 1] += 1
    }
    for index in 0..<parentCount {
      start[index + 1] += start[index]
    }
    var next = start
    var order = [UInt32](repeating: 0, count: parents.count)
    for (child, parent) in parents.enumerated() {
      order[Int(next[Int(parent)])] = UInt32(child)
      next[Int(parent)] += 1
    }
    return (start, order)
  }
}
