import PlacesModel

/// What a cluster of one hierarchy holds of each category, so that a filter shows its shown
/// places without reading them again: per category, how many, the exact sum of their
/// positions and the most populous of them.
///
/// Positions are summed as offsets from the entry's own position, wrapped across the
/// antimeridian, so that the mean of any of its categories together is exact for an entry
/// narrower than half the world (as the entry's own mean is).
struct CategoryComposition {
  /// One category's share of an entry.
  struct Share {
    /// The category's number in the source's table of categories.
    let category: Int
    /// How many of the entry's places have the category.
    var count: Int
    /// The sum of their x offsets from the entry's x, each wrapped to the nearest copy.
    var offsetX: Int64
    /// The sum of their y.
    var sumY: UInt64
    /// The handle of the most populous of them (then the first in catalog order).
    var representative: UInt32
    /// Its population, 0 when unknown.
    var population: Int
  }

  /// The shares, one per category the entry holds.
  let shares: [Share]

  /// The composition of the places with `handles` (ascending), in an entry at `x`, their
  /// categories numbered by `number`.
  init(
    handles: [UInt32], x: UInt32, catalog: PlaceCatalog, number: (String?) -> Int
  ) {
    var shares: [Share] = []
    var shareOfCategory: [Int: Int] = [:]
    for handle in handles {
      let place = catalog.place(withHandle: handle)
      let position = WebMercator.position(of: place.coordinate)
      let category = number(place.category)
      let offset = Int64(Int32(bitPattern: position.x &- x))
      let population = place.population ?? 0
      guard let index = shareOfCategory[category] else {
        shareOfCategory[category] = shares.count
        shares.append(
          Share(
            category: category, count: 1, offsetX: offset, sumY: UInt64(position.y),
            representative: handle, population: population))
        continue
      }
      shares[index].count += 1
      shares[index].offsetX += offset
      shares[index].sumY += UInt64(position.y)
      if population > shares[index].population {
        shares[index].representative = handle
        shares[index].population = population
      }
    }
    self.shares = shares
  }

  /// The places of the shares `isShown` keeps, in an entry at `x`: how many, their exact
  /// mean and their representative; `nil` when none is kept.
  func shown(x: UInt32, where isShown: (Int) -> Bool)
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
      if let current = best,
        current.population > share.population
          || (current.population == share.population
            && current.representative < share.representative)
      {
        continue
      }
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
