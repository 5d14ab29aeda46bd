import Dispatch
import Foundation
import PlacesModel

/// A read of the compositions by category (``CategoryComposition``) of many entries of one
/// level of a hierarchy from their places, split into parts read at the same time when they
/// hold many places: a view's first filter at world zoom reads most of the catalog.
///
/// The entries are split into parts of about equal numbers of places. While an entry holds
/// more than a quarter of a part's share, every entry is split into its children at the level
/// below, each child's places still counted toward the entry (its *owner*). Each part walks its
/// pieces' places a level at a time (``/PlacesModel/ClusterHierarchy/forEachPlace(ofEach:at:_:)``),
/// reads their categories and populations in catalog order, and makes a composition of the
/// places it found of each owner, with category numbers of its own. An owner's compositions
/// from several parts then add up to its whole one (``CategoryComposition/absorb(_:shareOfCategory:)``):
/// counts and sums add exactly, and the representative does not depend on the order places
/// come in. So the result is the one a single read of every place gives, on any number of
/// parts.
///
/// When the entries hold at least ``catalogOrderShare`` of the hierarchy's places (a view's
/// first filter at world zoom holds nearly all of them, at continent zoom about half), the
/// read goes the other way round:
/// each entry of the place level first gets its owner, a level at a time down the parents
/// (``/PlacesModel/ClusterHierarchy/placeOwners(ofEach:at:)``), and then each part reads one
/// range of the catalog's places in catalog order, each with its owner, its entry's position
/// and its category and population, in one walk forwards. That reads every level's tables and
/// the catalog's places once, in order, where the walk down gathers and orders each level's
/// entries first and reads the places by handle. The compositions are made and added up as
/// above, so both ways give the same result.
package struct CompositionRead: Sendable {
  /// One part's result: a composition of each owner it found places of.
  struct Part: Sendable {
    /// The owners, positions in the entries read.
    var owners: [Int] = []
    /// The composition of each owner's places this part read, in the same order, numbered
    /// by ``names``.
    var compositions: [CategoryComposition] = []
    /// The categories of ``compositions``' shares, by number.
    var names: [String?] = []
  }

  /// An entry, or a child of one, a part walks down from; all the pieces of a read are of one
  /// level.
  private struct Piece {
    let level: Int
    let entry: Int
    /// The position of the entry it counts toward.
    let owner: Int
    let placeCount: Int
  }

  /// The most parts a read is split into.
  package let maximumPartCount: Int
  /// The fewest places a part reads: fewer places are read in fewer parts, and one part is
  /// read on the calling thread.
  package let minimumPlacesPerPart: Int

  /// The share of the hierarchy's places from which a read goes through the catalog in
  /// order rather than down the entries (see the type's discussion); above 1, never.
  ///
  /// Only for at most ``catalogOrderEntryLimit`` entries: each part keeps a share of every
  /// category for each of them, 48 bytes a share.
  package let catalogOrderShare: Double

  /// The most entries a read through the catalog in order is for: a view at world or
  /// continent zoom shows a few hundred at most, and 2,048 entries of 12 categories take a
  /// table of 1.2 MB a part.
  static let catalogOrderEntryLimit = 2_048

  /// A read split into at most `maximumPartCount` parts, each of at least
  /// `minimumPlacesPerPart` places, through the catalog in order from `catalogOrderShare` of
  /// the hierarchy's places.
  package init(maximumPartCount: Int, minimumPlacesPerPart: Int, catalogOrderShare: Double = 0.25) {
    self.maximumPartCount = maximumPartCount
    self.minimumPlacesPerPart = minimumPlacesPerPart
    self.catalogOrderShare = catalogOrderShare
  }

  /// A read split into at most as many parts as the system has active cores (and 8), each of
  /// at least 16,384 places, through the catalog in order from a quarter of the hierarchy's
  /// places.
  ///
  /// Below 16,384 places a part, starting a thread costs more than the share of the read it
  /// takes. From a quarter of the places (a view's first filter at continent zoom), the read
  /// through the catalog, which reads only the places in view, took about half the time of
  /// the walk down the clusters.
  package static let standard = CompositionRead(
    maximumPartCount: min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8),
    minimumPlacesPerPart: 16_384)

  /// Each part's compositions of the places of `entries` of `level` of `hierarchy` it found.
  ///
  /// The places are `catalog`'s, read in parts as the type's discussion says. `x` gives each
  /// entry's position's x, from which its composition's offsets are taken; `placeCount` is
  /// the entries' places in all.
  ///
  /// - Complexity: O(*k* + *d*) work for *k* places and *d* entries between, as one walk down
  ///   (see ``/PlacesModel/ClusterHierarchy/forEachPlace(ofEach:at:_:)``), spread over the
  ///   parts.
  func parts(
    of entries: [Int], at level: Int, x: [UInt32], placeCount: Int, hierarchy: ClusterHierarchy,
    catalog: PlaceCatalog
  ) -> [Part] {
    let partCount = min(maximumPartCount, max(1, placeCount / max(minimumPlacesPerPart, 1)))
    let hierarchyPlaceCount = hierarchy.level(hierarchy.placeLevel).liveCount
    if placeCount > 0, entries.count <= Self.catalogOrderEntryLimit,
      Double(placeCount) >= catalogOrderShare * Double(hierarchyPlaceCount)
    {
      return Self.partsInCatalogOrder(
        of: entries, at: level, x: x, partCount: partCount, hierarchy: hierarchy,
        catalog: catalog)
    }
    guard partCount > 1 else {
      let pieces = entries.enumerated().map { owner, entry in
        Piece(level: level, entry: entry, owner: owner, placeCount: 0)
      }
      return [Self.read(pieces, x: x, hierarchy: hierarchy, catalog: catalog)]
    }
    let assigned = Self.assign(
      Self.pieces(
        of: entries, at: level, placeCount: placeCount, partCount: partCount,
        hierarchy: hierarchy),
      to: partCount)
    return Self.concurrently(assigned.count) { index in
      Self.read(assigned[index], x: x, hierarchy: hierarchy, catalog: catalog)
    }
  }

  /// The parts `read` makes of each of `count` indexes, made at the same time.
  private static func concurrently(_ count: Int, _ read: @Sendable (Int) -> Part) -> [Part] {
    let results = Locked([Part?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let part = read(index)
      results.withLock { $0[index] = part }
    }
    // `concurrentPerform` returns once every part has run, and each has set its result.
    let parts = results.withLock { $0.compactMap { $0 } }
    precondition(parts.count == count, "every part is read")
    return parts
  }

  /// The compositions of the places of `entries` of `level`, read in `partCount` parts, each
  /// a range of the catalog's places in catalog order (see the type's discussion).
  private static func partsInCatalogOrder(
    of entries: [Int], at level: Int, x: [UInt32], partCount: Int, hierarchy: ClusterHierarchy,
    catalog: PlaceCatalog
  ) -> [Part] {
    let owners = hierarchy.placeOwners(ofEach: entries, at: level)
    let handleCount = catalog.handleCount
    let ranges = (0..<partCount).map { part in
      (handleCount * part / partCount)..<(handleCount * (part + 1) / partCount)
    }
    guard partCount > 1 else {
      return [Self.read(ranges[0], owners: owners, x: x, hierarchy: hierarchy, catalog: catalog)]
    }
    return Self.concurrently(partCount) { index in
      Self.read(ranges[index], owners: owners, x: x, hierarchy: hierarchy, catalog: catalog)
    }
  }

  /// `entries` of `level`, split into their children a level down, all of them together,
  /// while a piece holds more than a quarter of a part's share of `placeCount` places: pieces
  /// of one level, walked down together by each part.
  ///
  /// The splitting stops at the place level, once the pieces number ``piecesPerPart`` a part,
  /// or when a level down did not make the largest piece smaller (places at one spot, which
  /// no level parts): the dealing of the largest pieces first evens the parts out from there.
  private static func pieces(
    of entries: [Int], at level: Int, placeCount: Int, partCount: Int,
    hierarchy: ClusterHierarchy
  ) -> [Piece] {
    let limit = max(1, placeCount / partCount / 4)
    var node = hierarchy.level(level)
    var pieces = entries.enumerated().map { owner, entry in
      Piece(level: level, entry: entry, owner: owner, placeCount: Int(node.count(entry)))
    }
    var largest = pieces.map(\.placeCount).max() ?? 0
    while let depth = pieces.first?.level, depth < hierarchy.placeLevel, largest > limit,
      pieces.count < partCount * Self.piecesPerPart
    {
      let below = hierarchy.level(depth + 1)
      var children: [Piece] = []
      children.reserveCapacity(pieces.count)
      for piece in pieces {
        node.forEachChild(piece.entry) { child in
          children.append(
            Piece(
              level: depth + 1, entry: child, owner: piece.owner,
              placeCount: Int(below.count(child))))
        }
      }
      let largestChild = children.map(\.placeCount).max() ?? 0
      guard largestChild < largest else { break }
      (pieces, node, largest) = (children, below, largestChild)
    }
    return pieces
  }

  /// The most pieces a read splits its entries into, per part: enough to deal them out
  /// evenly, few enough that splitting and dealing them costs nothing beside the walk.
  private static let piecesPerPart = 64

  /// `pieces` dealt to `partCount` parts, the largest first, each to the part with the fewest
  /// places yet.
  private static func assign(_ pieces: [Piece], to partCount: Int) -> [[Piece]] {
    var parts = [[Piece]](repeating: [], count: partCount)
    var loads = [Int](repeating: 0, count: partCount)
    for piece in pieces.sorted(by: { $0.placeCount > $1.placeCount }) {
      let lightest = loads.indices.min { loads[$0] < loads[$1] } ?? 0
      parts[lightest].append(piece)
      loads[lightest] += piece.placeCount
    }
    return parts.filter { !$0.isEmpty }
  }

  /// The places a part found: each one's owner, handle, position, category number and
  /// population, in the order found.
  private struct FoundPlaces {
    var owners: [Int] = []
    var handles: [UInt32] = []
    var positions: [(x: UInt32, y: UInt32)] = []
    var categories: [Int] = []
    var populations: [Int] = []
    /// The numbers of ``categories``.
    var numbering = CategoryNumbering()
  }

  /// One part: the compositions of the places of `pieces`, by owner.
  private static func read(
    _ pieces: [Piece], x: [UInt32], hierarchy: ClusterHierarchy, catalog: PlaceCatalog
  ) -> Part {
    // Every place, with its owner, walked down from its pieces' levels.
    var found = FoundPlaces()
    if let level = pieces.first?.level {
      hierarchy.forEachPlace(ofEach: pieces.map(\.entry), at: level) { index, handle, x, y in
        found.owners.append(pieces[index].owner)
        found.handles.append(handle)
        found.positions.append((x, y))
      }
    }
    // Each place's category number and population.
    found.categories = [Int](repeating: 0, count: found.handles.count)
    found.populations = [Int](repeating: 0, count: found.handles.count)
    catalog.forEachCategoryAndPopulation(ofHandles: found.handles) {
      index, category, population in
      found.populations[index] = population ?? 0
      found.categories[index] = found.numbering.number(of: category)
    }
    return compose(found, x: x)
  }

  /// One part: the compositions of the places whose handles are in `handles`, by owner, each
  /// place's owner its entry's in `owners` (by entry of the place level).
  ///
  /// Each place is added as it comes to its owner's share of its category, kept in a table by
  /// category and owner: in catalog order, the places of one owner do not come together, so
  /// they are not gathered and grouped first as a walk's are.
  private static func read(
    _ handles: Range<Int>, owners: [UInt32], x: [UInt32], hierarchy: ClusterHierarchy,
    catalog: PlaceCatalog
  ) -> Part {
    typealias Share = CategoryComposition.Share
    let ownerCount = x.count
    var numbering = CategoryNumbering()
    // The share of category `c` of owner `o` at `c * ownerCount + o`; a count of 0 for none.
    var shares: [Share] = []
    hierarchy.forEachOwnedPlace(inHandles: handles, owners: owners, catalog: catalog) {
      owner, handle, placeX, placeY, category, population in
      let number = numbering.number(of: category)
      // A category first seen: a row of empty shares, one an owner.
      while shares.count < (number + 1) * ownerCount {
        shares.append(
          Share(
            category: shares.count / ownerCount, count: 0, offsetX: 0, sumY: 0,
            representative: .max, population: 0))
      }
      let place = Share.place(
        handle, at: (placeX, placeY), inEntryAt: x[owner], category: number,
        population: population ?? 0)
      shares.withUnsafeMutableBufferPointer { $0[number * ownerCount + owner].absorb(place) }
    }
    var part = Part()
    let categoryCount = numbering.names.count
    for owner in 0..<ownerCount {
      let owned = (0..<categoryCount).lazy.map { shares[$0 * ownerCount + owner] }
        .filter { $0.count > 0 }
      guard !owned.isEmpty else { continue }
      part.owners.append(owner)
      part.compositions.append(CategoryComposition(x: x[owner], shares: Array(owned)))
    }
    part.names = numbering.names
    return part
  }

  /// The compositions of the places `found`, by owner, each from the x of its owner in `x`.
  private static func compose(_ found: FoundPlaces, x: [UInt32]) -> Part {
    let (owners, handles, positions) = (found.owners, found.handles, found.positions)
    let (categories, populations) = (found.categories, found.populations)
    // The places grouped by owner (a counting sort over the owners found), each group made
    // into its composition.
    var slotOfOwner = [Int](repeating: -1, count: x.count)
    var part = Part()
    for owner in owners where slotOfOwner[owner] < 0 {
      slotOfOwner[owner] = part.owners.count
      part.owners.append(owner)
    }
    var ends = [Int](repeating: 0, count: part.owners.count + 1)
    for owner in owners { ends[slotOfOwner[owner] + 1] += 1 }
    for slot in part.owners.indices { ends[slot + 1] += ends[slot] }
    var next = ends
    var order = [Int](repeating: 0, count: owners.count)
    for (index, owner) in owners.enumerated() {
      let slot = slotOfOwner[owner]
      order[next[slot]] = index
      next[slot] += 1
    }
    var shareOfCategory = [Int32](repeating: 0, count: found.numbering.names.count)
    part.compositions.reserveCapacity(part.owners.count)
    for (slot, owner) in part.owners.enumerated() {
      var composition = CategoryComposition(x: x[owner])
      for index in order[ends[slot]..<ends[slot + 1]] {
        composition.add(
          handles[index], at: positions[index], category: categories[index],
          population: populations[index], shareOfCategory: &shareOfCategory)
      }
      composition.clear(&shareOfCategory)
      part.compositions.append(composition)
    }
    part.names = found.numbering.names
    return part
  }
}
