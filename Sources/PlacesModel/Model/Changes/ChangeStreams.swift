/// The listeners of one model's open change streams, held strongly.
///
/// The model's multicast holds each listener weakly, so this is what keeps a listener, and
/// therefore its registration, alive. A stream's termination handler, which may run on any
/// thread (the consumer's task being cancelled, the stream being dropped), takes its listener
/// out, and the listener is deallocated then and there: from that moment no broadcast calls it.
/// When the model is released this goes with it and finishes every stream still open.
final class ChangeStreams: Sendable {
  private struct Open {
    var listeners: [Int: ChangeStreamListener] = [:]
    var nextKey = 0
  }

  private let open = Locked(Open())

  deinit {
    // Finishing a stream runs its termination handler, which finds its weak reference to this
    // object already cleared; the listeners go when this returns.
    let listeners = open.withLock { $0.listeners.values }
    for listener in listeners {
      listener.continuation.finish()
    }
  }

  /// Keeps `listener` alive until ``close(_:)`` is called with the key returned.
  func keep(_ listener: ChangeStreamListener) -> Int {
    // A key is never reused, so storing under it releases no listener.
    open.withLock { open in
      let key = open.nextKey
      open.nextKey += 1
      open.listeners[key] = listener
      return key
    }
  }

  /// Lets go of the listener kept under `key`; it is deallocated once its call, if one is
  /// running, returns.
  func close(_ key: Int) {
    // Released after the unlock: the listener's deinit releases its continuation, and with it
    // whatever the stream holds. (`_ = listener` would let the optimizer release it earlier.)
    open.withLockDeferringRelease { $0.listeners.removeValue(forKey: key) }
  }
}
