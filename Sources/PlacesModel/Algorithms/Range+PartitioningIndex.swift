extension Range where Bound == Int {
  /// The first position in the range where `isAfter` holds, or its end, by binary search;
  /// `isAfter` must be false then true along the range.
  ///
  /// - Complexity: O(log *n*) calls of `isAfter`.
  @inlinable
  package func partitioningIndex(where isAfter: (Int) -> Bool) -> Int {
    var low = lowerBound
    var high = upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if isAfter(middle) {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return low
  }
}
