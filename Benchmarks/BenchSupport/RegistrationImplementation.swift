import PlacesModel

/// A registry measured for registration: how it adds and removes one delegate.
public enum RegistrationImplementation: CaseIterable, Sendable {
  /// `MulticastDelegate.add` and `remove`.
  case multicast
  /// An array of weak boxes, removal by identity scan.
  case weakBoxArray
  /// `NSHashTable.weakObjects()`, or a stand-in where Foundation lacks it.
  case weakHashTable
  /// `NotificationCenter.addObserver` and `removeObserver`.
  case notificationCenter

  /// The name shown in the report.
  public var label: String {
    switch self {
    case .multicast: "MulticastDelegate"
    case .weakBoxArray: "[WeakBox] + identity scan"
    case .weakHashTable: WeakHashTableMulticast.label
    case .notificationCenter: "NotificationCenter"
    }
  }

  /// A body that, per iteration, registers every delegate with a new registry and then
  /// removes them in `removalOrder`.
  public func makeCycles(
    adding delegates: [CountingDelegate], removing removalOrder: [CountingDelegate]
  ) -> (Int) -> Void {
    switch self {
    case .multicast:
      return { iterations in
        for _ in 0..<iterations {
          let multicast = MulticastDelegate<any BenchDelegate>()
          for delegate in delegates {
            multicast.add(delegate)
          }
          for delegate in removalOrder {
            multicast.remove(delegate)
          }
        }
      }
    case .weakBoxArray:
      return { iterations in
        for _ in 0..<iterations {
          let multicast = WeakBoxMulticast()
          for delegate in delegates {
            multicast.add(delegate)
          }
          for delegate in removalOrder {
            multicast.remove(delegate)
          }
        }
      }
    case .weakHashTable:
      return { iterations in
        for _ in 0..<iterations {
          let multicast = WeakHashTableMulticast()
          for delegate in delegates {
            multicast.add(delegate)
          }
          for delegate in removalOrder {
            multicast.remove(delegate)
          }
        }
      }
    case .notificationCenter:
      return { iterations in
        for _ in 0..<iterations {
          let multicast = NotificationMulticast()
          for delegate in delegates {
            multicast.add(delegate)
          }
          for delegate in removalOrder {
            multicast.remove(delegate)
          }
        }
      }
    }
  }
}
