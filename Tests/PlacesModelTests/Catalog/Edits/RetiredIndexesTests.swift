import Dispatch
import Foundation
import PlacesModel
import Synchronization
import Testing

/// A replaced index that a storage retires is freed on a background queue, never on the
/// thread that retired it: at the next edit, or shortly after without one.
struct RetiredIndexesTests {
  /// Notes whether it is freed on the thread that made it.
  final class Tracker: Sendable {
    let maker = Tracker.currentThread()
    let freed: @Sendable (Bool) -> Void

    init(freed: @escaping @Sendable (_ onThreadThatMadeIt: Bool) -> Void) {
      self.freed = freed
    }

    deinit {
      freed(Self.currentThread() == maker)
    }

    /// The calling thread's POSIX identity, as a number (the thread is alive while compared).
    static func currentThread() -> UInt {
      #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
      #else
        UInt(pthread_self())
      #endif
    }
  }

  /// Whether a tracker was freed on the thread that made it, once it was freed.
  final class FreedOn: Sendable {
    private let onThreadThatMadeIt = Mutex<Bool?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func note(_ onThreadThatMadeIt: Bool) {
      self.onThreadThatMadeIt.withLock { $0 = onThreadThatMadeIt }
      done.signal()
    }

    /// Whether it was, waiting up to a minute for the tracker to be freed; `nil` if not.
    func wait() -> Bool? {
      guard done.wait(timeout: .now() + 60) == .success else { return nil }
      return onThreadThatMadeIt.withLock { $0 }
    }
  }

  @Test func aRetiredIndexHandedOnIsFreedOnAnotherThread() {
    let retired = RetiredIndexes()
    let freedOn = FreedOn()
    retired.retire(Tracker(freed: freedOn.note))
    retired.releaseInBackground()
    #expect(freedOn.wait() == false)
  }

  /// The catalog an edit was made from outlives the caller's last reference to it for a
  /// moment, held by the edited catalog: a model that lets go of it once its listeners heard
  /// the edit does not free it on the editing thread; a background queue does, soon after.
  @Test func theCatalogAnEditWasMadeFromIsFreedOnABackgroundQueue() throws {
    let (edited, original) = try Self.editedCatalogAndItsOriginal()
    // The caller held the only other reference, so only the edited catalog holds it now.
    #expect(original.value != nil)
    let deadline = Date.now.addingTimeInterval(60)
    while original.value != nil, Date.now < deadline {
      Thread.sleep(forTimeInterval: 0.005)
    }
    #expect(original.value == nil, "the original catalog was never freed")
    #expect(edited.count == 3)
  }

  /// A weak reference to a reference type's instance.
  final class Weak: @unchecked Sendable {
    weak var value: AnyObject?

    init(_ value: AnyObject) {
      self.value = value
    }
  }

  /// A catalog of three places with one moved, and a weak reference to the storage of the
  /// catalog it was edited from, which nothing else here holds once this returns.
  private static func editedCatalogAndItsOriginal() throws -> (PlaceCatalog, Weak) {
    let original = try PlaceCatalog([
      Place(id: 1, name: "Oslo", coordinate: try Coordinate(latitude: 59.9, longitude: 10.7)),
      Place(id: 2, name: "Bergen", coordinate: try Coordinate(latitude: 60.4, longitude: 5.3)),
      Place(id: 3, name: "Tromsø", coordinate: try Coordinate(latitude: 69.6, longitude: 18.9)),
    ])
    let moved = Place(
      id: 2, name: "Bergen", coordinate: try Coordinate(latitude: 60.5, longitude: 5.4))
    let edited = try original.applying([.update(moved)]).catalog
    return (edited, Weak(original.sharedStorage))
  }

  @Test func aRetiredIndexNobodyHandsOnIsFreedOnAnotherThreadSoonAfter() {
    let retired = RetiredIndexes()
    let freedOn = FreedOn()
    retired.retire(Tracker(freed: freedOn.note))
    #expect(freedOn.wait() == false)
    withExtendedLifetime(retired) {}
  }
}
