/// The origins that lists by distance follow along one line of edits, and the sorts of built
/// spatial indexes by distance from them (``SortedPlaceDistances``) that the indexes' full
/// builds make, so that a list's ``SpatialDistanceMemo`` finds the sort of a new built index
/// ready the first time it counts with it.
///
/// A full build of the spatial index runs on a background thread in one of the catalog's
/// ``BuildSlots``; the edits take it once it has finished. Sorting the new index there, for
/// each origin a memo asked for, costs no thread and no slot of its own, and the sort is
/// ready when the index is: a memo that sorted each index itself, once it first saw it, waited
/// for a slot (or took the editing thread's core beside another build) while counts walked
/// the tree with none of their haversines kept yet.
///
/// Shared by the catalogs of one line of edits, with their ``BuildSlots``; `Sendable`, and
/// used from the editing thread and the builds' threads under one lock, which no sort holds.
///
/// Memory: for each origin asked for, the sort of the last full build (12 bytes a place) and
/// that build's coordinates (16 bytes a place), kept until the next full build replaces
/// them, so that no other index can be taken for it.
package final class DistanceSorts: Sendable {
  private struct Request {
    /// How many memos ask for the origin.
    var memos: Int
    /// The fewest places of an index worth sorting for them.
    var sortingFrom: Int
  }

  private struct Made {
    /// The coordinates of the index sorted: its identity while held.
    let coordinates: [Coordinate]
    let sorted: SortedPlaceDistances
  }

  private struct State {
    var requests: [Coordinate: Request] = [:]
    var made: [Coordinate: Made] = [:]
  }

  private let state = Locked(State())

  /// No origin asked for yet.
  package init() {}

  /// Asks the full builds to come to sort their index by distance from `origin` when it has
  /// at least `sortingFrom` places, until ``withdraw(_:)`` is called as many times.
  func request(_ origin: Coordinate, sortingFrom: Int) {
    state.withLock { state in
      var request = state.requests[origin] ?? Request(memos: 0, sortingFrom: sortingFrom)
      request.memos += 1
      request.sortingFrom = min(request.sortingFrom, sortingFrom)
      state.requests[origin] = request
    }
  }

  /// Withdraws one ``request(_:sortingFrom:)`` for `origin`; the last one also lets go of the
  /// sort made for it.
  func withdraw(_ origin: Coordinate) {
    let released: Made? = state.withLock { state in
      guard var request = state.requests[origin] else { return nil }
      request.memos -= 1
      guard request.memos == 0 else {
        state.requests[origin] = request
        return nil
      }
      state.requests[origin] = nil
      return state.made.removeValue(forKey: origin)
    }
    // Freed here, after the unlock.
    withExtendedLifetime(released) {}
  }

  /// Sorts `index` by distance from each origin asked for (on the calling thread: a full
  /// build's), replacing the sorts of the build before.
  func sort(_ index: SpatialIndex) {
    let requests = state.withLock { $0.requests }
    for (origin, request) in requests {
      guard index.count >= request.sortingFrom else {
        // Too small to sort: the sort of an earlier index is of no use any more.
        let dropped = state.withLock { $0.made.removeValue(forKey: origin) }
        withExtendedLifetime(dropped) {}
        continue
      }
      let made = Made(
        coordinates: index.coordinates, sorted: SortedPlaceDistances(index, from: origin))
      let replaced: Made? = state.withLock { state in
        // An origin withdrawn meanwhile is not kept.
        guard state.requests[origin] != nil else { return made }
        return state.made.updateValue(made, forKey: origin)
      }
      withExtendedLifetime(replaced) {}
    }
  }

  /// The origins asked for, and those with a sort kept (for tests).
  package var origins: (requested: Set<Coordinate>, sorted: Set<Coordinate>) {
    state.withLock { (Set($0.requests.keys), Set($0.made.keys)) }
  }

  /// Whether a full build has sorted an index by distance from `origin`, and it is kept.
  func hasSort(from origin: Coordinate) -> Bool {
    state.withLock { $0.made[origin] != nil }
  }

  /// The sort of `index` by distance from `origin` that its full build made, if it made one.
  func sorted(_ index: SpatialIndex, from origin: Coordinate) -> SortedPlaceDistances? {
    state.withLock { state in
      guard let made = state.made[origin],
        SpatialDistanceMemo.sharesStorage(made.coordinates, index.coordinates)
      else { return nil }
      return made.sorted
    }
  }
}
