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

  /// The positions with the `limit` smallest keys among several runs of positions, each in a
  /// tree of its own, smallest first, each accepted by `isWanted`; positions it refuses are
  /// skipped and do not count.
  ///
  /// Equal keys in different trees come in no particular order.
  ///
  /// - Returns: The run and the position in it of each.
  /// - Complexity: O((*r* + *k* + *s*) log *n*) for *r* runs, *k* positions returned and *s*
  ///   skipped.
  static func positionsOfSmallest(
    in runs: [(tree: RangeMinimumTree, range: Range<Int>)], limit: Int,
    where isWanted: (_ run: Int, _ position: Int) -> Bool
  ) -> [(run: Int, position: Int)] {
    var found: [(run: Int, position: Int)] = []
    guard limit > 0 else { return found }
    var candidates = MinimumHeap<RangeCandidate>()
    func push(_ range: Range<Int>, of run: Int) {
      let tree = runs[run].tree
      guard let position = tree.positionOfMinimum(in: range) else { return }
      candidates.insert(
        RangeCandidate(key: tree.keys[position], position: position, range: range, run: run))
    }
    for (run, entry) in runs.enumerated() {
      push(entry.range, of: run)
    }
    while found.count < limit, let best = candidates.popMinimum() {
      if isWanted(best.run, best.position) {
        found.append((best.run, best.position))
      }
      push(best.range.lowerBound..<best.position, of: best.run)
      push(best.position + 1..<best.range.upperBound, of: best.run)
    }
    return found
  }
}

/// A range of positions of one run and the one with the smallest key in it.
private struct RangeCandidate: Comparable {
  let key: UInt32
  let position: Int
  let range: Range<Int>
  let run: Int

  static func < (left: RangeCandidate, right: RangeCandidate) -> Bool {
    left.key < right.key
  }

  static func == (left: RangeCandidate, right: RangeCandidate) -> Bool {
    left.key == right.key
  }
}
