/// The wall time of `places-cli select 42` on the built-in places, in a fresh process.
enum StartupBenchmark {
  /// Runs the `places-cli` built next to this executable `runs` times, after one unmeasured
  /// run, and reports the median.
  static func run(runs: Int, report: inout Report) {
    let name = "Start-up: places-cli select 42, wall time"
    let arguments = ["select", "42"]
    guard let directory = ChildProcess.executableDirectory,
      ChildProcess.isExecutable("\(directory)/places-cli")
    else {
      report.add(
        .skipped(
          section: "startup", name: name, unit: "ms", target: .valueBelow(50),
          reason: "places-cli is not built next to places-bench; build it with the same "
            + "configuration first (swift build -c release --product places-cli)"))
      return
    }
    let executable = "\(directory)/places-cli"
    var times: [Double] = []
    for _ in 0...runs {
      guard let outcome = ChildProcess.run(executable, arguments: arguments, capturingOutput: false)
      else {
        report.failures.append("start-up: could not spawn \(executable)")
        return
      }
      guard outcome.status == 0 else {
        report.failures.append("start-up: places-cli select 42 exited with \(outcome.status)")
        return
      }
      times.append(outcome.nanoseconds / 1e6)
    }
    let measured = Array(times.dropFirst())  // The first run only warms the page cache.
    report.add(
      Figure(
        section: "startup", name: name, value: Timing.median(measured), unit: "ms",
        target: .valueBelow(50),
        note: "median of \(measured.count) runs, output to /dev/null; "
          + "fastest \(Report.format(measured.min() ?? 0)) ms"))
  }
}
