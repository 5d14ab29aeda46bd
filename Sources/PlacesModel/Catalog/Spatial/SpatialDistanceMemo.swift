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
/// that made the index (see ``DistanceSorts``), or, while no build has sorted an index for its
/// origin (the first index, built on first use), by the memo on a background thread that holds
/// one of those slots as an index build does, from its `sortingAfter`th count with the index
/// (so not for a location left after a count or two). Once the sort is there, a count reads
/// the built places before a key by binary search, without walking the tree: O(log *n*)
/// instead of O(√*n*) nodes. Until then, and for a smaller index, counts walk the tree as
/// before.
///
/// The values kept are those the count computes, bit for bit, so a count with the memo gives
/// the count without it. A memo follows the built index it is given: given another one (a
/// full build taken), it starts again, keeping what it had for the index before as well, so
/// that an edit that counts in the catalogs on either side of a full build (the old built
/// index, then the new one, once per changed place) starts neither again.
///
/// Not thread-safe: one owner (a list's rows) uses it from one thread at a time.
///
/// Memory, for each of the two built indexes kept: 8 bytes a place, and 16 a node number (at
/// most about a quarter of the places), about 12 bytes a place, 2 MB at 170,000 places, once a
/// count walks its tree; 12 bytes a place for the sort, when made; and 16 bytes a stale or
/// changed place, with the index's tables of them it followed last, which it keeps until the
/// next count (shared with the catalog counted with until that catalog is released).
package final class SpatialDistanceMemo {
  /// The origin the haversines are measured from.
  package let origin: Coordinate
  /// What the memo keeps for the built index last counted with.
  private var current: Generation?
  /// What it keeps for the one before, when another was counted with since: an edit that
  /// takes a full build counts its changed places in the catalog before it (the old built
  /// index) and in its own (the new one), one after the other.
  private var previous: Generation?
  /// The places edits removed or moved from the built index last counted with, in order of
  /// distance from the origin, as they were at the last count: a count reads them through
  /// ``DistanceOrderedPlaces/numberOfPlaces(in:before:and:from:)``.
  var stale = DistanceOrderedPlaces()
  /// The places edits moved or inserted since that index's build, in the same order.
  var changed = DistanceOrderedPlaces()
  /// The build slots of the catalogs counted with; the memo makes no sort of its own while
  /// `nil`.
  ///
  /// A list sets those of the catalog it shows. From its first count, the memo asks their
  /// full builds of the spatial index to sort each new index from its origin (see
  /// ``DistanceSorts``), and sorts an index in one of the slots itself while no build has
  /// sorted one for it (the first, built on first use). A memo that never counts (a list by
  /// name) asks nothing.
  package var buildSlots: BuildSlots? {
    didSet {
      guard requested !== buildSlots, current != nil else { return }
      requested?.distanceSorts.withdraw(origin)
      requested = nil
      requestSorts()
    }
  }
  /// The slots whose full builds were asked to sort their indexes, since the first count.
  private var requested: BuildSlots?
  /// The fewest places of a built index worth sorting: below, counts walk the tree.
  private let sortingFrom: Int
  /// The count with one built index, unsorted, from which the memo sorts it itself.
  private let sortingAfter: Int

  /// A memo of nothing yet, for distances from `origin`, that sorts a built index of at least
  /// `sortingFrom` places itself, once given ``buildSlots``, from its `sortingAfter`th count
  /// with that index, when no build has sorted one for the origin.
  ///
  /// A list counts once or twice per location change with a place selected, and once or
  /// twice per edit: waiting a few counts leaves a walking user's memos, one per location,
  /// each with a count or two, without a sort each (a thread started on the list's thread and
  /// 10 ms of a core at 170,000 places), and costs a stream of edits a few walks of the tree.
  package init(origin: Coordinate, sortingFrom: Int = 8_192, sortingAfter: Int = 16) {
    self.origin = origin
    self.sortingFrom = sortingFrom
    self.sortingAfter = max(1, sortingAfter)
  }

  deinit {
    requested?.distanceSorts.withdraw(origin)
  }

  /// The memo's buffers for `index`.
  ///
  /// - Complexity: O(1) for the index of the last call or the one before; O(*n*) to start
  ///   again for another, forgetting the values kept for the older of those two.
  func buffers(for index: SpatialIndex) -> HaversineMemo {
    generation(for: index).buffers
  }

  /// `index`'s places in order of distance from the origin, once sorted; `nil` before, and
  /// when nobody sorts them (see ``buildSlots``).
  ///
  /// - Complexity: As ``buffers(for:)``; then O(1).
  func sortedPlaces(for index: SpatialIndex) -> SortedPlaceDistances? {
    let generation = generation(for: index)
    guard generation.sorted == nil else { return generation.sorted }
    if let sorting = generation.sorting {
      if let finished = sorting.finished {
        generation.sorted = finished
        generation.sorting = nil
      }
    } else if generation.placeCount > 0, generation.placeCount >= sortingFrom {
      generation.countsUnsorted += 1
      if generation.countsUnsorted >= sortingAfter { startSorting(index, in: generation) }
    }
    return generation.sorted
  }

  /// Starts the memo's own sort of `index`, kept in `generation`, when no build sorts for its
  /// origin yet (the first index, or a line of edits just joined); a later count tries again
  /// while the memo has no slots or a build's sort is kept.
  private func startSorting(_ index: SpatialIndex, in generation: Generation) {
    guard let buildSlots, !buildSlots.distanceSorts.hasSort(from: origin) else { return }
    let origin = origin
    generation.sorting = IndexRebuild(slots: buildSlots) {
      SortedPlaceDistances(index, from: origin)
    }
  }

  /// What the memo keeps for `index`: the current generation, the previous one made current
  /// again, or a new one, which the current one precedes.
  private func generation(for index: SpatialIndex) -> Generation {
    if let current, Self.sharesStorage(current.coordinates, index.coordinates) {
      return current
    }
    if let previous, Self.sharesStorage(previous.coordinates, index.coordinates) {
      (self.previous, self.current) = (current, previous)
      return previous
    }
    if requested == nil { requestSorts() }
    indexesMet += 1
    let made = Generation(index)
    made.sorted = buildSlots?.distanceSorts.sorted(index, from: origin)
    if made.sorted != nil { sortsMadeByBuilds += 1 }
    (previous, current) = (current, made)
    return made
  }

  /// Asks the full builds of ``buildSlots`` to sort their indexes from the origin.
  private func requestSorts() {
    guard let buildSlots else { return }
    buildSlots.distanceSorts.request(origin, sortingFrom: sortingFrom)
    requested = buildSlots
  }

  /// How many times the memo started again for a built index it kept nothing for (for tests).
  package private(set) var indexesMet = 0

  /// How many built indexes the memo found sorted by the full builds that made them (for
  /// tests).
  package private(set) var sortsMadeByBuilds = 0

  /// Whether the last count read the built index's places from a sort of them.
  package var countsBySort: Bool { current?.sorted != nil }

  /// The memo's own sort of the built index last counted with, once started and until a count
  /// takes its result (for tests).
  ///
  /// The memo gives it up (``IndexRebuild/cancel()``) once it keeps nothing for that index,
  /// or goes, before the sort has started.
  package var sortUnderWay: IndexRebuild<SortedPlaceDistances>? { current?.sorting }

  /// Waits until the memo's own sort of the built index last counted with, if one is under
  /// way, has finished (for tests).
  package func waitForSort() {
    current?.sorting?.waitUntilFinished()
  }

  /// Whether two arrays share one storage: the same built index's.
  static func sharesStorage(_ first: [Coordinate], _ second: [Coordinate]) -> Bool {
    guard first.count == second.count, !first.isEmpty else { return false }
    return first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { first.baseAddress == $0.baseAddress }
    }
  }
}

extension SpatialDistanceMemo {
  /// What a memo keeps for one built index: the haversines, once a count walks its tree, and
  /// the sort, once made.
  private final class Generation {
    /// The built index's coordinates, held so that their storage, which names the index the
    /// values are for, is not reused by another while the memo refers to it.
    let coordinates: [Coordinate]
    /// The number of places and of node numbers (``SpatialIndex/nodeNumberLimit(count:)``).
    private let counts: (places: Int, nodes: Int)
    /// The places' haversines, by slot, then the cells' from the origin and from the
    /// antipode, by node number; made by the first count that walks the tree (one that reads
    /// the sort needs none).
    private var values: UnsafeMutableBufferPointer<Double>?
    /// The memo's own sort of the index under way, if any.
    var sorting: IndexRebuild<SortedPlaceDistances>?
    /// The counts with the index, worth sorting, while neither sorted nor sorting.
    var countsUnsorted = 0
    /// The index's places in order of distance, once sorted.
    var sorted: SortedPlaceDistances?

    /// Nothing measured yet of `index`.
    init(_ index: SpatialIndex) {
      coordinates = index.coordinates
      counts = (index.count, SpatialIndex.nodeNumberLimit(count: index.count))
    }

    /// The number of places of the index.
    var placeCount: Int { counts.places }

    deinit {
      values?.deallocate()
      // A sort nobody will read: the memo has moved on to two other indexes, or is gone.
      sorting?.cancel()
    }

    /// The three runs of ``values``, as the tree reads them, made on first use.
    ///
    /// - Complexity: O(*n*) the first time, then O(1).
    var buffers: HaversineMemo {
      // An empty index has nothing to keep (and never shares storage: see `sharesStorage`).
      guard counts.places > 0 else { return .none }
      if values == nil {
        let made = UnsafeMutableBufferPointer<Double>.allocate(
          capacity: counts.places + 2 * counts.nodes)
        made.initialize(repeating: .nan)
        values = made
      }
      guard let base = values?.baseAddress else { return .none }
      return HaversineMemo(
        places: base, cellsFromOrigin: base + counts.places,
        cellsFromAntipode: base + counts.places + counts.nodes)
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
