import PlacesModel

/// Live places over time: the memory a catalog holds after many random edits, against a fresh
/// catalog of the same places, every index built in both.
enum EditMemoryBenchmark {
  /// The memory held by one catalog with every index built.
  private struct Footprint {
    /// The heap bytes freed when the catalog was released: its places array, its index by
    /// identifier and every other index, but not the places' strings, which are held elsewhere.
    let heapBytes: Int
    /// The bytes the indexes other than the one by identifier report themselves.
    let indexBytes: Int
  }

  /// A failure of the measured path, with what went wrong.
  private struct Failure: Error {
    let message: String
  }

  /// The seed of the random edits, so that every run makes the same ones.
  private static let seed: UInt64 = 17

  /// Applies random edits to a catalog of `places` in batches, then compares the memory it
  /// holds with a fresh catalog of the places it ends with.
  static func run(places: [Place], quick: Bool, report: inout Report) {
    let batchCount = quick ? 10 : 100
    let batchSize = quick ? 100 : 1_000
    let editCount = batchCount * batchSize
    let name =
      "Memory after \(editCount) random edits vs a fresh catalog of the same places "
      + "(\(places.count) places at first)"
    let target = Target.ratioAtMost(1.5)
    guard let heapBefore = MemoryProbe.heapBytesInUse() else {
      report.add(
        .skipped(
          section: "edits", name: name, unit: "MB", target: target,
          reason: "the allocator's statistics are unavailable (glibc only)"))
      return
    }
    do {
      let measured = try measure(places: places, batches: batchCount, batchSize: batchSize)
      let leftOver = MemoryProbe.heapBytesInUse().map { $0 - heapBefore }
      let (editedFootprint, freshFootprint) = (measured.edited, measured.fresh)
      let value = Double(editedFootprint.heapBytes) / 1e6
      let baseline = Double(freshFootprint.heapBytes) / 1e6
      var note =
        "\(editCount) edits (60% moves, 20% renames, 10% inserts of new ids, 10% removes of "
        + "ids in the catalog), drawn with SplitMix64 seed \(seed), applied with "
        + "PlaceCatalog.applying in \(batchCount) batches of \(batchSize) to a catalog of "
        + "\(places.count) places whose indexes were built first; prepareIndexes() on the last "
        + "catalog (\(measured.finalCount) places) and on a fresh PlaceCatalog of its places; "
        + "memory is the heap bytes in use freed when each catalog is released (its places "
        + "array, index by id and every index; names are shared and not counted); the indexes' "
        + "own "
        + "byteCounts (spatial, names, order by name, clusters): "
        + "\(Report.format(Double(editedFootprint.indexBytes) / 1e6)) MB edited, "
        + "\(Report.format(Double(freshFootprint.indexBytes) / 1e6)) MB fresh; the batches "
        + "took \(Report.format(measured.seconds)) s"
      if let leftOver {
        note += "; heap in use after releasing everything minus before: \(leftOver) bytes"
      }
      if quick {
        note += "; --quick: \(editCount) edits instead of 100000"
      }
      report.add(
        Figure(
          section: "edits", name: name, value: value, unit: "MB",
          baseline: (name: "fresh PlaceCatalog", value: baseline),
          ratio: Figure.ratio(value, baseline), target: target, note: note))
    } catch let failure as Failure {
      report.failures.append("edits: memory after random edits: \(failure.message)")
    } catch {
      report.failures.append("edits: memory after random edits: \(error)")
    }
  }

  /// Edits a catalog of `places` and measures it, then a fresh catalog of the same places;
  /// everything made here is released on return.
  private static func measure(
    places: [Place], batches: Int, batchSize: Int
  ) throws -> (edited: Footprint, fresh: Footprint, finalCount: Int, seconds: Double) {
    var seconds = 0.0
    var edited: PlaceCatalog? = try editedCatalog(
      of: places, batches: batches, batchSize: batchSize, seconds: &seconds)
    // The names the edits made stay alive in these places, outside both catalogs measured.
    let finalPlaces = Array(edited ?? .empty)
    let editedFootprint = try footprint(releasing: &edited)
    var fresh: PlaceCatalog? = try PlaceCatalog(finalPlaces.map { $0 })
    fresh?.prepareIndexes()
    let freshFootprint = try footprint(releasing: &fresh)
    return (editedFootprint, freshFootprint, finalPlaces.count, seconds)
  }

  // MARK: - Edits

  /// The catalog of `places` after `batches` batches of `batchSize` random edits.
  ///
  /// Every index of the first catalog is built before the edits, as an app builds them at
  /// launch, and every index of the last after them. `seconds` is set to the time the batches
  /// took, their making included.
  private static func editedCatalog(
    of places: [Place], batches: Int, batchSize: Int, seconds: inout Double
  ) throws -> PlaceCatalog {
    var generator = SplitMix64(seed: seed)
    var catalog = try PlaceCatalog(places)
    catalog.prepareIndexes()
    // The identifiers in the catalog, as the edits generated so far leave it.
    var liveIDs = places.map(\.id)
    var nextID: Int64 = 10_000_000_000
    let clock = ContinuousClock()
    let start = clock.now
    for batch in 0..<batches {
      if batch.isMultiple(of: max(batches / 4, 1)) {
        progress("edits: memory after random edits, batch \(batch + 1) of \(batches)")
      }
      // The places this batch has edited so far, by identifier.
      var editedInBatch: [Place.ID: Place] = [:]
      var edits: [PlaceEdit] = []
      edits.reserveCapacity(batchSize)
      for _ in 0..<batchSize {
        let roll = Int.random(in: 0..<10, using: &generator)
        if roll < 8 || liveIDs.count < 2 {
          let id = liveIDs[Int.random(in: liveIDs.indices, using: &generator)]
          guard let place = editedInBatch[id] ?? catalog.place(withID: id) else {
            throw Failure(message: "the generator lost track of place \(id)")
          }
          let other = catalog[Int.random(in: catalog.indices, using: &generator)]
          let changed =
            roll < 6
            ? moved(place, using: &generator)
            : renamed(place, after: other, using: &generator)
          editedInBatch[id] = changed
          edits.append(.update(changed))
        } else if roll == 8 {
          let near = catalog[Int.random(in: catalog.indices, using: &generator)]
          let place = inserted(id: PlaceID(nextID), near: near, using: &generator)
          nextID += 1
          liveIDs.append(place.id)
          editedInBatch[place.id] = place
          edits.append(.insert(place))
        } else {
          let index = Int.random(in: liveIDs.indices, using: &generator)
          let id = liveIDs[index]
          liveIDs.swapAt(index, liveIDs.count - 1)
          liveIDs.removeLast()
          editedInBatch[id] = nil
          edits.append(.remove(id))
        }
      }
      catalog = try catalog.applying(edits).catalog
    }
    seconds = Self.seconds(clock.now - start)
    catalog.prepareIndexes()
    return catalog
  }

  /// `place` moved by up to 0.05 degrees each way, as a vehicle or a corrected position moves.
  private static func moved(_ place: Place, using generator: inout SplitMix64) -> Place {
    Place(
      id: place.id, name: place.name,
      coordinate: coordinate(near: place.coordinate, using: &generator),
      category: place.category, country: place.country, population: place.population)
  }

  /// `place` with a new name, made from the start of `other`'s and a number.
  private static func renamed(
    _ place: Place, after other: Place, using generator: inout SplitMix64
  ) -> Place {
    Place(
      id: place.id, name: newName(after: other, using: &generator),
      coordinate: place.coordinate, category: place.category, country: place.country,
      population: place.population)
  }

  /// A new place with identifier `id`, a new name and a coordinate near `near`.
  private static func inserted(
    id: PlaceID, near: Place, using generator: inout SplitMix64
  ) -> Place {
    Place(
      id: id, name: newName(after: near, using: &generator),
      coordinate: coordinate(near: near.coordinate, using: &generator),
      category: near.category, country: near.country,
      population: Bool.random(using: &generator)
        ? nil : Int.random(in: 1..<100_000, using: &generator))
  }

  /// A name made now, as one read from the network is: the first 24 characters of `place`'s
  /// and a number from 1 to 999.
  private static func newName(after place: Place, using generator: inout SplitMix64) -> String {
    "\(place.name.prefix(24)) \(Int.random(in: 1..<1_000, using: &generator))"
  }

  /// A valid coordinate up to 0.05 degrees from `coordinate` each way, clamped to the globe.
  private static func coordinate(
    near coordinate: Coordinate, using generator: inout SplitMix64
  ) -> Coordinate {
    let latitude = coordinate.latitude + Double.random(in: -0.05...0.05, using: &generator)
    let longitude = coordinate.longitude + Double.random(in: -0.05...0.05, using: &generator)
    return
      (try? Coordinate(
        latitude: min(max(latitude, -90), 90), longitude: min(max(longitude, -180), 180)))
      ?? coordinate
  }

  // MARK: - Memory

  /// Reads the memory `catalog` holds, its indexes built, then releases it.
  private static func footprint(releasing catalog: inout PlaceCatalog?) throws -> Footprint {
    let indexBytes = try indexByteCount(of: catalog)
    guard let before = MemoryProbe.heapBytesInUse() else {
      throw Failure(message: "the allocator's statistics could not be read")
    }
    catalog = nil
    guard let after = MemoryProbe.heapBytesInUse() else {
      throw Failure(message: "the allocator's statistics could not be read")
    }
    return Footprint(heapBytes: before - after, indexBytes: indexBytes)
  }

  /// The bytes the built indexes of `catalog` report, besides the one by identifier; kept out
  /// of line so that no copy of the catalog outlives the call.
  @inline(never)
  private static func indexByteCount(of catalog: PlaceCatalog?) throws -> Int {
    guard let catalog else { throw Failure(message: "no catalog to measure") }
    return catalog.spatialIndex.byteCount + catalog.nameIndex.byteCount
      + catalog.nameOrder.byteCount
      + catalog.clusterHierarchy(
        radius: PlaceCatalog.standardClusterRadius,
        maximumLevel: PlaceCatalog.standardClusterMaximumLevel
      ).byteCount
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
