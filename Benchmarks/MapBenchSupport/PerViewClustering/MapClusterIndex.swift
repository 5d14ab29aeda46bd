import PlacesModel
import ViewModels

/// The map's previous engine, which clustered the places anew for each view: the bench's
/// baseline.
///
/// The places in Morton order, sorted when the index is made (the index's own, not shared
/// with the catalog or another index), with the lookups a clustering query makes. The map
/// itself shows the catalog's cluster hierarchy instead.
///
/// ## How it works
/// In Morton order every cell of every level of the quadtree over the Web Mercator square is
/// one contiguous run, found by binary search (or, for the top levels, read from a table), and
/// prefix sums of the positions give any run's count and mean position in constant time.
/// Nothing depends on the zoom or the radius, so one index serves every camera and every
/// ``MapClusterOptions``.
///
/// ``clustering(for:options:unclusteredPlaceAt:)`` then works on the few cells a view can show
/// (see ``MapClustering`` for what it guarantees).
///
/// - Complexity: Making one is O(*n*), not O(1): a projection per place and a radix sort (see
///   ``init(catalog:)``); make one per catalog and keep it for its queries. A query costs
///   O(*c* log *n* + *e*) to find the *c* cells in view and clip the *e* places scanned in
///   those that cross the view's edge (about the square root of the places in each such
///   cell), then O(*m* log *m*) per merging round for the *m* candidates. It does not grow
///   with the places out of view. Holds no state between queries.
package struct MapClusterIndex: Sendable {
  /// The catalog.
  package let places: PlaceCatalog
  /// The catalog's places in Morton order.
  let order: MortonOrder

  /// The index of `catalog`: its places projected and sorted in Morton order, now.
  ///
  /// - Complexity: O(*n*), every time: nothing is shared with an earlier index of the same
  ///   catalog.
  package init(catalog: PlaceCatalog) {
    places = catalog
    order = MortonOrder(places: catalog.places)
  }

  /// The places' Morton codes, ascending.
  var codes: [UInt64] { order.codes }
  /// The catalog position of the place at each index of ``codes``.
  var positions: [UInt32] { order.positions }
  /// Prefix sums of the x of the places in code order.
  var sumsX: [UInt64] { order.sumsX }
  /// Prefix sums of the y of the places in code order.
  var sumsY: [UInt64] { order.sumsY }
  /// The level down to which cells are read from ``table``.
  var tableLevel: Int { order.tableLevel }
  /// Where each cell of level ``tableLevel`` starts in code order.
  var table: [UInt32] { order.table }

  /// The number of places.
  package var count: Int { places.count }

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
