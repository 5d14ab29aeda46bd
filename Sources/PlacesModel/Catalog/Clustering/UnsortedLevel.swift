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

  /// One entry, whole: what a merge pass appends.
  struct Entry {
    let x: UInt32
    let y: UInt32
    let count: UInt32
    let representative: UInt32
    let remainderX: UInt32
    let remainderY: UInt32
    let formedLevel: UInt8

    /// The entry of the places summed in `sum`.
    @inline(__always)
    init(_ sum: PositionSum, representative: UInt32, formedLevel: UInt8) {
      let mean = sum.mean
      x = mean.x
      y = mean.y
      count = sum.count
      self.representative = representative
      remainderX = mean.remainderX
      remainderY = mean.remainderY
      self.formedLevel = formedLevel
    }
  }

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
    let entry = Entry(sum, representative: representative, formedLevel: formedLevel)
    append(
      x: entry.x, y: entry.y, count: entry.count, representative: entry.representative,
      formedLevel: entry.formedLevel, remainderX: entry.remainderX, remainderY: entry.remainderY)
  }

  /// The level with no parents or children yet, sorted on a grid of 2^`shift` units, and the
  /// index in it of each entry.
  func sorted(shift: Int) -> (level: SortedLevel, rank: [UInt32]) {
    Self.sorting(keys: x.indices.map { ClusterLevel.key(x: x[$0], y: y[$0], shift: shift) }) {
      order in
      SortedLevel(
        gridShift: shift,
        x: order.map { x[Int($0)] }, y: order.map { y[Int($0)] },
        count: order.map { count[Int($0)] },
        representative: order.map { representative[Int($0)] },
        formedLevel: order.map { formedLevel[Int($0)] },
        remainderX: order.map { remainderX[Int($0)] },
        remainderY: order.map { remainderY[Int($0)] })
    }
  }

  /// The level of `entries`, in the order a merge pass made them, sorted as by
  /// ``sorted(shift:)``, and the index in it of each entry.
  ///
  /// Read straight from whole entries: a merge pass appends one array of them, where a
  /// column of each field took seven appends an entry, and splitting them into columns
  /// before sorting took as long again.
  static func sorted(_ entries: [Entry], shift: Int) -> (level: SortedLevel, rank: [UInt32]) {
    sorting(keys: entries.map { ClusterLevel.key(x: $0.x, y: $0.y, shift: shift) }) { order in
      entries.withUnsafeBufferPointer { entries in
        order.withUnsafeBufferPointer { order in
          // Unchecked reads: `order` is a permutation of the entries' indexes.
          func column<Field>(_ field: (Entry) -> Field) -> [Field] {
            [Field](unsafeUninitializedCapacity: order.count) { column, initialized in
              for (position, index) in order.enumerated() {
                column.initializeElement(at: position, to: field(entries[Int(index)]))
              }
              initialized = order.count
            }
          }
          return SortedLevel(
            gridShift: shift, x: column { $0.x }, y: column { $0.y }, count: column { $0.count },
            representative: column { $0.representative },
            formedLevel: column { $0.formedLevel }, remainderX: column { $0.remainderX },
            remainderY: column { $0.remainderY })
        }
      }
    }
  }

  /// The level that `gather` makes from the order of the entries by `keys`, and the index
  /// in it of each entry.
  private static func sorting(keys: [UInt64], _ gather: ([UInt32]) -> SortedLevel) -> (
    level: SortedLevel, rank: [UInt32]
  ) {
    let (_, order) = RadixSort.sortedWithPositions(keys)
    var rank = [UInt32](repeating: 0, count: order.count)
    for (newIndex, oldIndex) in order.enumerated() {
      rank[Int(oldIndex)] = UInt32(newIndex)
    }
    return (gather(order), rank)
  }
}
