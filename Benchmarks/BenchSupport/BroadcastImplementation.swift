import PlacesModel

/// A way of calling every delegate once with a value, measured against the others.
public enum BroadcastImplementation: String, CaseIterable, Sendable {
  /// A plain loop over a strong `[any BenchDelegate]`: the physical limit.
  case strongLoop = "strong-loop"
  /// `MulticastDelegate.invoke(with:)` with a closure that captures nothing.
  case multicastWithArgument = "multicast-with"
  /// `MulticastDelegate.invoke` with a closure that captures the value.
  case multicastCapturing = "multicast-capturing"
  /// An array of closures, each capturing its listener weakly.
  case weakClosures = "weak-closures"
  /// An array of weak boxes of `AnyObject`, cast with `as?` on each call.
  case weakBoxCast = "weak-box"
  /// An array of typed weak references to the protocol: the floor for holding weakly.
  case typedWeakReference = "typed-weak"
  /// `NSHashTable.weakObjects()`, or a stand-in where Foundation lacks it.
  case weakHashTable = "weak-hash-table"
  /// `NotificationCenter`, one observer per listener.
  case notificationCenter = "notification-center"

  /// The name shown in the report.
  public var label: String {
    switch self {
    case .strongLoop: "strong [any BenchDelegate] loop"
    case .multicastWithArgument: "MulticastDelegate invoke(with:)"
    case .multicastCapturing: "MulticastDelegate invoke { capturing }"
    case .weakClosures: "[closure capturing [weak listener]]"
    case .weakBoxCast: "[WeakBox] + as? cast"
    case .typedWeakReference: "typed weak (any BenchDelegate)?, the weak floor"
    case .weakHashTable: WeakHashTableMulticast.label
    case .notificationCenter: "NotificationCenter, observer per listener"
    }
  }

  /// Registers `delegates` with a new broadcaster of this kind and returns a body that
  /// broadcasts `iterations` times, passing the iteration number.
  ///
  /// The broadcast call sits directly in the returned loop, in this module, so that nothing
  /// but the implementation itself is measured, called as an app calls it.
  public func makeBroadcasts(to delegates: [CountingDelegate]) -> (Int) -> Void {
    switch self {
    case .strongLoop:
      let list = StrongDelegateList(delegates)
      return { iterations in
        for value in 0..<iterations {
          list.broadcast(value)
        }
      }
    case .multicastWithArgument:
      let multicast = Self.makeMulticast(delegates)
      return { iterations in
        for value in 0..<iterations {
          multicast.invoke(with: value) { $0.ping($1) }
        }
      }
    case .multicastCapturing:
      let multicast = Self.makeMulticast(delegates)
      return { iterations in
        for value in 0..<iterations {
          multicast.invoke { $0.ping(value) }
        }
      }
    case .weakClosures:
      let multicast = WeakClosureMulticast()
      for delegate in delegates {
        multicast.add(delegate)
      }
      return { iterations in
        for value in 0..<iterations {
          multicast.broadcast(value)
        }
      }
    case .weakBoxCast:
      let multicast = WeakBoxMulticast()
      for delegate in delegates {
        multicast.add(delegate)
      }
      return { iterations in
        for value in 0..<iterations {
          multicast.broadcast(value)
        }
      }
    case .typedWeakReference:
      let multicast = TypedWeakMulticast(delegates)
      return { iterations in
        for value in 0..<iterations {
          multicast.broadcast(value)
        }
      }
    case .weakHashTable:
      let multicast = WeakHashTableMulticast()
      for delegate in delegates {
        multicast.add(delegate)
      }
      return { iterations in
        for value in 0..<iterations {
          multicast.broadcast(value)
        }
      }
    case .notificationCenter:
      let multicast = NotificationMulticast()
      for delegate in delegates {
        multicast.add(delegate)
      }
      return { iterations in
        for value in 0..<iterations {
          multicast.broadcast(value)
        }
      }
    }
  }

  private static func makeMulticast(
    _ delegates: [CountingDelegate]
  ) -> MulticastDelegate<any BenchDelegate> {
    let multicast = MulticastDelegate<any BenchDelegate>()
    for delegate in delegates {
      multicast.add(delegate)
    }
    return multicast
  }
}
