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
/// up unchanged. A mean can move a cluster to within the radius of another entry: then, in
/// rounds, the entries within the radius of an entry formed in the round before merge the
/// same way among themselves, taken in the order of the grid of level *L* − 1, until no entry
/// is. So, at every level:
/// - every place is in exactly one entry, and an entry's children one level down (the entries
///   it merged) hold its places: their counts sum to its count;
/// - no two entries are within the radius of each other;
/// - merging is continuous across the antimeridian (positions wrap);
/// - the same places give the same levels, in the same order.
///
/// ## Identity
/// An entry is named by (the deepest level at which it has exactly its places, its
/// representative place), the same at every level it spans: a cluster that does not change
/// between two zooms keeps its identity, and a pan never changes an identity, since nothing
/// depends on the view.
///
/// ## Cost
/// Building is O(*n*) per level (a grid sweep, a radix sort, and per round of merging again
/// the entries found close plus a copy of the level), each level at most as large as the one
/// below it: about 0.2 s for 170,000 places and 17 levels (`places-bench --only map`).
/// Memory: 29 bytes per entry, plus at most 2 (and 8 bytes a level) for the directory of grid
/// rows that starts every rectangle's search, summed over the levels (see ``byteCount``).
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
        + level.childOrder.count * 4 + level.directory.count * 4
    }
  }
}
