import BenchSupport

/// Heap allocations per broadcast, counted by Valgrind in a child process.
///
/// No portable in-process counter of `malloc` calls exists (glibc's statistics count bytes,
/// not calls), so the bench runs itself in probe mode under `valgrind --tool=memcheck` twice,
/// with 200 and 400 broadcasts after the same warm-up, and reads "total heap usage: N
/// allocs" from each. The difference divided by 200 is the allocations per broadcast; set-up,
/// warm-up and exit cancel out.
enum AllocationBenchmarks {
  /// The broadcast forms whose allocations are counted, the product's first.
  static let forms: [BroadcastImplementation] = [
    .multicastWithArgument, .multicastCapturing, .strongLoop, .weakBoxCast, .weakHashTable,
    .notificationCenter,
  ]
  static let delegateCount = 100
  static let broadcastCounts = (fewer: 200, more: 400)

  /// Counts allocations per broadcast for every form in ``forms``.
  ///
  /// With `quick`, or without Valgrind, each probe runs once without it, to show that the path
  /// works, and the figures are skipped.
  static func run(quick: Bool, report: inout Report) {
    guard let executable = ChildProcess.currentExecutable else {
      report.failures.append("allocations: cannot find this executable to run it as a probe")
      return
    }
    let valgrind = quick ? nil : ChildProcess.searchPath(for: "valgrind")
    for form in forms {
      let name = "Allocations per broadcast, \(delegateCount) delegates: \(form.label)"
      let target: Target? = form == .multicastWithArgument ? .valueAtMost(0) : nil
      guard let valgrind else {
        let arguments = probeArguments(form: form, broadcasts: 10)
        let outcome = ChildProcess.run(executable, arguments: arguments, capturingOutput: true)
        if outcome?.status != 0 {
          report.failures.append("allocation probe for \(form.label) did not exit cleanly")
        }
        let reason = quick ? "not counted in --quick" : "valgrind not found on PATH"
        report.add(
          Figure(
            section: "allocations", name: name, value: nil, unit: "allocs", target: target,
            note: form == forms.first ? "\(reason) (nor for the other forms)" : nil))
        continue
      }
      let fewer = heapAllocations(
        valgrind: valgrind, executable: executable, form: form,
        broadcasts: broadcastCounts.fewer)
      let more = heapAllocations(
        valgrind: valgrind, executable: executable, form: form, broadcasts: broadcastCounts.more)
      guard let fewer, let more else {
        report.failures.append("valgrind run of the allocation probe for \(form.label) failed")
        continue
      }
      let perBroadcast =
        Double(more - fewer) / Double(broadcastCounts.more - broadcastCounts.fewer)
      report.add(
        Figure(
          section: "allocations", name: name, value: perBroadcast, unit: "allocs",
          target: target))
    }
    if valgrind != nil {
      report.notes.append(
        "Allocations: valgrind memcheck \"total heap usage\" of the probe "
          + "`places-bench --only broadcast-probe --form FORM --delegates \(delegateCount) "
          + "--broadcasts K`, (allocs at K = \(broadcastCounts.more) - allocs at K = "
          + "\(broadcastCounts.fewer)) / \(broadcastCounts.more - broadcastCounts.fewer); "
          + "both runs warm up with 100 broadcasts first.")
    }
  }

  /// The probe itself: registers `delegates` delegates with `form`, warms up with 100
  /// broadcasts, then broadcasts `broadcasts` times, and returns a line to print.
  static func probe(form: BroadcastImplementation, delegates count: Int, broadcasts: Int) -> String
  {
    let delegates = CountingDelegate.make(count: count)
    let broadcast = form.makeBroadcasts(to: delegates)
    broadcast(100)
    broadcast(broadcasts)
    return "broadcast-probe form=\(form.rawValue) delegates=\(count) broadcasts=\(broadcasts) "
      + "checksum=\(CountingDelegate.checksum(of: delegates))"
  }

  /// The arguments that run the probe for `form`.
  static func probeArguments(
    form: BroadcastImplementation, delegates: Int = delegateCount, broadcasts: Int
  ) -> [String] {
    [
      "--only", "broadcast-probe", "--form", form.rawValue, "--delegates", "\(delegates)",
      "--broadcasts", "\(broadcasts)",
    ]
  }

  /// The total allocations Valgrind counts over one probe run.
  private static func heapAllocations(
    valgrind: String, executable: String, form: BroadcastImplementation, broadcasts: Int
  ) -> Int? {
    let arguments =
      ["--tool=memcheck", "--leak-check=no", "--undef-value-errors=no", executable]
      + probeArguments(form: form, broadcasts: broadcasts)
    guard let outcome = ChildProcess.run(valgrind, arguments: arguments, capturingOutput: true),
      outcome.status == 0,
      let summary = outcome.output.range(of: "total heap usage:")
    else { return nil }
    // "total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
    let allocations = outcome.output[summary.upperBound...]
      .split(whereSeparator: \.isWhitespace)
      .first?
      .filter { $0 != "," }
    return allocations.flatMap { Int($0) }
  }
}
