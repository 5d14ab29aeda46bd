import Foundation
import PlacesModel
import ViewModels

/// Live places over time: a long stream of random edits, each applied alone through the
/// model's public API with the screens of an app attached, every index built first; the
/// figures a single edit hides (the mean, the slowest, and whether the cost grows with the
/// history), then batches of moves after the stream against as many before it, and
/// the memory the edited catalog holds.
enum SustainedEditBenchmark {
  /// The screens of one app over one catalog, each drawing nothing, every index built.
  private final class Scene {
    let model: PlacesModel
    let map: MapViewModel
    let list: ListViewModel
    let search: SearchViewModel
    let mapView = NoOpMapView()
    let listView = NoOpListView()
    let searchView = NoOpSearchView()

    /// The map at city zoom over the middle place, the list (by distance from that place when
    /// `byDistance`, else by name) and a search for "stock".
    init(places: [Place], byDistance: Bool) throws {
      model = try PlacesModel(places: places)
      let centre = places[places.count / 2].coordinate
      map = MapViewModel(
        model: model, camera: try MapCamera(centre: centre, zoom: 11),
        viewSize: MapBenchmarks.viewSize)
      list = ListViewModel(model: model)
      search = SearchViewModel(model: model)
      map.view = mapView
      list.view = listView
      search.view = searchView
      search.queryChanged("stock")
      if byDistance {
        model.location = centre
      }
      model.places.prepareIndexes()
      _ = list.rows.first  // The list's order, as a screen showing rows has built it.
    }
  }

  /// What a stream of edits measured.
  private struct Stream {
    /// Each edit's milliseconds, in order.
    let milliseconds: [Double]
    /// Each edit's milliseconds of CPU time on the calling thread, in order.
    let cpuMilliseconds: [Double]
    /// What the slowest edit was: a move, a rename, an insert or a remove.
    let slowestEdit: String
    /// The moves in each batch.
    let batchSize: Int
    /// The milliseconds of each batch of moves applied before the stream, and after it.
    let batchesBefore: [Double]
    let batchesAfter: [Double]
    /// The places the spatial index held as changed since its last full build, after the
    /// stream.
    let changedPlaces: Int
  }

  /// The seed of the random edits, so that every run makes the same ones.
  static let seed: UInt64 = 17

  /// Streams `editCount` random edits (100,000, or 3,000 when `quick`) with the list by name,
  /// then by distance; returns the last catalog of the first, every screen released, and the
  /// number of edits, for the memory figure.
  static func run(
    places: [Place], quick: Bool, editCount: Int? = nil, report: inout Report
  ) -> (catalog: PlaceCatalog?, editCount: Int) {
    var edited: PlaceCatalog?
    var changedUnloaded: Int?
    let editCount = editCount ?? (quick ? 3_000 : 100_000)
    let window = max(1, min(quick ? 1_000 : 10_000, editCount / 10))
    for byDistance in [false, true] {
      let listName = byDistance ? "list by distance" : "list by name"
      progress("edits: \(editCount) random edits one at a time, \(listName)")
      do {
        var catalog: PlaceCatalog?
        let stream = try measure(
          places: places, byDistance: byDistance, editCount: editCount, quick: quick,
          finalCatalog: &catalog)
        add(stream, places: places.count, listName: listName, window: window, report: &report)
        if !byDistance {
          edited = catalog
        } else {
          changedUnloaded = stream.changedPlaces
        }
      } catch {
        report.failures.append("edits: sustained edits, \(listName): \(error)")
      }
    }
    runUnderLoad(
      places: places, quick: quick, editCount: editCount, changedUnloaded: changedUnloaded,
      report: &report)
    return (edited, editCount)
  }

  /// Streams random edits with the list by distance while as many busy threads as the machine
  /// has cores run beside them (``CoreLoad``): at most 5,000 edits (1,000 when `quick`).
  ///
  /// The full builds that keep the spatial index's changed places few run at the lowest
  /// priority, so under load they fall behind, and every rank the list counts reads the
  /// changed places: the figures say what an edit costs then, and how many changed places
  /// the index held at the end.
  private static func runUnderLoad(
    places: [Place], quick: Bool, editCount: Int, changedUnloaded: Int?, report: inout Report
  ) {
    let count = min(editCount, quick ? 1_000 : 5_000)
    let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let listName = "list by distance, \(threads) busy threads beside"
    progress("edits: \(count) random edits one at a time, \(listName)")
    do {
      var catalog: PlaceCatalog?
      let stream = try measure(
        places: places, byDistance: true, editCount: count, quick: quick, busyThreads: threads,
        finalCatalog: &catalog)
      _ = catalog
      // The batches after the stream run without the busy threads: their figures are the
      // other streams'.
      add(
        stream, places: places.count, listName: listName,
        window: max(1, min(quick ? 100 : 500, count / 10)), includesBatches: false,
        report: &report)
      report.add(
        Figure(
          section: "edits",
          name:
            "Places changed since the spatial index's full build, after \(count) edits, \(listName)",
          value: Double(stream.changedPlaces), unit: "places",
          baseline: changedUnloaded.map { ("after the stream without busy threads", Double($0)) },
          ratio: changedUnloaded.flatMap {
            Figure.ratio(Double(stream.changedPlaces), Double($0))
          },
          note: "places moved, inserted or removed since the last full build taken (one "
            + "starts past max(256, n / 512) and runs at the lowest priority; the list by "
            + "distance counts them in its memo's order of them), at the end of the stream"))
    } catch {
      report.failures.append("edits: sustained edits, \(listName): \(error)")
    }
  }

  /// Applies `editCount` random edits one at a time, timing each, then batches of moves.
  ///
  /// With `busyThreads`, that many threads spin beside the stream (not the batches).
  private static func measure(
    places: [Place], byDistance: Bool, editCount: Int, quick: Bool, busyThreads: Int = 0,
    finalCatalog: inout PlaceCatalog?
  ) throws -> Stream {
    let scene = try Scene(places: places, byDistance: byDistance)
    var edits = RandomEdits(ids: places.map(\.id), seed: seed)
    // As many batches before the stream: whether a batch costs more after a long history.
    let (batchCount, batchSize) = (quick ? 3 : 10, min(1_000, scene.model.places.count / 2))
    let before = try timeBatches(batchCount, of: batchSize, in: scene, drawingFrom: &edits)
    let load = busyThreads > 0 ? CoreLoad(threadCount: busyThreads) : nil
    defer { load?.end() }
    var milliseconds: [Double] = []
    var cpuMilliseconds: [Double] = []
    milliseconds.reserveCapacity(editCount)
    cpuMilliseconds.reserveCapacity(editCount)
    var slowest: (time: Double, edit: PlaceEdit?) = (0, nil)
    for _ in 0..<editCount {
      let edit = try edits.next(of: scene.model.places)
      var failure: (any Error)?
      let cpuStart = Timing.threadCPUNanoseconds()
      let time =
        Timing.nanoseconds {
          do { try scene.model.apply([edit]) } catch { failure = error }
        } / 1e6
      cpuMilliseconds.append((Timing.threadCPUNanoseconds() - cpuStart) / 1e6)
      milliseconds.append(time)
      if time > slowest.time { slowest = (time, edit) }
      if let failure { throw failure }
    }
    load?.end()
    let changedPlaces = scene.model.places.spatialIndex.changedPlaceCount
    let after = try timeBatches(batchCount, of: batchSize, in: scene, drawingFrom: &edits)
    finalCatalog = scene.model.places
    return Stream(
      milliseconds: milliseconds, cpuMilliseconds: cpuMilliseconds,
      slowestEdit: slowest.edit.map(Self.kind) ?? "none", batchSize: batchSize,
      batchesBefore: before, batchesAfter: after,
      changedPlaces: changedPlaces)
  }

  /// Applies `count` batches of `size` random moves (of distinct places) to `scene`'s model,
  /// each through one `apply`; returns each batch's milliseconds.
  private static func timeBatches(
    _ count: Int, of size: Int, in scene: Scene, drawingFrom edits: inout RandomEdits
  ) throws -> [Double] {
    var batches: [Double] = []
    for _ in 0..<count {
      var batch: [PlaceEdit] = []
      var seen = Set<Place.ID>()
      while batch.count < size {
        let move = edits.nextMove(of: scene.model.places)
        if seen.insert(move.id).inserted { batch.append(move) }
      }
      var failure: (any Error)?
      batches.append(
        Timing.nanoseconds {
          do { try scene.model.apply(batch) } catch { failure = error }
        } / 1e6)
      if let failure { throw failure }
    }
    return batches
  }

  /// What kind of edit `edit` is, as ``RandomEdits`` makes them.
  private static func kind(_ edit: PlaceEdit) -> String {
    switch edit {
    case .insert: "an insert"
    case .remove: "a remove"
    case .update: "a move or a rename"
    }
  }

  /// Reports the figures of `stream`: those of its batches of moves too when
  /// `includesBatches`.
  private static func add(
    _ stream: Stream, places: Int, listName: String, window: Int, includesBatches: Bool = true,
    report: inout Report
  ) {
    let times = stream.milliseconds
    let count = times.count
    let sorted = times.sorted()
    let mean = times.reduce(0, +) / Double(max(count, 1))
    let p99 = sorted.isEmpty ? 0 : sorted[min(count - 1, count * 99 / 100)]
    let worst = sorted.last ?? 0
    let worstIndex = times.firstIndex(of: worst) ?? 0
    let first = times.prefix(window).reduce(0, +) / Double(max(min(window, count), 1))
    let last = times.suffix(window).reduce(0, +) / Double(max(min(window, count), 1))
    let scene =
      "\(places) places, map at city zoom, \(listName) and search (\"stock\") attached, "
      + "every index built first"
    let what = "\(count) random edits one at a time"
    let note =
      "PlacesModel.apply([edit]) for each edit, input to last view command; \(RandomEdits.mix)"
      + ", drawn with SplitMix64 seed \(seed); \(scene)"
    report.add(
      Figure(
        section: "edits", name: "\(what), \(listName): mean per edit", value: mean,
        unit: "ms", target: .valueAtMost(0.1), note: note))
    report.add(
      Figure(
        section: "edits", name: "\(what), \(listName): 99th percentile", value: p99,
        unit: "ms"))
    let cpu = stream.cpuMilliseconds
    let worstCPU = cpu.indices.contains(worstIndex) ? cpu[worstIndex] : 0
    report.add(
      Figure(
        section: "edits", name: "\(what), \(listName): slowest edit", value: worst,
        unit: "ms", target: .valueAtMost(8),
        note: "half a frame at 60 Hz: a rebuild spread over edits or made off the thread "
          + "never stalls one; the slowest was edit \(worstIndex), \(stream.slowestEdit), "
          + "which spent \(Report.format(worstCPU)) ms on the CPU"))
    let cpuMean = cpu.reduce(0, +) / Double(max(cpu.count, 1))
    report.add(
      Figure(
        section: "edits", name: "\(what), \(listName): mean thread CPU per edit",
        value: cpuMean, unit: "ms", baseline: (name: "mean per edit", value: mean),
        ratio: Figure.ratio(cpuMean, mean),
        note: "the CPU time of the editing thread (CLOCK_THREAD_CPUTIME_ID) per edit, the clock's "
          + "reads included (about a microsecond): the mean per edit less the time the thread "
          + "was off the CPU, waiting on a lock, preempted or its virtual CPU taken by the host"))
    report.add(
      Figure(
        section: "edits", name: "\(what), \(listName): most thread CPU of one edit",
        value: cpu.max() ?? 0, unit: "ms",
        note: "the edit that kept the editing thread busiest; beside the slowest edit by the "
          + "clock, it tells work the core did from time the thread was off the CPU"))
    report.add(
      Figure(
        section: "edits",
        name: "\(what), \(listName): mean of the last \(window) vs the first \(window)",
        value: last, unit: "ms", baseline: (name: "first \(window)", value: first),
        ratio: Figure.ratio(last, first), target: .ratioAtMost(1.5),
        note: "no growth with the history of edits"))
    guard includesBatches else { return }
    let (after, before) = (stream.batchesAfter, stream.batchesBefore)
    report.add(
      Figure(
        section: "edits",
        name: "A batch of \(stream.batchSize) moves after \(count) edits, \(listName): slowest",
        value: after.max() ?? 0, unit: "ms",
        baseline: (name: "batches before the stream", value: before.max() ?? 0),
        ratio: Figure.ratio(after.max() ?? 0, before.max() ?? 0), target: .valueBelow(50),
        note: "slowest of \(after.count) batches of random moves (distinct places, one apply "
          + "each) applied after the stream, median \(Report.format(Timing.median(after))) ms; "
          + "before it, on the fresh catalog, median \(Report.format(Timing.median(before))) ms"
      ))
  }
}
