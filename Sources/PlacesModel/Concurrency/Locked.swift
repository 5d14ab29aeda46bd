import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a lock that costs two atomic instructions when uncontended.
///
/// The lock is a word taken with a compare-and-exchange and given back with an exchange; a
/// thread that finds it taken spins briefly, then sleeps on a POSIX condition variable, and
/// an unlock that sees a sleeper wakes one (the classic three-state mutex, with a condition
/// variable where a futex would be). A multicast's critical sections are a few dozen
/// instructions and never run user code, so contention is short. Nor may they release the last
/// reference to anything that runs user code when freed: see ``withLockDeferringRelease(_:)``.
///
/// Why not `pthread_mutex_t` alone: a lock and an unlock cost about 55 instructions, a
/// fifth of a whole broadcast to one delegate. Why not `Synchronization.Mutex`: on Linux it
/// locks inside the standard library, where ThreadSanitizer cannot see the ordering it
/// provides, so every test under `--sanitize=thread` would report the guarded state as racy.
/// The atomics here are compiled into this module, and the condition variable is POSIX, so
/// the sanitizer sees every ordering this lock provides.
///
/// The value lives in memory of its own rather than in a stored property, so that reaching it
/// costs no dynamic exclusivity check: the lock already gives exclusive access. It shares one
/// allocation with the mutex and the condition variable (whose addresses must not change): a
/// catalog an edit makes holds several locks, so each one allocated and freed three blocks
/// besides the object for every edit.
///
/// `@unchecked Sendable`: the value is only read or written between ``lock()`` and
/// ``unlock()``.
package final class Locked<Value>: @unchecked Sendable {
  /// 0: unlocked; 1: locked; 2: locked, and a thread may be sleeping on `condition`.
  private let word = Atomic<UInt32>(0)
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  /// The guarded value; touch it only while holding the lock.
  let value: UnsafeMutablePointer<Value>
  /// The one allocation holding the mutex, then the condition variable, then the value.
  private let storage: UnsafeMutableRawPointer

  /// A lock guarding `initialValue`.
  package init(_ initialValue: Value) {
    let layout = Self.layout
    storage = .allocate(byteCount: layout.byteCount, alignment: layout.alignment)
    mutex = storage.bindMemory(to: pthread_mutex_t.self, capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = (storage + layout.conditionOffset).bindMemory(to: pthread_cond_t.self, capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
    value = (storage + layout.valueOffset).bindMemory(to: Value.self, capacity: 1)
    value.initialize(to: initialValue)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    value.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Where the condition variable and the value lie in ``storage``, its size and alignment.
  private static var layout:
    (conditionOffset: Int, valueOffset: Int, byteCount: Int, alignment: Int)
  {
    func aligned(_ offset: Int, to alignment: Int) -> Int {
      (offset + alignment - 1) / alignment * alignment
    }
    let conditionOffset = aligned(
      MemoryLayout<pthread_mutex_t>.stride, to: MemoryLayout<pthread_cond_t>.alignment)
    let valueOffset = aligned(
      conditionOffset + MemoryLayout<pthread_cond_t>.stride, to: MemoryLayout<Value>.alignment)
    let alignment = max(
      MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<pthread_cond_t>.alignment,
      MemoryLayout<Value>.alignment)
    return (conditionOffset, valueOffset, valueOffset + MemoryLayout<Value>.stride, alignment)
  }

  /// Takes the lock, waiting for it if another thread holds it.
  ///
  /// Not re-entrant.
  @inline(__always)
  func lock() {
    if !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      lockContended()
    }
  }

  /// Gives the lock back, waking a sleeping thread if there may be one.
  @inline(__always)
  func unlock() {
    if word.exchange(0, ordering: .releasing) == 2 {
      wakeOne()
    }
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock()
    let result = body(&value.pointee)
    unlock()
    return result
  }

  /// Runs `body` with exclusive access to the value, and releases what it returns only after
  /// the lock is given back.
  ///
  /// `body` returns what it took out of the value, or loaded from it, whose release might be
  /// the last one. A last release runs a `deinit`, which may be user code that takes this lock
  /// again and would wait for itself. `_ = result` would not do: the optimizer may release a
  /// value right after its last use, which inside `body` is before the unlock, and under `-O` it
  /// does. `withExtendedLifetime` is a use after the unlock, so the release cannot come earlier.
  @inline(__always)
  func withLockDeferringRelease<Released>(_ body: (inout Value) -> Released) {
    let released = withLock(body)
    withExtendedLifetime(released) {}
  }

  @inline(never)
  private func lockContended() {
    for _ in 0..<64 {
      if word.load(ordering: .relaxed) == 0,
        word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
    }
    pthread_mutex_lock(mutex)
    // Marking the word 2 before sleeping makes the holder's unlock wake us; the mutex makes
    // that wake-up wait until we sleep, so it cannot be lost.
    while word.exchange(2, ordering: .acquiring) != 0 {
      pthread_cond_wait(condition, mutex)
    }
    pthread_mutex_unlock(mutex)
  }

  @inline(never)
  private func wakeOne() {
    pthread_mutex_lock(mutex)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }
}
