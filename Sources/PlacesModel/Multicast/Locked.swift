#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a POSIX mutex.
///
/// `Synchronization.Mutex` would do, but on Linux it locks with futexes inside the standard
/// library, where ThreadSanitizer cannot see the ordering it provides, so every test under
/// `--sanitize=thread` would report its guarded state as racy. A pthread mutex is intercepted
/// by the sanitizer and costs the same uncontended.
///
/// `@unchecked Sendable`: `value` is only read or written inside ``withLock(_:)``, while the
/// mutex is held.
@usableFromInline
final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline var value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
