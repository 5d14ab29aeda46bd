extension ClusterLevel {
  /// The most entries a level checks one by one for each view: those that reach farthest.
  static let wideEntryLimit = 64

  /// The entries a view shows: every entry whose position lies in `view` widened by `margin`
  /// units, and every entry any of whose places lies in `view`, in index order.
  ///
  /// The rectangle searched by position is `view` widened by the larger of `margin` and
  /// ``wideReach``; of the entries found beyond the margin, those whose reach (``reach``)
  /// meets the view are kept; and each of ``wideEntries`` found nowhere else is kept when its
  /// reach meets the view.
  ///
  /// - Complexity: the search of ``entries(west:east:yRange:)`` over the widened rectangle,
  ///   plus O(*w*) for the ``wideEntries``.
  package func entries(inView view: MercatorRect, margin: UInt32) -> [Int] {
    let searched = view.widened(by: max(margin, wideReach))
    var found = entries(west: searched.west, east: searched.east, yRange: searched.y)
    if wideReach > margin {
      let region = view.widened(by: margin)
      found.removeAll { entry in
        !region.contains((x[entry], y[entry])) && !reaches(entry, into: view)
      }
    }
    var isSorted = true
    for wide in wideEntries {
      let entry = Int(wide)
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
  /// eighth), and those entries, ascending.
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
