import PlacesModel

/// A way of calling every delegate once with a value, measured against the others.
enum BroadcastImplementation: String, CaseIterable {
  case strongLoop = "strong-loop"
  case multicastWithArgument = "multicast-with"
  case multicastCapturing = "multicast-capturing"
  case weakBoxCast = "weak-box"
  case typedWeakReference = "typed-weak"
  case weakLoadFloor = "weak-floor"
  case weakHashTable = "weak-hash-table"
  case notificationCenter = "notification-center"

  /// The name shown in the report.
  var label: String {
    switch self {
    case .strongLoop: "strong [any BenchDelegate] loop"
    case .multicastWithArgument: "MulticastDelegate invoke(with:)"
    case .multicastCapturing: "MulticastDelegate invoke { capturing }"
    case .weakBoxCast: "[WeakBox] + as? cast"
    case .typedWeakReference: "[WeakReference<ConcreteClass>]"
    case .weakLoadFloor: "weak load floor (in place, no cast)"
    case .weakHashTable: WeakHashTableMulticast.label
    case .notificationCenter: "NotificationCenter, observer per listener"
    }
  }

  /// Registers `delegates` with a new broadcaster of this kind and returns a body that
  /// broadcasts `iterations` times, passing the iteration number.
  ///
  /// The broadcast call sits directly in the returned loop, so that nothing but the
  /// implementation itself is measured.
  func makeBroadcasts(to delegates: [CountingDelegate]) -> (Int) -> Void {
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
      let multicast = TypedWeakMulticast()
      for delegate in delegates {
        multicast.add(delegate)
      }
      return { iterations in
        for value in 0..<iterations {
          multicast.broadcast(value)
        }
      }
    case .weakLoadFloor:
      let floor = WeakLoadFloor(delegates)
      return { iterations in
        for value in 0..<iterations {
          floor.broadcast(value)
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
