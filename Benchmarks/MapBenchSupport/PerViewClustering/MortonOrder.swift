import PlacesModel
import ViewModels

/// A catalog's places in Z-order of their Web Mercator positions: what the map's clustering
/// reads, built once per catalog.
///
/// Each place is projected to Web Mercator in fixed point (a `UInt32` column and row of a
/// square 2^32 units on a side, ``WebMercator/position(of:)``) and the places are sorted once
/// by the Morton code of that position, ties in catalog order. In that order every cell of
/// every level of the quadtree over the square is one contiguous run, and prefix sums of the
/// positions give any run's count and mean position in constant time. Nothing depends on a
/// zoom, a radius or a view.
///
/// - Complexity: Building is O(*n*): a projection per place and a radix sort. It keeps 28 bytes
///   per place (the code, the catalog position and two prefix sums) plus a table of at most 4
///   bytes per place.
package struct MortonOrder: Sendable {
  /// The places' Morton codes, ascending.
  package let codes: [UInt64]
  /// The catalog position of the place at each index of ``codes``.
  package let positions: [UInt32]
  /// `sumsX[i]` is the sum of the x of the first `i` places in code order; `n + 1` entries.
  package let sumsX: [UInt64]
  /// The same for y.
  package let sumsY: [UInt64]
  /// The level of ``table``: the cells of that level and above are found without searching.
  package let tableLevel: Int
  /// `table[k]` is the index in ``codes`` of the first place in cell `k` or after it, for the
  /// 4^``tableLevel`` cells of level ``tableLevel`` in Z-order, and then the count.
  package let table: [UInt32]

  /// Sorts `places` by the Morton code of their positions.
  ///
  /// - Precondition: Fewer than 2^32 places.
  /// - Complexity: O(*n*).
  package init(places: [Place]) {
    precondition(places.count < Int(UInt32.max), "a cluster index holds fewer than 2^32 places")
    var keys = [UInt64](repeating: 0, count: places.count)
    for (position, place) in places.enumerated() {
      let point = WebMercator.position(of: place.coordinate)
      keys[position] = MortonCode.code(x: point.x, y: point.y)
    }
    (codes, positions) = RadixSort.sortedWithPositions(keys)
    var sumsX = [UInt64](repeating: 0, count: codes.count + 1)
    var sumsY = [UInt64](repeating: 0, count: codes.count + 1)
    for (index, code) in codes.enumerated() {
      sumsX[index + 1] = sumsX[index] + UInt64(MortonCode.x(of: code))
      sumsY[index + 1] = sumsY[index] + UInt64(MortonCode.y(of: code))
    }
    self.sumsX = sumsX
    self.sumsY = sumsY
    // About one table entry per place: 4^level <= n.
    var level = 0
    while level < 10, 1 << (2 * (level + 1)) <= codes.count {
      level += 1
    }
    tableLevel = level
    table = Self.makeTable(codes: codes, level: level)
  }

  private static func makeTable(codes: [UInt64], level: Int) -> [UInt32] {
    let cellCount = 1 << (2 * level)
    var table = [UInt32](repeating: UInt32(codes.count), count: cellCount + 1)
    guard level > 0 else {
      table[0] = 0
      return table
    }
    var index = 0
    for cell in 0..<cellCount {
      while index < codes.count, Int(codes[index] >> UInt64(64 - 2 * level)) < cell {
        index += 1
      }
      table[cell] = UInt32(index)
    }
    return table
  }

  /// The bytes the order holds: its arrays' elements.
  package var byteCount: Int {
    codes.count * 8 + positions.count * 4 + sumsX.count * 8 + sumsY.count * 8 + table.count * 4
  }
}
