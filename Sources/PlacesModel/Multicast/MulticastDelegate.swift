/// A list of weakly held delegates that all receive the same calls, in registration order.
///
/// `Delegate` is normally a class-bound protocol, such as
/// `MulticastDelegate<any PlacesModelDelegate>`. A value type cannot conform to a class-bound
/// protocol, so registering a struct is a compile-time error. If `Delegate` is a protocol that
/// is not class-bound, ``add(_:)`` stops the program, in every build configuration, with a
/// message naming the value's type rather than keep a registration that would vanish at once.
///
/// ## Holding
/// Delegates are held weakly: the multicast never keeps one alive. A delegate that is
/// deallocated is never called again and is no longer counted. ``add(_:)`` is idempotent by
/// identity, and ``remove(_:)`` works from the delegate's own `deinit`.
///
/// ## Order and re-entrancy
/// A broadcast (``invoke(skipping:_:)`` or ``invoke(with:skipping:_:)``) calls each delegate
/// registered when its delivery begins exactly once, in registration order. While a broadcast
/// or a query is being delivered on a thread, on that same thread:
/// - a delegate added during the delivery does not receive it; it receives later ones;
/// - a delegate removed or deallocated during the delivery is not called after that moment,
///   even later in the same delivery;
/// - a broadcast started from inside a delegate callback is queued, not delivered depth-first:
///   it is delivered after the broadcast or query under way has reached every delegate, so
///   every delegate observes all broadcasts in one and the same order. Its delivery begins when
///   it leaves the queue, so a delegate added in between receives it; a `sender` it skips is
///   that object only, held weakly meanwhile, never another object that later takes its
///   address;
/// - at most ``reentrancyLimit`` broadcasts may be queued from within one outermost delivery.
///   Past that bound (a cycle of delegates that keep re-triggering each other), further
///   broadcasts are dropped (``BroadcastOutcome/dropped``), the queue is finished, and
///   `onReentrancyLimitExceeded` is called once with a ``ReentrancyLimitExceeded`` that counts
///   what was dropped. A cycle therefore ends with a diagnostic, never with a stack overflow or
///   a hang. By default the diagnostic stops the program, in debug and release builds alike.
///
/// Queries (``collect(_:)`` and ``tryInvoke(_:)``) are not queued: the caller needs their
/// answer, so they are delivered at once, even from inside a callback, with the same rules
/// for additions and removals. A query made when no delivery is under way on the thread is
/// itself the outermost delivery: broadcasts started from its callbacks are queued and
/// delivered after every delegate has answered, before the query returns.
///
/// ## Threads
/// ``add(_:)``, ``remove(_:)``, ``count``, ``contains(_:)`` and every form of invocation may be
/// called from any thread at the same time without a data race. The multicast is `Sendable`
/// when `Delegate` is, so the compiler lets it cross threads only then: delegates run on the
/// thread that invokes, and a delegate type that is not `Sendable` (a main-actor-isolated
/// conformance, say) must only be invoked from its own isolation domain. No lock is held while
/// a delegate runs, so a delegate may call back into the multicast. Across threads, broadcasts
/// are delivered independently and concurrently: each calls every delegate at most once in
/// registration order, but two threads' broadcasts are not ordered against each other. A
/// broadcast that begins after ``remove(_:)`` returned never calls the removed delegate, and
/// one already under way on another thread stops calling it as soon as it observes the
/// removal, at the latest before its next delegate call; a call that had already begun may
/// still be running when ``remove(_:)`` returns.
///
/// ## Cost
/// A broadcast is O(live delegates) and allocates nothing when its closure captures nothing
/// (use ``invoke(with:skipping:_:)`` to pass an argument without a capture); it takes the lock
/// once to begin and not at all to end unless something was queued. Adding or removing a
/// delegate is amortised O(1), also from inside a delivery: dead and removed entries are swept
/// in bulk, never one by one.
public final class MulticastDelegate<Delegate> {
  /// The default value of ``reentrancyLimit``.
  public static var defaultReentrancyLimit: Int { 100 }

  /// The most broadcasts that may be queued from within one outermost delivery.
  public var reentrancyLimit: Int { core.reentrancyLimit }

  @usableFromInline let core: MulticastCore
  @usableFromInline let representation: DelegateRepresentation

  /// Creates an empty multicast.
  ///
  /// - Parameters:
  ///   - reentrancyLimit: The most broadcasts that may be queued from within one outermost
  ///     delivery; at least 1.
  ///   - onReentrancyLimitExceeded: Called on the broadcasting thread, after the outermost
  ///     delivery has finished, when broadcasts were dropped because of `reentrancyLimit`.
  ///     The default stops the program with the diagnostic, in every build configuration: a
  ///     cycle is a programming error, like unbounded recursion. Pass a handler that logs it
  ///     to carry on instead.
  public init(
    reentrancyLimit: Int = MulticastDelegate.defaultReentrancyLimit,
    onReentrancyLimitExceeded: @escaping @Sendable (ReentrancyLimitExceeded) -> Void = {
      fatalError($0.description)
    }
  ) {
    core = MulticastCore(
      reentrancyLimit: max(1, reentrancyLimit),
      onReentrancyLimitExceeded: onReentrancyLimitExceeded)
    representation = DelegateRepresentation(of: Delegate.self)
  }

  // MARK: - Registration

  /// Registers `delegate`, held weakly, after those already registered.
  ///
  /// Adding a delegate that is already registered does nothing; identity, not type or
  /// equality, decides. A delegate added while a broadcast is being delivered does not
  /// receive that broadcast.
  ///
  /// - Complexity: Amortised O(1).
  public func add(_ delegate: Delegate) {
    core.add(representation.object(of: delegate), witness: representation.witness(of: delegate))
  }

  /// Unregisters `delegate`; other registrations are untouched.
  ///
  /// Safe to call from the delegate's own `deinit`, and for a delegate that is not
  /// registered (nothing happens). After it returns, no broadcast that begins calls
  /// `delegate`, including the rest of a delivery under way on this thread.
  ///
  /// - Complexity: Amortised O(1), also during a delivery.
  public func remove(_ delegate: Delegate) {
    core.remove(representation.identity(of: delegate))
  }

  /// Unregisters every delegate.
  public func removeAll() {
    core.removeAll()
  }

  /// Whether `delegate` is registered and alive.
  public func contains(_ delegate: Delegate) -> Bool {
    core.contains(delegate as AnyObject)
  }

  /// The number of registered delegates that are still alive.
  ///
  /// - Complexity: O(*n*), where *n* is the number of registrations.
  public var count: Int {
    core.liveCount()
  }

  /// Whether no registered delegate is alive.
  public var isEmpty: Bool { count == 0 }

  // MARK: - Broadcasts

  /// Calls `body` on every live delegate but `sender`, once each, in registration order.
  ///
  /// Inside a delegate callback on this thread, the broadcast is queued and delivered after
  /// the delivery under way (see the type's documentation). A closure that captures values
  /// costs one allocation per broadcast; ``invoke(with:skipping:_:)`` avoids it.
  ///
  /// - Parameters:
  ///   - sender: A delegate that must not hear its own broadcast, or `nil`.
  ///   - body: The call to make on each delegate.
  /// - Returns: Whether the broadcast was delivered, queued or dropped; only a cycle that
  ///   reached ``reentrancyLimit`` drops one.
  /// - Complexity: O(*n*) in the number of registrations.
  @inlinable
  @inline(__always)
  @discardableResult
  public func invoke(
    skipping sender: Delegate? = nil, _ body: @escaping (Delegate) -> Void
  ) -> BroadcastOutcome {
    var cursor = DeliveryCursor()
    switch core.beginBroadcast(&cursor) {
    case .deliver:
      deliver(&cursor, skipping: sender.map(representation.identity(of:)), body)
      core.finish(cursor)
      return .delivered
    case .queue(let position):
      core.enqueue(queuedBroadcast(skipping: sender, body), at: position)
      return .queued
    case .dropped:
      return .dropped
    }
  }

  /// Calls `body` with `argument` on every live delegate but `sender`, once each, in
  /// registration order, without allocating when `body` captures nothing.
  ///
  /// Write `delegates.invoke(with: id) { $0.didSelectItem($1) }`. The ordering and
  /// re-entrancy rules are those of ``invoke(skipping:_:)``.
  ///
  /// - Returns: Whether the broadcast was delivered, queued or dropped; only a cycle that
  ///   reached ``reentrancyLimit`` drops one.
  /// - Complexity: O(*n*) in the number of registrations.
  @inlinable
  @inline(__always)
  @discardableResult
  public func invoke<Argument>(
    with argument: Argument,
    skipping sender: Delegate? = nil,
    _ body: @escaping (Delegate, Argument) -> Void
  ) -> BroadcastOutcome {
    var cursor = DeliveryCursor()
    switch core.beginBroadcast(&cursor) {
    case .deliver:
      deliver(&cursor, skipping: sender.map(representation.identity(of:))) { body($0, argument) }
      core.finish(cursor)
      return .delivered
    case .queue(let position):
      core.enqueue(queuedBroadcast(skipping: sender) { body($0, argument) }, at: position)
      return .queued
    case .dropped:
      return .dropped
    }
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
    var cursor = core.beginQuery()
    deliver(&cursor, skipping: nil) { results.append(body($0)) }
    core.finish(cursor)
    return results
  }

  /// Calls `body` on every live delegate, even after some have thrown, then throws all the
  /// errors together, each with the delegate that threw it.
  ///
  /// Delivered at once, like ``collect(_:)``.
  ///
  /// - Throws: ``DelegateFailures`` with every error thrown, in registration order.
  /// - Complexity: O(*n*) in the number of registrations.
  @inlinable
  public func tryInvoke(_ body: (Delegate) throws -> Void) throws(DelegateFailures) {
    var failures: [DelegateFailures.Failure] = []
    var position = 0
    var cursor = core.beginQuery()
    deliver(&cursor, skipping: nil) { delegate in
      do {
        try body(delegate)
      } catch {
        let object = delegate as AnyObject
        failures.append(
          DelegateFailures.Failure(
            delegate: ObjectIdentifier(object), delegateType: "\(type(of: object))",
            position: position, error: error))
      }
      position += 1
    }
    core.finish(cursor)
    if !failures.isEmpty {
      throw DelegateFailures(failures: failures)
    }
  }

  // MARK: - Grouping

  /// Runs `body`, which starts `count` broadcasts, unless they cannot all be delivered, and
  /// delivers them after it returns, in order, as one group: a broadcast started from their
  /// callbacks comes after all of them.
  ///
  /// Outside any delivery on this thread the group is the outermost delivery: its `count`
  /// broadcasts are its own, not queued from within it, so they never count towards
  /// ``reentrancyLimit``, and broadcasts started from their callbacks may take the whole limit.
  /// Inside a delivery the group is queued behind it, whole if the queue has room for all
  /// `count` within the limit; otherwise `body` does not run and the `count` broadcasts are
  /// counted as dropped. So when `body` runs, none of the first `count` broadcasts it starts
  /// is dropped; it must start no more.
  ///
  /// - Returns: Whether `body` ran.
  @discardableResult
  func withBroadcastGroup(of count: Int, _ body: () -> Void) -> Bool {
    let (cursor, isAdmitted) = core.beginGroup(of: count)
    if isAdmitted {
      body()
    }
    core.endGroup(cursor)
    return isAdmitted
  }

  /// Runs `body` where a broadcast started now would be delivered: at once when no delivery
  /// is under way on this thread (as the outermost delivery, so broadcasts started inside
  /// `body` are queued behind it), otherwise queued behind the delivery under way.
  ///
  /// `body` calls no delegate; it takes a broadcast's place in the queue and counts towards
  /// ``reentrancyLimit`` like one.
  ///
  /// - Returns: Whether `body` ran, was queued or was dropped (then it never runs).
  @discardableResult
  func perform(inBroadcastOrder body: @escaping () -> Void) -> BroadcastOutcome {
    perform(inBroadcastOrder: body, queueing: { body })
  }

  /// Runs `body` where a broadcast started now would be delivered, as
  /// ``perform(inBroadcastOrder:)`` does, but makes the closure to queue, with `makeQueued`,
  /// only when a delivery is under way: a call made outside any delivery allocates nothing.
  ///
  /// - Returns: Whether `body` ran, the closure `makeQueued` made was queued, or it was
  ///   dropped (then it never runs).
  @discardableResult
  func perform(
    inBroadcastOrder body: () -> Void, queueing makeQueued: () -> () -> Void
  ) -> BroadcastOutcome {
    var cursor = DeliveryCursor()
    switch core.beginBroadcast(&cursor) {
    case .deliver:
      body()
      core.finish(cursor)
      return .delivered
    case .queue(let position):
      core.enqueue(QueuedBroadcast(deliver: makeQueued()), at: position)
      return .queued
    case .dropped:
      return .dropped
    }
  }
}

extension MulticastDelegate: Sendable where Delegate: Sendable {}
