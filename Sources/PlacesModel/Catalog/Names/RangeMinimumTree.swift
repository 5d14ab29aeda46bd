/// Finds, in any range of positions, the position whose key is smallest.
///
/// An iterative segment tree: `2n` positions of 4 bytes, built in O(*n*), each query
/// O(log *n*). Keys are distinct ranks, so the answer is unique.
struct RangeMinimumTree: Sendable {
  private let count: Int
  private let keys: [UInt32]
  /// `nodes[count + i]` is `i`; `nodes[k]` is the child of `k` with the smaller key.
  private let nodes: [UInt32]

  /// Creates the tree of `keys`, which must hold fewer than 2³² values.
  init(keys: [UInt32]) {
    count = keys.count
    self.keys = keys
    var nodes = [UInt32](repeating: 0, count: max(2 * keys.count, 1))
    for position in keys.indices {
      nodes[keys.count + position] = UInt32(position)
    }
    var node = keys.count - 1
    while node > 0 {
      let left = nodes[2 * node]
      let right = nodes[2 * node + 1]
      nodes[node] = keys[Int(left)] <= keys[Int(right)] ? left : right
      node -= 1
    }
    self.nodes = nodes
  }

  /// The memory held by the keys and the nodes, in bytes.
  var byteCount: Int { keys.count * 4 + nodes.count * 4 }

  /// The key at `position`.
  func key(at position: Int) -> UInt32 {
    keys[position]
  }

  /// The position in `range` with the smallest key, or `nil` for an empty range.
  ///
  /// - Complexity: O(log *n*).
  func positionOfMinimum(in range: Range<Int>) -> Int? {
    var best: UInt32?
    var low = range.lowerBound + count
    var high = range.upperBound + count
    func consider(_ node: Int) {
      let candidate = nodes[node]
      if let current = best, keys[Int(current)] <= keys[Int(candidate)] { return }
      best = candidate
    }
    while low < high {
      if low & 1 == 1 {
        consider(low)
        low += 1
      }
      if high & 1 == 1 {
        high -= 1
        consider(high)
      }
      low >>= 1
      high >>= 1
    }
    return best.map(Int.init)
  }

  /// The positions in `range` with the `limit` smallest keys, smallest first, each accepted by
  /// `isWanted`; positions it refuses are skipped and do not count.
  ///
  /// - Complexity: O((*k* + *s*) log *n*) for *k* positions returned and *s* skipped.
  func positionsOfSmallest(
    in range: Range<Int>, limit: Int, where isWanted: (Int) -> Bool
  ) -> [Int] {
    var found: [Int] = []
    guard limit > 0 else { return found }
    var candidates = MinimumHeap<RangeCandidate>()
    func push(_ range: Range<Int>) {
      guard let position = positionOfMinimum(in: range) else { return }
      candidates.insert(RangeCandidate(key: keys[position], position: position, range: range))
    }
    push(range)
    while found.count < limit, let best = candidates.popMinimum() {
      if isWanted(best.position) {
        found.append(best.position)
      }
      push(best.range.lowerBound..<best.position)
      push(best.position + 1..<best.range.upperBound)
    }
    return found
  }
}

/// A range of positions and the one with the smallest key in it.
private struct RangeCandidate: Comparable {
  let key: UInt32
  let position: Int
  let range: Range<Int>

  static func < (left: RangeCandidate, right: RangeCandidate) -> Bool {
    left.key < right.key
  }

  static func == (left: RangeCandidate, right: RangeCandidate) -> Bool {
    left.key == right.key
  }
}
