#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long to measure: the samples per figure and the shortest sample worth timing.
struct TimingPlan: Sendable {
  /// Timed samples per operation, after warm-up; the median is reported.
  let samples: Int
  /// Each sample repeats its operation until it lasts at least this long.
  let minimumSampleNanoseconds: Double

  /// Enough samples for stable medians on a noisy machine.
  static let full = TimingPlan(samples: 11, minimumSampleNanoseconds: 10_000_000)
  /// A smoke test: every path runs, nothing is measured seriously.
  static let quick = TimingPlan(samples: 3, minimumSampleNanoseconds: 200_000)
  /// For registration, whose slowest baseline takes over a second per sample.
  static let registration = TimingPlan(samples: 7, minimumSampleNanoseconds: 10_000_000)
  /// For operations that take a large fraction of a second each, such as loading a file.
  static let slow = TimingPlan(samples: 5, minimumSampleNanoseconds: 1)
}

/// One thing to time: `body(iterations)` performs the operation `iterations` times.
struct TimedOperation {
  let name: String
  let body: (Int) -> Void
}

/// Wall-clock timing with a monotonic clock, repeated and reduced to medians.
enum Timing {
  /// The CPU time the calling thread has used, in nanoseconds: it does not advance while the
  /// thread waits on a lock, is preempted, or its virtual CPU is taken by the host.
  static func threadCPUNanoseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
  }

  /// Returns how long `body` takes, in nanoseconds.
  static func nanoseconds(_ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure(body)
    let (seconds, attoseconds) = elapsed.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  /// Returns the median nanoseconds per iteration of each operation, in order.
  ///
  /// Each operation is first warmed up and calibrated on its own: it runs once untimed, then
  /// its iteration count doubles (or more) until one sample lasts
  /// ``TimingPlan/minimumSampleNanoseconds``, and it runs once more at that count unless the
  /// first timed run was long enough. What a first run costs once (a cache filled) is a
  /// figure of its own where it matters, never part of these medians. Then the
  /// samples are taken in rounds, each round timing every operation once, so that a burst of
  /// load from another process slows all of them rather than one, and ratios taken from the
  /// medians compare like with like.
  static func interleavedMedians(_ operations: [TimedOperation], plan: TimingPlan) -> [Double] {
    let iterations = operations.map { calibratedIterations($0, plan: plan) }
    var samples = Array(repeating: [Double](), count: operations.count)
    for _ in 0..<plan.samples {
      for (index, operation) in operations.enumerated() {
        let count = iterations[index]
        let elapsed = nanoseconds { operation.body(count) }
        samples[index].append(elapsed / Double(count))
      }
    }
    return samples.map(median)
  }

  /// Returns the median of `values`, or 0 for none.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    if sorted.count.isMultiple(of: 2) {
      return (sorted[middle - 1] + sorted[middle]) / 2
    }
    return sorted[middle]
  }

  private static func calibratedIterations(_ operation: TimedOperation, plan: TimingPlan) -> Int {
    // One untimed run first: an operation whose first run fills a cache (a filter's first
    // reading of the clusters in view took 200 ms, the runs after it 10 us) would otherwise be
    // calibrated on that run, and its samples would each time a single cold run.
    operation.body(1)
    var iterations = 1
    while true {
      let elapsed = nanoseconds { operation.body(iterations) }
      if elapsed >= plan.minimumSampleNanoseconds || iterations >= 1 << 30 {
        break
      }
      let scale = plan.minimumSampleNanoseconds / max(elapsed, 1) * 1.2
      iterations = max(iterations * 2, Int(Double(iterations) * min(scale, 1_000)))
    }
    if iterations > 1 {
      operation.body(iterations)  // One more warm-up run at the final size.
    }
    return iterations
  }
}
