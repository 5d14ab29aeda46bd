import BenchSupport
import Foundation

/// Instructions per delegate call, counted by Callgrind in a child process: deterministic,
/// so CI can hold the multicast to its targets where timings are too noisy to.
///
/// The bench runs itself in probe mode under `valgrind --tool=callgrind` twice per form and
/// size, with 200 and 400 broadcasts after the same warm-up; the difference in instructions
/// collected, divided by 200 broadcasts and by the number of delegates, is the cost of one
/// delegate call (of one whole broadcast, with one delegate). Set-up, warm-up and exit cancel
/// out. Valgrind 3.19 cannot read the DWARF 5 debug information Swift 6.3 emits, so it runs a
/// copy of this executable with the debug information stripped.
enum InstructionBenchmarks {
  /// The numbers of delegates counted: one, for the fixed cost of a broadcast, and a hundred.
  static let sizes = [1, 100]
  static let broadcastCounts = (fewer: 200, more: 400)
  /// The most instructions per delegate call at 100 delegates, as a multiple of the strong loop.
  ///
  /// A typed weak reference alone costs about 2.6x.
  static let perDelegateTarget = 2.9
  /// The most instructions one broadcast to one delegate may take, as a multiple of the
  /// strong loop's.
  static let perBroadcastTarget = 3.5

  /// The numbers of delegates compared for registration and self-removal: per delegate, the
  /// larger may cost at most ``removalTarget`` times what the smaller does.
  static let removalSizes = (small: 4_000, large: 32_000)
  static let removalTarget = 1.5

  /// Counts instructions for every ``BroadcastImplementation`` at each of ``sizes``, and for
  /// delegates removing themselves during a broadcast.
  ///
  /// With `quick`, or without Valgrind, nothing is counted and the figures are skipped.
  static func run(quick: Bool, report: inout Report) {
    let implementations = BroadcastImplementation.allCases
    let valgrind = quick ? nil : ChildProcess.searchPath(for: "valgrind")
    guard let valgrind, let executable = strippedExecutable() else {
      let reason =
        quick
        ? "not counted in --quick"
        : "valgrind or strip not found on PATH (install valgrind and binutils)"
      for figure in targetFigures(matrix: nil, note: reason) {
        report.add(figure)
      }
      for probe in [LinearProbe.registration, .removal] {
        report.add(
          Figure(
            section: "instructions",
            name: "\(probe.name), \(removalSizes.large) vs \(removalSizes.small)",
            value: nil, unit: "instructions", target: .ratioAtMost(removalTarget), note: reason))
      }
      return
    }
    defer { try? FileManager.default.removeItem(atPath: executable) }
    var figures: [[Double]] = []
    for implementation in implementations {
      var row: [Double] = []
      for size in sizes {
        guard
          let instructions = perDelegateCall(
            valgrind: valgrind, executable: executable, form: implementation, delegates: size)
        else {
          report.failures.append(
            "callgrind run of the probe for \(implementation.label), \(size) delegates failed")
          return
        }
        row.append(instructions)
      }
      figures.append(row)
    }
    let matrix = BroadcastMatrix(
      unit: "instructions per delegate per call", sizes: sizes,
      implementations: implementations, figures: figures)
    report.instructionMatrix = matrix
    for figure in targetFigures(matrix: matrix, note: nil) {
      report.add(figure)
    }
    addLinearityFigure(
      .registration, valgrind: valgrind, executable: executable, report: &report)
    addLinearityFigure(.removal, valgrind: valgrind, executable: executable, report: &report)
    report.notes.append(
      "Instructions: callgrind \"Collected\" of the probe `places-bench --only broadcast-probe "
        + "--form FORM --delegates N --broadcasts K` (a copy stripped of debug information), "
        + "(Ir at K = \(broadcastCounts.more) - Ir at K = \(broadcastCounts.fewer)) / "
        + "\(broadcastCounts.more - broadcastCounts.fewer) / N; both runs warm up with 100 "
        + "broadcasts first.")
  }

  /// The figures with targets, from `matrix`, or empty ones when it is `nil`, with `note`.
  private static func targetFigures(matrix: BroadcastMatrix?, note: String?) -> [Figure] {
    let unit = "instructions"
    let strong = matrix?.values(.strongLoop)
    var figures: [Figure] = []
    let forms: [(BroadcastImplementation, String)] = [
      (.multicastWithArgument, "invoke(with:)"), (.multicastCapturing, "capturing invoke"),
    ]
    guard let large = sizes.firstIndex(of: 100), let single = sizes.firstIndex(of: 1) else {
      return []
    }
    for (form, name) in forms {
      let values = matrix?.values(form)
      figures.append(
        Figure(
          section: "instructions",
          name: "Instructions per delegate call, 100 delegates: \(name) vs strong loop",
          value: values?[large], unit: unit,
          baseline: (name: "strong loop", value: strong?[large]),
          ratio: Figure.ratio(values?[large], strong?[large]),
          target: .ratioAtMost(perDelegateTarget), note: note))
    }
    let floor = matrix?.values(.typedWeakReference)
    figures.append(
      Figure(
        section: "instructions",
        name: "Instructions per delegate call, 100 delegates: typed weak floor vs strong loop",
        value: floor?[large], unit: unit,
        baseline: (name: "strong loop", value: strong?[large]),
        ratio: Figure.ratio(floor?[large], strong?[large])))
    for (form, name) in forms {
      let values = matrix?.values(form)
      figures.append(
        Figure(
          section: "instructions",
          name: "Instructions per broadcast, 1 delegate: \(name) vs strong loop",
          value: values?[single], unit: unit,
          baseline: (name: "strong loop", value: strong?[single]),
          ratio: Figure.ratio(values?[single], strong?[single]),
          target: form == .multicastWithArgument ? .ratioAtMost(perBroadcastTarget) : nil,
          note: note))
    }
    return figures
  }

  /// A probe whose cost per delegate must not grow with the number of delegates.
  enum LinearProbe {
    /// Delegates that remove themselves from their callback during one broadcast.
    case removal
    /// Delegates added to a new multicast, then removed in random order.
    case registration

    var name: String {
      switch self {
      case .removal: "Instructions per self-removing delegate during a broadcast"
      case .registration: "Instructions per delegate added and removed"
      }
    }

    var probe: String {
      switch self {
      case .removal: "removal-probe"
      case .registration: "registration-probe"
      }
    }

    var note: String {
      switch self {
      case .removal:
        "each registered, removing itself from its callback in one broadcast, set-up included"
      case .registration: "each added to a new multicast, then all removed in random order"
      }
    }
  }

  /// Compares the instructions per delegate of `removalSizes.large` and `removalSizes.small`
  /// delegates in `probe`: a linear cost is the same per delegate at both sizes, a quadratic
  /// one eight times as much at the larger.
  private static func addLinearityFigure(
    _ probe: LinearProbe, valgrind: String, executable: String, report: inout Report
  ) {
    func perDelegate(_ count: Int) -> Double? {
      let counts = [count / 2, count].map { delegates in
        collectedInstructions(
          valgrind: valgrind, executable: executable,
          arguments: ["--only", probe.probe, "--delegates", "\(delegates)"])
      }
      guard let half = counts[0], let whole = counts[1] else { return nil }
      return Double(whole - half) / Double(count - count / 2)
    }
    guard let small = perDelegate(removalSizes.small), let large = perDelegate(removalSizes.large)
    else {
      report.failures.append("callgrind run of the \(probe.probe) failed")
      return
    }
    report.add(
      Figure(
        section: "instructions",
        name: "\(probe.name), \(removalSizes.large) vs \(removalSizes.small)", value: large,
        unit: "instructions",
        baseline: (name: "\(removalSizes.small) delegates", value: small), ratio: large / small,
        target: .ratioAtMost(removalTarget),
        note: "per delegate: (Ir of N delegates - Ir of N/2) / (N/2), \(probe.note)"))
  }

  /// Instructions per delegate call of `form` with `delegates` delegates.
  private static func perDelegateCall(
    valgrind: String, executable: String, form: BroadcastImplementation, delegates: Int
  ) -> Double? {
    let counts = [broadcastCounts.fewer, broadcastCounts.more].map { broadcasts in
      collectedInstructions(
        valgrind: valgrind, executable: executable,
        arguments: AllocationBenchmarks.probeArguments(
          form: form, delegates: delegates, broadcasts: broadcasts))
    }
    guard let fewer = counts[0], let more = counts[1] else { return nil }
    let broadcasts = broadcastCounts.more - broadcastCounts.fewer
    return Double(more - fewer) / Double(broadcasts) / Double(delegates)
  }

  /// The instructions Callgrind collects over one run of `executable` with `arguments`.
  private static func collectedInstructions(
    valgrind: String, executable: String, arguments: [String]
  ) -> Int? {
    let valgrindArguments =
      ["--tool=callgrind", "--callgrind-out-file=/dev/null", executable] + arguments
    guard
      let outcome = ChildProcess.run(
        valgrind, arguments: valgrindArguments, capturingOutput: true,
        environment: ["SWIFT_DETERMINISTIC_HASHING": "1"]),
      outcome.status == 0,
      let summary = outcome.output.range(of: "Collected :")
    else { return nil }
    // "==123== Collected : 123456789"
    let collected = outcome.output[summary.upperBound...]
      .split(whereSeparator: \.isWhitespace)
      .first
    return collected.flatMap { Int($0) }
  }

  /// A copy of this executable without debug information, in the temporary directory.
  private static func strippedExecutable() -> String? {
    guard let executable = ChildProcess.currentExecutable,
      let strip = ChildProcess.searchPath(for: "strip")
    else { return nil }
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("places-bench-stripped-\(getpid())").path
    let outcome = ChildProcess.run(
      strip, arguments: ["--strip-debug", "-o", copy, executable], capturingOutput: true)
    guard outcome?.status == 0, ChildProcess.isExecutable(copy) else { return nil }
    return copy
  }
}
