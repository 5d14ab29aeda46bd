/// Broadcast cost per delegate per call, for every implementation and number of delegates.
enum BroadcastBenchmarks {
  /// The numbers of delegates from which the ratio to the strong loop is a target.
  static let targetSizes = 100...

  /// Measures every ``BroadcastImplementation`` with each number of delegates in `sizes`.
  static func run(sizes: [Int], plan: TimingPlan, report: inout Report) {
    let implementations = BroadcastImplementation.allCases
    var results = Array(repeating: [Double](), count: implementations.count)
    for size in sizes {
      let delegates = CountingDelegate.make(count: size)
      let operations = implementations.map { implementation in
        TimedOperation(
          name: implementation.label, body: implementation.makeBroadcasts(to: delegates))
      }
      for (implementation, operation) in zip(implementations, operations) {
        if let problem = deliveryProblem(operation, delegates: delegates) {
          report.failures.append("broadcast with \(implementation.label): \(problem)")
        }
      }
      // The weak implementations do not keep the delegates alive; this does, to the end.
      let perBroadcast = withExtendedLifetime(delegates) {
        Timing.interleavedMedians(operations, plan: plan)
      }
      for index in implementations.indices {
        results[index].append(perBroadcast[index] / Double(size))
      }
    }
    let strong = results[0]
    let matrix = BroadcastMatrix(
      sizes: sizes,
      rows: zip(implementations, results).map { implementation, nanoseconds in
        BroadcastMatrix.Row(
          key: implementation.rawValue,
          label: implementation.label,
          nanosecondsPerDelegateCall: nanoseconds,
          ratioToStrongLoop: zip(nanoseconds, strong).map { $0 / $1 }
        )
      }
    )
    report.broadcastMatrix = matrix
    addFigures(matrix, report: &report)
  }

  private static func addFigures(_ matrix: BroadcastMatrix, report: inout Report) {
    guard let strong = matrix.nanoseconds(.strongLoop),
      let multicast = matrix.nanoseconds(.multicastWithArgument),
      let capturing = matrix.nanoseconds(.multicastCapturing),
      let notifications = matrix.nanoseconds(.notificationCenter),
      let floor = matrix.nanoseconds(.weakLoadFloor)
    else { return }
    let unit = "ns/call"
    for (index, size) in matrix.sizes.enumerated() {
      let strongBaseline = (name: "strong loop", value: Optional(strong[index]))
      report.add(
        Figure(
          section: "broadcast",
          name: "Broadcast, \(size) delegates: invoke(with:) vs strong loop",
          value: multicast[index], unit: unit, baseline: strongBaseline,
          ratio: multicast[index] / strong[index],
          target: targetSizes.contains(size) ? .ratioAtMost(5) : nil))
      report.add(
        Figure(
          section: "broadcast",
          name: "Broadcast, \(size) delegates: capturing invoke vs strong loop",
          value: capturing[index], unit: unit, baseline: strongBaseline,
          ratio: capturing[index] / strong[index]))
      if targetSizes.contains(size) {
        report.add(
          Figure(
            section: "broadcast",
            name: "Broadcast, \(size) delegates: invoke(with:) vs weak load floor",
            value: multicast[index], unit: unit,
            baseline: (name: "weak load floor", value: floor[index]),
            ratio: multicast[index] / floor[index]))
      }
      report.add(
        Figure(
          section: "broadcast",
          name: "Broadcast, \(size) delegates: invoke(with:) speed-up on NotificationCenter",
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
