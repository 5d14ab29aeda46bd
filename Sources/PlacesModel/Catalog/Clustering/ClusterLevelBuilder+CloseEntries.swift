extension ClusterLevelBuilder {
  /// Merges again the entries of `level` that a merge left within the radius of another (a
  /// cluster's mean can move towards a neighbour), until none is: `sorted` stays sorted on its
  /// grid, and `parent` (the index in `sorted` of each entry below) follows.
  ///
  /// Each round finds the entries within the radius of an entry formed at `level` in the round
  /// before, and merges them greedily, taking them in grid order: each one not yet merged
  /// absorbs every other such entry, not yet merged, within the radius of it. The rest of the
  /// level is untouched, so a round costs the close entries plus copying the level once.
  func mergeCloseEntries(_ sorted: inout SortedLevel, parent: inout [UInt32], level: Int) {
    let radiusUnits = radiusInUnits(atLevel: level)
    let radiusSquared = radiusUnits * radiusUnits
    let formed = UInt8(level)
    let formedLevels = sorted.formedLevel
    var fresh: [Int] = []
    for index in formedLevels.indices where formedLevels[index] == formed {
      fresh.append(index)
    }
    while !fresh.isEmpty {
      let grid = GridRows(y: sorted.y, shift: sorted.gridShift)
      let close = closeEntries(around: fresh, in: sorted, grid: grid, radiusSquared: radiusSquared)
      guard !close.isEmpty else { return }
      let merged = mergeGreedily(close, of: sorted, grid: grid, radiusSquared: radiusSquared)
      let (rebuilt, newIndex, inserted) = sorted.replacing(merged, formedLevel: formed)
      newIndex.withUnsafeBufferPointer { newIndex in
        parent.withUnsafeMutableBufferPointer { parent in
          for child in parent.indices {
            parent[child] = newIndex[Int(parent[child])]
          }
        }
      }
      sorted = rebuilt
      fresh = inserted
    }
  }

  /// The entries of `level` within the radius of one of `entries` (ascending), with them, in
  /// ascending order; empty when no entry has another that close.
  private func closeEntries(
    around entries: [Int], in level: SortedLevel, grid: GridRows, radiusSquared: Double
  ) -> [Int] {
    var close: [Int] = []
    var sweep = GridSweep(grid)
    level.x.withUnsafeBufferPointer { x in
      for entry in entries {
        sweep.move(to: entry)
        let around = GrowingCluster(seed: entry, of: level)
        let column = sweep.column(ofX: around.seedX)
        for row in GridSweep.Row.allCases {
          for index in sweep.entries(in: row, column: column, x: x)
          where index != entry
            && around.reaches(x: x[index], y: level.y[index], radiusSquared: radiusSquared)
          {
            close.append(entry)
            close.append(index)
          }
        }
      }
    }
    close.sort()
    return close.indices.compactMap { $0 > 0 && close[$0 - 1] == close[$0] ? nil : close[$0] }
  }

  /// The entries that `close` (ascending indexes of `level`) make when each one, in turn,
  /// absorbs every other one not yet absorbed within the radius of it; only those that
  /// absorbed something.
  private func mergeGreedily(
    _ close: [Int], of level: SortedLevel, grid: GridRows, radiusSquared: Double
  ) -> [MergedEntry] {
    var isOpen = Set(close)
    var merged: [MergedEntry] = []
    var sweep = GridSweep(grid)
    level.x.withUnsafeBufferPointer { x in
      for seed in close where isOpen.remove(seed) != nil {
        sweep.move(to: seed)
        var cluster = GrowingCluster(seed: seed, of: level)
        var members = [seed]
        let column = sweep.column(ofX: cluster.seedX)
        for row in GridSweep.Row.allCases {
          for index in sweep.entries(in: row, column: column, x: x)
          where isOpen.contains(index)
            && cluster.reaches(x: x[index], y: level.y[index], radiusSquared: radiusSquared)
          {
            isOpen.remove(index)
            members.append(index)
            cluster.add(index, of: level, populations: populations)
          }
        }
        guard cluster.hasGrown else { continue }
        merged.append(
          MergedEntry(sum: cluster.sum, representative: cluster.representative, members: members))
      }
    }
    return merged
  }
}
