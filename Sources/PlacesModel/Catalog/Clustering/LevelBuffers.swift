/// One level while it is built: its entries in the order they were made.
struct UnsortedLevel {
  var x: [UInt32] = []
  var y: [UInt32] = []
  var count: [UInt32] = []
  var representative: [UInt32] = []
  var formedLevel: [UInt8] = []
  /// What the divisions that made each mean left over: see ``PositionSum``.
  var remainderX: [UInt32] = []
  var remainderY: [UInt32] = []

  /// Reserves room for `capacity` entries in every column.
  mutating func reserveCapacity(_ capacity: Int) {
    x.reserveCapacity(capacity)
    y.reserveCapacity(capacity)
    count.reserveCapacity(capacity)
    representative.reserveCapacity(capacity)
    formedLevel.reserveCapacity(capacity)
    remainderX.reserveCapacity(capacity)
    remainderY.reserveCapacity(capacity)
  }

  /// Appends an entry.
  @inline(__always)
  mutating func append(
    x: UInt32, y: UInt32, count: UInt32, representative: UInt32, formedLevel: UInt8,
    remainderX: UInt32 = 0, remainderY: UInt32 = 0
  ) {
    self.x.append(x)
    self.y.append(y)
    self.count.append(count)
    self.representative.append(representative)
    self.formedLevel.append(formedLevel)
    self.remainderX.append(remainderX)
    self.remainderY.append(remainderY)
  }

  /// Appends an entry of the places summed in `sum`.
  @inline(__always)
  mutating func append(_ sum: PositionSum, representative: UInt32, formedLevel: UInt8) {
    let mean = sum.mean
    append(
      x: mean.x, y: mean.y, count: sum.count, representative: representative,
      formedLevel: formedLevel, remainderX: mean.remainderX, remainderY: mean.remainderY)
  }

  /// The level with no parents or children yet, sorted on a grid of 2^`shift` units, and the
  /// index in it of each entry.
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
      formedLevel: order.map { formedLevel[Int($0)] },
      remainderX: order.map { remainderX[Int($0)] },
      remainderY: order.map { remainderY[Int($0)] })
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
  let remainderX: [UInt32]
  let remainderY: [UInt32]

  /// The places of entry `index`, summed.
  @inline(__always)
  func sum(_ index: Int) -> PositionSum {
    PositionSum(
      x: x[index], y: y[index], count: count[index], remainderX: remainderX[index],
      remainderY: remainderY[index])
  }

  /// The level with its parents one level up, its children one level down and the reach of
  /// its entries.
  func finished(
    parents: [UInt32], childStart: [UInt32], childOrder: [UInt32], reach: [UInt32]
  ) -> ClusterLevel {
    ClusterLevel(
      gridShift: gridShift, x: x, y: y, count: count, parent: parents,
      representative: representative, formedLevel: formedLevel, childStart: childStart,
      childOrder: childOrder, remainderX: remainderX, remainderY: remainderY, reach: reach)
  }
}

/// An entry that replaces entries of a level: where it is, what it holds, and whom.
struct MergedEntry {
  /// Its places, summed.
  let sum: PositionSum
  let representative: UInt32
  /// The indexes of the entries it replaces, its seed first.
  let members: [Int]
}

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
