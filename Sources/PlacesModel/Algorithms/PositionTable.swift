/// A table, by value, of where each of many distinct small values stands in a list of them:
/// the values put in ascending order by one read of the table instead of a sort, when they
/// are a large share of the range they come from.
package enum PositionTable {
  /// The position in `values` of each value below `count`, `UInt32.max` for a value not among
  /// them; `nil` when a value repeats or is not below `count`.
  ///
  /// - Complexity: O(*k* + *count*) for *k* values.
  static func positions<Value: BinaryInteger>(of values: [Value], below count: Int) -> [UInt32]? {
    var positions = [UInt32](repeating: .max, count: count)
    for (position, value) in values.enumerated() {
      let index = Int(truncatingIfNeeded: value)
      guard index >= 0, index < count, positions[index] == .max else { return nil }
      positions[index] = UInt32(position)
    }
    return positions
  }
}
