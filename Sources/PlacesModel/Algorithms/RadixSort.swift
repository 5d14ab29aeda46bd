/// A stable least-significant-digit radix sort of 64-bit keys, 8 bits a pass.
package enum RadixSort {
  /// `keys` in ascending order, with the position each had; equal keys keep their order.
  ///
  /// - Complexity: O(*n*) per byte in which the keys differ; bytes the same in every key are
  ///   skipped.
  package static func sortedWithPositions(_ keys: [UInt64]) -> ([UInt64], [UInt32]) {
    let count = keys.count
    var codes = keys
    var positions = (0..<UInt32(count)).map { $0 }
    guard let first = keys.first, count > 1 else { return (codes, positions) }
    let differing = keys.reduce(0) { $0 | ($1 ^ first) }
    let digits = (0..<8).filter { differing >> UInt64(8 * $0) & 0xFF != 0 }
    guard !digits.isEmpty else { return (codes, positions) }
    var otherCodes = [UInt64](repeating: 0, count: count)
    var otherPositions = [UInt32](repeating: 0, count: count)
    var offsets = [Int](repeating: 0, count: 256)
    for digit in digits {
      let shift = UInt64(8 * digit)
      offsets.withUnsafeMutableBufferPointer { offsets in
        codes.withUnsafeBufferPointer { source in
          positions.withUnsafeBufferPointer { sourcePositions in
            otherCodes.withUnsafeMutableBufferPointer { target in
              otherPositions.withUnsafeMutableBufferPointer { targetPositions in
                offsets.update(repeating: 0)
                for key in source {
                  offsets[Int(truncatingIfNeeded: key >> shift) & 0xFF] += 1
                }
                var running = 0
                for bucket in 0..<256 {
                  let bucketCount = offsets[bucket]
                  offsets[bucket] = running
                  running += bucketCount
                }
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
      }
      swap(&codes, &otherCodes)
      swap(&positions, &otherPositions)
    }
    return (codes, positions)
  }
}
