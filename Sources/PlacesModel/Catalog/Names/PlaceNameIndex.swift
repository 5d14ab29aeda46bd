/// Finds the places whose names match a query, ranked, without scanning the catalog.
///
/// ## Matching and ranking
/// Names and queries are compared folded (see ``SearchFolding``): case- and
/// diacritic-insensitive, with words separated by single spaces. A place matches when its
/// folded name, or any later word of it onwards, starts with the folded query, so `sao paulo`
/// and `paulo` both find São Paulo; or, failing that, when it does so with typos, so
/// `stokholm` finds Stockholm.
///
/// Typos follow Meilisearch's rules. Each word of the query may have typos of its own: none
/// in a word of fewer than 5 letters (Unicode scalars of the folded word), one in a word of 5
/// to 8, two from 9. A typo is a letter inserted, deleted, replaced, or two adjacent letters
/// swapped (the optimal-string-alignment distance); a typo at a word's first letter (replacing
/// or deleting it, inserting before it, or swapping it with the second) counts as two. The
/// query's words before its last must each match a whole word of the name, in order, from the
/// name's first word or a later one; the last query word may match the start of the next word
/// of the name, as without typos, so a word typed halfway is forgiven too. A match's typos are
/// the sum over the query's words, and a place matching in several ways counts its fewest.
/// A query of more than ``typoLetterLimit`` letters is matched without typos only.
///
/// Matches are ranked by ``SearchMatchKind``: exact names, then name prefixes, then word
/// prefixes, then matches with typos, fewest typos first. Within a kind (and a number of
/// typos), places nearest to the given location come first, in the package's one
/// nearest-first order (``Coordinate/distance(to:)``, then catalog position); without a
/// location, the most populous first (an unknown population counts as 0). Remaining ties go
/// by folded name (byte by byte, which is by Unicode scalar), then by identifier, so the order
/// is always the same.
///
/// ## How it works, and what it costs
/// The index keeps every folded name once, in one byte buffer sorted by folded name, and a
/// second sorted table of the positions where the later words start. A query finds the
/// names and words that start with it by binary search: they form one contiguous range in
/// each table. It then ranks only the matches it returns:
/// - without a location, a range-minimum tree over the population rank hands out the best
///   match of a range, then the best of the two ranges either side of it, and so on, so a query
///   costs O(log *n* + *k* log *n*) for *k* matches returned, however many names match;
/// - with a location, the matching range is scanned once, keeping the *k* nearest in a heap:
///   O(log *n* + *r* log *k*) for *r* matching names. A name whose chord on the unit sphere
///   alone shows it farther than the *k*th nearest so far is passed over without computing its
///   distance. Every name starting with the same letter
///   is at most 12% of the world file (about 20,000 for `s`), each costing a few nanoseconds.
///
/// A kind is only looked at when the kinds before it leave room, so word prefixes cost nothing
/// when enough names start with the query, and typos are only looked for when the matches
/// without them do not fill the limit. Matches with typos are found by walking the same two
/// sorted tables as tries (``TypoWalk``): the names that share a prefix form a contiguous
/// range, and a prefix is left as soon as no name under it can match within the budgets, so
/// the walk visits the prefixes near the query, not the catalog; once a prefix has spent a
/// word's budget, the few texts that may still follow it are each found by one binary search,
/// not letter by letter. The matches form ranges of the tables, ranked as above.
///
/// Building costs O(*n* log *n*) for *n* places (sorts of the folded names, of the population
/// ranks and of the word starts): about 0.2 s for the 170,391 places of the world file, once
/// per catalog. Memory, see ``byteCount``: per place, its folded name (10 bytes on average), 4
/// bytes of offset, 4 of catalog position, 24 for its point on the unit sphere and 12 for its
/// rank and the tree; per word after the first, 20 bytes. That is 63 bytes per place on the
/// world file (0.44 later words per place), besides the catalog, which is shared, not copied.
///
/// The index is an immutable value: ``PlaceCatalog`` builds it once per catalog, then it may be
/// queried from any thread.
package struct PlaceNameIndex: Sendable {
  /// The catalog, in the order given.
  package let places: [Place]

  /// The folded names, concatenated in name-entry order.
  let text: [UInt8]
  /// Name entry `i` is `text[nameStart[i]..<nameStart[i + 1]]`; `count + 1` offsets.
  let nameStart: [UInt32]
  /// The catalog position of the place of name entry `i`.
  let namePlace: [UInt32]
  /// The point on the unit sphere of the place of name entry `i`: its squared chord to the
  /// origin bounds its distance cheaply (see `Search.best`).
  let namePoint: [UnitVector]
  /// Name entries by population rank.
  let nameTree: RangeMinimumTree
  /// Word entry `j` is `text[wordStart[j]..<nameStart[wordName[j] + 1]]`.
  let wordStart: [UInt32]
  /// The name entry that word entry `j` is a word of.
  let wordName: [UInt32]
  /// Word entries by the population rank of their name entry.
  let wordTree: RangeMinimumTree

  /// Builds the index of `places`.
  ///
  /// - Complexity: O(*n* log *n*) for *n* places.
  package init(places: [Place]) {
    self.places = places
    var folded: [UInt8] = []
    folded.reserveCapacity(places.count * 12)
    var foldedStart: [Int] = [0]
    foldedStart.reserveCapacity(places.count + 1)
    for place in places {
      SearchFolding.appendFolded(place.name, to: &folded)
      foldedStart.append(folded.count)
    }
    let ids = places.map(\.id)

    // Name entries: the places sorted by folded name, then by identifier.
    let order = folded.withUnsafeBufferPointer { bytes in
      Array(places.indices).sorted { left, right in
        let comparison = Self.compare(
          bytes, foldedStart[left]..<foldedStart[left + 1],
          foldedStart[right]..<foldedStart[right + 1])
        return comparison != 0 ? comparison < 0 : ids[left] < ids[right]
      }
    }
    var text: [UInt8] = []
    text.reserveCapacity(folded.count)
    var nameStart: [UInt32] = [0]
    nameStart.reserveCapacity(places.count + 1)
    folded.withUnsafeBufferPointer { bytes in
      for position in order {
        text.append(
          contentsOf: UnsafeBufferPointer(
            rebasing: bytes[foldedStart[position]..<foldedStart[position + 1]]))
        nameStart.append(UInt32(text.count))
      }
    }
    self.text = text
    self.nameStart = nameStart
    namePlace = order.map { UInt32($0) }
    namePoint = order.map { UnitVector(places[$0].coordinate) }

    // Population rank: most populous first, then in name-entry order (folded name, identifier).
    let populations = order.map { places[$0].population ?? 0 }
    let byPopulation = order.indices.sorted { left, right in
      populations[left] != populations[right]
        ? populations[left] > populations[right] : left < right
    }
    var rank = [UInt32](repeating: 0, count: order.count)
    for (position, entry) in byPopulation.enumerated() {
      rank[entry] = UInt32(position)
    }
    nameTree = RangeMinimumTree(keys: rank)

    // Word entries: where each later word starts, sorted by the text from there on.
    var words: [(start: UInt32, name: UInt32)] = []
    let space = UInt8(ascii: " ")
    for (offset, byte) in text.enumerated() where byte == space {
      words.append((UInt32(offset + 1), 0))
    }
    var entry = 0
    for word in words.indices {
      while nameStart[entry + 1] < words[word].start { entry += 1 }
      words[word].name = UInt32(entry)
    }
    let wordsInOrder = text.withUnsafeBufferPointer { bytes in
      words.sorted { left, right in
        let comparison = Self.compare(
          bytes, Int(left.start)..<Int(nameStart[Int(left.name) + 1]),
          Int(right.start)..<Int(nameStart[Int(right.name) + 1]))
        return comparison != 0 ? comparison < 0 : left.name < right.name
      }
    }
    wordStart = wordsInOrder.map(\.start)
    wordName = wordsInOrder.map(\.name)
    wordTree = RangeMinimumTree(keys: wordsInOrder.map { rank[Int($0.name)] })
  }

  // MARK: - Queries

  /// The most letters (Unicode scalars of the folded query, its spaces aside) of a query for
  /// which matches with typos are looked for; a longer query is matched without typos only.
  ///
  /// Looking for typos lays out a table of edit distances for each query word, of about the
  /// square of its length: a query of 100,000 letters asked for 80 GB. Place names are far
  /// shorter than the limit (the longest in the world file has 79 letters), so no name a
  /// query of more letters could match with a few typos is left out in practice.
  package static var typoLetterLimit: Int { 256 }

  /// The places whose names match `query`, best first, at most `limit` of them.
  ///
  /// - Parameters:
  ///   - query: Any text; it is folded first. A query that folds to nothing (only spaces or
  ///     punctuation) matches nothing.
  ///   - origin: The location to rank by, nearest first, and to measure distances from; `nil`
  ///     ranks by population.
  ///   - limit: The most matches to return; `0` or less returns none.
  ///   - allowsTypos: Whether to look for matches with typos when those without do not fill
  ///     `limit`; `true` unless given. Typos are not looked for in a query of more than
  ///     ``typoLetterLimit`` letters.
  /// - Returns: The matches, each place at most once with its best kind, as the catalog
  ///   position of its place and, with a location, its distance from it.
  /// - Complexity: O(*m* + log *n* + *k* log *n*) for a query of *m* scalars and *k* matches
  ///   without a location; with one, O(*m* + log *n* + *r* log *k*) where *r* counts the
  ///   names (and, when they leave room, the words) that start with the query. Looking for
  ///   typos adds the prefixes of the names within the query words' budgets, O(*m*) each.
  package func matches(
    for query: String, near origin: Coordinate?, limit: Int, allowsTypos: Bool = true
  ) -> [(position: Int, kind: SearchMatchKind, distance: Double?)] {
    rankedMatches(for: query, near: origin, limit: limit, allowsTypos: allowsTypos).map {
      ($0.position, $0.kind, $0.distance)
    }
  }

  /// ``matches(for:near:limit:allowsTypos:)``, with the typos of each match (0 but for
  /// ``SearchMatchKind/typo``): what ranks it among the matches with typos.
  ///
  /// Near a location, `liveCoordinate` gives the coordinate of each catalog position whose
  /// place may have moved since the index was built (`nil` for one that has not): those are
  /// ranked, and their distances measured, where they are now. `nil` when no place moved.
  func rankedMatches(
    for query: String, near origin: Coordinate?, limit: Int, allowsTypos: Bool,
    liveCoordinate: ((Int) -> Coordinate?)? = nil
  ) -> [RankedNameMatch] {
    let folded = SearchFolding.folded(query)
    let key = Array(folded.utf8)
    guard !key.isEmpty, limit > 0 else { return [] }
    let distanceOrigin = origin.map(DistanceOrigin.init)
    var words =
      allowsTypos ? folded.split(separator: " ").map { $0.unicodeScalars.map(\.value) } : []
    // Too long a query lays out no tables of edit distances: see `typoLetterLimit`.
    if words.reduce(0, { $0 + $1.count }) > Self.typoLetterLimit { words = [] }
    return text.withUnsafeBufferPointer { bytes in
      let search = Search(
        index: self, bytes: bytes, key: key, words: words, origin: distanceOrigin,
        originPoint: origin.map(UnitVector.init), liveCoordinate: liveCoordinate)
      return search.run(limit: limit).map { entry, kind, typos in
        let position = Int(namePlace[entry])
        return RankedNameMatch(
          position: position, kind: kind, typos: typos,
          distance: distanceOrigin.map {
            $0.distance(to: liveCoordinate?(position) ?? places[position].coordinate)
          })
      }
    }
  }

  /// The memory the index holds, in bytes, beyond the catalog it shares: the folded text and
  /// the tables' elements (not their spare capacity).
  package var byteCount: Int {
    text.count + nameStart.count * 4 + namePlace.count * 4
      + namePoint.count * MemoryLayout<UnitVector>.stride + nameTree.byteCount
      + wordStart.count * 4 + wordName.count * 4 + wordTree.byteCount
  }

  // MARK: - One query

  /// The state of one query, over the index's bytes.
  private struct Search {
    let index: PlaceNameIndex
    let bytes: UnsafeBufferPointer<UInt8>
    let key: [UInt8]
    /// The folded query's words, as Unicode scalar values, for matches with typos; empty when
    /// typos are not allowed.
    let words: [[UInt32]]
    let origin: DistanceOrigin?
    /// The origin on the unit sphere, for the squared chords that bound distances.
    let originPoint: UnitVector?
    /// The coordinate now of a catalog position whose place may have moved since the build.
    let liveCoordinate: ((Int) -> Coordinate?)?

    func run(limit: Int) -> [(entry: Int, kind: SearchMatchKind, typos: Int)] {
      let nameCount = index.namePlace.count
      let names = range(count: nameCount) { index.name(at: $0) }
      var found: [(entry: Int, kind: SearchMatchKind, typos: Int)] = []
      // Within the names that start with the key, those equal to it come first.
      let exactEnd = firstPosition(in: names) { index.name(at: $0).count > key.count }
      let exact = names.lowerBound..<exactEnd
      for entry in best(of: [EntryRun(exact, isWords: false)], limit: limit) {
        found.append((entry, .exactName, 0))
      }
      let prefixes = exactEnd..<names.upperBound
      for entry in best(of: [EntryRun(prefixes, isWords: false)], limit: limit - found.count) {
        found.append((entry, .namePrefix, 0))
      }
      guard found.count < limit else { return found }
      let words = range(count: index.wordStart.count) { index.word(at: $0) }
      var seen = Set<Int>()
      let wordEntries = best(
        of: [EntryRun(words, isWords: true)], limit: limit - found.count,
        isWanted: { entry in !names.contains(entry) && seen.insert(entry).inserted })
      for entry in wordEntries {
        found.append((entry, .wordPrefix, 0))
      }
      guard found.count < limit else { return found }
      appendMatchesWithTypos(to: &found, limit: limit)
      return found
    }

    /// Appends the matches with typos, fewest typos first, until `found` holds `limit`
    /// matches; every match without typos is in `found` already.
    ///
    /// The matches with one typo are looked for first, which is much cheaper; those with more
    /// only when they do not fill the limit.
    private func appendMatchesWithTypos(
      to found: inout [(entry: Int, kind: SearchMatchKind, typos: Int)], limit: Int
    ) {
      let budget = words.reduce(0) { $0 + TypoWalk.budget(forLength: $1.count) }
      guard budget > 0 else { return }
      var taken = Set(found.map(\.entry))
      for maximumTypos in budget > 1 ? [1, budget] : [1] where found.count < limit {
        var runs: [(run: EntryRun, typos: Int)] = []
        index.nameStart.withUnsafeBufferPointer { nameStart in
          let names = NameTable(nameStart: nameStart)
          for match in TypoWalk.matches(
            in: names, bytes: bytes, words: words, maximumTypos: maximumTypos)
          {
            runs.append((EntryRun(match.entries, isWords: false), match.typos))
          }
          index.wordStart.withUnsafeBufferPointer { wordStart in
            index.wordName.withUnsafeBufferPointer { wordName in
              let table = WordTable(nameStart: nameStart, wordStart: wordStart, wordName: wordName)
              for match in TypoWalk.matches(
                in: table, bytes: bytes, words: words, maximumTypos: maximumTypos)
              {
                runs.append((EntryRun(match.entries, isWords: true), match.typos))
              }
            }
          }
        }
        for typos in Set(runs.map(\.typos)).sorted() where found.count < limit {
          let level = runs.filter { $0.typos == typos }.map(\.run)
          for entry in best(
            of: level, limit: limit - found.count, isWanted: { taken.insert($0).inserted })
          {
            found.append((entry, .typo, typos))
          }
        }
      }
    }

    /// The range of positions, among `count` sorted keys read by `keyAt`, whose keys start
    /// with the query's key.
    private func range(count: Int, keyAt: (Int) -> Range<Int>) -> Range<Int> {
      let all = 0..<count
      let lower = firstPosition(in: all) { compareWithKey(keyAt($0)) >= 0 }
      let upper = firstPosition(in: lower..<count) { compareWithKey(keyAt($0)) > 0 }
      return lower..<upper
    }

    /// The first position in `range` where `isAfter` holds, or its end; `isAfter` must be
    /// false then true along the range.
    private func firstPosition(in range: Range<Int>, where isAfter: (Int) -> Bool) -> Int {
      range.partitioningIndex(where: isAfter)
    }

    /// -1, 0 or 1 as the text at `span` sorts before, starts with, or sorts after the key.
    private func compareWithKey(_ span: Range<Int>) -> Int {
      let length = min(span.count, key.count)
      var offset = 0
      while offset < length {
        let byte = bytes[span.lowerBound + offset]
        let keyByte = key[offset]
        if byte != keyByte { return byte < keyByte ? -1 : 1 }
        offset += 1
      }
      return span.count < key.count ? -1 : 0
    }

    /// The best `limit` name entries among the entries of `runs` (name or word entries, a word
    /// entry standing for its name's), each accepted by `isWanted`: most populous first, or,
    /// near a location, in the package's one nearest-first order.
    private func best(
      of runs: [EntryRun], limit: Int, isWanted: (Int) -> Bool = { _ in true }
    ) -> [Int] {
      guard limit > 0, runs.contains(where: { !$0.range.isEmpty }) else { return [] }
      guard let origin else {
        let trees = runs.map { (tree: $0.isWords ? index.wordTree : index.nameTree, $0.range) }
        return RangeMinimumTree.positionsOfSmallest(in: trees, limit: limit) { run, position in
          isWanted(nameEntry(position, isWord: runs[run].isWords))
        }
        .map { nameEntry($0.position, isWord: runs[$0.run].isWords) }
      }
      var nearest = MinimumHeap<Farther>()
      var members = Set<Int>()
      let originPoint = originPoint ?? UnitVector(origin.coordinate)
      // Once the heap is full: the squared chord beyond which a name is surely farther than
      // the farthest kept. The chord grows with the distance, so comparing chords passes over
      // most names without a distance; the slack covers rounding (chords agree with distances
      // to far better than 1e-11), so the order is the distances' exactly.
      var cutoff = Double.infinity
      for run in runs {
        for position in run.range {
          let entry = nameEntry(position, isWord: run.isWords)
          let place = Int(index.namePlace[entry])
          // A place that moved is measured where it is now, its chord included.
          let moved = liveCoordinate?(place)
          let chordSquared =
            if let moved { originPoint.squaredDistance(to: UnitVector(moved)) } else {
              originPoint.squaredDistance(to: index.namePoint[entry])
            }
          if chordSquared > cutoff { continue }
          guard !members.contains(entry), isWanted(entry) else { continue }
          let candidate = Farther(
            key: DistanceKey(
              distance: origin.distance(to: moved ?? index.places[place].coordinate),
              position: place),
            chordSquared: chordSquared, entry: entry)
          if nearest.count < limit {
            nearest.insert(candidate)
            members.insert(entry)
          } else if let worst = nearest.minimum, candidate.key < worst.key {
            members.remove(worst.entry)
            nearest.replaceMinimum(with: candidate)
            members.insert(entry)
          } else {
            continue
          }
          if nearest.count == limit, let worst = nearest.minimum {
            cutoff = worst.chordSquared + 1e-11
          }
        }
      }
      return nearest.removeAll().sorted { $0.key < $1.key }.map(\.entry)
    }

    /// The name entry of name or word entry `position`.
    @inline(__always)
    private func nameEntry(_ position: Int, isWord: Bool) -> Int {
      isWord ? Int(index.wordName[position]) : position
    }
  }

  /// The names as a table for ``TypoWalk``.
  private struct NameTable: TypoWalkTable {
    let nameStart: UnsafeBufferPointer<UInt32>

    var count: Int { nameStart.count - 1 }

    @inline(__always)
    func bounds(of entry: Int) -> (start: Int, end: Int) {
      (Int(nameStart[entry]), Int(nameStart[entry + 1]))
    }
  }

  /// The words, each the text of its name from that word on, as a table for ``TypoWalk``.
  private struct WordTable: TypoWalkTable {
    let nameStart: UnsafeBufferPointer<UInt32>
    let wordStart: UnsafeBufferPointer<UInt32>
    let wordName: UnsafeBufferPointer<UInt32>

    var count: Int { wordStart.count }

    @inline(__always)
    func bounds(of entry: Int) -> (start: Int, end: Int) {
      (Int(wordStart[entry]), Int(nameStart[Int(wordName[entry]) + 1]))
    }
  }

  /// A run of consecutive entries of the names or of the words.
  private struct EntryRun {
    var range: Range<Int>
    var isWords: Bool

    init(_ range: Range<Int>, isWords: Bool) {
      self.range = range
      self.isWords = isWords
    }
  }

  // MARK: - Entries

  private func name(at entry: Int) -> Range<Int> {
    Int(nameStart[entry])..<Int(nameStart[entry + 1])
  }

  private func word(at entry: Int) -> Range<Int> {
    Int(wordStart[entry])..<Int(nameStart[Int(wordName[entry]) + 1])
  }

  /// -1, 0 or 1 as the bytes at `left` sort before, equal to, or after those at `right`.
  private static func compare(
    _ bytes: UnsafeBufferPointer<UInt8>, _ left: Range<Int>, _ right: Range<Int>
  ) -> Int {
    let length = min(left.count, right.count)
    var offset = 0
    while offset < length {
      let leftByte = bytes[left.lowerBound + offset]
      let rightByte = bytes[right.lowerBound + offset]
      if leftByte != rightByte { return leftByte < rightByte ? -1 : 1 }
      offset += 1
    }
    if left.count == right.count { return 0 }
    return left.count < right.count ? -1 : 1
  }
}

/// A candidate match ordered so that the heap's minimum is the farthest: the one to drop.
private struct Farther: Comparable, Sendable {
  /// The place's distance and catalog position: the package's nearest-first order.
  let key: DistanceKey
  /// The squared chord to the place on the unit sphere, which bounds the distance.
  let chordSquared: Double
  /// The name entry.
  let entry: Int

  static func < (left: Farther, right: Farther) -> Bool {
    right.key < left.key
  }

  static func == (left: Farther, right: Farther) -> Bool {
    left.key == right.key
  }
}
