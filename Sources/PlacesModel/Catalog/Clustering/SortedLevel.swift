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
