import Foundation

/// The delegate protocol every broadcast in the bench calls: public and class-bound, with one
/// method, as an app's delegate protocol is.
///
/// It is public and its calls are made from this module, not from the one that declares
/// `MulticastDelegate`, so that no implementation, the baselines included, is devirtualised
/// where an app's would not be.
public protocol BenchDelegate: AnyObject {
  /// Receives one broadcast carrying `value`.
  func ping(_ value: Int)
}

/// A delegate that does the least work the optimizer cannot remove: it adds to a counter.
public final class CountingDelegate: BenchDelegate {
  /// The sum of the values received.
  public var total: Int { received }
  /// Private, so that the optimizer sees every access and checks none for exclusivity at run
  /// time: the call then costs what an app's cheapest delegate method costs.
  private var received = 0
  /// The token of this listener's `NotificationCenter` observer, kept by the listener as an
  /// observer usually keeps it; used only by the `NotificationCenter` baseline.
  var observation: (any NSObjectProtocol)?

  /// Creates a delegate that has received nothing.
  public init() {}

  /// Adds `value` to ``total``.
  @inline(never)
  public func ping(_ value: Int) {
    received &+= value
  }

  /// Returns `count` new delegates.
  public static func make(count: Int) -> [CountingDelegate] {
    (0..<count).map { _ in CountingDelegate() }
  }

  /// The sum of the delegates' counters, printed so that no broadcast can be proved useless.
  public static func checksum(of delegates: [CountingDelegate]) -> Int {
    delegates.reduce(0) { $0 &+ $1.total }
  }
}
