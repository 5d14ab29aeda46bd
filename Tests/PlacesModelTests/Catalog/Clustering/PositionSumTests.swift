import PlacesModel
import PlacesModelTestSupport
import Testing

struct PositionSumTests {
  /// A sum of one place, made alone or left by removing every other place (on either side
  /// of the antimeridian), has that place's position as its mean with nothing left over; two
  /// places have the mean of their positions the nearer way round the world, rounded down.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func oneOrTwoPlacesHaveTheMeanOfTheirPositions(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<1_000 {
      let first = (
        x: UInt32.random(in: 0...UInt32.max, using: &generator),
        y: UInt32.random(in: 0...UInt32.max, using: &generator)
      )
      let second = (
        x: first.x &+ UInt32.random(in: 0...1_000, using: &generator) &- 500,
        y: UInt32.random(in: 0...UInt32.max, using: &generator)
      )

      let alone = PositionSum(place: first)
      var pair = alone
      pair.add(place: second)
      var left = pair
      left.remove(place: first)

      #expect(alone.mean == (first.x, first.y, 0, 0))
      #expect(left.mean == (second.x, second.y, 0, 0) && left.count == 1)
      let offset = Int64(Int32(bitPattern: second.x &- first.x))
      let meanX = UInt32(truncatingIfNeeded: (2 * Int64(first.x) + offset) >> 1)
      let meanY = UInt32((UInt64(first.y) + UInt64(second.y)) / 2)
      #expect(pair.mean.x == meanX && pair.mean.y == meanY && pair.count == 2)
    }
  }
}
