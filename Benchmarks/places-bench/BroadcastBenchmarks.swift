import BenchSupport

/// Broadcast time per delegate per call, for every implementation and number of delegates.
enum BroadcastBenchmarks {
  /// The numbers of delegates at which the multicast must beat the usual weak designs in time.
  static let targetSizes = 10...10_000

  /// Measures every ``BroadcastImplementation`` with each number of delegates in `sizes`.
  static func run(sizes: [Int], plan: TimingPlan, report: inout Report) {
    let implementations = BroadcastImplementation.allCases
    var results = Array(repeating: [Double](), count: implementations.count)
    for size in sizes {
      // Each implementation gets delegates of its own, as in the instruction counts: an
      // object that was ever held weakly keeps a side table, which makes every later retain
      // and release of it slower, and the strong loop's delegates would pay for the others'.
      let delegateSets = implementations.map { _ in CountingDelegate.make(count: size) }
      let operations = zip(implementations, delegateSets).map { implementation, delegates in
        TimedOperation(
          name: implementation.label, body: implementation.makeBroadcasts(to: delegates))
      }
      for (index, implementation) in implementations.enumerated() {
        if let problem = deliveryProblem(operations[index], delegates: delegateSets[index]) {
          report.failures.append("broadcast with \(implementation.label): \(problem)")
        }
      }
      // The weak implementations do not keep the delegates alive; this does, to the end.
      let perBroadcast = withExtendedLifetime(delegateSets) {
        Timing.interleavedMedians(operations, plan: plan)
      }
      for index in implementations.indices {
        results[index].append(perBroadcast[index] / Double(size))
      }
    }
    let matrix = BroadcastMatrix(
      unit: "ns per delegate per call", sizes: sizes, implementations: implementations,
      figures: results)
    report.broadcastMatrix = matrix
    addFigures(matrix, report: &report)
  }

  private static func addFigures(_ matrix: BroadcastMatrix, report: inout Report) {
    guard let strong = matrix.values(.strongLoop),
      let multicast = matrix.values(.multicastWithArgument),
      let capturing = matrix.values(.multicastCapturing),
      let closures = matrix.values(.weakClosures),
      let weakBox = matrix.values(.weakBoxCast),
      let floor = matrix.values(.typedWeakReference),
      let notifications = matrix.values(.notificationCenter)
    else { return }
    let unit = "ns/call"
    for (index, size) in matrix.sizes.enumerated() {
      let strongBaseline = (name: "strong loop", value: Optional(strong[index]))
      let prefix = "Broadcast, \(size) delegates:"
      report.add(
        Figure(
          section: "broadcast", name: "\(prefix) invoke(with:) vs strong loop",
          value: multicast[index], unit: unit, baseline: strongBaseline,
          ratio: multicast[index] / strong[index]))
      report.add(
        Figure(
          section: "broadcast", name: "\(prefix) invoke(with:) vs typed weak floor",
          value: multicast[index], unit: unit,
          baseline: (name: "typed weak floor", value: floor[index]),
          ratio: multicast[index] / floor[index]))
      let forms = [("invoke(with:)", multicast), ("capturing invoke", capturing)]
      for (form, values) in forms {
        for (baselineName, baseline) in [("weak closures", closures), ("[WeakBox]", weakBox)] {
          report.add(
            Figure(
              section: "broadcast", name: "\(prefix) \(form) speed-up on \(baselineName)",
              value: values[index], unit: unit,
              baseline: (name: baselineName, value: baseline[index]),
              ratio: baseline[index] / values[index],
              target: targetSizes.contains(size) ? .ratioAbove(1) : nil))
        }
      }
      report.add(
        Figure(
          section: "broadcast", name: "\(prefix) invoke(with:) speed-up on NotificationCenter",
          value: multicast[index], unit: unit,
          baseline: (name: "NotificationCenter", value: notifications[index]),
          ratio: notifications[index] / multicast[index], target: .ratioAtLeast(15)))
    }
  }

  /// Checks that three broadcasts reach every delegate once each, carrying their values.
  private static func deliveryProblem(
    _ operation: TimedOperation, delegates: [CountingDelegate]
  ) -> String? {
    let before = delegates.map(\.total)
    operation.body(3)  // Values 0, 1 and 2.
    let missed = zip(delegates, before).filter { $0.total != $1 &+ 3 }.count
    return missed == 0 ? nil : "\(missed) of \(delegates.count) delegates were not called right"
  }
}
