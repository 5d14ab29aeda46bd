import Synchronization

/// A list of weakly held delegates that all receive the same calls, in registration order.
///
/// `Delegate` is normally a class-bound protocol, such as
/// `MulticastDelegate<any PlacesModelDelegate>`. A value type cannot conform to a class-bound
/// protocol, so registering a struct is a compile-time error. If `Delegate` is a protocol that
/// is not class-bound, ``add(_:)`` stops the program with a message naming the value's type
/// rather than keep a registration that would vanish at once.
///
/// ## Holding
/// Delegates are held weakly: the multicast never keeps one alive. A delegate that is
/// deallocated is never called again and is no longer counted. ``add(_:)`` is idempotent by
/// identity, and ``remove(_:)`` works from the delegate's own `deinit`.
///
/// ## Order and re-entrancy
/// A broadcast (``invoke(skipping:_:)`` or ``invoke(with:skipping:_:)``) calls each delegate
/// registered when its delivery begins exactly once, in registration order. While a broadcast
/// is being delivered on a thread, on that same thread:
/// - a delegate added during the broadcast does not receive it; it receives later ones;
/// - a delegate removed or deallocated during the broadcast is not called after that moment,
///   even later in the same broadcast;
/// - a broadcast started from inside a delegate callback is queued, not delivered depth-first:
///   it is delivered after the broadcast under way has reached every delegate, so every
///   delegate observes all broadcasts in one and the same order. Its delivery begins when it
///   leaves the queue, so a delegate added in between receives it;
/// - at most ``reentrancyLimit`` broadcasts may be queued from within one outermost broadcast.
///   Past that bound (a cycle of delegates that keep re-triggering each other), further
///   broadcasts are dropped, the queue is finished, and `onReentrancyLimitExceeded` is called
///   once with a ``ReentrancyLimitExceeded`` that counts what was dropped. A cycle therefore
///   ends with a diagnostic, never with a stack overflow or a hang.
///
/// Queries (``collect(_:)`` and ``tryInvoke(_:)``) are not queued: the caller needs their
/// answer, so they are delivered at once, with the same rules for additions and removals.
///
/// ## Threads
/// ``add(_:)``, ``remove(_:)``, ``count``, ``contains(_:)`` and every form of invocation may be
/// called from any thread at the same time without a data race. No lock is held while a
/// delegate runs, so a delegate may call back into the multicast. Delegates run on the thread
/// that invokes, so a delegate that is not thread-safe must only be invoked from its own
/// isolation domain. Across threads, broadcasts are delivered independently and concurrently:
/// each calls every delegate at most once in registration order, but two threads' broadcasts
/// are not ordered against each other. A broadcast that begins after ``remove(_:)`` returned
/// never calls the removed delegate, and one already under way on another thread stops calling
/// it as soon as it observes the removal, at the latest before its next delegate call; a call
/// that had already begun may still be running when ``remove(_:)`` returns.
///
/// ## Cost
/// A broadcast is O(live delegates) and allocates nothing once warm when its closure captures
/// nothing (use ``invoke(with:skipping:_:)`` to pass an argument without a capture). Adding or
/// removing a delegate is amortised O(1): dead entries are swept in bulk, never one by one.
public final class MulticastDelegate<Delegate>: Sendable {
  /// The default value of ``reentrancyLimit``.
  public static var defaultReentrancyLimit: Int { 100 }

  /// The most broadcasts that may be queued from within one outermost broadcast.
  public let reentrancyLimit: Int

  @usableFromInline let state: Locked<MulticastState<Delegate>>
  /// Counts removals, so a broadcast under way can tell cheaply that it must look again.
  @usableFromInline let removalCount = Atomic<Int>(0)
  @usableFromInline let representation: DelegateRepresentation
  @usableFromInline let onReentrancyLimitExceeded: @Sendable (ReentrancyLimitExceeded) -> Void

  /// Creates an empty multicast.
  ///
  /// - Parameters:
  ///   - reentrancyLimit: The most broadcasts that may be queued from within one outermost
  ///     broadcast; at least 1.
  ///   - onReentrancyLimitExceeded: Called on the broadcasting thread, after the outermost
  ///     broadcast has finished, when broadcasts were dropped because of `reentrancyLimit`.
  ///     The default stops a debug build with the diagnostic and does nothing in release.
  public init(
    reentrancyLimit: Int = MulticastDelegate.defaultReentrancyLimit,
    onReentrancyLimitExceeded: @escaping @Sendable (ReentrancyLimitExceeded) -> Void = {
      assertionFailure($0.description)
    }
  ) {
    self.reentrancyLimit = max(1, reentrancyLimit)
    self.onReentrancyLimitExceeded = onReentrancyLimitExceeded
    self.representation = DelegateRepresentation(of: Delegate.self)
    self.state = Locked(MulticastState())
  }

  // MARK: - Registration

  /// Registers `delegate`, held weakly, after those already registered.
  ///
  /// Adding a delegate that is already registered does nothing; identity, not type or
  /// equality, decides. A delegate added while a broadcast is being delivered does not
  /// receive that broadcast.
  ///
  /// - Complexity: Amortised O(1). One multicast holds at most `Int32.max` registrations.
  public func add(_ delegate: Delegate) {
    let registration = Registration(
      object: representation.object(of: delegate),
      token: 0,
      witness: representation.witness(of: delegate)
    )
    let released = state.withLock { state in
      state.add(registration)
    }
    _ = released  // Dropped here, outside the lock: a deinit may call back in.
  }

  /// Unregisters `delegate`; other registrations are untouched.
  ///
  /// Safe to call from the delegate's own `deinit`, and for a delegate that is not
  /// registered (nothing happens). After it returns, no broadcast that begins calls
  /// `delegate`, including the rest of a broadcast under way on this thread.
  ///
  /// - Complexity: Amortised O(1).
  public func remove(_ delegate: Delegate) {
    let identity = representation.identity(of: delegate)
    let released = state.withLock { state in
      let outcome = state.remove(identity)
      if outcome.didRemove {
        removalCount.add(1, ordering: .releasing)
      }
      return outcome.released
    }
    _ = released  // Dropped here, outside the lock: a deinit may call back in.
  }

  /// Unregisters every delegate.
  public func removeAll() {
    state.withLock { state in
      removalCount.add(1, ordering: .releasing)
      state.removeAll()
    }
  }

  /// Whether `delegate` is registered and alive.
  public func contains(_ delegate: Delegate) -> Bool {
    let identity = representation.identity(of: delegate)
    return state.withLock { state in
      state.contains(identity)
    }
  }

  /// The number of registered delegates that are still alive.
  ///
  /// - Complexity: O(*n*), where *n* is the number of registrations since the last sweep.
  public var count: Int {
    let alive = state.withLock { state in
      state.liveDelegates()
    }
    return alive.objects.count  // The references are dropped after the lock.
  }

  /// Whether no registered delegate is alive.
  public var isEmpty: Bool { count == 0 }

  // MARK: - Broadcasts

  /// Calls `body` on every live delegate but `sender`, once each, in registration order.
  ///
  /// Inside a delegate callback on this thread, the broadcast is queued and delivered after
  /// the one under way (see the type's documentation). A closure that captures values costs
  /// one allocation per broadcast; ``invoke(with:skipping:_:)`` avoids it.
  ///
  /// - Parameters:
  ///   - sender: A delegate that must not hear its own broadcast, or `nil`.
  ///   - body: The call to make on each delegate.
  /// - Complexity: O(*n*) in the number of registrations.
  @inlinable
  public func invoke(skipping sender: Delegate? = nil, _ body: @escaping (Delegate) -> Void) {
    let skipped = sender.map { representation.identity(of: $0) }
    broadcast(
      skipping: skipped,
      queued: { QueuedBroadcast(skipped: skipped, call: body) },
      deliver: body
    )
  }

  /// Calls `body` with `argument` on every live delegate but `sender`, once each, in
  /// registration order, without allocating when `body` captures nothing.
  ///
  /// Write `delegates.invoke(with: id) { $0.didSelectItem($1) }`. The ordering and
  /// re-entrancy rules are those of ``invoke(skipping:_:)``.
  ///
  /// - Complexity: O(*n*) in the number of registrations.
  @inlinable
  public func invoke<Argument>(
    with argument: Argument,
    skipping sender: Delegate? = nil,
    _ body: @escaping (Delegate, Argument) -> Void
  ) {
    let skipped = sender.map { representation.identity(of: $0) }
    broadcast(
      skipping: skipped,
      queued: { QueuedBroadcast(skipped: skipped, call: { body($0, argument) }) },
      deliver: { body($0, argument) }
    )
  }

  // MARK: - Queries

  /// Asks every live delegate and returns their answers in registration order.
  ///
  /// A query is delivered at once, even from inside a callback, because its caller needs
  /// the answers; delegates added or removed meanwhile follow the broadcast rules.
  ///
  /// - Complexity: O(*n*) in the number of registrations.
  @inlinable
  public func collect<Result>(_ body: (Delegate) -> Result) -> [Result] {
    var results: [Result] = []
    deliver(skipping: nil) { results.append(body($0)) }
    return results
  }

  /// Calls `body` on every live delegate, even after some have thrown, then throws all the
  /// errors together.
  ///
  /// Delivered at once, like ``collect(_:)``.
  ///
  /// - Throws: ``DelegateFailures`` with every error thrown, in registration order.
  /// - Complexity: O(*n*) in the number of registrations.
  @inlinable
  public func tryInvoke(_ body: (Delegate) throws -> Void) throws(DelegateFailures) {
    var errors: [any Error] = []
    deliver(skipping: nil) { delegate in
      do {
        try body(delegate)
      } catch {
        errors.append(error)
      }
    }
    if !errors.isEmpty {
      throw DelegateFailures(errors: errors)
    }
  }
}
