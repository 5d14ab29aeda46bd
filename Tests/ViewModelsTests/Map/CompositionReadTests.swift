import PlacesModel
import PlacesModelTestSupport
import Testing
import ViewModelTestSupport
import ViewModels

/// The compositions by category of many clusters read together, in parts read at the same
/// time, against each cluster's read alone from its own places: the parts add up to exactly
/// the same counts, sums and representatives, however many parts and however the clusters
/// are split between them.
struct CompositionReadTests {
  /// A composition as a comparable value: each share by category name, then the entry's x.
  struct Summary: Equatable, CustomStringConvertible {
    var x: UInt32
    var shares: [String]

    init(_ composition: CategoryComposition, names: [String?]) {
      x = composition.x
      shares = composition.shares.map { share in
        "\(names[share.category] ?? "(none)"): \(share.count) places, x offsets \(share.offsetX), "
          + "y \(share.sumY), representative \(share.representative) "
          + "(population \(share.population))"
      }.sorted()
    }

    var description: String { "x \(x): \(shares)" }
  }

  /// 5,000 random places, three in four with one of five categories, populations from a
  /// small range (so that representatives tie and fall to the lowest handle), and a stack of
  /// 300 at one spot (a cluster that splits only at the place level).
  static func catalog(seed: UInt64) throws -> PlaceCatalog {
    var generator = SplitMix64(seed: seed)
    let categories = ["cafe", "museum", "station", "park", "airport"]
    var places = RandomMapScenes.catalog(count: 5_000, using: &generator).map { place in
      let pick = Int.random(in: 0..<(categories.count * 4 / 3), using: &generator)
      return Place(
        id: place.id, name: place.name, coordinate: place.coordinate,
        category: pick < categories.count ? categories[pick] : nil,
        population: Int.random(in: 0...3, using: &generator))
    }
    for number in 0..<300 {
      places.append(
        Place(
          id: PlaceID(places.count + 1), name: "Stall \(number)", coordinate: .fixture(48.85, 2.35),
          category: categories[number % 2], population: number % 7))
    }
    return try PlaceCatalog(places)
  }

  /// `catalog` after random edits in three batches: a fifth of its places moved, some
  /// renamed into another category, some removed, new ones inserted, so that its hierarchy's
  /// levels hold edited, emptied and added entries.
  static func edited(_ catalog: PlaceCatalog, seed: UInt64) throws -> PlaceCatalog {
    var generator = SplitMix64(seed: seed)
    var edited = catalog
    var nextID = 1_000_000
    for _ in 0..<3 {
      let places = edited.places
      var edits: [PlaceEdit] = []
      var touched: Set<Place.ID> = []
      for _ in 0..<(places.count / 15) {
        let place = places[Int.random(in: places.indices, using: &generator)]
        guard touched.insert(place.id).inserted else { continue }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<6:
          let coordinate = Coordinate.fixture(
            min(85, max(-85, place.coordinate.latitude + .random(in: -2...2, using: &generator))),
            min(180, max(-180, place.coordinate.longitude + .random(in: -2...2, using: &generator)))
          )
          edits.append(
            .update(
              Place(
                id: place.id, name: place.name, coordinate: coordinate, category: place.category,
                population: place.population)))
        case 6..<8:
          edits.append(.remove(place.id))
        default:
          edits.append(
            .update(
              Place(
                id: place.id, name: place.name, coordinate: place.coordinate, category: "market",
                population: 9)))
        }
      }
      for _ in 0..<(places.count / 40) {
        nextID += 1
        let near = places[Int.random(in: places.indices, using: &generator)].coordinate
        edits.append(
          .insert(
            Place(
              id: PlaceID(nextID), name: "New \(nextID)", coordinate: near, category: "market",
              population: Int.random(in: 0...9, using: &generator))))
      }
      edited = try edited.applying(edits).catalog
    }
    return edited
  }

  /// Expects the compositions of every live entry of several levels of `catalog`'s hierarchy,
  /// read together as `reading` splits them, to be those each entry's read alone gives.
  static func expectPartsAddUp(in catalog: PlaceCatalog, reading: CompositionRead) {
    let hierarchy = catalog.clusterHierarchy(radius: 60, maximumLevel: 16)
    for level in [0, 1, 3, 6, 10, hierarchy.placeLevel - 1] {
      let node = hierarchy.level(level)
      let entries = node.liveEntries
      let alone = ClusterCompositions(reading: Self.alone)
      let expected = entries.map { entry in
        Summary(
          alone.composition(
            of: entry, at: level, node: node, hierarchy: hierarchy, catalog: catalog),
          names: alone.categoryNames)
      }
      let together = ClusterCompositions(reading: reading)
      let read = together.compositions(
        of: entries, at: level, node: node, hierarchy: hierarchy, catalog: catalog)
      let found = read.map { Summary($0, names: together.categoryNames) }
      let wrong = zip(found, expected).enumerated().filter { $0.element.0 != $0.element.1 }
      let first = wrong.first.map { "\($0.element.0) against \($0.element.1)" } ?? ""
      let allAgree = wrong.isEmpty
      #expect(found.count == entries.count, "level \(level): one composition per entry")
      #expect(
        allAgree,
        "level \(level): \(wrong.count) of \(entries.count) compositions differ, first: \(first)")
    }
  }

  /// A read of each entry alone, down its own places: the reference.
  static let alone = CompositionRead(
    maximumPartCount: 1, minimumPlacesPerPart: .max, catalogOrderShare: .infinity)

  /// Reads down the entries in parts (a level's every entry holds all the places, so the
  /// read goes through the catalog in order only when told to from no more than that share).
  @Test(arguments: [81, 82, 83] as [UInt64], [1, 2, 3, 7])
  func partsAddUpToEachClusterReadAlone(seed: UInt64, maximumPartCount: Int) throws {
    // Parts of at least 16 places: the clusters are split into children many levels down.
    let reading = CompositionRead(
      maximumPartCount: maximumPartCount, minimumPlacesPerPart: 16, catalogOrderShare: 2)
    let catalog = try Self.catalog(seed: seed)
    Self.expectPartsAddUp(in: catalog, reading: reading)
    Self.expectPartsAddUp(in: try Self.edited(catalog, seed: seed), reading: reading)
  }

  /// Reads through the catalog in order, in parts of the catalog's places: the same
  /// compositions, on the catalog as made and as edited (its levels' parents changed by
  /// merges, entries emptied and added, handles removed).
  @Test(arguments: [81, 82, 83] as [UInt64], [1, 2, 3, 7])
  func readsInCatalogOrderAddUpToEachClusterReadAlone(seed: UInt64, maximumPartCount: Int) throws {
    let reading = CompositionRead(
      maximumPartCount: maximumPartCount, minimumPlacesPerPart: 16, catalogOrderShare: 0.5)
    let catalog = try Self.catalog(seed: seed)
    Self.expectPartsAddUp(in: catalog, reading: reading)
    Self.expectPartsAddUp(in: try Self.edited(catalog, seed: seed), reading: reading)
  }

  /// The standard read, on however many cores this machine has, of a catalog large enough
  /// to be read in parts where there are two cores or more (in a reduced run, as under a
  /// sanitizer, a smaller one, read in one part: the test above takes the parts' paths).
  @Test func theStandardReadAddsUpToEachClusterReadAlone() throws {
    var generator = SplitMix64(seed: 84)
    let count = TestSize.isReduced ? 4_000 : 40_000
    let places = RandomMapScenes.catalog(count: count, using: &generator).enumerated().map {
      Place(
        id: $1.id, name: $1.name, coordinate: $1.coordinate, category: "c\($0 % 3)",
        population: $0 % 5)
    }
    let catalog = try PlaceCatalog(places)
    Self.expectPartsAddUp(in: catalog, reading: .standard)
    // And down the entries, as the standard read goes for fewer of the hierarchy's places.
    let standard = CompositionRead.standard
    Self.expectPartsAddUp(
      in: catalog,
      reading: CompositionRead(
        maximumPartCount: standard.maximumPartCount,
        minimumPlacesPerPart: standard.minimumPlacesPerPart, catalogOrderShare: 2))
  }

  /// Entries already known are taken as kept, and only the others are read, in parts: the
  /// compositions come back in the order asked, whatever was known.
  ///
  /// Read through the catalog in order, the places of the entries known belong to no entry
  /// read.
  @Test(arguments: [91, 92] as [UInt64], [0.5, 2])
  func aReadOfSomeKnownEntriesGivesEveryEntryInOrder(seed: UInt64, catalogOrderShare: Double)
    throws
  {
    let catalog = try Self.catalog(seed: seed)
    let hierarchy = catalog.clusterHierarchy(radius: 60, maximumLevel: 16)
    let level = 4
    let node = hierarchy.level(level)
    let entries = node.liveEntries
    let compositions = ClusterCompositions(
      reading: CompositionRead(
        maximumPartCount: 3, minimumPlacesPerPart: 16, catalogOrderShare: catalogOrderShare))
    // Every third entry first, then all: the second read mixes kept and read ones.
    _ = compositions.compositions(
      of: entries.enumerated().filter { $0.offset % 3 == 0 }.map(\.element), at: level,
      node: node, hierarchy: hierarchy, catalog: catalog)
    let read = compositions.compositions(
      of: entries, at: level, node: node, hierarchy: hierarchy, catalog: catalog)
    let alone = ClusterCompositions(reading: Self.alone)
    for (entry, composition) in zip(entries, read) {
      let expected = alone.composition(
        of: entry, at: level, node: node, hierarchy: hierarchy, catalog: catalog)
      #expect(
        Summary(composition, names: compositions.categoryNames)
          == Summary(expected, names: alone.categoryNames), "entry \(entry)")
    }
  }
}
