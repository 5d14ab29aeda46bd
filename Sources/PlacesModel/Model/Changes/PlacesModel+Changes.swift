extension PlacesModel {
  /// The model's changes as an asynchronous sequence, for async code: a server, a logger, a
  /// test.
  ///
  /// The stream is fed by a listener registered with the model, now, like any delegate (see
  /// ``addDelegate(_:replayingState:)``), after those already registered. It therefore yields
  /// exactly what a delegate registered at this moment is called with, in the same order:
  /// one ``PlacesModelChange`` per callback, with the callback's argument. The re-entrancy
  /// rules of ``MulticastDelegate`` hold for it as for every delegate: a change made from
  /// inside a callback reaches the stream after the change under way, so the stream and every
  /// delegate see all changes in one order; a stream made during a broadcast does not receive
  /// that broadcast, and receives the ones queued behind it; broadcasts dropped at the
  /// re-entrancy limit never reach it.
  ///
  /// Each change is yielded during the broadcast, without waiting for the consumer, and read
  /// later, so when the consumer reads a change the model may already hold a newer value.
  ///
  /// ## Buffering
  /// Changes wait in the stream's buffer until the consumer reads them; the model never waits.
  /// `bufferingPolicy` says what happens when the consumer is slower than the changes:
  /// - `.unbounded`, the default: every change is kept until it is read. Nothing is lost and
  ///   the order is complete; the memory held grows with the consumer's backlog (a replacement
  ///   of the catalog shares the model's array, it is not copied).
  /// - `.bufferingNewest(n)`: at most `n` unread changes are kept; when another comes the oldest
  ///   unread one is discarded. The consumer sees the latest changes, in order, with a gap.
  /// - `.bufferingOldest(n)`: at most `n` unread changes are kept; further ones are discarded
  ///   until the consumer catches up.
  ///
  /// With either bounded policy the consumer no longer sees every change a delegate sees:
  /// choose one only where missing intermediate values is harmless.
  ///
  /// ## Ending
  /// The sequence ends, after yielding what is buffered, when the model is released; the stream
  /// does not keep the model alive. Cancelling the consuming task, or releasing the stream and
  /// its iterators, ends it too and unregisters its listener at once, on whichever thread that
  /// happens: no broadcast that begins afterwards reaches it, and one under way stops at it as
  /// at any deallocated delegate. A stream has one consumer; make one stream per consumer.
  ///
  /// ## Isolation
  /// Call this in the model's isolation domain, like every other method of the model. The
  /// stream and its changes are `Sendable`: iterate it from any task.
  ///
  /// - Parameters:
  ///   - replayingState: Whether the stream starts with the current state: `.places`,
  ///     `.location` and `.selection` with the values the model holds now, as
  ///     ``addDelegate(_:replayingState:)`` replays them.
  ///   - bufferingPolicy: What to keep when the consumer falls behind; see above.
  /// - Returns: A stream of the model's changes from now on.
  public func changes(
    replayingState: Bool = true,
    bufferingPolicy: AsyncStream<PlacesModelChange>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<PlacesModelChange> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: PlacesModelChange.self, bufferingPolicy: bufferingPolicy)
    let listener = ChangeStreamListener(continuation: continuation)
    let streams = changeStreams
    let key = streams.keep(listener)
    continuation.onTermination = { [weak streams] _ in
      streams?.close(key)
    }
    addDelegate(listener, replayingState: replayingState)
    return stream
  }
}
