/// A stable least-significant-digit radix sort of 64-bit keys, in as few passes of at most
/// 11 bits as the bits in which the keys differ need.
package enum RadixSort {
  /// The widest digit a pass sorts on: 2,048 counters, which stay in the first-level cache.
  private static var maximumDigitBits: Int { 11 }

  /// `keys` in ascending order, with the position each had; equal keys keep their order.
  ///
  /// - Complexity: O(*n*) per pass: one pass per 11 bits from the lowest to the highest bit
  ///   in which the keys differ (the bits below and above, the same in every key, are
  ///   skipped).
  package static func sortedWithPositions(_ keys: [UInt64]) -> ([UInt64], [UInt32]) {
    let count = keys.count
    var codes = keys
    var positions = (0..<UInt32(count)).map { $0 }
    guard let first = keys.first, count > 1 else { return (codes, positions) }
    let differing = keys.reduce(0) { $0 | ($1 ^ first) }
    guard differing != 0 else { return (codes, positions) }
    let lowest = differing.trailingZeroBitCount
    let width = 64 - differing.leadingZeroBitCount - lowest
    let passes = (width + maximumDigitBits - 1) / maximumDigitBits
    // Digits of equal width, so that no pass counts more digits than it needs.
    let digitBits = (width + passes - 1) / passes
    let digitMask = UInt64(1) << UInt64(digitBits) - 1
    var otherCodes = [UInt64](repeating: 0, count: count)
    var otherPositions = [UInt32](repeating: 0, count: count)
    var offsets = [Int](repeating: 0, count: 1 << digitBits)
    for pass in 0..<passes {
      let shift = UInt64(lowest + pass * digitBits)
      offsets.withUnsafeMutableBufferPointer { offsets in
        codes.withUnsafeBufferPointer { source in
          positions.withUnsafeBufferPointer { sourcePositions in
            otherCodes.withUnsafeMutableBufferPointer { target in
              otherPositions.withUnsafeMutableBufferPointer { targetPositions in
                offsets.update(repeating: 0)
                for key in source {
                  offsets[Int(truncatingIfNeeded: key >> shift & digitMask)] += 1
                }
                var running = 0
                for digit in offsets.indices {
                  let digitCount = offsets[digit]
                  offsets[digit] = running
                  running += digitCount
                }
                for index in 0..<count {
                  let key = source[index]
                  let digit = Int(truncatingIfNeeded: key >> shift & digitMask)
                  let destination = offsets[digit]
                  offsets[digit] = destination + 1
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
