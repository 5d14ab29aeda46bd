import PlacesModel
import PlacesModelTestSupport
import Testing

struct CompactColumnTests {
  /// Values that all fit in 16 bits are kept in 2 bytes each; one that does not keeps the
  /// whole column in 4; either way every value reads back as it was given.
  @Test(
    arguments: [
      ([], 0), ([0, 1, 65_535], 6), ([7, 65_536], 8), ([UInt32.max, 0, 3], 12),
    ] as [([UInt32], Int)])
  func readsEveryValueBackInTheNarrowestWidth(values: [UInt32], bytes: Int) {
    let column = CompactColumn(values)

    #expect(Array(column) == values)
    #expect(column.count == values.count)
    #expect(column.byteCount == bytes)
  }

  /// A seeded mix of widths, read by index and by slice as the cluster walks read children.
  @Test func slicesReadTheSameAsTheArray() {
    var generator = SplitMix64(seed: 61)
    for limit in [UInt32(40_000), 70_000] {
      let values = (0..<500).map { _ in UInt32(generator.next() % UInt64(limit)) }
      let column = CompactColumn(values)
      let start = Int(generator.next() % 250)
      let end = start + Int(generator.next() % 250)

      #expect(Array(column[start..<end]) == Array(values[start..<end]))
      #expect(column.byteCount == values.count * (values.max()! <= 65_535 ? 2 : 4))
    }
  }
}
