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

  /// A read split into at most `maximumPartCount` parts, each of at least
  /// `minimumPlacesPerPart` places.
  package init(maximumPartCount: Int, minimumPlacesPerPart: Int) {
    self.maximumPartCount = maximumPartCount
    self.minimumPlacesPerPart = minimumPlacesPerPart
  }

  /// A read split into at most as many parts as the system has active cores (and 8), each of
  /// at least 16,384 places: below that, starting a thread costs more than the share of the
  /// read it takes.
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
    let results = Locked([Part?](repeating: nil, count: assigned.count))
    DispatchQueue.concurrentPerform(iterations: assigned.count) { index in
      let part = Self.read(assigned[index], x: x, hierarchy: hierarchy, catalog: catalog)
      results.withLock { $0[index] = part }
    }
    // `concurrentPerform` returns once every part has run, and each has set its result.
    let parts = results.withLock { $0.compactMap { $0 } }
    precondition(parts.count == assigned.count, "every part is read")
    return parts
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

  /// One part: the compositions of the places of `pieces`, by owner.
  private static func read(
    _ pieces: [Piece], x: [UInt32], hierarchy: ClusterHierarchy, catalog: PlaceCatalog
  ) -> Part {
    // Every place, with its owner, walked down from its pieces' levels.
    var owners: [Int] = []
    var handles: [UInt32] = []
    var positions: [(x: UInt32, y: UInt32)] = []
    if let level = pieces.first?.level {
      hierarchy.forEachPlace(ofEach: pieces.map(\.entry), at: level) { index, handle, x, y in
        owners.append(pieces[index].owner)
        handles.append(handle)
        positions.append((x, y))
      }
    }
    // Each place's category number, looked up by name only when it differs from the last
    // read, and its population.
    var numbering = CategoryNumbering()
    var categories = [Int](repeating: 0, count: handles.count)
    var populations = [Int](repeating: 0, count: handles.count)
    var last: (category: String?, number: Int)?
    catalog.forEachCategoryAndPopulation(ofHandles: handles) { index, category, population in
      populations[index] = population ?? 0
      if let last, last.category == category {
        categories[index] = last.number
      } else {
        let number = numbering.number(of: category)
        categories[index] = number
        last = (category, number)
      }
    }
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
    var shareOfCategory = [Int32](repeating: 0, count: numbering.names.count)
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
    part.names = numbering.names
    return part
  }
}
