extension ClusterLevel {
  /// The most entries a level checks one by one for each view: those that reach farthest.
  static let wideEntryLimit = 64

  /// The entries a view shows: every entry whose position lies in `view` widened by `margin`
  /// units, and every entry any of whose places lies in `view`, in index order.
  ///
  /// The rectangle searched by position is `view` widened by the larger of `margin` and
  /// ``wideReach``; of the entries found beyond the margin, those whose reach (``reach``)
  /// meets the view are kept. Of ``wideEntries``, widest first, only those that reach farther
  /// than the search was widened can have places in view and their position outside it: each
  /// such one is kept when its reach meets the view, and the rest are never looked at.
  ///
  /// - Complexity: the search of ``entries(west:east:yRange:)`` over the widened rectangle,
  ///   plus O(*w*) for the *w* ``wideEntries`` that reach farther than it was widened.
  package func entries(inView view: MercatorRect, margin: UInt32) -> [Int] {
    let widening = max(margin, wideReach)
    let searched = view.widened(by: widening)
    var found = entries(west: searched.west, east: searched.east, yRange: searched.y)
    if wideReach > margin {
      let region = view.widened(by: margin)
      found.removeAll { entry in
        !region.contains((x[entry], y[entry])) && !reaches(entry, into: view)
      }
    }
    // A search of the whole square found every entry.
    guard !searched.isWholeWidth || searched.y != 0...UInt32.max else { return found }
    var isSorted = true
    for wide in wideEntries {
      let entry = Int(wide)
      // Widest first: an entry that reaches no farther than the search was widened, and each
      // after it, was found by its position if any of its places is in view.
      guard reach[entry] > widening else { break }
      guard !searched.contains((x[entry], y[entry])), reaches(entry, into: view) else { continue }
      isSorted = isSorted && (found.last.map { $0 < entry } ?? true)
      found.append(entry)
    }
    if !isSorted { found.sort() }
    return found
  }

  /// Whether any place of `entry` may lie in `view`: whether the square of its reach around
  /// its position meets it.
  @inline(__always)
  func reaches(_ entry: Int, into view: MercatorRect) -> Bool {
    EntryBounds(around: (x[entry], y[entry]), reach: reach[entry]).intersects(view)
  }

  /// The reach that at most ``wideEntryLimit`` entries exceed, about the least (within an
  /// eighth), and those entries, widest first (then by index).
  ///
  /// - Complexity: O(*n*), a histogram of the reaches by their three leading bits.
  static func wideEntries(reach: [UInt32]) -> (reach: UInt32, entries: [UInt32]) {
    var threshold: UInt32 = 0
    if reach.count > wideEntryLimit {
      var histogram = [Int](repeating: 0, count: 240)
      for value in reach { histogram[bucket(of: value)] += 1 }
      var wider = 0
      for bucket in stride(from: histogram.count - 1, through: 0, by: -1) {
        wider += histogram[bucket]
        if wider > wideEntryLimit {
          threshold = largestReach(inBucket: bucket)
          break
        }
      }
    }
    var entries: [UInt32] = []
    for (entry, value) in reach.enumerated() where value > threshold {
      entries.append(UInt32(entry))
    }
    entries.sort {
      reach[Int($0)] > reach[Int($1)] || (reach[Int($0)] == reach[Int($1)] && $0 < $1)
    }
    return (threshold, entries)
  }

  /// A reach's bucket: the value itself below 8, else its bit length and its three bits after
  /// the leading one.
  private static func bucket(of reach: UInt32) -> Int {
    guard reach >= 8 else { return Int(reach) }
    let bits = UInt32.bitWidth - reach.leadingZeroBitCount
    return 8 + (bits - 4) * 8 + Int((reach >> UInt32(bits - 4)) & 7)
  }

  /// The largest reach in `bucket`.
  private static func largestReach(inBucket bucket: Int) -> UInt32 {
    guard bucket >= 8 else { return UInt32(bucket) }
    let bits = (bucket - 8) / 8 + 4
    let smallest = UInt64(8 + (bucket - 8) % 8) << UInt64(bits - 4)
    return UInt32(smallest + (UInt64(1) << UInt64(bits - 4)) - 1)
  }
}
