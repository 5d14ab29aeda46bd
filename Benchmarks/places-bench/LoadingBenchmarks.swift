import Foundation
import PlacesModel

/// Loading the places file: throughput against `JSONDecoder`, peak memory, bytes per place.
enum LoadingBenchmarks {
  /// Measures loading the file at `path` and returns its places, or `nil` if it could not be
  /// read, in which case the figures are skipped with the reason.
  static func run(path: String, plan: TimingPlan, report: inout Report) -> [Place]? {
    let file = (path as NSString).lastPathComponent
    let throughputName = "Loading \(file): GeoJSONPlacesReader speed-up on JSONDecoder"
    let speedName = "Loading \(file): GeoJSONPlacesReader throughput, file read included"
    let peakName = "Loading \(file): peak memory of GeoJSONPlacesReader vs file size"
    let placeName = "Memory per loaded place"
    guard let fileSize = fileSize(atPath: path) else {
      let reason = "\(path) not found; pass --data DIR"
      report.add(
        .skipped(
          section: "loading", name: throughputName, unit: "MB/s",
          target: .ratioAtLeast(10), reason: reason))
      report.add(
        .skipped(
          section: "loading", name: speedName, unit: "MB/s", target: .valueAtLeast(1_000),
          reason: reason))
      report.add(
        .skipped(
          section: "loading", name: peakName, unit: "MB",
          target: .ratioAtMost(3), reason: reason))
      report.add(.skipped(section: "memory", name: placeName, unit: "bytes", reason: reason))
      return nil
    }

    let heapBefore = MemoryProbe.heapBytesInUse()
    let loaded: [Place]
    do throws(GeoJSONError) {
      loaded = try GeoJSONPlacesReader().load(contentsOfFile: path).places
    } catch {
      report.failures.append("GeoJSONPlacesReader could not read \(path): \(error)")
      return nil
    }
    let heapAfter = MemoryProbe.heapBytesInUse()
    addMemoryPerPlace(
      name: placeName, places: loaded, heapBefore: heapBefore, heapAfter: heapAfter,
      report: &report)

    do {
      let decoded = try DecodableFeatureCollection.places(contentsOfFile: path)
      if decoded != loaded {
        report.failures.append("JSONDecoder and GeoJSONPlacesReader disagree on \(path)")
      }
    } catch {
      report.failures.append("JSONDecoder could not read \(path): \(error)")
    }

    var loadedCount = 0  // Every timed load must return every place.
    var loadCount = 0
    let medians = Timing.interleavedMedians(
      [
        TimedOperation(name: "GeoJSONPlacesReader") { iterations in
          for _ in 0..<iterations {
            loadedCount &+=
              (try? GeoJSONPlacesReader().load(contentsOfFile: path).places)?.count ?? 0
          }
          loadCount += iterations
        },
        TimedOperation(name: "JSONDecoder") { iterations in
          for _ in 0..<iterations {
            loadedCount &+=
              (try? DecodableFeatureCollection.places(contentsOfFile: path))?.count
              ?? 0
          }
          loadCount += iterations
        },
      ],
      plan: plan
    )
    if loadedCount != loadCount * loaded.count {
      report.failures.append("a timed load of \(path) did not return every place")
    }
    let megabytes = Double(fileSize) / 1e6
    let readerSpeed = megabytes / (medians[0] / 1e9)
    let decoderSpeed = megabytes / (medians[1] / 1e9)
    report.add(
      Figure(
        section: "loading", name: throughputName, value: readerSpeed, unit: "MB/s",
        baseline: (name: "JSONDecoder", value: decoderSpeed), ratio: readerSpeed / decoderSpeed,
        target: .ratioAtLeast(10),
        note: "\(loaded.count) places, \(Report.format(megabytes)) MB; reader "
          + "\(Report.format(medians[0] / 1e6)) ms, JSONDecoder "
          + "\(Report.format(medians[1] / 1e6)) ms per load, file read included"))

    report.add(
      Figure(
        section: "loading", name: speedName, value: readerSpeed, unit: "MB/s",
        target: .valueAtLeast(1_000),
        note: "\(loaded.count) places, \(Report.format(megabytes)) MB in "
          + "\(Report.format(medians[0] / 1e6)) ms: open, read, parse, places made"))

    for decoder in [false, true] {
      addPeakMemory(path: path, fileSize: fileSize, decoder: decoder, report: &report)
    }
    measureSequences(path: path, places: loaded, plan: plan, report: &report)
    measurePlacement(
      path: ((path as NSString).deletingLastPathComponent as NSString)
        .appendingPathComponent("world-countries-50m.geojson"),
      plan: plan, report: &report)
    return loaded
  }

  // MARK: - Placing shapes

  /// Measures loading Natural Earth's countries, placing each inside its shape, against placing
  /// each at the centre of its bounding box.
  private static func measurePlacement(path: String, plan: TimingPlan, report: inout Report) {
    let name = "Loading world-countries-50m.geojson: places inside their shapes vs box centres"
    guard let data = FileManager.default.contents(atPath: path) else {
      report.add(
        .skipped(section: "loading", name: name, unit: "ms", reason: "\(path) not found"))
      return
    }
    let bytes = [UInt8](data)
    let inside = GeoJSONPlacesReader()
    let centre = GeoJSONPlacesReader(options: .init(nonPointGeometry: .boundingBoxCentre))
    let count = (try? inside.load(bytes: bytes, file: path))?.places.count ?? 0
    let medians = Timing.interleavedMedians(
      [inside, centre].map { reader in
        TimedOperation(name: "load") { iterations in
          for _ in 0..<iterations {
            _ = try? reader.load(bytes: bytes, file: path)
          }
        }
      },
      plan: plan
    ).map { $0 / 1e6 }
    report.add(
      Figure(
        section: "loading", name: name, value: medians[0], unit: "ms",
        baseline: (name: "bounding-box centres", value: medians[1]),
        ratio: Figure.ratio(medians[0], medians[1]),
        note: "\(count) countries, Polygons and MultiPolygons of 99,563 positions, from memory"))
  }

  // MARK: - Text sequences

  /// Measures reading the same features as a GeoJSON text sequence (RFC 8142, each after RS)
  /// and newline-delimited, from bytes in memory, against the FeatureCollection they come
  /// from; the data file has one feature per line, which makes the conversion a byte edit.
  private static func measureSequences(
    path: String, places: [Place], plan: TimingPlan, report: inout Report
  ) {
    let file = (path as NSString).lastPathComponent
    guard let data = FileManager.default.contents(atPath: path) else { return }
    let collection = [UInt8](data)
    var lines = collection.split(separator: 0x0A, omittingEmptySubsequences: true)
    guard lines.count > 2 else { return }
    lines = Array(lines.dropFirst().dropLast())
    var newlineDelimited: [UInt8] = []
    var textSequence: [UInt8] = []
    newlineDelimited.reserveCapacity(collection.count)
    textSequence.reserveCapacity(collection.count + lines.count)
    for line in lines {
      let feature = line.last == UInt8(ascii: ",") ? line.dropLast() : line[...]
      newlineDelimited += feature
      newlineDelimited.append(0x0A)
      textSequence.append(0x1E)
      textSequence += feature
      textSequence.append(0x0A)
    }
    let reader = GeoJSONPlacesReader()
    let inputs = [
      ("FeatureCollection", collection), ("text sequence (RS)", textSequence),
      ("newline-delimited", newlineDelimited),
    ]
    for (name, bytes) in inputs.dropFirst() {
      let read = try? reader.load(bytes: bytes, file: name)
      if read?.places != places {
        report.failures.append("the \(name) form of \(file) reads other places")
      }
    }
    let medians = Timing.interleavedMedians(
      inputs.map { name, bytes in
        TimedOperation(name: name) { iterations in
          for _ in 0..<iterations {
            _ = try? reader.load(bytes: bytes, file: name)
          }
        }
      },
      plan: plan)
    let speeds = zip(inputs, medians).map { input, median in
      Double(input.1.count) / 1e6 / (median / 1e9)
    }
    for (index, (name, _)) in inputs.enumerated().dropFirst() {
      report.add(
        Figure(
          section: "loading",
          name: "Loading \(file) as a \(name) vs as a FeatureCollection, from memory",
          value: speeds[index], unit: "MB/s",
          baseline: (name: "FeatureCollection", value: speeds[0]),
          ratio: Figure.ratio(speeds[index], speeds[0]), target: .ratioAtLeast(0.9),
          note: "\(places.count) places; \(Report.format(medians[index] / 1e6)) ms against "
            + "\(Report.format(medians[0] / 1e6)) ms per load, no file read"))
    }
  }

  /// The probe run in a fresh process: loads the file once and returns a line to print with
  /// the resident set before loading and its peak after.
  static func probe(path: String, decoder: Bool) -> String {
    let before = MemoryProbe.residentSet()
    let count: Int
    if decoder {
      count = (try? DecodableFeatureCollection.places(contentsOfFile: path))?.count ?? -1
    } else {
      count = (try? GeoJSONPlacesReader().load(contentsOfFile: path).places)?.count ?? -1
    }
    let after = MemoryProbe.residentSet()
    return "load-peak places=\(count) rss-before=\(before?.current ?? -1) "
      + "peak-after=\(after?.peak ?? -1)"
  }

  // MARK: - Memory

  private static func addMemoryPerPlace(
    name: String, places: [Place], heapBefore: Int?, heapAfter: Int?, report: inout Report
  ) {
    guard let heapBefore, let heapAfter, !places.isEmpty else {
      report.add(
        .skipped(
          section: "memory", name: name, unit: "bytes",
          reason: "the allocator's statistics are unavailable (glibc only)"))
      return
    }
    let perPlace = Double(heapAfter - heapBefore) / Double(places.count)
    let stride = Double(MemoryLayout<Place>.stride)
    report.add(
      Figure(
        section: "memory", name: name, value: perPlace, unit: "bytes",
        baseline: (name: "MemoryLayout<Place>.stride", value: stride), ratio: perPlace / stride,
        note: "heap bytes in use after loading minus before, over \(places.count) places; "
          + "the rest is names longer than 15 UTF-8 bytes and the array's spare capacity"))
  }

  private static func addPeakMemory(
    path: String, fileSize: Int, decoder: Bool, report: inout Report
  ) {
    let loader = decoder ? "JSONDecoder" : "GeoJSONPlacesReader"
    let name =
      "Loading \((path as NSString).lastPathComponent): peak memory of \(loader) "
      + "vs file size"
    let target: Target? = decoder ? nil : .ratioAtMost(3)
    guard let executable = ChildProcess.currentExecutable,
      let outcome = ChildProcess.run(
        executable,
        arguments: ["--only", "load-peak", "--file", path] + (decoder ? ["--decoder"] : []),
        capturingOutput: true),
      outcome.status == 0,
      let before = field("rss-before", in: outcome.output),
      let peak = field("peak-after", in: outcome.output),
      before > 0, peak > 0
    else {
      report.failures.append("the peak-memory probe for \(loader) failed")
      return
    }
    let megabytes = Double(peak - before) / 1e6
    let fileMegabytes = Double(fileSize) / 1e6
    report.add(
      Figure(
        section: "loading", name: name, value: megabytes, unit: "MB",
        baseline: (name: "file", value: fileMegabytes), ratio: megabytes / fileMegabytes,
        target: target,
        note: decoder
          ? nil
          : "VmHWM after loading minus VmRSS before, in a fresh `--only load-peak` process"))
  }

  private static func field(_ name: String, in output: String) -> Int? {
    output.split(whereSeparator: \.isWhitespace)
      .first { $0.hasPrefix("\(name)=") }
      .flatMap { Int($0.dropFirst(name.count + 1)) }
  }

  private static func fileSize(atPath path: String) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? NSNumber
    else { return nil }
    return size.intValue
  }
}
