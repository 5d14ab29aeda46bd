import BenchSupport

/// The cost of delegates removing themselves from their callback during a broadcast, against
/// the same removals made outside any broadcast.
enum RemovalBenchmarks {
  /// Measures runs of `sizes` self-removing delegates, interleaved.
  static func run(sizes: [Int], plan: TimingPlan, report: inout Report) {
    var operations: [TimedOperation] = []
    for size in sizes {
      for removal in [RemovalRun.duringABroadcast, .outsideABroadcast] {
        let runs = removal.makeRuns(count: size)
        if runs(1) != size {
          report.failures.append("self-removal of \(size) delegates: not every delegate left")
        }
        operations.append(TimedOperation(name: "\(removal), \(size)") { _ = runs($0) })
      }
    }
    let medians = Timing.interleavedMedians(operations, plan: plan)
    var perRemoval: [Double] = []
    for (index, size) in sizes.enumerated() {
      let during = medians[2 * index] / Double(size)
      let outside = medians[2 * index + 1] / Double(size)
      perRemoval.append(during)
      report.add(
        Figure(
          section: "removal",
          name: "Self-removal during a broadcast, \(size) delegates",
          value: during, unit: "ns/delegate",
          baseline: (name: "outside a broadcast", value: outside),
          ratio: during / outside,
          note: index == 0
            ? "a new multicast, \(size) delegates registered, then one broadcast in which each "
              + "removes itself; the baseline makes the same removals after the same set-up "
              + "without a broadcast. Set-up included in both." : nil))
    }
    guard let first = perRemoval.first, let last = perRemoval.last, sizes.count > 1 else {
      return
    }
    report.add(
      Figure(
        section: "removal",
        name: "Self-removal during a broadcast, \(sizes[sizes.count - 1]) vs \(sizes[0]): "
          + "time per delegate",
        value: last, unit: "ns/delegate",
        baseline: (name: "\(sizes[0]) delegates", value: first),
        ratio: last / first, target: .ratioAtMost(2)))
  }
}
