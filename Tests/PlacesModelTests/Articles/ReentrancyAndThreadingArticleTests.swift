import PlacesModel
import PlacesModelTestSupport
import Testing

/// The rules and examples of the ReentrancyAndThreading article (`PlacesModel.docc`), run, so
/// the article cannot drift: one test per numbered rule and per stated outcome, and the
/// article's code as it is written there.
struct ReentrancyAndThreadingArticleTests {
  // MARK: - The article's code

  /// The listener of GettingStarted, which the article's examples reuse.
  final class SelectionLog: PlacesModelDelegate {
    private(set) var selections: [Place.ID?] = []

    func didSelectItem(_ id: Place.ID?) {
      selections.append(id)
    }
  }

  /// Answers a selection of Brussels by selecting Stockholm instead.
  final class Redirect: PlacesModelDelegate {
    weak var model: PlacesModel?

    func didSelectItem(_ id: Place.ID?) {
      if id == 7 { try? model?.select(42) }
    }
  }

  /// Answers every selection by selecting the other place: a cycle.
  final class PingPong: PlacesModelDelegate {
    weak var model: PlacesModel?

    func didSelectItem(_ id: Place.ID?) {
      try? model?.select(id == 7 ? 42 : 7)
    }
  }

  /// The places of GettingStarted: Brussels (7) and Stockholm (42).
  static func gettingStartedPlaces() throws -> [Place] {
    let geoJSON = """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": 7,
         "geometry": {"type": "Point", "coordinates": [4.34878, 50.85045]},
         "properties": {"name": "Brussels", "country": "BE"}},
        {"type": "Feature", "id": 42,
         "geometry": {"type": "Point", "coordinates": [18.06871, 59.32938]},
         "properties": {"name": "Stockholm", "country": "SE"}}
      ]}
      """
    return try GeoJSONPlacesReader().load(text: geoJSON, file: "example").places
  }

  /// Records, at each selection it hears, the argument and the selection the model holds.
  final class SelectionProbe: PlacesModelDelegate {
    struct Heard: Equatable {
      let argument: Place.ID?
      let modelHolds: Place.ID?
    }

    weak var model: PlacesModel?
    private(set) var heard: [Heard] = []

    func didSelectItem(_ id: Place.ID?) {
      heard.append(Heard(argument: id, modelHolds: model?.selectedItem))
    }
  }

  @Test func theRedirectExampleHearsBothSelectionsInOrder() throws {
    let model = try PlacesModel(places: Self.gettingStartedPlaces())
    let probe = SelectionProbe()
    probe.model = model

    // The article's code.
    let redirect = Redirect()
    redirect.model = model
    let log = SelectionLog()
    model.addDelegate(redirect, replayingState: false)
    model.addDelegate(log, replayingState: false)

    model.addDelegate(probe, replayingState: false)  // Registered after `log`, like it.
    try model.select(7)

    #expect(log.selections == [7, 42])
    // "log hears 7 while selectedItem is already 42": react to the argument.
    #expect(
      probe.heard == [
        SelectionProbe.Heard(argument: 7, modelHolds: 42),
        SelectionProbe.Heard(argument: 42, modelHolds: 42),
      ])
    #expect(model.selectedItem == 42)
  }

  @Test func theCutExampleKeepsTheLastSelectionBroadcastAndReportsOnce() throws {
    let places = try Self.gettingStartedPlaces()
    let reports = LockedValue<[ReentrancyLimitExceeded]>([])
    let report: @Sendable (ReentrancyLimitExceeded) -> Void = { diagnostic in
      reports.withLock { $0.append(diagnostic) }
    }

    // The article's code.
    let cycling = try PlacesModel(places: places, reentrancyLimit: 5) { diagnostic in
      report(diagnostic)  // your logging; by default the program stops here
    }
    let pingPong = PingPong()
    pingPong.model = cycling
    let cycleLog = SelectionLog()
    cycling.addDelegate(pingPong, replayingState: false)
    cycling.addDelegate(cycleLog, replayingState: false)

    try cycling.select(7)

    #expect(cycleLog.selections == [7, 42, 7, 42, 7, 42])
    #expect(cycling.selectedItem == 42)
    let diagnostics = reports.withLock { $0 }
    #expect(diagnostics == [ReentrancyLimitExceeded(limit: 5, droppedBroadcasts: 1)])
    #expect(
      diagnostics.first?.description.hasPrefix(
        "re-entrant broadcast limit of 5 reached: 1 broadcast(s) dropped") == true)
  }

  // MARK: - Order

  @Test func aBroadcastCallsEachDelegateOnceInRegistrationOrder() throws {
    let model = PlacesModel.fixture([.london, .paris])
    var calls: [String] = []
    let first = ModelEventRecorder()
    first.onSelection = { _ in calls.append("first") }
    let second = ModelEventRecorder()
    second.onSelection = { _ in calls.append("second") }
    model.addDelegate(first, replayingState: false)
    model.addDelegate(second, replayingState: false)

    try model.select(Place.paris.id)

    #expect(calls == ["first", "second"])
  }

  @Test func addingARegisteredDelegateAgainKeepsItsPlaceAndReplaysTheState() throws {
    let model = PlacesModel.fixture([.london, .paris])
    var calls: [String] = []
    let first = ModelEventRecorder()
    first.onSelection = { _ in calls.append("first") }
    let second = ModelEventRecorder()
    second.onSelection = { _ in calls.append("second") }
    model.addDelegate(first, replayingState: false)
    model.addDelegate(second, replayingState: false)

    model.addDelegate(first)  // Replays the state to `first` alone.
    try model.select(Place.paris.id)

    #expect(calls == ["first", "first", "second"])
    #expect(first.events == [.places([1, 2]), .location(nil), .selection(nil), .selection(2)])
    #expect(model.delegateCount == 2)
  }

  // MARK: - The numbered rules

  @Test func rule1ADelegateAddedDuringABroadcastHearsOnlyLaterOnes() throws {
    let model = PlacesModel.fixture([.london, .paris])
    let late = ModelEventRecorder()
    let adder = ModelEventRecorder()
    adder.onSelection = { _ in model.addDelegate(late, replayingState: false) }
    model.addDelegate(adder, replayingState: false)

    try model.select(Place.london.id)
    #expect(late.events.isEmpty)

    try model.select(Place.paris.id)
    #expect(late.events == [.selection(2)])
  }

  @Test func rule2ADelegateRemovedDuringABroadcastIsNotCalledAfterThatMoment() throws {
    let model = PlacesModel.fixture([.london, .paris])
    let removed = ModelEventRecorder()
    let remover = ModelEventRecorder()
    remover.onSelection = { _ in model.removeDelegate(removed) }
    model.addDelegate(remover, replayingState: false)
    model.addDelegate(removed, replayingState: false)

    try model.select(Place.london.id)

    #expect(remover.events == [.selection(1)])
    #expect(removed.events.isEmpty)
  }

  @Test func rule2ADelegateDeallocatedDuringABroadcastIsNotCalledAfterThatMoment() throws {
    let model = PlacesModel.fixture([.london, .paris])
    var doomed: ModelEventRecorder? = ModelEventRecorder()
    weak let released = doomed
    let releaser = ModelEventRecorder()
    releaser.onSelection = { _ in doomed = nil }
    model.addDelegate(releaser, replayingState: false)
    model.addDelegate(try #require(doomed), replayingState: false)

    try model.select(Place.london.id)

    #expect(released == nil)  // Released during the broadcast, and never called.
    #expect(releaser.events == [.selection(1)])
    #expect(model.delegateCount == 1)
  }

  @Test func rule3ABroadcastFromACallbackIsQueuedAndReachesADelegateAddedInBetween() throws {
    let model = PlacesModel.fixture([.london, .paris])
    let late = ModelEventRecorder()
    let trigger = ModelEventRecorder()
    trigger.onSelection = { id in
      guard id == Place.london.id else { return }
      try? model.select(Place.paris.id)  // Queued behind the broadcast under way.
      model.addDelegate(late, replayingState: false)  // Added before it leaves the queue.
    }
    let observer = ModelEventRecorder()
    model.addDelegate(trigger, replayingState: false)
    model.addDelegate(observer, replayingState: false)

    try model.select(Place.london.id)

    // Not depth-first: the observer hears London before Paris, like the trigger.
    #expect(trigger.events == [.selection(1), .selection(2)])
    #expect(observer.events == [.selection(1), .selection(2)])
    #expect(late.events == [.selection(2)])
  }

  @Test func rule4PastTheLimitBroadcastsAreDroppedAndReportedOnceAfterTheOutermostOne() {
    var log: [String] = []
    let reports = LockedValue<[ReentrancyLimitExceeded]>([])
    let limited = MulticastDelegate<any Listener>(reentrancyLimit: 3) { diagnostic in
      reports.withLock { $0.append(diagnostic) }
    }
    var outcomes: [BroadcastOutcome] = []
    let cycle = Recorder("cycle") { _, event in
      log.append("heard \(event); reports so far: \(reports.withLock { $0.count })")
      if event < 5 {
        outcomes.append(limited.invoke(with: event + 1) { $0.hear($1) })
      }
    }
    limited.add(cycle)

    let outermost = limited.invoke(with: 0) { $0.hear($1) }

    // 0 delivered; 1, 2 and 3 queued (the limit) and still delivered; 4 dropped.
    #expect(outermost == .delivered)
    #expect(outcomes == [.queued, .queued, .queued, .dropped])
    #expect(cycle.events == [0, 1, 2, 3])
    // The handler runs once, after the outermost broadcast has finished and before its
    // `invoke` returned: so on the broadcasting thread.
    #expect(log == (0...3).map { "heard \($0); reports so far: 0" })
    #expect(reports.withLock { $0 } == [ReentrancyLimitExceeded(limit: 3, droppedBroadcasts: 1)])
  }

  @Test func rule4TheModelsDefaultHandlerStopsTheProgramInEveryBuildConfiguration() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class PingPong: PlacesModelDelegate {
        weak var model: PlacesModel?

        func didSelectItem(_ id: Place.ID?) {
          try? model?.select(id == 1 ? 2 : 1)
        }
      }
      let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: 2)
      let pingPong = PingPong()
      pingPong.model = model
      model.addDelegate(pingPong, replayingState: false)
      try model.select(Place.london.id)
      withExtendedLifetime(pingPong) {}
    }
    .map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("re-entrant broadcast limit of 2 reached"))
    }
  }

  @Test func aLocationAndCatalogDroppedByACutAreUndone() throws {
    let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: 1) { _ in }
    try model.select(Place.london.id)
    let changer = LocationHook { location in
      guard location == .fixture(1, 1) else { return }
      model.location = .fixture(2, 2)  // Queued: the one place the limit allows.
      // Dropped: neither the cleared selection nor the catalog is heard, so both are undone.
      try? model.replacePlaces([.rome])
      model.location = .fixture(3, 3)  // Dropped too, and undone.
    }
    let observer = ModelEventRecorder()
    model.addDelegate(changer, replayingState: false)
    model.addDelegate(observer, replayingState: false)

    model.location = .fixture(1, 1)

    #expect(observer.events == [.location(.fixture(1, 1)), .location(.fixture(2, 2))])
    #expect(model.location == .fixture(2, 2))
    #expect(model.places == [.london, .paris])
    #expect(model.selectedItem == Place.london.id)
  }

  // MARK: - Queries

  @Test func aBroadcastFromAQueryCallbackIsQueuedAndDeliveredBeforeTheQueryReturns() {
    let multicast = MulticastDelegate<any Listener>()
    var log: [String] = []
    var outcome: BroadcastOutcome?
    let first = AnsweringListener(name: "first") { event in log.append("first heard \(event)") }
    first.onAnswer = {
      log.append("first answers")
      outcome = multicast.invoke(with: 1) { $0.hear($1) }
    }
    let second = AnsweringListener(name: "second") { event in log.append("second heard \(event)") }
    second.onAnswer = { log.append("second answers") }
    multicast.add(first)
    multicast.add(second)

    let answers = multicast.collect { $0.answer() }
    log.append("collect returned")

    #expect(answers == ["first", "second"])
    #expect(outcome == .queued)
    #expect(
      log == [
        "first answers", "second answers", "first heard 1", "second heard 1", "collect returned",
      ])
  }

  @Test func aBroadcastFromATryInvokeCallbackIsQueuedLikewise() throws {
    let multicast = MulticastDelegate<any Listener>()
    var log: [String] = []
    let only = AnsweringListener(name: "only") { event in log.append("heard \(event)") }
    multicast.add(only)

    try multicast.tryInvoke { listener in
      log.append("asked")
      multicast.invoke(with: 1) { $0.hear($1) }
      log.append("asked, done")
      _ = listener
    }
    log.append("tryInvoke returned")

    #expect(log == ["asked", "asked, done", "heard 1", "tryInvoke returned"])
  }

  @Test func aQueryInsideABroadcastIsDeliveredAtOnceAndItsBroadcastsWaitForTheOuterOne() {
    let multicast = MulticastDelegate<any Listener>()
    var log: [String] = []
    let asker = AnsweringListener(name: "asker") { event in
      log.append("asker heard \(event)")
      if event == 0 {
        let answers = multicast.collect { $0.answer() }
        log.append("answers \(answers)")
      }
    }
    let other = AnsweringListener(name: "other") { event in log.append("other heard \(event)") }
    other.onAnswer = { multicast.invoke(with: 1) { $0.hear($1) } }
    multicast.add(asker)
    multicast.add(other)

    multicast.invoke(with: 0) { $0.hear($1) }

    #expect(
      log == [
        "asker heard 0", "answers [\"asker\", \"other\"]", "other heard 0",
        "asker heard 1", "other heard 1",
      ])
  }

  @Test func aThrowingDelegateDoesNotStopTheOthersAndEveryErrorIsThrownTogether() {
    struct Refusal: Error {}
    let multicast = MulticastDelegate<any Listener>()
    let first = Recorder("first")
    let second = Recorder("second")
    let third = Recorder("third")
    [first, second, third].forEach(multicast.add)

    #expect {
      try multicast.tryInvoke { listener in
        listener.hear(1)
        if listener.answer() != "second" { throw Refusal() }
      }
    } throws: { error in
      (error as? DelegateFailures)?.failures.map(\.position) == [0, 2]
    }
    #expect([first, second, third].map(\.events) == [[1], [1], [1]])
  }

  // MARK: - Replacing the catalog

  @Test func replacingTheCatalogInstallsItAndClearsTheSelectionBeforeBroadcastingBoth() throws {
    let model = PlacesModel.fixture([.london, .paris])
    try model.select(Place.paris.id)
    let probe = CatalogProbe(model: model)
    var refusal: PlacesModelError?
    probe.onSelection = { id in
      guard id == nil else { return }
      do throws(PlacesModelError) {
        try model.select(Place.paris.id)  // Checked against the new catalog: refused.
      } catch {
        refusal = error
        try? model.select(Place.rome.id)  // In the new catalog: heard after both broadcasts.
      }
    }
    model.addDelegate(probe, replayingState: false)

    try model.replacePlaces([.london, .rome])

    #expect(refusal == .unknownPlace(Place.paris.id))
    #expect(
      probe.heard == [
        .selection(nil, catalog: [1, 3], modelSelection: nil),
        .places([1, 3], catalog: [1, 3], modelSelection: 3),
        .selection(3, catalog: [1, 3], modelSelection: 3),
      ])
  }

  @Test func removingTheSelectedPlaceWithALimitOf1RemovesItAndEveryListenerHearsBoth() throws {
    let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: 1)
    try model.select(Place.paris.id)
    let probe = CatalogProbe(model: model)
    model.addDelegate(probe, replayingState: false)

    try model.remove(placeWithID: Place.paris.id)

    #expect(
      probe.heard == [
        .selection(nil, catalog: [1], modelSelection: nil),
        .places([1], catalog: [1], modelSelection: nil),
      ])
    #expect(model.places == [.london])
  }

  @Test func anEditFromACallbackWithoutRoomForAllItsBroadcastsIsDroppedWhole() throws {
    let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: 1) { _ in }
    try model.select(Place.paris.id)
    let editor = LocationHook { location in
      guard location == .fixture(1, 1) else { return }
      try? model.remove(placeWithID: Place.paris.id)  // Two broadcasts, room for one.
    }
    let probe = CatalogProbe(model: model)
    model.addDelegate(editor, replayingState: false)
    model.addDelegate(probe, replayingState: false)

    model.location = .fixture(1, 1)

    #expect(probe.heard.isEmpty)
    #expect(model.places == [.london, .paris])
    #expect(model.selectedItem == Place.paris.id)
  }

  @Test func aCatalogThatKeepsTheSelectedPlaceBroadcastsOnlyTheCatalog() throws {
    let model = PlacesModel.fixture([.london, .paris])
    try model.select(Place.paris.id)
    let probe = CatalogProbe(model: model)
    model.addDelegate(probe, replayingState: false)

    try model.replacePlaces([.paris, .rome])

    #expect(probe.heard == [.places([2, 3], catalog: [2, 3], modelSelection: 2)])
  }

  @Test func aRefusedOrEqualCatalogChangesAndBroadcastsNothing() throws {
    let model = PlacesModel.fixture([.london, .paris])
    try model.select(Place.paris.id)
    let probe = CatalogProbe(model: model)
    model.addDelegate(probe, replayingState: false)

    #expect(throws: PlacesModelError.self) { try model.replacePlaces([.rome, .rome]) }
    try model.replacePlaces([.london, .paris])

    #expect(probe.heard.isEmpty)
    #expect(model.places == [.london, .paris])
    #expect(model.selectedItem == Place.paris.id)
  }

  // MARK: - Only the model broadcasts, and work in broadcast order

  @Test func workInBroadcastOrderRunsAtOnceOrAfterTheBroadcastUnderWay() throws {
    let model = PlacesModel.fixture([.london, .paris])
    var log: [String] = []
    #expect(model.performInBroadcastOrder { log.append("at once") } == .delivered)
    let first = ModelEventRecorder()
    first.onSelection = { _ in
      let outcome = model.performInBroadcastOrder { log.append("work") }
      log.append("first heard, work \(outcome)")
    }
    let second = ModelEventRecorder()
    second.onSelection = { _ in log.append("second heard") }
    model.addDelegate(first, replayingState: false)
    model.addDelegate(second, replayingState: false)

    try model.select(Place.london.id)

    #expect(log == ["at once", "first heard, work queued", "second heard", "work"])
  }

  // MARK: - Change streams

  @Test(.timeLimit(.minutes(10)))
  func aStreamMadeDuringABroadcastMissesItAndHearsWhatIsQueuedBehindIt() async throws {
    var model: PlacesModel? = PlacesModel.fixture([.london, .paris])
    var stream: AsyncStream<PlacesModelChange>?
    let maker = ModelEventRecorder()
    maker.onSelection = { id in
      guard id == Place.london.id, let model else { return }
      stream = model.changes(replayingState: false)
      try? model.select(Place.paris.id)  // Queued behind London.
    }
    model?.addDelegate(maker, replayingState: false)
    try model?.select(Place.london.id)
    let changes = try #require(stream)

    model = nil  // The stream ends when the model is released.

    #expect(await changes.collected() == [.selection(Place.paris.id)])
  }

  // MARK: - Lifetime

  @Test func removeDelegateMayBeCalledFromTheDelegatesOwnDeinit() throws {
    final class LeavesOnDeinit: PlacesModelDelegate {
      let model: PlacesModel
      init(model: PlacesModel) { self.model = model }
      deinit { model.removeDelegate(self) }
    }
    let model = PlacesModel.fixture([.london])
    var leaving: LeavesOnDeinit? = LeavesOnDeinit(model: model)
    model.addDelegate(try #require(leaving), replayingState: false)
    #expect(model.delegateCount == 1)

    leaving = nil

    #expect(model.delegateCount == 0)
  }

  @Test func aChangeStreamDoesNotKeepTheModelAlive() throws {
    var model: PlacesModel? = PlacesModel.fixture([.london])
    weak let released = model
    let changes = try #require(model).changes()

    model = nil

    #expect(released == nil)
    _ = changes
  }
}

// MARK: - Spies

/// Calls `hook` with each location it hears.
final class LocationHook: PlacesModelDelegate {
  let hook: (Coordinate?) -> Void

  init(hook: @escaping (Coordinate?) -> Void) { self.hook = hook }

  func didChange(location: Coordinate?) { hook(location) }
}

/// A listener that answers queries with its name and calls back when heard or asked.
final class AnsweringListener: Listener {
  let name: String
  let onHear: (Int) -> Void
  var onAnswer: () -> Void = {}

  init(name: String, onHear: @escaping (Int) -> Void) {
    self.name = name
    self.onHear = onHear
  }

  func hear(_ event: Int) { onHear(event) }

  func answer() -> String {
    onAnswer()
    return name
  }
}

/// Records each callback with the catalog and selection the model holds while it runs.
final class CatalogProbe: PlacesModelDelegate {
  enum Heard: Equatable {
    case selection(Place.ID?, catalog: [Place.ID], modelSelection: Place.ID?)
    case places([Place.ID], catalog: [Place.ID], modelSelection: Place.ID?)
  }

  let model: PlacesModel
  private(set) var heard: [Heard] = []
  var onSelection: (Place.ID?) -> Void = { _ in }

  init(model: PlacesModel) { self.model = model }

  func didSelectItem(_ id: Place.ID?) {
    heard.append(
      .selection(id, catalog: model.places.map(\.id), modelSelection: model.selectedItem))
    onSelection(id)
  }

  func didChange(places: PlaceCatalog) {
    heard.append(
      .places(
        places.map(\.id), catalog: model.places.map(\.id), modelSelection: model.selectedItem))
  }
}
