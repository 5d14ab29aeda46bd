import Foundation

/// The delegate protocol every broadcast in the bench calls: class-bound, with one method.
protocol BenchDelegate: AnyObject {
  func ping(_ value: Int)
}

/// A delegate that does the least work the optimizer cannot remove: it adds to a counter.
final class CountingDelegate: BenchDelegate {
  private(set) var total = 0
  /// The token of this listener's `NotificationCenter` observer, kept by the listener as an
  /// observer usually keeps it; used only by the `NotificationCenter` baseline.
  var observation: (any NSObjectProtocol)?

  @inline(never)
  func ping(_ value: Int) {
    total &+= value
  }

  /// Returns `count` new delegates.
  static func make(count: Int) -> [CountingDelegate] {
    (0..<count).map { _ in CountingDelegate() }
  }

  /// The sum of the delegates' counters, printed so that no broadcast can be proved useless.
  static func checksum(of delegates: [CountingDelegate]) -> Int {
    delegates.reduce(0) { $0 &+ $1.total }
  }
}
