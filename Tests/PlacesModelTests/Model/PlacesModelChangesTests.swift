import PlacesModel
import Testing

/// ``PlacesModel/changes(replayingState:bufferingPolicy:)``: order, replay, buffering, ending.
///
/// Every test ends its streams by releasing the model or cancelling the consumer, so a stream
/// that failed to end would hang; the time limit turns that into a failure. It is generous
/// because async tests wait for the shared thread pool, which other suites may keep busy for
/// tens of seconds on a loaded machine (`MulticastDelegateConcurrencyTests` blocks it).
struct PlacesModelChangesTests {
  // MARK: - Replay

  @Test(.timeLimit(.minutes(10)))
  func aStreamStartsWithTheCurrentState() async throws {
    let uppsala = Coordinate.fixture(59.86, 17.64)
    var model: PlacesModel? = try PlacesModel(places: [.london, .paris], location: uppsala)
    try model?.select(Place.paris.id)
    let changes = try #require(model).changes()

    model = nil

    #expect(
      await changes.collected() == [
        .places([.london, .paris], changes: nil), .location(uppsala), .selection(Place.paris.id),
      ])
  }

  @Test(.timeLimit(.minutes(10)))
  func aStreamCanSkipTheReplay() async throws {
    var model: PlacesModel? = try PlacesModel(places: [.london, .paris])
    let changes = try #require(model).changes(replayingState: false)

    try model?.select(Place.london.id)
    model = nil

    #expect(await changes.collected() == [.selection(Place.london.id)])
  }

  // MARK: - Order

  @Test(.timeLimit(.minutes(10)))
  func streamsSeeTheChangesInTheOrderEveryDelegateSeesThem() async throws {
    var model: PlacesModel? = try PlacesModel(places: [.london, .paris, .rome])
    let firstChanges = try #require(model).changes(replayingState: false)
    // Read while the model changes, from another task.
    let firstConsumer = Task { await firstChanges.collected() }
    let first = ChangeRecorder()
    model?.addDelegate(first, replayingState: false)
    // Answers the selection of Paris by selecting Rome from inside the broadcast, so the
    // selection of Rome is queued behind it: delivered depth-first, the delegates and streams
    // registered after this one would hear Rome before Paris.
    let redirector = ChangeRecorder()
    redirector.onChange = { [weak model] change in
      guard change == .selection(Place.paris.id) else { return }
      do {
        try model?.select(Place.rome.id)
      } catch {
        Issue.record(error)
      }
    }
    model?.addDelegate(redirector, replayingState: false)
    let lastChanges = try #require(model).changes(replayingState: false)
    let last = ChangeRecorder()
    model?.addDelegate(last, replayingState: false)
    let uppsala = Coordinate.fixture(59.86, 17.64)

    try model?.select(Place.paris.id)
    model?.location = uppsala
    try model?.replacePlaces([.london, .paris, .rome, .stockholm])
    model?.deselect()
    model = nil

    let expected: [PlacesModelChange] = [
      .selection(Place.paris.id), .selection(Place.rome.id), .location(uppsala),
      .places(
        [.london, .paris, .rome, .stockholm],
        changes: PlaceCatalogChanges(inserted: [Place.stockholm.id])),
      .selection(nil),
    ]
    #expect(first.changes == expected)
    #expect(last.changes == expected)
    #expect(await firstConsumer.joined() == expected)
    #expect(await lastChanges.collected() == expected)
  }

  @Test(.timeLimit(.minutes(10)))
  func aStreamMadeDuringABroadcastMissesItAndHearsWhatIsQueuedBehindIt() async throws {
    var model: PlacesModel? = try PlacesModel(places: [.london, .paris, .rome])
    let latecomer = ChangeRecorder()
    var lateChanges: AsyncStream<PlacesModelChange>?
    let trigger = ChangeRecorder()
    trigger.onChange = { [weak model] change in
      guard change == .selection(Place.paris.id), let model else { return }
      lateChanges = model.changes()
      model.addDelegate(latecomer)
      do {
        try model.select(Place.rome.id)
      } catch {
        Issue.record(error)
      }
    }
    model?.addDelegate(trigger, replayingState: false)

    try model?.select(Place.paris.id)
    model = nil

    // The replay already holds Paris; the selection of Rome was queued behind it.
    let expected: [PlacesModelChange] = [
      .places([.london, .paris, .rome], changes: nil), .location(nil), .selection(Place.paris.id),
      .selection(Place.rome.id),
    ]
    #expect(latecomer.changes == expected)
    #expect(await lateChanges?.collected() == expected)
  }

  // MARK: - Ending

  @Test(.timeLimit(.minutes(10)))
  func aConsumerFinishesWhenTheModelIsReleased() async throws {
    var model: PlacesModel? = try PlacesModel(places: [.london, .paris])
    weak let releasedModel = model
    let changes = try #require(model).changes()
    let (reading, readingContinuation) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var seen: [PlacesModelChange] = []
      for await change in changes {
        seen.append(change)
        readingContinuation.yield()
      }
      return seen
    }
    for await _ in reading { break }  // The consumer has read the replay's first change.

    try model?.select(Place.paris.id)
    model = nil

    #expect(releasedModel == nil)  // The stream does not keep the model alive.
    #expect(
      await consumer.joined() == [
        .places([.london, .paris], changes: nil), .location(nil), .selection(nil),
        .selection(Place.paris.id),
      ])
  }

  @Test(.timeLimit(.minutes(10)))
  func cancellingTheConsumerEndsTheIterationAndUnregistersTheStream() async throws {
    let model = try PlacesModel(places: [.london, .paris])
    let changes = model.changes()
    #expect(model.delegateCount == 1)
    let (reading, readingContinuation) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var seen: [PlacesModelChange] = []
      for await change in changes {
        seen.append(change)
        readingContinuation.yield()
      }
      return seen
    }
    for await _ in reading { break }  // The consumer has read the replay's first change.

    consumer.cancel()
    let seen = await consumer.joined()

    #expect(seen.first == .places([.london, .paris], changes: nil))
    #expect(model.delegateCount == 0)
    try model.select(Place.paris.id)  // Nothing is left to hear it; the model goes on.
    #expect(model.selectedItem == Place.paris.id)
  }

  @Test func droppingAStreamUnregistersIt() throws {
    let model = try PlacesModel(places: [.london, .paris])

    _ = model.changes()

    #expect(model.delegateCount == 0)
  }

  @Test func anOpenStreamStaysRegisteredWhileNobodyReadsIt() throws {
    let model = try PlacesModel(places: [.london, .paris])

    let changes = model.changes()

    #expect(model.delegateCount == 1)
    withExtendedLifetime(changes) {}
  }

  // MARK: - Buffering

  @Test(.timeLimit(.minutes(10)))
  func byDefaultASlowConsumerMissesNothing() async throws {
    var model: PlacesModel? = try PlacesModel(places: [.london, .paris])
    let changes = try #require(model).changes(replayingState: false)
    let selections = (0..<1_000).map { $0.isMultiple(of: 2) ? Place.london.id : Place.paris.id }

    for id in selections {
      try model?.select(id)
    }
    model = nil

    #expect(await changes.collected() == selections.map { .selection($0) })
  }

  @Test(.timeLimit(.minutes(10)))
  func bufferingNewestKeepsTheLatestUnreadChanges() async throws {
    var model: PlacesModel? = try PlacesModel(places: [.london, .paris, .rome])
    let changes = try #require(model).changes(
      replayingState: false, bufferingPolicy: .bufferingNewest(2))

    for id in [Place.london.id, Place.paris.id, Place.rome.id] {
      try model?.select(id)
    }
    model = nil

    #expect(await changes.collected() == [.selection(Place.paris.id), .selection(Place.rome.id)])
  }

  @Test(.timeLimit(.minutes(10)))
  func bufferingOldestKeepsTheEarliestUnreadChanges() async throws {
    var model: PlacesModel? = try PlacesModel(places: [.london, .paris, .rome])
    let changes = try #require(model).changes(
      replayingState: false, bufferingPolicy: .bufferingOldest(2))

    for id in [Place.london.id, Place.paris.id, Place.rome.id] {
      try model?.select(id)
    }
    model = nil

    #expect(
      await changes.collected() == [.selection(Place.london.id), .selection(Place.paris.id)])
  }
}
