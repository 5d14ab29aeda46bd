import PlacesModel

/// What a cluster of one hierarchy holds of each category, so that a filter shows its shown
/// places without reading them again: per category, how many, the exact sum of their
/// positions and the most populous of them.
///
/// Positions are summed as offsets from the entry's own position, wrapped across the
/// antimeridian, so that the mean of any of its categories together is exact for an entry
/// narrower than half the world (as the entry's own mean is).
package struct CategoryComposition: Sendable {
  /// One category's share of an entry.
  package struct Share: Sendable {
    /// The category's number in the table of categories the composition was made with (a
    /// source's ``ClusterCompositions``, or a part's own while a read is in parts).
    package let category: Int
    /// How many of the entry's places have the category.
    package var count: Int
    /// The sum of their x offsets from the entry's x, each wrapped to the nearest copy.
    package var offsetX: Int64
    /// The sum of their y.
    package var sumY: UInt64
    /// The handle of the most populous of them (then the first in catalog order).
    package var representative: UInt32
    /// Its population, 0 when unknown.
    package var population: Int

    /// Whether this share's representative comes before `other`'s as an entry's
    /// representative, by the hierarchy's rule
    /// (``/PlacesModel/ClusterHierarchy/isMoreRepresentative(_:population:than:population:)``).
    func outranks(_ other: Share) -> Bool {
      ClusterHierarchy.isMoreRepresentative(
        representative, population: population, than: other.representative,
        population: other.population)
    }

    /// The share of one place, with `handle`, at `position`, of category `category`, with
    /// `population` (0 when unknown), in an entry at `x`.
    @inline(__always)
    static func place(
      _ handle: UInt32, at position: (x: UInt32, y: UInt32), inEntryAt x: UInt32, category: Int,
      population: Int
    ) -> Share {
      Share(
        category: category, count: 1, offsetX: Int64(Int32(bitPattern: position.x &- x)),
        sumY: UInt64(position.y), representative: handle, population: population)
    }

    /// Adds the places of `other`, of the same category and entry: counts and sums add, and
    /// the representative is the one that outranks (`other`'s, when this share has none).
    @inline(__always)
    mutating func absorb(_ other: Share) {
      if count == 0 || other.outranks(self) {
        representative = other.representative
        population = other.population
      }
      count += other.count
      offsetX += other.offsetX
      sumY += other.sumY
    }
  }

  /// The shares, one per category the entry holds, in the order their categories were
  /// first added (which depends on the order places came in; nothing reads it).
  package private(set) var shares: [Share] = []
  /// The entry's x, from which the places' x offsets are taken.
  package let x: UInt32

  /// An empty composition of an entry at `x`.
  init(x: UInt32) {
    self.x = x
  }

  /// The composition of an entry at `x` with `shares`, one per category, each of at least one
  /// place, their offsets from `x`.
  init(x: UInt32, shares: [Share]) {
    self.x = x
    self.shares = shares
  }

  /// Adds the place with `handle` at `position`, of the category numbered `category`, with
  /// `population` (0 when unknown).
  ///
  /// `shareOfCategory` maps a category number to its share's index plus one (0 for none
  /// yet): a table the caller keeps, as long as its highest category number, all zeros
  /// before the first place is added to a new composition (``mark(_:)`` sets it for one
  /// already made); ``clear(_:)`` zeros it again after the last.
  ///
  /// The order places are added in does not change the result: the representative is the
  /// most populous, then the one with the lowest handle (the first in catalog order).
  mutating func add(
    _ handle: UInt32, at position: (x: UInt32, y: UInt32), category: Int, population: Int,
    shareOfCategory: inout [Int32]
  ) {
    merge(
      .place(handle, at: position, inEntryAt: x, category: category, population: population),
      shareOfCategory: &shareOfCategory)
  }

  /// Adds the places `share` stands for (offsets from this composition's ``x``) to the share
  /// of its category, or as a new share; `shareOfCategory` as for
  /// ``add(_:at:category:population:shareOfCategory:)``.
  @inline(__always)
  private mutating func merge(_ share: Share, shareOfCategory: inout [Int32]) {
    let slot = Int(shareOfCategory[share.category])
    guard slot > 0 else {
      shares.append(share)
      shareOfCategory[share.category] = Int32(shares.count)
      return
    }
    shares.withUnsafeMutableBufferPointer { shares in shares[slot - 1].absorb(share) }
  }

  /// This composition with each share's category number `category` replaced by
  /// `numbers[category]`: from one table of numbers to another.
  func renumbered(_ numbers: [Int]) -> CategoryComposition {
    var renumbered = self
    renumbered.shares = shares.map { share in
      Share(
        category: numbers[share.category], count: share.count, offsetX: share.offsetX,
        sumY: share.sumY, representative: share.representative, population: share.population)
    }
    return renumbered
  }

  /// Adds the places of `other`, a composition of other places of the same entry (the same
  /// ``x``), with the same category numbers: the result is the composition of both sets of
  /// places, as adding each place of `other` one by one would make it.
  ///
  /// `shareOfCategory` is as for ``add(_:at:category:population:shareOfCategory:)``: all
  /// zeros, and left so.
  mutating func absorb(_ other: CategoryComposition, shareOfCategory: inout [Int32]) {
    precondition(other.x == x, "compositions absorbed are of one entry")
    mark(&shareOfCategory)
    for share in other.shares { merge(share, shareOfCategory: &shareOfCategory) }
    clear(&shareOfCategory)
  }

  /// Takes out the place with `handle` at `position`, of the category numbered `category`,
  /// as ``add(_:at:category:population:shareOfCategory:)`` put it in.
  ///
  /// - Returns: `false`, changing nothing, when that cannot be done exactly: the composition
  ///   has no share of the category, or the place is its share's representative and others
  ///   remain (the next most populous is unknown without reading them).
  mutating func remove(
    _ handle: UInt32, at position: (x: UInt32, y: UInt32), category: Int
  ) -> Bool {
    guard let index = shares.firstIndex(where: { $0.category == category }) else { return false }
    guard shares[index].count > 1 else {
      guard shares[index].representative == handle else { return false }
      shares.remove(at: index)
      return true
    }
    guard shares[index].representative != handle else { return false }
    // Wrapping: a place that was not in the share leaves sums that its entry's check refuses.
    shares[index].count -= 1
    shares[index].offsetX &-= Int64(Int32(bitPattern: position.x &- x))
    shares[index].sumY &-= UInt64(position.y)
    return true
  }

  /// Sets the entries of `shareOfCategory` (all zeros) for this composition's shares, so that
  /// ``add(_:at:category:population:shareOfCategory:)`` adds to them rather than beside them;
  /// ``clear(_:)`` zeros them again.
  func mark(_ shareOfCategory: inout [Int32]) {
    for (index, share) in shares.enumerated() {
      shareOfCategory[share.category] = Int32(index + 1)
    }
  }

  /// Zeros the entries of `shareOfCategory` that ``add(_:at:category:population:shareOfCategory:)``
  /// set for this composition.
  func clear(_ shareOfCategory: inout [Int32]) {
    for share in shares { shareOfCategory[share.category] = 0 }
  }

  /// The places of the shares `isShown` keeps: how many, their exact mean and their
  /// representative; `nil` when none is kept.
  func shown(where isShown: (Int) -> Bool)
    -> (count: Int, x: UInt32, y: UInt32, representative: UInt32)?
  {
    var count = 0
    var offsetX: Int64 = 0
    var sumY: UInt64 = 0
    var best: Share?
    for share in shares where isShown(share.category) {
      count += share.count
      offsetX += share.offsetX
      sumY += share.sumY
      if let current = best, current.outranks(share) { continue }
      best = share
    }
    guard let best, count > 0 else { return nil }
    let total = Int64(count)
    var meanOffset = offsetX / total
    if meanOffset * total > offsetX { meanOffset -= 1 }
    return (
      count, UInt32(truncatingIfNeeded: Int64(x) + meanOffset), UInt32(sumY / UInt64(count)),
      best.representative
    )
  }
}
