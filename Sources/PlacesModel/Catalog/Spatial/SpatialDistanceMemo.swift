/// Haversines from one origin to the places and cells of one built ``SpatialIndex``, each
/// computed on first use and kept, so that counting ranks by distance from that origin again
/// and again (a list by distance following edits) measures each place and cell once.
///
/// A rank count visits the cells its circle crosses, each with up to two bounds of several
/// sines, a cosine and an arctangent, and measures the places of the leaves it straddles; in
/// a stream of edits seen by a list by distance, that trigonometry was most of the count.
/// For a fixed origin, none of it changes until the built index is replaced by a full build,
/// so the memo keeps it: for each slot of the built index, the place's haversine, and for each
/// node of its tree (leaves included, numbered as in a binary heap), the least haversines to
/// its cell from the origin and from the antipode.
///
/// The memo also keeps the places edits changed since the built index's build (stale in it,
/// or changed), in order of distance from the origin, following the index's tables of them
/// from one count to the next: each count then reads them by binary search instead of a scan
/// (see ``DistanceOrderedPlaces``), which matters when full builds fall behind and they grow
/// to thousands.
///
/// Once given ``buildSlots``, the memo also reads the built index's places sorted by distance
/// from the origin (``SortedPlaceDistances``, about 10 ms to make at 170,000 places), when the
/// index has at least the `sortingFrom` places given at its creation: made by the full build
/// that made the index (see ``DistanceSorts``), or, for an index none sorted, by the memo on a
/// background thread that holds one of those slots as an index build does. Once the sort is
/// there, a count reads the built places before a key by binary search, without walking the
/// tree: O(log *n*) instead of O(√*n*) nodes. Until then, and for a smaller index, counts walk
/// the tree as before.
///
/// The values kept are those the count computes, bit for bit, so a count with the memo gives
/// the count without it. A memo follows the built index it is given: given another one (a
/// full build taken), it forgets every value, and the sort, and starts again.
///
/// Not thread-safe: one owner (a list's rows) uses it from one thread at a time.
///
/// Memory: 8 bytes a place of the built index, and 16 a node number (at most about a quarter
/// of the places): about 12 bytes a place, 2 MB at 170,000 places; 12 bytes a place more for
/// the sort, when made; and 16 bytes a stale or changed place, with the index's tables of them
/// it followed last, which it keeps until the next count (shared with the catalog counted with
/// until that catalog is released).
package final class SpatialDistanceMemo {
  /// The origin the haversines are measured from.
  package let origin: Coordinate
  /// The built index's coordinates, held so that their storage, which names the index the
  /// values are for, is not reused by another while the memo refers to it.
  private var coordinates: [Coordinate] = []
  /// The places' haversines, by slot (the built index's count of them), then the cells' from
  /// the origin and from the antipode, by node number (``SpatialIndex/nodeNumberLimit(count:)``
  /// of each); `nil` before the first index.
  private var values: UnsafeMutableBufferPointer<Double>?
  /// The three runs of ``values``, as the tree reads them.
  private var buffers = HaversineMemo.none
  /// The places edits removed or moved from the built index last counted with, in order of
  /// distance from the origin, as they were at the last count: a count reads them through
  /// ``DistanceOrderedPlaces/numberOfPlaces(in:before:and:from:)``.
  var stale = DistanceOrderedPlaces()
  /// The places edits moved or inserted since that index's build, in the same order.
  var changed = DistanceOrderedPlaces()
  /// The build slots of the catalogs counted with; no sort is made while `nil`.
  ///
  /// A list sets those of the catalog it shows. From its first count, the memo asks their
  /// full builds of the spatial index to sort each new index from its origin (see
  /// ``DistanceSorts``), and sorts an index none of them sorted (the first, built on first
  /// use) in one of the slots itself. A memo that never counts (a list by name) asks nothing.
  package var buildSlots: BuildSlots? {
    didSet {
      guard let requested, requested !== buildSlots else { return }
      requested.distanceSorts.withdraw(origin)
      self.requested = nil
      requestSorts()
    }
  }
  /// The slots whose full builds were asked to sort their indexes, since the first count.
  private var requested: BuildSlots?
  /// The fewest places of a built index worth sorting: below, counts walk the tree.
  private let sortingFrom: Int
  /// The sort of the built index's places under way, if any.
  private var sorting: IndexRebuild<SortedPlaceDistances>?
  /// The built index's places in order of distance, once sorted.
  private var sorted: SortedPlaceDistances?

  /// A memo of nothing yet, for distances from `origin`, that sorts a built index of at least
  /// `sortingFrom` places once given ``buildSlots``.
  package init(origin: Coordinate, sortingFrom: Int = 8_192) {
    self.origin = origin
    self.sortingFrom = sortingFrom
  }

  deinit {
    requested?.distanceSorts.withdraw(origin)
    values?.deallocate()
  }

  /// The memo's buffers for `index`, forgetting every value kept for another index.
  ///
  /// - Complexity: O(1) for the index of the last call; O(*n*) to start again for another.
  func buffers(for index: SpatialIndex) -> HaversineMemo {
    guard !Self.sharesStorage(coordinates, index.coordinates) else { return buffers }
    values?.deallocate()
    sorting = nil
    if requested == nil { requestSorts() }
    sorted = buildSlots?.distanceSorts.sorted(index, from: origin)
    sortsMadeByBuilds += sorted == nil ? 0 : 1
    if sorted == nil, let buildSlots, index.count >= sortingFrom {
      let origin = origin
      sorting = IndexRebuild(slots: buildSlots) { SortedPlaceDistances(index, from: origin) }
    }
    let (count, nodes) = (index.count, SpatialIndex.nodeNumberLimit(count: index.count))
    let fresh = UnsafeMutableBufferPointer<Double>.allocate(capacity: count + 2 * nodes)
    fresh.initialize(repeating: .nan)
    values = fresh
    coordinates = index.coordinates
    // An empty index has nothing to keep (and never shares storage: see `sharesStorage`).
    guard count > 0, let base = fresh.baseAddress else {
      buffers = .none
      return buffers
    }
    buffers = HaversineMemo(
      places: base, cellsFromOrigin: base + count, cellsFromAntipode: base + count + nodes)
    return buffers
  }

  /// `index`'s places in order of distance from the origin, once their sort has finished;
  /// `nil` before, and when no sort was made (see ``buildSlots``).
  ///
  /// - Complexity: As ``buffers(for:)``; then O(1).
  func sortedPlaces(for index: SpatialIndex) -> SortedPlaceDistances? {
    _ = buffers(for: index)
    if sorted == nil, let finished = sorting?.finished {
      sorted = finished
      sorting = nil
    }
    return sorted
  }

  /// Asks the full builds of ``buildSlots`` to sort their indexes from the origin.
  private func requestSorts() {
    guard let buildSlots else { return }
    buildSlots.distanceSorts.request(origin, sortingFrom: sortingFrom)
    requested = buildSlots
  }

  /// How many built indexes the memo found sorted by the full builds that made them (for
  /// tests).
  package private(set) var sortsMadeByBuilds = 0

  /// Whether the last count read the built index's places from the memo's sort of them.
  package var countsBySort: Bool { sorted != nil }

  /// Waits until the sort of the built index last counted with, if one is under way, has
  /// finished (for tests).
  package func waitForSort() {
    sorting?.waitUntilFinished()
  }

  /// Whether two arrays share one storage: the same built index's.
  static func sharesStorage(_ first: [Coordinate], _ second: [Coordinate]) -> Bool {
    guard first.count == second.count, !first.isEmpty else { return false }
    return first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { first.baseAddress == $0.baseAddress }
    }
  }
}

/// Where an ``IndexTree`` keeps the haversines it computes from one origin (see
/// ``SpatialDistanceMemo``), by slot; a tree without a memo computes every one.
struct HaversineMemo {
  /// The haversine of the place at each slot; NaN until measured.
  let places: UnsafeMutablePointer<Double>?
  /// The least haversine from the origin to the cell of each node, by node number.
  let cellsFromOrigin: UnsafeMutablePointer<Double>?
  /// The least haversine from the origin's antipode to the cell of each node, by node number.
  let cellsFromAntipode: UnsafeMutablePointer<Double>?

  /// No memo: every haversine is computed.
  static var none: HaversineMemo {
    HaversineMemo(places: nil, cellsFromOrigin: nil, cellsFromAntipode: nil)
  }

  /// The value at `slot` of `buffer`, computed by `compute` and kept there when not known.
  @inline(__always)
  static func value(
    at slot: Int, in buffer: UnsafeMutablePointer<Double>?, _ compute: () -> Double
  ) -> Double {
    guard let buffer else { return compute() }
    let known = buffer[slot]
    if !known.isNaN { return known }
    let computed = compute()
    buffer[slot] = computed
    return computed
  }
}
