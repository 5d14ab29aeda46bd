import Foundation

// The alternatives a Swift developer would otherwise write, each in its idiomatic form. None is
// thread-safe or has re-entrancy rules; `MulticastDelegate` pays for both (a mutex, a
// per-thread delivery record and a removal check per delegate).

// MARK: - Strong array

/// The physical limit: a strong array of delegates, called in a plain loop.
final class StrongDelegateList {
  private let delegates: [any BenchDelegate]

  init(_ delegates: [any BenchDelegate]) {
    self.delegates = delegates
  }

  func broadcast(_ value: Int) {
    for delegate in delegates {
      delegate.ping(value)
    }
  }
}

// MARK: - Weak boxes

/// A weak reference to any object, as most hand-written multicast delegates store one.
struct WeakBox {
  weak var value: AnyObject?
}

/// An array of weak boxes: `as?` cast per call, identity scan for removal.
final class WeakBoxMulticast {
  private var boxes: [WeakBox] = []

  func add(_ delegate: any BenchDelegate) {
    boxes.append(WeakBox(value: delegate))
  }

  func remove(_ delegate: any BenchDelegate) {
    if let index = boxes.firstIndex(where: { $0.value === delegate }) {
      boxes.remove(at: index)
    }
  }

  func broadcast(_ value: Int) {
    for box in boxes {
      (box.value as? any BenchDelegate)?.ping(value)
    }
  }
}

/// A weak reference to an instance of one class, so that no cast is needed to use it.
struct WeakReference<Object: AnyObject> {
  weak var object: Object?
}

/// An array of typed weak references to one concrete class: the weak load alone, no cast.
final class TypedWeakMulticast {
  private var references: [WeakReference<CountingDelegate>] = []

  func add(_ delegate: CountingDelegate) {
    references.append(WeakReference(object: delegate))
  }

  func broadcast(_ value: Int) {
    for reference in references {
      reference.object?.ping(value)
    }
  }
}

/// Not an alternative anyone writes, but the floor of every weak design: typed weak references
/// read in place through a pointer, so that a call costs one weak load, one release and the
/// call itself, with no copy of the reference and no cast.
final class WeakLoadFloor {
  private let storage: UnsafeMutablePointer<WeakReference<CountingDelegate>>
  private let count: Int

  init(_ delegates: [CountingDelegate]) {
    count = delegates.count
    storage = .allocate(capacity: count)
    for (index, delegate) in delegates.enumerated() {
      (storage + index).initialize(to: WeakReference(object: delegate))
    }
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  func broadcast(_ value: Int) {
    for index in 0..<count {
      // A mutable pointer's subscript reads the weak field in place; an immutable one copies.
      storage[index].object?.ping(value)
    }
  }
}

// MARK: - Weak hash table

#if canImport(Darwin)
  /// `NSHashTable.weakObjects()`, broadcast by iterating `allObjects` and casting.
  final class WeakHashTableMulticast {
    static let label = "NSHashTable.weakObjects"
    private let table = NSHashTable<AnyObject>.weakObjects()

    func add(_ delegate: any BenchDelegate) {
      table.add(delegate)
    }

    func remove(_ delegate: any BenchDelegate) {
      table.remove(delegate)
    }

    func broadcast(_ value: Int) {
      for object in table.allObjects {
        (object as? any BenchDelegate)?.ping(value)
      }
    }
  }
#else
  /// A stand-in for `NSHashTable.weakObjects()`, which swift-corelibs-foundation does not
  /// provide: a hash table of weak entries keyed by identity whose `allObjects` copies the live
  /// objects into a new array, as `NSHashTable`'s does, iterated with a cast.
  final class WeakHashTableMulticast {
    static let label = "weak hash table (NSHashTable stand-in)"
    private var entries: [ObjectIdentifier: WeakBox] = [:]

    var allObjects: [AnyObject] {
      var objects: [AnyObject] = []
      objects.reserveCapacity(entries.count)
      for entry in entries.values {
        if let object = entry.value {
          objects.append(object)
        }
      }
      return objects
    }

    func add(_ delegate: any BenchDelegate) {
      entries[ObjectIdentifier(delegate)] = WeakBox(value: delegate)
    }

    func remove(_ delegate: any BenchDelegate) {
      entries.removeValue(forKey: ObjectIdentifier(delegate))
    }

    func broadcast(_ value: Int) {
      for object in allObjects {
        (object as? any BenchDelegate)?.ping(value)
      }
    }
  }
#endif

// MARK: - NotificationCenter

/// Foundation's `NotificationCenter`, with one observer block per listener; the value travels
/// in `userInfo`.
final class NotificationMulticast {
  private let center = NotificationCenter()
  private let name = Notification.Name("places-bench.ping")

  func add(_ delegate: CountingDelegate) {
    let listener = ObservingListener(delegate: delegate)
    delegate.observation = center.addObserver(forName: name, object: nil, queue: nil) {
      notification in
      guard let value = notification.userInfo?["value"] as? Int else { return }
      listener.delegate?.ping(value)
    }
  }

  func remove(_ delegate: CountingDelegate) {
    guard let observation = delegate.observation else { return }
    center.removeObserver(observation)
    delegate.observation = nil
  }

  func broadcast(_ value: Int) {
    center.post(name: name, object: nil, userInfo: ["value": value])
  }
}

/// The weak capture of a listener in its observer block, which Foundation requires to be
/// `@Sendable`.
///
/// `@unchecked Sendable`: the bench posts on the thread that registered, and an observer added
/// with `queue: nil` runs synchronously on the posting thread, so the delegate never crosses
/// threads. It is what `[weak delegate]` would be for a `Sendable` delegate.
private struct ObservingListener: @unchecked Sendable {
  weak var delegate: (any BenchDelegate)?
}
