import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Live places at process level: the CPU time a `places-cli session` spends per `move` line,
/// fed by a pipe, beyond its start-up: the CPU time of N lines minus that of none.
enum SessionEditBenchmark {
  /// Runs the `places-cli` built next to this executable on `dataFile` with `lineCount` random
  /// moves, and with none, and reports the difference per line.
  static func run(
    places: [(id: String, latitude: Double, longitude: Double)], dataFile: String,
    lineCount: Int, report: inout Report
  ) {
    let name = "A session of \(lineCount) random move lines: CPU per line beyond start-up"
    let target = Target.valueAtMost(0.15)
    guard let directory = ChildProcess.executableDirectory,
      ChildProcess.isExecutable("\(directory)/places-cli"), !places.isEmpty
    else {
      report.add(
        .skipped(
          section: "edits", name: name, unit: "ms", target: target,
          reason: "places-cli is not built next to places-bench; build it with the same "
            + "configuration first (swift build -c release --product places-cli)"))
      return
    }
    var generator = SplitMix64(seed: 23)
    var lines = ""
    for _ in 0..<lineCount {
      let place = places[Int.random(in: places.indices, using: &generator)]
      let latitude = min(
        max(place.latitude + Double.random(in: -0.05...0.05, using: &generator), -90), 90)
      let longitude = min(
        max(place.longitude + Double.random(in: -0.05...0.05, using: &generator), -180), 180)
      lines += "move \(place.id) \(latitude) \(longitude)\n"
    }
    let folder = NSTemporaryDirectory()
    let moves = "\(folder)/places-bench-session-\(getpid()).txt"
    let empty = "\(folder)/places-bench-session-empty-\(getpid()).txt"
    defer {
      unlink(moves)
      unlink(empty)
    }
    guard FileManager.default.createFile(atPath: moves, contents: Data(lines.utf8)),
      FileManager.default.createFile(atPath: empty, contents: Data())
    else {
      report.failures.append("edits: session: could not write the session's input")
      return
    }
    let executable = "\(directory)/places-cli"
    func cpuSeconds(input: String) -> Double? {
      let before = childrenCPUSeconds()
      let command = "cat '\(input)' | '\(executable)' --places '\(dataFile)' session > /dev/null"
      guard
        let outcome = ChildProcess.run(
          "/bin/sh", arguments: ["-c", command], capturingOutput: false),
        outcome.status == 0
      else { return nil }
      return childrenCPUSeconds() - before
    }
    var perLine: [Double] = []
    for _ in 0..<3 {
      guard let idle = cpuSeconds(input: empty), let busy = cpuSeconds(input: moves) else {
        report.failures.append("edits: session: places-cli session failed")
        return
      }
      perLine.append((busy - idle) * 1e3 / Double(lineCount))
    }
    report.add(
      Figure(
        section: "edits", name: name, value: Timing.median(perLine), unit: "ms", target: target,
        note: "user + system CPU of places-cli --places \(dataFile) session fed \(lineCount) "
          + "lines 'move ID LAT LON' (random places moved up to 0.05 degrees) through a pipe, "
          + "minus the same with no line; median of 3 pairs"))
  }

  /// The user and system CPU seconds of every child this process has waited for.
  private static func childrenCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
