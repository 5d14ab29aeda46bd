import BenchSupport
import PlacesModel

/// The cost of adding N delegates and then removing them in random order.
enum RegistrationBenchmarks {
  /// Measures every implementation at the two sizes, `small` and `large`, interleaved.
  ///
  /// One cycle of the quadratic `[WeakBox]` baseline takes over a second at 10,000 delegates,
  /// so pass a plan with fewer samples than usual.
  static func run(small: Int, large: Int, plan: TimingPlan, report: inout Report) {
    var generator = SplitMix64(seed: 42)
    let sizes = [small, large]
    let implementations = RegistrationImplementation.allCases
    var operations: [TimedOperation] = []
    for size in sizes {
      let delegates = CountingDelegate.make(count: size)
      let removalOrder = delegates.shuffled(using: &generator)
      if let problem = multicastProblem(adding: delegates, removing: removalOrder) {
        report.failures.append("registration of \(size) delegates: \(problem)")
      }
      for implementation in implementations {
        operations.append(
          TimedOperation(
            name: "\(implementation.label), \(size)",
            body: implementation.makeCycles(adding: delegates, removing: removalOrder)))
      }
    }
    let medians = Timing.interleavedMedians(operations, plan: plan)
    let count = implementations.count
    for (index, implementation) in implementations.enumerated() {
      let smallTime = medians[index] / 1e6
      let largeTime = medians[count + index] / 1e6
      report.add(
        Figure(
          section: "registration",
          name: "Registration, add+remove \(large) vs \(small): \(implementation.label)",
          value: largeTime, unit: "ms",
          baseline: (name: "\(small) delegates", value: smallTime),
          ratio: largeTime / smallTime,
          target: implementation == .multicast ? .ratioAtMost(15) : nil))
    }
    let multicastTime = medians[count] / Double(large)
    let weakBoxTime = medians[count + 1] / Double(large)
    report.add(
      Figure(
        section: "registration",
        name: "Registration, \(large) delegates: MulticastDelegate speed-up on [WeakBox]",
        value: multicastTime, unit: "ns/delegate",
        baseline: (name: "[WeakBox]", value: weakBoxTime),
        ratio: weakBoxTime / multicastTime))
  }

  private static func multicastProblem(
    adding delegates: [CountingDelegate], removing removalOrder: [CountingDelegate]
  ) -> String? {
    let multicast = MulticastDelegate<any BenchDelegate>()
    for delegate in delegates {
      multicast.add(delegate)
    }
    guard multicast.count == delegates.count else {
      return "\(multicast.count) registered after adding \(delegates.count)"
    }
    for delegate in removalOrder {
      multicast.remove(delegate)
    }
    return multicast.isEmpty ? nil : "\(multicast.count) left after removing every delegate"
  }
}
