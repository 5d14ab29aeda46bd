/// A stable least-significant-digit radix sort of 64-bit keys, 8 bits a pass.
package enum RadixSort {
  /// `keys` in ascending order, with the position each had; equal keys keep their order.
  ///
  /// - Complexity: O(*n*); passes whose digit is the same for every key are skipped.
  package static func sortedWithPositions(_ keys: [UInt64]) -> ([UInt64], [UInt32]) {
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
