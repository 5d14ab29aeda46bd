#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of the running thread, unique among the threads alive at one time.
@usableFromInline
struct ThreadIdentity: Equatable, Sendable {
  @usableFromInline let rawValue: UInt

  @inlinable
  init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// The thread that is running this code.
  @inlinable
  static var current: ThreadIdentity {
    #if canImport(Darwin)
      ThreadIdentity(rawValue: UInt(bitPattern: pthread_self()))
    #else
      ThreadIdentity(rawValue: UInt(pthread_self()))
    #endif
  }
}
