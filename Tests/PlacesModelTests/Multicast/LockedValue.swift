import Foundation

/// A value shared between threads in tests, guarded by an `NSLock`, which ThreadSanitizer
/// understands (it does not see `Synchronization.Mutex` on Linux).
///
/// `@unchecked Sendable`: `value` is only touched inside ``withLock(_:)``.
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
