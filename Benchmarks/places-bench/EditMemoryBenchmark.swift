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
    /// The bytes edits added beside the cluster levels as built: their patches, and a rebuild
    /// under way (see ``ClusterHierarchy/editByteCount``).
    let clusterEditBytes: (patches: Int, rebuild: Int)
  }

  /// A failure of the measured path, with what went wrong.
  private struct Failure: Error {
    let message: String
  }

  /// Compares the memory `edited` holds, the catalog `editCount` random edits one at a time
  /// left (see ``SustainedEditBenchmark``), with a fresh catalog of its places, every index
  /// built in both; `edited` is released.
  static func run(
    edited: inout PlaceCatalog?, editCount: Int, initialCount: Int, quick: Bool,
    report: inout Report
  ) {
    let name =
      "Memory after \(editCount) random edits vs a fresh catalog of the same places "
      + "(\(initialCount) places at first)"
    let target = Target.ratioAtMost(1.5)
    guard MemoryProbe.heapBytesInUse() != nil else {
      report.add(
        .skipped(
          section: "edits", name: name, unit: "MB", target: target,
          reason: "the allocator's statistics are unavailable (glibc only)"))
      return
    }
    do {
      edited?.prepareIndexes()
      // The names the edits made stay alive in these places, outside both catalogs measured.
      let finalPlaces = Array(edited ?? .empty)
      let editedFootprint = try footprint(releasing: &edited)
      // The fresh catalog keeps the array it is made from as its places array, as one an app
      // loads does once the loader's array is gone; made from `finalPlaces` itself, it would
      // share that array with this function and leave it out of its footprint (17.7 MB at
      // 170,000 places). So it gets an array of its own, holding the same names.
      var fresh: PlaceCatalog? = try PlaceCatalog(finalPlaces.map { $0 })
      fresh?.prepareIndexes()
      let freshFootprint = try footprint(releasing: &fresh)
      let value = Double(editedFootprint.heapBytes) / 1e6
      let baseline = Double(freshFootprint.heapBytes) / 1e6
      let indexMegabytes = (
        edited: Report.format(Double(editedFootprint.indexBytes) / 1e6),
        fresh: Report.format(Double(freshFootprint.indexBytes) / 1e6)
      )
      var note = [
        "\(editCount) edits (\(RandomEdits.mix)), drawn with SplitMix64 seed",
        "\(SustainedEditBenchmark.seed), applied one at a time with PlacesModel.apply to a",
        "catalog of \(initialCount) places whose indexes were built first, screens attached;",
        "prepareIndexes() on the last catalog (\(finalPlaces.count) places) and on a fresh",
        "PlaceCatalog of its places; memory is the heap bytes in use freed when each catalog",
        "is released, read once background work has settled (its places array, which the",
        "fresh catalog keeps as it was made from it and the edited one does not keep, index",
        "by id and every index; names are shared and not counted); the indexes' own byteCounts",
        "(spatial, names, order by name,",
        "clusters): \(indexMegabytes.edited) MB edited, \(indexMegabytes.fresh) MB fresh;",
        "besides, the clusters' edits: patches",
        "\(Report.format(Double(editedFootprint.clusterEditBytes.patches) / 1e6)) MB, a rebuild",
        "under way \(Report.format(Double(editedFootprint.clusterEditBytes.rebuild) / 1e6)) MB",
      ].joined(separator: " ")
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

  // MARK: - Memory

  /// Reads the memory `catalog` holds, its indexes built, then releases it.
  private static func footprint(releasing catalog: inout PlaceCatalog?) throws -> Footprint {
    let (indexBytes, clusterEditBytes) = try indexByteCount(of: catalog)
    guard let before = MemoryProbe.settledHeapBytesInUse() else {
      throw Failure(message: "the allocator's statistics could not be read")
    }
    catalog = nil
    guard let after = MemoryProbe.settledHeapBytesInUse() else {
      throw Failure(message: "the allocator's statistics could not be read")
    }
    return Footprint(
      heapBytes: before - after, indexBytes: indexBytes, clusterEditBytes: clusterEditBytes)
  }

  /// The bytes the built indexes of `catalog` report, besides the one by identifier, and
  /// those edits added beside its cluster levels; kept out of line so that no copy of the
  /// catalog outlives the call.
  @inline(never)
  private static func indexByteCount(
    of catalog: PlaceCatalog?
  ) throws -> (indexes: Int, clusterEdits: (patches: Int, rebuild: Int)) {
    guard let catalog else { throw Failure(message: "no catalog to measure") }
    let clusters = catalog.clusterHierarchy(
      radius: PlaceCatalog.standardClusterRadius,
      maximumLevel: PlaceCatalog.standardClusterMaximumLevel)
    let indexes =
      catalog.spatialIndex.byteCount + catalog.nameIndex.byteCount + catalog.nameOrder.byteCount
      + clusters.byteCount
    return (indexes, clusters.editByteCounts)
  }
}
