/// A catalog's places clustered at every zoom level at once: the map's markers as a function
/// of the catalog and the zoom, never of the view.
///
/// ## Levels
/// Level ``placeLevel`` (``maximumLevel`` + 1) holds every place alone. Each level *L* from
/// ``maximumLevel`` up to 0 merges the entries of level *L* + 1 greedily: taking them in the
/// order of their grid (north to south, west to east), an entry not yet merged becomes a seed
/// and absorbs every entry not yet merged whose position lies within the radius of its own,
/// measured at level *L*'s scale (a world of 256 × 2^*L* points). A merged entry sits at the
/// mean position of its places, in Web Mercator, and an entry that absorbed nothing is carried
/// up unchanged. So, at every level:
/// - every place is in exactly one entry, and an entry's children one level down (the entries
///   it merged) hold its places: their counts sum to its count;
/// - no two seeds are closer than the radius: entries are at least the radius apart, up to the
///   shift of a merged entry's mean from its seed;
/// - merging is continuous across the antimeridian (positions wrap).
///
/// ## Identity
/// An entry is named by (the deepest level at which it has exactly its places, its
/// representative place), the same at every level it spans: a cluster that does not change
/// between two zooms keeps its identity, and a pan never changes an identity, since nothing
/// depends on the view.
///
/// ## Cost
/// Building is O(*n*) per level (a grid sweep and a radix sort), each level at most as large as
/// the one below it. Memory: 29 bytes per entry, summed over the levels (see ``byteCount``).
package struct ClusterHierarchy: Sendable {
  /// The clustering radius, in points.
  package let radius: Double
  /// The deepest level that clusters; at deeper zooms every place has its own marker.
  package let maximumLevel: Int
  /// The levels, from 0 to ``placeLevel``.
  package let levels: [ClusterLevel]
  /// The index at ``placeLevel`` of the place at each catalog position.
  package let entryOfPlace: [UInt32]

  /// The level that holds every place alone.
  package var placeLevel: Int { maximumLevel + 1 }

  /// Clusters `places` with `radius` points at every level from 0 to `maximumLevel`.
  ///
  /// - Precondition: `radius` is positive and finite; `maximumLevel` is in `0...30`; fewer
  ///   than 2^27 places.
  /// - Complexity: O(*n*) per level.
  package init(places: [Place], radius: Double, maximumLevel: Int) {
    precondition(radius > 0 && radius.isFinite, "a cluster radius is positive")
    precondition((0...30).contains(maximumLevel), "cluster levels go from 0 to 30")
    precondition(places.count < 1 << 27, "a cluster hierarchy holds fewer than 2^27 places")
    self.radius = radius
    self.maximumLevel = maximumLevel
    var builder = ClusterLevelBuilder(places: places, radius: radius)
    var built: [ClusterLevel] = []
    var current = builder.placeEntries(level: maximumLevel + 1)
    for level in stride(from: maximumLevel, through: 0, by: -1) {
      let merged = builder.merge(current, into: level)
      built.append(merged.below)
      current = merged.level
    }
    built.append(builder.finish(current))
    levels = built.reversed()
    entryOfPlace = builder.entryOfPlace
  }

  // MARK: - Queries

  /// The level whose markers a zoom shows: the deepest that keeps markers the radius apart,
  /// `floor(zoom)`, or ``placeLevel`` beyond ``maximumLevel``.
  package func level(forZoom zoom: Double) -> Int {
    guard zoom.isFinite, zoom > 0 else { return 0 }
    return min(Int(zoom.rounded(.down)), placeLevel)
  }

  /// The index at level `target` (at most `level`) of the entry that entry `index` of `level`
  /// belongs to.
  package func ancestor(of index: Int, at level: Int, to target: Int) -> Int {
    var index = index
    var level = level
    while level > target {
      index = Int(levels[level].parent[index])
      level -= 1
    }
    return index
  }

  /// The catalog positions of the places of entry `index` at `level`.
  ///
  /// - Complexity: O(*k* + *d*) for *k* places and *d* entries between.
  package func places(of index: Int, at level: Int) -> [Int] {
    var found: [Int] = []
    var pending: [(index: Int, level: Int)] = [(index, level)]
    while let (entry, entryLevel) = pending.popLast() {
      if entryLevel == placeLevel {
        found.append(Int(levels[entryLevel].representative[entry]))
        continue
      }
      let node = levels[entryLevel]
      for child in node.childStart[entry]..<node.childStart[entry + 1] {
        pending.append((Int(node.childOrder[Int(child)]), entryLevel + 1))
      }
    }
    return found.sorted()
  }

  /// The level at which entry `index` of `level` first shows as two entries or more.
  ///
  /// `nil` for a single place.
  package func splitLevel(of index: Int, at level: Int) -> Int? {
    guard levels[level].count[index] > 1 else { return nil }
    var index = index
    var level = level
    while level < placeLevel {
      let node = levels[level]
      let children = node.childStart[index]..<node.childStart[index + 1]
      if children.count > 1 { return level + 1 }
      index = Int(node.childOrder[Int(children.lowerBound)])
      level += 1
    }
    return nil
  }

  /// The shallowest level at which the place at catalog `position` has an entry of its own.
  package func levelAlone(ofPlaceAt position: Int) -> Int {
    var index = Int(entryOfPlace[position])
    var level = placeLevel
    while level > 0 {
      let parent = Int(levels[level].parent[index])
      guard levels[level - 1].count[parent] == 1 else { break }
      index = parent
      level -= 1
    }
    return level
  }

  /// The bytes the hierarchy holds: its arrays' elements.
  package var byteCount: Int {
    levels.reduce(entryOfPlace.count * 4) { total, level in
      total + level.entryCount * (4 * 5 + 1) + level.childStart.count * 4
        + level.childOrder.count * 4
    }
  }
}

// MARK: - Building

/// One level while it is built: its entries in the order they were made.
struct UnsortedLevel {
  var x: [UInt32] = []
  var y: [UInt32] = []
  var count: [UInt32] = []
  var representative: [UInt32] = []
  var formedLevel: [UInt8] = []

  /// The level with no parents or children yet, sorted on a grid of 2^`shift` units.
  func sorted(shift: Int) -> (level: SortedLevel, rank: [UInt32]) {
    let keys = x.indices.map { ClusterLevel.key(x: x[$0], y: y[$0], shift: shift) }
    let (_, order) = RadixSort.sortedWithPositions(keys)
    var rank = [UInt32](repeating: 0, count: order.count)
    for (newIndex, oldIndex) in order.enumerated() {
      rank[Int(oldIndex)] = UInt32(newIndex)
    }
    let level = SortedLevel(
      gridShift: shift,
      x: order.map { x[Int($0)] }, y: order.map { y[Int($0)] },
      count: order.map { count[Int($0)] },
      representative: order.map { representative[Int($0)] },
      formedLevel: order.map { formedLevel[Int($0)] })
    return (level, rank)
  }
}

/// A level sorted on its grid, waiting for its parents.
struct SortedLevel {
  let gridShift: Int
  let x: [UInt32]
  let y: [UInt32]
  let count: [UInt32]
  let representative: [UInt32]
  let formedLevel: [UInt8]

  func finished(parents: [UInt32], childStart: [UInt32], childOrder: [UInt32]) -> ClusterLevel {
    ClusterLevel(
      gridShift: gridShift, x: x, y: y, count: count, parent: parents,
      representative: representative, formedLevel: formedLevel, childStart: childStart,
      childOrder: childOrder)
  }
}

/// Builds a hierarchy's levels from the places up.
struct ClusterLevelBuilder {
  let places: [Place]
  /// Each place's population, 0 when unknown, read once: a `Place` is large to copy.
  let populations: [Int]
  let radius: Double
  private(set) var entryOfPlace: [UInt32] = []
  /// The children of the level built last, for the level that merges it.
  private var pendingChildren: (start: [UInt32], order: [UInt32]) = ([], [])

  init(places: [Place], radius: Double) {
    self.places = places
    self.radius = radius
    populations = places.map { $0.population ?? 0 }
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
    unsorted.representative = places.indices.map { UInt32($0) }
    unsorted.formedLevel = [UInt8](repeating: UInt8(level), count: places.count)
    let (sorted, rank) = unsorted.sorted(shift: gridShift(mergingInto: level - 1))
    entryOfPlace = rank
    return sorted
  }

  /// Merges `below` (sorted on the grid of `level`) into `level`: returns `below` finished
  /// with its parents and children, and the new level sorted on the grid of the level above.
  ///
  /// Passes repeat on the merged entries until one merges nothing, so that no two entries of
  /// the level are closer than the radius: a mean can move a cluster towards a neighbour.
  mutating func merge(_ below: SortedLevel, into level: Int) -> (
    below: ClusterLevel, level: SortedLevel
  ) {
    var (merged, parent) = mergePass(below, into: level)
    while merged.x.count > 1 {
      let (again, rank) = merged.sorted(shift: below.gridShift)
      let (next, nextParent) = mergePass(again, into: level)
      if next.x.count == merged.x.count { break }
      for index in parent.indices {
        parent[index] = nextParent[Int(rank[Int(parent[index])])]
      }
      merged = next
    }
    // The new level, sorted on the grid of the level above it, and everything renumbered.
    let (sorted, rank) = merged.sorted(shift: gridShift(mergingInto: level - 1))
    for index in parent.indices {
      parent[index] = rank[Int(parent[index])]
    }
    let finishedBelow = below.finished(
      parents: parent, childStart: pendingChildren.start, childOrder: pendingChildren.order)
    pendingChildren = Self.children(of: parent, parentCount: sorted.x.count)
    return (finishedBelow, sorted)
  }

  /// One greedy pass over `below`, sorted on a grid of cells at least the radius of `level`:
  /// the entries it makes, and the index among them of each entry of `below`.
  private func mergePass(_ below: SortedLevel, into level: Int) -> (UnsortedLevel, [UInt32]) {
    let radiusUnits = radiusInUnits(atLevel: level)
    let radiusSquared = radiusUnits * radiusUnits
    let shift = below.gridShift
    let columnCount: UInt64 = shift >= 32 ? 1 : 1 << UInt64(32 - shift)
    let count = below.x.count
    var parent = [UInt32](repeating: UInt32.max, count: count)
    var merged = UnsortedLevel()
    // Where each grid row starts, for finding a seed's neighbours.
    var rowStarts: [Int] = []
    var rows: [UInt64] = []
    var previousRow = UInt64.max
    for index in 0..<count {
      let row = shift >= 32 ? 0 : UInt64(below.y[index] >> UInt32(shift))
      if row != previousRow {
        rowStarts.append(index)
        rows.append(row)
        previousRow = row
      }
    }
    rowStarts.append(count)
    var members: [Int] = []
    var rowIndex = 0
    for seed in 0..<count {
      while rowStarts[rowIndex + 1] <= seed { rowIndex += 1 }
      guard parent[seed] == UInt32.max else { continue }
      let newIndex = UInt32(merged.x.count)
      parent[seed] = newIndex
      members.removeAll(keepingCapacity: true)
      members.append(seed)
      let seedX = below.x[seed]
      let seedY = below.y[seed]
      let column = shift >= 32 ? 0 : UInt64(seedX >> UInt32(shift))
      // The columns either side, wrapping at the antimeridian, each once (a grid of fewer than
      // three columns has fewer neighbours).
      let columnSpan = min(columnCount, 3)
      for neighbourRow in max(0, rowIndex - 1)...min(rows.count - 1, rowIndex + 1) {
        let row = rows[neighbourRow]
        guard row + 1 >= rows[rowIndex], row <= rows[rowIndex] + 1 else { continue }
        let rowRange = rowStarts[neighbourRow]..<rowStarts[neighbourRow + 1]
        for offset in 0..<columnSpan {
          let neighbourColumn = (column &+ columnCount &- 1 &+ offset) % columnCount
          var index = firstIndex(in: rowRange, of: below, column: neighbourColumn, shift: shift)
          while index < rowRange.upperBound {
            let candidateColumn = shift >= 32 ? 0 : UInt64(below.x[index] >> UInt32(shift))
            guard candidateColumn == neighbourColumn else { break }
            if parent[index] == UInt32.max {
              let dx = Double(Int32(bitPattern: below.x[index] &- seedX))
              let dy = Double(below.y[index]) - Double(seedY)
              if dx * dx + dy * dy <= radiusSquared {
                parent[index] = newIndex
                members.append(index)
              }
            }
            index += 1
          }
        }
      }
      append(members: members, of: below, level: level, to: &merged)
    }
    return (merged, parent)
  }

  /// Finishes the top level, which has no parents, with its children.
  func finish(_ top: SortedLevel) -> ClusterLevel {
    top.finished(
      parents: [], childStart: pendingChildren.start, childOrder: pendingChildren.order)
  }

  /// The first index of `range` whose column is at least `column` (rows are sorted by column).
  private func firstIndex(
    in range: Range<Int>, of level: SortedLevel, column: UInt64, shift: Int
  ) -> Int {
    guard shift < 32 else { return range.lowerBound }
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = (low + high) >> 1
      if UInt64(level.x[middle] >> UInt32(shift)) < column {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// Appends the entry that `members` of `below` make at `level`: the seed itself, unchanged,
  /// when it absorbed nothing.
  private func append(
    members: [Int], of below: SortedLevel, level: Int, to merged: inout UnsortedLevel
  ) {
    let seed = members[0]
    guard members.count > 1 else {
      merged.x.append(below.x[seed])
      merged.y.append(below.y[seed])
      merged.count.append(below.count[seed])
      merged.representative.append(below.representative[seed])
      merged.formedLevel.append(below.formedLevel[seed])
      return
    }
    let seedX = below.x[seed]
    var total: UInt64 = 0
    var sumDX: Int64 = 0
    var sumY: UInt64 = 0
    var representative = below.representative[seed]
    for member in members {
      let weight = UInt64(below.count[member])
      total += weight
      sumDX += Int64(Int32(bitPattern: below.x[member] &- seedX)) * Int64(weight)
      sumY += UInt64(below.y[member]) * weight
      let candidate = below.representative[member]
      if isMoreRepresentative(candidate, than: representative) {
        representative = candidate
      }
    }
    let meanDX = Int64((Double(sumDX) / Double(total)).rounded(.down))
    merged.x.append(UInt32(truncatingIfNeeded: Int64(seedX) &+ meanDX))
    merged.y.append(UInt32(sumY / total))
    merged.count.append(UInt32(total))
    merged.representative.append(representative)
    merged.formedLevel.append(UInt8(level))
  }

  /// Whether the place at `candidate` represents a cluster before the one at `current`: more
  /// populous (an unknown population counts as 0), then earlier in the catalog.
  private func isMoreRepresentative(_ candidate: UInt32, than current: UInt32) -> Bool {
    let candidatePopulation = populations[Int(candidate)]
    let currentPopulation = populations[Int(current)]
    return candidatePopulation != currentPopulation
      ? candidatePopulation > currentPopulation : candidate < current
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
