import PlacesModel
import PlacesModelTestSupport
import Testing

/// The rectangle that holds a cluster's places, checked against brute force.
struct EntryBoundsTests {
  /// A square around a position holds exactly the positions within its reach along each
  /// axis, measured the nearer way round the world, across the antimeridian and the poles'
  /// rows included; a reach of half the world or more holds every column.
  @Test(arguments: [71, 72, 73] as [UInt64])
  func aSquareHoldsExactlyThePositionsWithinItsReach(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<TestSize.steps(300) {
      let centre = (
        x: UInt32.random(in: 0...UInt32.max, using: &generator),
        y: UInt32.random(
          in: 0...UInt32.max, using: &generator)
      )
      let reach =
        Bool.random(using: &generator)
        ? UInt32.random(in: 0...1 << 20, using: &generator)
        : UInt32.random(in: 0...UInt32.max, using: &generator)
      let bounds = EntryBounds(around: centre, reach: reach)
      for _ in 0..<20 {
        // Near the edges as often as anywhere.
        let near = Int64(reach) + Int64.random(in: -2...2, using: &generator)
        let dx =
          Bool.random(using: &generator)
          ? near
          : Int64.random(
            in: -Int64(reach)...Int64(reach), using: &generator)
        let dy = Int64.random(in: -near...near, using: &generator)
        let position = (
          x: UInt32(
            truncatingIfNeeded: Int64(centre.x) + (Bool.random(using: &generator) ? dx : -dx)),
          y: UInt32(clamping: Int64(centre.y) + dy)
        )
        let offsetX = Int64(Int32(bitPattern: position.x &- centre.x))
        let holdsColumn = reach >= 1 << 31 || abs(offsetX) <= Int64(reach)
        let holdsRow = abs(Int64(position.y) - Int64(centre.y)) <= Int64(reach)
        #expect(
          bounds.contains(position) == (holdsColumn && holdsRow), "\(centre) \(reach) \(position)")
      }
    }
  }
}
