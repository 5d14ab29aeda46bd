import PlacesModel

/// A delegate that unregisters itself from the multicast the first time it is called, as a
/// one-shot listener does.
public final class SelfRemovingDelegate: BenchDelegate {
  private let multicast: MulticastDelegate<any BenchDelegate>
  /// How many calls it received.
  public private(set) var calls = 0

  /// Creates a delegate that will remove itself from `multicast`.
  public init(multicast: MulticastDelegate<any BenchDelegate>) {
    self.multicast = multicast
  }

  /// Counts the call and unregisters this delegate.
  public func ping(_ value: Int) {
    calls += 1
    multicast.remove(self)
  }
}

/// Where the removals of a self-removal run happen.
public enum RemovalRun: Sendable {
  /// Every delegate removes itself from its own callback, during one broadcast.
  case duringABroadcast
  /// The same removals made one after another, outside any broadcast.
  case outsideABroadcast

  /// A body that, per iteration, registers `count` new delegates with a new multicast and
  /// removes every one of them as this run says; it returns how many calls were received.
  public func makeRuns(count: Int) -> (Int) -> Int {
    { iterations in
      var calls = 0
      for _ in 0..<iterations {
        let multicast = MulticastDelegate<any BenchDelegate>()
        let delegates = (0..<count).map { _ in SelfRemovingDelegate(multicast: multicast) }
        for delegate in delegates {
          multicast.add(delegate)
        }
        switch self {
        case .duringABroadcast:
          multicast.invoke(with: 1) { $0.ping($1) }
        case .outsideABroadcast:
          for delegate in delegates {
            delegate.ping(1)
          }
        }
        calls += delegates.reduce(0) { $0 + $1.calls }
        if !multicast.isEmpty {
          calls = -1
        }
      }
      return calls
    }
  }
}
