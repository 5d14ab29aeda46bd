/// The places of a table by handle (a spatial index's stale or changed places), kept in order
/// of distance from one origin as the table follows edits: the number of them before a key is
/// one binary search instead of a scan of the table.
///
/// ``follow(_:from:)`` brings the order to a later table: it reads only the leaves the table
/// does not share with the one followed last
/// (``PersistentDictionary/forEachDifference(from:isSameValue:removed:added:)``), which after
/// a few insertions and removals are few, and moves the places they hold in the order. When
/// more than ``mostMoved`` places differ (many changes, or a table made afresh after a full
/// build), or the table was rehashed, it sorts every place again.
///
/// The order holds the tables it followed last: while it does, no write to another copy can
/// change their leaves in place (the copy's write copies them), so comparing leaves by
/// identity finds every change.
///
/// Each place's key is its distance as ``DistanceOrigin/distance(to:)`` computes it, then its
/// handle: the key a scan settles each place by
/// (``DistanceThreshold/placeComesBefore(_:at:position:from:)``), so the counts are the scan's.
struct DistanceOrderedPlaces {
  /// The table followed last.
  private var table = PersistentDictionary<UInt32, CoordinateOnSphere>()
  /// The key of each place of ``table``, ascending.
  private var keys: [DistanceKey] = []

  /// The most places that leave or come for ``follow(_:from:)`` to move them one at a time,
  /// each costing a binary search and a shift of the keys after it, rather than sort all.
  private static var mostMoved: Int { 64 }

  /// The places of `current` in order of distance from `origin`.
  ///
  /// - Complexity: O(*b* / 4096 + *m* (log *c* + *c*)) for *m* places changed since the table
  ///   followed last and *c* places (the shifts are of plain 16-byte keys); O(*c* log *c*)
  ///   when it sorts every place again.
  mutating func follow(
    _ current: PersistentDictionary<UInt32, CoordinateOnSphere>, from origin: DistanceOrigin
  ) {
    var leaving: [DistanceKey] = []
    var coming: [DistanceKey] = []
    // Past the most moved, the places are sorted again: their keys are not needed.
    var differing = 0
    let followed = current.forEachDifference(
      from: table,
      isSameValue: {
        $0.coordinate.latitude == $1.coordinate.latitude
          && $0.coordinate.longitude == $1.coordinate.longitude
      },
      removed: { handle, place in
        differing += 1
        if differing <= Self.mostMoved { leaving.append(Self.key(handle, place, from: origin)) }
      },
      added: { handle, place in
        differing += 1
        if differing <= Self.mostMoved { coming.append(Self.key(handle, place, from: origin)) }
      })
    table = current
    guard followed, differing <= Self.mostMoved else {
      var all: [DistanceKey] = []
      all.reserveCapacity(current.count)
      current.forEachPair { all.append(Self.key($0, $1, from: origin)) }
      all.sort()
      keys = all
      return
    }
    for key in leaving {
      let index = numberOfPlaces(before: key)
      // Every key that leaves is one of the keys: the table it left held it.
      assert(index < keys.count && keys[index] == key, "a place that leaves was in the order")
      if index < keys.count, keys[index] == key { keys.remove(at: index) }
    }
    for key in coming {
      keys.insert(key, at: numberOfPlaces(before: key))
    }
  }

  /// The number of places whose key is less than `key`.
  ///
  /// - Complexity: O(log *c*).
  func numberOfPlaces(before key: DistanceKey) -> Int {
    keys.withUnsafeBufferPointer { keys in
      keys.indices.partitioningIndex { !(keys[$0] < key) }
    }
  }

  /// The number of places of `table` whose key from `origin` is less than `first`, and the
  /// number less than `second`, once the order has followed `table`
  /// (``follow(_:from:)``).
  ///
  /// - Complexity: That of ``follow(_:from:)``, then O(log *c*).
  mutating func numberOfPlaces(
    in table: PersistentDictionary<UInt32, CoordinateOnSphere>, before first: DistanceKey,
    and second: DistanceKey, from origin: DistanceOrigin
  ) -> (first: Int, second: Int) {
    follow(table, from: origin)
    return (numberOfPlaces(before: first), numberOfPlaces(before: second))
  }

  /// The key of the place with `handle` at `place`, from `origin`.
  private static func key(
    _ handle: UInt32, _ place: CoordinateOnSphere, from origin: DistanceOrigin
  ) -> DistanceKey {
    DistanceKey(distance: origin.distance(to: place.coordinate), position: Int(handle))
  }
}
