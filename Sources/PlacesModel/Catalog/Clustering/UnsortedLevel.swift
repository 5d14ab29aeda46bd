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
