import Foundation

// The alternatives a Swift developer would otherwise write, each in its idiomatic form and
// holding the public `any BenchDelegate`. None is thread-safe or has re-entrancy rules;
// `MulticastDelegate` pays for both (a mutex, a per-thread delivery record and a removal check
// per delegate).

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
public final class WeakBoxMulticast {
  private var boxes: [WeakBox] = []

  /// Creates an empty list.
  public init() {}

  /// Appends `delegate`, held weakly.
  public func add(_ delegate: any BenchDelegate) {
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

/// A typed weak reference to a delegate, as `weak var delegate: (any BenchDelegate)?` holds
/// one: the object and its witness table, so that no cast is needed to call it.
struct WeakDelegate {
  weak var delegate: (any BenchDelegate)?
}

/// The floor of every weak design: typed weak references to the protocol, read in place.
///
/// Read through a pointer, with no cast and no bookkeeping, a call costs one weak load, the
/// call and one release; an array read with `for reference in references` would also copy
/// each weak reference out and destroy the copy, which costs as much again.
final class TypedWeakMulticast {
  private let storage: UnsafeMutablePointer<WeakDelegate>
  private let count: Int

  init(_ delegates: [any BenchDelegate]) {
    count = delegates.count
    storage = .allocate(capacity: count)
    for (index, delegate) in delegates.enumerated() {
      (storage + index).initialize(to: WeakDelegate(delegate: delegate))
    }
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  func broadcast(_ value: Int) {
    for index in 0..<count {
      // A mutable pointer's subscript reads the weak field in place; an immutable one copies.
      storage[index].delegate?.ping(value)
    }
  }
}

// MARK: - Weak closures

/// An array of closures, each capturing its listener `[weak listener]`: the usual "listener
/// block" design.
final class WeakClosureMulticast {
  private var handlers: [(Int) -> Void] = []

  func add(_ delegate: any BenchDelegate) {
    handlers.append { [weak delegate] value in
      delegate?.ping(value)
    }
  }

  func broadcast(_ value: Int) {
    for handler in handlers {
      handler(value)
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
