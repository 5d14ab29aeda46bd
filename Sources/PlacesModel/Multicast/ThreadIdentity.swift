#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of a thread, unique among the threads alive at one time.
///
/// It keeps the `pthread_t` as it is and compares with `pthread_equal`: `pthread_t` is an
/// integer on glibc but a pointer on Musl (and so in the static Linux SDK) and on Darwin, and
/// POSIX makes it opaque, so it is never converted.
struct ThreadIdentity {
  private let thread: pthread_t

  /// The thread that is running this code.
  static var current: ThreadIdentity {
    ThreadIdentity(thread: pthread_self())
  }

  /// Whether `other` is the same thread.
  func isSame(as other: ThreadIdentity) -> Bool {
    pthread_equal(thread, other.thread) != 0
  }
}
