/// A cluster that grows around a seed entry while a level is merged: the entries within the
/// radius of the seed join it, and it keeps their places summed and the place that
/// represents them all.
struct GrowingCluster {
  /// The seed's position: what the radius is measured from.
  let seedX: UInt32
  let seedY: UInt32
  /// The places of the seed and of every entry that joined, summed.
  private(set) var sum: PositionSum
  /// The handle of the place that represents the cluster so far.
  private(set) var representative: UInt32
  /// Whether any entry joined the seed.
  private(set) var hasGrown = false

  /// The cluster of the entry at `seed` in `level`, alone.
  @inline(__always)
  init(seed: Int, of level: SortedLevel) {
    seedX = level.x[seed]
    seedY = level.y[seed]
    sum = level.sum(seed)
    representative = level.representative[seed]
  }

  /// Whether a position at `x` and `y` lies within the radius of the seed, the radius given
  /// squared, in units: on the copy of the world nearest the seed.
  @inline(__always)
  func reaches(x: UInt32, y: UInt32, radiusSquared: Double) -> Bool {
    let dx = Double(Int32(bitPattern: x &- seedX))
    let dy = Double(y) - Double(seedY)
    return dx * dx + dy * dy <= radiusSquared
  }

  /// Adds the entry at `index` of `level`: its places, and its representative if that one
  /// comes first by ``ClusterLevelBuilder/isMoreRepresentative(_:than:_:)`` (`populations`
  /// gives each handle's population).
  @inline(__always)
  mutating func add(_ index: Int, of level: SortedLevel, populations: [Int]) {
    sum.add(level.sum(index), nearest: seedX)
    hasGrown = true
    let candidate = level.representative[index]
    if ClusterLevelBuilder.isMoreRepresentative(candidate, than: representative, populations) {
      representative = candidate
    }
  }
}
