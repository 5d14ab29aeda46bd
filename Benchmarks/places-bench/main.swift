import BenchSupport
import Foundation
import PlacesModel

// Measures the core against the alternatives a Swift developer would otherwise use, and
// prints the figures. Run it with `swift run -c release places-bench` from the package root.

/// Writes a progress line to standard error, so that the output stays clean.
func progress(_ message: String) {
  FileHandle.standardError.write(Data("places-bench: \(message)\n".utf8))
}

let options: BenchOptions
do {
  options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  progress("\(error.message)\n\n\(BenchOptions.usage)")
  exit(2)
}
if options.showsHelp {
  print(BenchOptions.usage)
  exit(0)
}

switch options.probe {
case .broadcast(let form, let delegates, let broadcasts):
  print(AllocationBenchmarks.probe(form: form, delegates: delegates, broadcasts: broadcasts))
  exit(0)
case .loadPeak(let path, let decoder):
  let line = LoadingBenchmarks.probe(path: path, decoder: decoder)
  print(line)
  exit(line.contains("places=-1") ? 1 : 0)
case .mapMoves(let path, let stop, let moves):
  let line = MapBenchmarks.probe(path: path, stop: stop, moves: moves)
  print(line)
  exit(line.hasPrefix("map-moves") ? 0 : 1)
case .firstScreen(let path, let runs, let loadOnly):
  let line = FirstScreenBenchmark.probe(path: path, runs: runs, loadOnly: loadOnly)
  print(line)
  exit(line.hasPrefix("first-screen") ? 0 : 1)
case .removal(let delegates):
  let calls = RemovalRun.duringABroadcast.makeRuns(count: delegates)(1)
  print("removal-probe delegates=\(delegates) calls=\(calls)")
  exit(calls == delegates ? 0 : 1)
case .registration(let delegates):
  var generator = SplitMix64(seed: 42)
  let added = CountingDelegate.make(count: delegates)
  RegistrationImplementation.multicast.makeCycles(
    adding: added, removing: added.shuffled(using: &generator))(1)
  print("registration-probe delegates=\(delegates)")
  exit(0)
case nil:
  break
}

let quick = options.quick
let plan = quick ? TimingPlan.quick : TimingPlan.full
var report = Report(
  machine: MachineInfo.current(),
  command: (["places-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
  quick: quick)
let sections = options.sections

if sections.contains(.broadcast) {
  progress("broadcast")
  BroadcastBenchmarks.run(
    sizes: quick ? [1, 10, 100] : [1, 10, 100, 1_000, 10_000], plan: plan, report: &report)
}
if sections.contains(.instructions) {
  progress("instructions per broadcast (callgrind)")
  InstructionBenchmarks.run(quick: quick, report: &report)
}
if sections.contains(.allocations) {
  progress("allocations per broadcast")
  AllocationBenchmarks.run(quick: quick, report: &report)
}
if sections.contains(.registration) {
  progress("registration")
  RegistrationBenchmarks.run(
    small: quick ? 100 : 1_000, large: quick ? 1_000 : 10_000,
    plan: quick ? .quick : .registration, report: &report)
}
if sections.contains(.removal) {
  progress("removals during a broadcast")
  RemovalBenchmarks.run(
    sizes: quick ? [200, 800, 1_600] : [2_000, 8_000, 16_000],
    plan: quick ? .quick : .registration, report: &report)
}
if sections.contains(.memory) {
  progress("memory per delegate")
  MemoryBenchmarks.run(count: quick ? 1_000 : 100_000, report: &report)
}
var places: [Place]?
if sections.contains(.loading) {
  progress("loading \(options.dataFile)")
  places = LoadingBenchmarks.run(
    path: options.dataFile, plan: quick ? .quick : .slow, report: &report)
  progress("first screen")
  FirstScreenBenchmark.run(path: options.dataFile, runs: quick ? 1 : 5, report: &report)
} else if sections.contains(.selection) || sections.contains(.search) || sections.contains(.map) {
  places = try? GeoJSONPlacesReader().load(contentsOfFile: options.dataFile).places
}
if sections.contains(.selection) {
  progress("selection")
  if let places {
    SelectionBenchmarks.run(
      places: places, smallCount: quick ? 20 : 1_000, plan: plan, report: &report)
  } else {
    SelectionBenchmarks.skip(
      reason: "\(options.dataFile) could not be loaded", report: &report)
  }
}
if sections.contains(.search) {
  progress("search")
  if let places {
    SearchBenchmarks.run(
      places: places, smallCount: quick ? 20 : 1_000, plan: plan, report: &report)
  } else {
    report.failures.append("search: \(options.dataFile) could not be loaded")
  }
}
if sections.contains(.index) || sections.contains(.list) {
  let catalog = places ?? (try? GeoJSONPlacesReader().load(contentsOfFile: options.dataFile).places)
  let smallCount = quick ? 20 : 1_000
  if sections.contains(.index) {
    progress("spatial index")
    if let catalog {
      SpatialIndexBenchmarks.run(
        places: catalog, smallCount: smallCount, plan: plan, report: &report)
    } else {
      SpatialIndexBenchmarks.skip(
        reason: "\(options.dataFile) could not be loaded", report: &report)
    }
  }
  if sections.contains(.list) {
    progress("list")
    if let catalog {
      ListBenchmarks.run(places: catalog, smallCount: smallCount, plan: plan, report: &report)
      ListFilterBenchmarks.run(places: catalog, plan: plan, report: &report)
    } else {
      ListBenchmarks.skip(reason: "\(options.dataFile) could not be loaded", report: &report)
    }
  }
}
if sections.contains(.map) {
  progress("map")
  if let places {
    MapBenchmarks.run(
      places: places, smallCount: quick ? 20 : 1_000, dataFile: options.dataFile,
      superclusterDirectory: options.superclusterDirectory, quick: quick, report: &report)
  } else {
    MapBenchmarks.skip(reason: "\(options.dataFile) could not be loaded", report: &report)
  }
}
if sections.contains(.map) || sections.contains(.categories) {
  progress("map categories")
  MapCategoryBenchmarks.run(
    dataFile: options.dataFile, superclusterDirectory: options.superclusterDirectory,
    quick: quick, report: &report)
}
if sections.contains(.edits) || sections.contains(.sustained) {
  // The sustained figures are part of the edits section, and a section of their own.
  let runsSingleEdits = sections.contains(.edits)
  progress(runsSingleEdits ? "edits" : "sustained edits")
  let catalog = places ?? (try? GeoJSONPlacesReader().load(contentsOfFile: options.dataFile).places)
  if let catalog {
    if runsSingleEdits {
      EditBenchmarks.run(
        places: catalog, smallCount: quick ? 20 : 1_000, quick: quick, report: &report)
    }
    var (edited, editCount) = SustainedEditBenchmark.run(
      places: catalog, quick: quick, editCount: options.editCount, report: &report)
    EditMemoryBenchmark.run(
      edited: &edited, editCount: editCount, initialCount: catalog.count, quick: quick,
      report: &report)
    SessionEditBenchmark.run(
      places: catalog.map { ("\($0.id)", $0.coordinate.latitude, $0.coordinate.longitude) },
      dataFile: options.dataFile, lineCount: quick ? 200 : 20_000, report: &report)
  } else {
    report.failures.append("edits: \(options.dataFile) could not be loaded")
  }
}
if sections.contains(.spread) {
  progress("cluster pages")
  SpreadBenchmarks.run(quick: quick, plan: plan, report: &report)
}
if sections.contains(.startup) {
  progress("start-up")
  StartupBenchmark.run(runs: quick ? 2 : 20, report: &report)
}

switch options.output {
case .text: print(report.text())
case .markdown: print(report.markdown())
case .json: print(report.json())
}
if !report.failures.isEmpty {
  exit(1)
}
if options.enforcesTargets && !quick {
  let missed = report.figures.filter { $0.met == false && $0.isDeterministic }
  let unmeasured = report.figures.filter { $0.target != nil && $0.met == nil && $0.isDeterministic }
  for figure in missed {
    progress("target missed: \(figure.name) (\(figure.target ?? ""))")
  }
  for figure in unmeasured {
    progress("target not measured: \(figure.name): \(figure.note ?? "")")
  }
  if !(missed + unmeasured).isEmpty {
    exit(3)
  }
}
exit(0)
