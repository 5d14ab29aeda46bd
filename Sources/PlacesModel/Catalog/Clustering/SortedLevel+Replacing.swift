extension SortedLevel {
  /// The level with the members of each of `merged` replaced by it, formed at `formedLevel`;
  /// a merged entry goes after the entries of its grid cell, merged entries of one cell in
  /// the order of their seeds.
  ///
  /// - Returns: The level; the index in it of each entry of this one (a member's is its merged
  ///   entry's); and the indexes of the merged entries, ascending.
  /// - Complexity: O(*n* + *m* log *n*) for *m* merged entries.
  func replacing(_ merged: [MergedEntry], formedLevel: UInt8) -> (
    level: SortedLevel, newIndex: [UInt32], inserted: [Int]
  ) {
    let shift = gridShift
    let keyed = merged.map { entry in
      let mean = entry.sum.mean
      return (key: ClusterLevel.key(x: mean.x, y: mean.y, shift: shift), entry: entry)
    }
    .sorted { $0.key != $1.key ? $0.key < $1.key : $0.entry.members[0] < $1.entry.members[0] }
    // Where each goes: before the first entry of a later cell.
    let points = keyed.map { item in
      (0..<x.count).partitioningIndex {
        ClusterLevel.key(x: x[$0], y: y[$0], shift: shift) > item.key
      }
    }
    let removed = merged.flatMap(\.members).sorted()
    var level = UnsortedLevel()
    level.reserveCapacity(x.count - removed.count + merged.count)
    var newIndex = [UInt32](repeating: 0, count: x.count)
    var inserted: [Int] = []
    var start = 0
    func copy(upTo end: Int) {
      guard start < end else { return }
      let offset = level.x.count - start
      for index in start..<end { newIndex[index] = UInt32(index + offset) }
      level.x.append(contentsOf: x[start..<end])
      level.y.append(contentsOf: y[start..<end])
      level.count.append(contentsOf: count[start..<end])
      level.representative.append(contentsOf: representative[start..<end])
      level.formedLevel.append(contentsOf: self.formedLevel[start..<end])
      level.remainderX.append(contentsOf: remainderX[start..<end])
      level.remainderY.append(contentsOf: remainderY[start..<end])
      start = end
    }
    var nextRemoval = 0
    var nextInsertion = 0
    while nextRemoval < removed.count || nextInsertion < keyed.count {
      let removal = nextRemoval < removed.count ? removed[nextRemoval] : x.count
      let insertion = nextInsertion < keyed.count ? points[nextInsertion] : x.count
      if nextInsertion < keyed.count, insertion <= removal {
        copy(upTo: insertion)
        let entry = keyed[nextInsertion].entry
        let index = UInt32(level.x.count)
        for member in entry.members { newIndex[member] = index }
        inserted.append(level.x.count)
        level.append(entry.sum, representative: entry.representative, formedLevel: formedLevel)
        nextInsertion += 1
      } else {
        copy(upTo: removal)
        start = removal + 1
        nextRemoval += 1
      }
    }
    copy(upTo: x.count)
    let sorted = SortedLevel(
      gridShift: shift, x: level.x, y: level.y, count: level.count,
      representative: level.representative, formedLevel: level.formedLevel,
      remainderX: level.remainderX, remainderY: level.remainderY)
    return (sorted, newIndex, inserted)
  }
}
