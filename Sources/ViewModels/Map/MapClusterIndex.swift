import PlacesModel

/// A catalog's places arranged for clustering on a map: built once per catalog, then asked for
/// the markers of any viewport in well under a millisecond.
///
/// ## How it works
/// Each place is projected to Web Mercator in fixed point (a `UInt32` column and row of a
/// square 2^32 units on a side) and the places are sorted once by the Z-order (Morton) code of
/// that position, ties in catalog order. In that order every cell of every level of the
/// quadtree over the square is one contiguous run, found by binary search (or, for the top
/// levels, read from a table), and prefix sums of the positions give any run's count and mean
/// position in constant time. Nothing depends on the zoom or the radius, so one index serves
/// every camera and every ``MapClusterOptions``.
///
/// ``clustering(for:options:unclusteredPlaceAt:)`` then works on the few cells a view can show
/// (see ``MapClustering`` for what it guarantees).
///
/// - Complexity: Building is O(*n*): a projection per place and a radix sort. It keeps 28 bytes
///   per place (the code, the catalog position and two prefix sums) plus a table of at most 4
///   bytes per place; the places themselves are shared with the array given, not copied. A
///   query costs O(*c* log *n* + *e*) to find the *c* cells in view and clip the *e* places
///   scanned in those that cross the view's edge (about the square root of the places in each
///   such cell), then O(*m* log *m*) per merging round for the *m* candidates. It does not grow
///   with the places out of view. Holds no state between queries: share it freely.
public struct MapClusterIndex: Sendable {
  /// The catalog, in the order given.
  public let places: [Place]
  /// The places' Morton codes, ascending.
  let codes: [UInt64]
  /// The catalog position of the place at each index of ``codes``.
  let positions: [UInt32]
  /// `sumsX[i]` is the sum of the x of the first `i` places in code order; `n + 1` entries.
  let sumsX: [UInt64]
  /// The same for y.
  let sumsY: [UInt64]
  /// The level of ``table``: the cells of that level and above are found without searching.
  let tableLevel: Int
  /// `table[k]` is the index in ``codes`` of the first place in cell `k` or after it, for the
  /// 4^``tableLevel`` cells of level ``tableLevel`` in Z-order, and then the count.
  let table: [UInt32]

  /// Builds the index of `places`.
  ///
  /// - Precondition: Fewer than 2^32 places.
  /// - Complexity: O(*n*).
  public init(places: [Place]) {
    precondition(places.count < Int(UInt32.max), "a cluster index holds fewer than 2^32 places")
    self.places = places
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

  /// The number of places.
  public var count: Int { places.count }

  // MARK: - Lookups

  /// The index in code order of the place at catalog `position`, or `nil` if out of range.
  ///
  /// - Complexity: O(log *n*): equal codes are in catalog order.
  func sortedIndex(ofPlaceAt position: Int) -> Int? {
    guard places.indices.contains(position) else { return nil }
    let point = WebMercator.position(of: places[position].coordinate)
    let code = MortonCode.code(x: point.x, y: point.y)
    var low = firstIndex(notBelow: code, in: 0, codes.count)
    var high =
      code == UInt64.max ? codes.count : firstIndex(notBelow: code + 1, in: low, codes.count)
    let target = UInt32(position)
    while low < high {
      let middle = (low + high) / 2
      if positions[middle] < target { low = middle + 1 } else { high = middle }
    }
    return low < codes.count && positions[low] == target ? low : nil
  }

  /// The first index in `low..<high` whose code is at least `code`, or `high`.
  func firstIndex(notBelow code: UInt64, in low: Int, _ high: Int) -> Int {
    withStorage { $0.firstIndex(notBelow: code, in: low, high) }
  }

  /// The x of the place at `index` in code order.
  func x(at index: Int) -> UInt64 {
    sumsX[index + 1] &- sumsX[index]
  }

  /// The y of the place at `index` in code order.
  func y(at index: Int) -> UInt64 {
    sumsY[index + 1] &- sumsY[index]
  }

  /// Calls `body` with the index's arrays lent as buffers, for the hot loops of a query.
  func withStorage<Result>(_ body: (IndexStorage) -> Result) -> Result {
    codes.withUnsafeBufferPointer { codes in
      sumsX.withUnsafeBufferPointer { sumsX in
        sumsY.withUnsafeBufferPointer { sumsY in
          table.withUnsafeBufferPointer { table in
            body(
              IndexStorage(
                codes: codes, sumsX: sumsX, sumsY: sumsY, table: table, tableLevel: tableLevel))
          }
        }
      }
    }
  }
}

/// A ``MapClusterIndex``'s arrays, lent for the duration of one query.
struct IndexStorage {
  let codes: UnsafeBufferPointer<UInt64>
  let sumsX: UnsafeBufferPointer<UInt64>
  let sumsY: UnsafeBufferPointer<UInt64>
  let table: UnsafeBufferPointer<UInt32>
  let tableLevel: Int

  /// The first index in `low..<high` whose code is at least `code`, or `high`.
  @inline(__always)
  func firstIndex(notBelow code: UInt64, in low: Int, _ high: Int) -> Int {
    var low = low
    var high = high
    while low < high {
      let middle = (low + high) &>> 1
      if codes[middle] < code { low = middle &+ 1 } else { high = middle }
    }
    return low
  }

  /// The x of the place at `index` in code order.
  @inline(__always)
  func x(at index: Int) -> UInt64 {
    sumsX[index &+ 1] &- sumsX[index]
  }

  /// The y of the place at `index` in code order.
  @inline(__always)
  func y(at index: Int) -> UInt64 {
    sumsY[index &+ 1] &- sumsY[index]
  }

  /// Where the cell at `level`, `column`, `row` starts in code order, given that it starts
  /// at or after `low` and before `high`: read from the table down to its level, then found by
  /// binary search.
  @inline(__always)
  func start(level: Int, column: UInt64, row: UInt64, within low: Int, _ high: Int) -> Int {
    if level <= tableLevel {
      let cell = Int(MortonCode.code(x: UInt32(column), y: UInt32(row)))
      return Int(table[cell << (2 * (tableLevel - level))])
    }
    let first = MortonCode.firstCode(level: level, column: column, row: row)
    return firstIndex(notBelow: first, in: low, high)
  }
}

/// A stable least-significant-digit radix sort of 64-bit keys, 8 bits a pass.
enum RadixSort {
  /// `keys` in ascending order, with the position each had; equal keys keep their order.
  ///
  /// - Complexity: O(*n*); passes whose digit is the same for every key are skipped.
  static func sortedWithPositions(_ keys: [UInt64]) -> ([UInt64], [UInt32]) {
    let count = keys.count
    var codes = keys
    var positions = (0..<count).map { UInt32($0) }
    guard count > 1 else { return (codes, positions) }
    var counts = [Int](repeating: 0, count: 8 * 256)
    for key in keys {
      for digit in 0..<8 {
        counts[digit << 8 | Int(truncatingIfNeeded: key >> UInt64(8 * digit)) & 0xFF] += 1
      }
    }
    var otherCodes = [UInt64](repeating: 0, count: count)
    var otherPositions = [UInt32](repeating: 0, count: count)
    for digit in 0..<8 {
      let shift = UInt64(8 * digit)
      let firstBucket = Int(truncatingIfNeeded: keys[0] >> shift) & 0xFF
      if counts[digit << 8 | firstBucket] == count { continue }
      var offsets = [Int](repeating: 0, count: 256)
      var running = 0
      for bucket in 0..<256 {
        offsets[bucket] = running
        running += counts[digit << 8 | bucket]
      }
      codes.withUnsafeBufferPointer { source in
        positions.withUnsafeBufferPointer { sourcePositions in
          otherCodes.withUnsafeMutableBufferPointer { target in
            otherPositions.withUnsafeMutableBufferPointer { targetPositions in
              for index in 0..<count {
                let key = source[index]
                let bucket = Int(truncatingIfNeeded: key >> shift) & 0xFF
                let destination = offsets[bucket]
                offsets[bucket] = destination + 1
                target[destination] = key
                targetPositions[destination] = sourcePositions[index]
              }
            }
          }
        }
      }
      swap(&codes, &otherCodes)
      swap(&positions, &otherPositions)
    }
    return (codes, positions)
  }
}
