import PlacesModel
import PlacesModelTestSupport
import Testing

struct PlacesModelTests {
  // MARK: - Catalog

  @Test func aCatalogWithDuplicateIDsIsRefused() {
    let twin = Place(id: Place.paris.id, name: "Twin", coordinate: .fixture(0, 0))
    #expect(throws: PlacesModelError.duplicateID(Place.paris.id, firstIndex: 1, secondIndex: 2)) {
      try PlacesModel(places: [.london, .paris, twin])
    }
  }

  @Test func replacingPlacesBroadcastsTheNewCatalog() throws {
    let model = try PlacesModel(places: [.london])
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.replacePlaces([.paris, .rome])

    #expect(recorder.events == [.places([2, 3])])
    #expect(model.places == [.paris, .rome])
  }

  @Test func replacingPlacesWithAnEqualCatalogBroadcastsNothing() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.replacePlaces([.london, .paris])

    #expect(recorder.events.isEmpty)
  }

  @Test func aRefusedReplacementChangesNothingAndBroadcastsNothing() throws {
    let model = try PlacesModel(places: [.london, .paris])
    try model.select(Place.paris.id)
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    #expect(throws: PlacesModelError.self) {
      try model.replacePlaces([.rome, .rome])
    }

    #expect(model.places == [.london, .paris])
    #expect(model.selectedItem == Place.paris.id)
    #expect(recorder.events.isEmpty)
  }

  @Test func replacingPlacesSoTheSelectionDisappearsClearsItFirst() throws {
    let model = try PlacesModel(places: [.london, .paris])
    try model.select(Place.paris.id)
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)
    var consistent = true
    recorder.onSelection = { _ in
      // Whenever a listener runs, the selection names a place in the catalog (or nothing).
      consistent =
        consistent && model.selectedItem.map { model.places.contains(placeWithID: $0) } ?? true
    }

    try model.replacePlaces([.rome])

    #expect(recorder.events == [.selection(nil), .places([3])])
    #expect(model.selectedItem == nil)
    #expect(consistent)
  }

  @Test func aListenerRestoringTheSelectionIsCheckedAgainstTheNewCatalog() throws {
    let model = try PlacesModel(places: [.london, .paris])
    try model.select(Place.london.id)
    let restorer = ModelEventRecorder()
    var refusals: [PlacesModelError] = []
    var consistent = true
    restorer.onSelection = { id in
      consistent =
        consistent && model.selectedItem.map { model.places.contains(placeWithID: $0) } ?? true
      guard id == nil else { return }
      do throws(PlacesModelError) {
        try model.select(Place.london.id)  // Keep the old selection: London is gone.
      } catch {
        refusals.append(error)
      }
    }
    model.addDelegate(restorer, replayingState: false)

    try model.replacePlaces([.rome, .stockholm])

    #expect(refusals == [.unknownPlace(Place.london.id)])
    #expect(model.selectedItem == nil)
    #expect(model.selectedPlace == nil)
    #expect(model.places == [.rome, .stockholm])
    #expect(restorer.events == [.selection(nil), .places([3, 42])])
    #expect(consistent)
  }

  @Test func aSelectionMadeInAnswerToACatalogChangeIsHeardAfterTheNewCatalog() throws {
    let model = try PlacesModel(places: [.london, .paris])
    try model.select(Place.london.id)
    let chooser = ModelEventRecorder()
    chooser.onSelection = { id in
      if id == nil { try? model.select(Place.rome.id) }  // Pick a place in the new catalog.
    }
    let observer = ModelEventRecorder()
    model.addDelegate(chooser, replayingState: false)
    model.addDelegate(observer, replayingState: false)

    try model.replacePlaces([.rome, .stockholm])

    let expected: [ModelEventRecorder.Event] = [.selection(nil), .places([3, 42]), .selection(3)]
    #expect(chooser.events == expected)
    #expect(observer.events == expected)
    #expect(model.selectedItem == Place.rome.id)
  }

  @Test func replacingPlacesKeepsASelectionThatIsStillThere() throws {
    let model = try PlacesModel(places: [.london, .paris])
    try model.select(Place.paris.id)
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.replacePlaces([.paris, .rome])

    #expect(recorder.events == [.places([2, 3])])
    #expect(model.selectedItem == Place.paris.id)
  }

  // MARK: - Selection

  @Test func selectingBroadcastsTheSelection() throws {
    let model = try PlacesModel(places: [.london, .stockholm])
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.select(42)

    #expect(model.selectedItem == 42)
    #expect(model.selectedPlace == .stockholm)
    #expect(recorder.events == [.selection(42)])
  }

  @Test func selectingTheSelectedPlaceAgainBroadcastsNothing() throws {
    let model = try PlacesModel(places: [.stockholm])
    try model.select(42)
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.select(42)

    #expect(recorder.events.isEmpty)
  }

  @Test func selectingAnUnknownIDIsRefusedAndChangesNothing() throws {
    let model = try PlacesModel(places: [.london, .stockholm])
    try model.select(1)
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    #expect(throws: PlacesModelError.unknownPlace(99)) {
      try model.select(99)
    }

    #expect(model.selectedItem == 1)
    #expect(recorder.events.isEmpty)
  }

  @Test func deselectingBroadcastsOnlyWhenSomethingWasSelected() throws {
    let model = try PlacesModel(places: [.london])
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    model.deselect()
    try model.select(1)
    model.deselect()

    #expect(recorder.events == [.selection(1), .selection(nil)])
  }

  @Test func aListenerThatSelectsFromItsCallbackHasItsChangeDeliveredAfterwards() throws {
    let model = try PlacesModel(places: [.london, .paris, .rome])
    let redirector = ModelEventRecorder()
    let observer = ModelEventRecorder()
    redirector.onSelection = { id in
      if id == Place.london.id { try? model.select(Place.rome.id) }
    }
    model.addDelegate(redirector, replayingState: false)
    model.addDelegate(observer, replayingState: false)

    try model.select(Place.london.id)

    #expect(redirector.events == [.selection(1), .selection(3)])
    #expect(observer.events == [.selection(1), .selection(3)])
    #expect(model.selectedItem == Place.rome.id)
  }

  @Test func aCycleCutAtTheLimitLeavesTheModelOnTheLastSelectionHeard() throws {
    let diagnostics = LockedValue<[ReentrancyLimitExceeded]>([])
    let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: 5) { diagnostic in
      diagnostics.withLock { $0.append(diagnostic) }
    }
    let pingPong = ModelEventRecorder()
    pingPong.onSelection = { id in
      try? model.select(id == Place.london.id ? Place.paris.id : Place.london.id)
    }
    let observer = ModelEventRecorder()
    model.addDelegate(pingPong, replayingState: false)
    model.addDelegate(observer, replayingState: false)

    try model.select(Place.london.id)

    let heard = observer.events.last
    #expect(observer.events.count == 6)  // The first selection and the five queued behind it.
    #expect(pingPong.events == observer.events)
    #expect(heard.map { .selection(model.selectedItem) == $0 } == true)
    #expect(diagnostics.withLock { $0.count } == 1)
  }

  @Test func aLocationChangeDroppedAtTheLimitIsUndone() throws {
    let model = try PlacesModel(places: [.london], reentrancyLimit: 1) { _ in }
    let mover = LocationMover(model: model)
    model.addDelegate(mover, replayingState: false)

    model.location = .fixture(1, 1)

    // 1,1 was delivered; 2,2 was queued and delivered; 3,3 was dropped and undone.
    #expect(mover.heard == [.fixture(1, 1), .fixture(2, 2)])
    #expect(model.location == .fixture(2, 2))
  }

  // MARK: - Location

  @Test func settingTheLocationBroadcastsOnlyRealChanges() throws {
    let model = try PlacesModel(places: [.london])
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)
    let here = Coordinate.fixture(59.3, 18.0)

    model.location = here
    model.location = here
    model.location = nil

    #expect(recorder.events == [.location(here), .location(nil)])
  }

  // MARK: - Replay

  @Test func aLateListenerIsBroughtUpToDateAtOnce() throws {
    let here = Coordinate.fixture(48.0, 2.0)
    let model = try PlacesModel(places: [.london, .paris], location: here)
    try model.select(Place.paris.id)
    let late = ModelEventRecorder()

    model.addDelegate(late)

    #expect(late.events == [.places([1, 2]), .location(here), .selection(2)])
    #expect(model.delegateCount == 1)
    model.deselect()
    #expect(late.events.last == .selection(nil))
  }

  @Test func aListenerCanOptOutOfTheReplay() throws {
    let model = try PlacesModel(places: [.london])
    let listener = ModelEventRecorder()

    model.addDelegate(listener, replayingState: false)

    #expect(listener.events.isEmpty)
    #expect(model.delegateCount == 1)
  }

  @Test func aRemovedListenerHearsNothingMore() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let removed = ModelEventRecorder()
    let kept = ModelEventRecorder()
    model.addDelegate(removed, replayingState: false)
    model.addDelegate(kept, replayingState: false)

    model.removeDelegate(removed)
    try model.select(Place.paris.id)

    #expect(removed.events.isEmpty)
    #expect(kept.events == [.selection(2)])
    #expect(model.delegateCount == 1)
  }

  @Test func aListenerRemovedDuringABroadcastIsNotCalledLaterInIt() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let remover = ModelEventRecorder()
    let removed = ModelEventRecorder()
    remover.onSelection = { _ in model.removeDelegate(removed) }
    model.addDelegate(remover, replayingState: false)
    model.addDelegate(removed, replayingState: false)

    try model.select(Place.paris.id)

    #expect(remover.events == [.selection(2)])
    #expect(removed.events.isEmpty)
  }

  @Test func removingAListenerThatIsNotRegisteredDoesNothing() throws {
    let model = try PlacesModel(places: [.london])
    let registered = ModelEventRecorder()
    model.addDelegate(registered, replayingState: false)

    model.removeDelegate(ModelEventRecorder())

    #expect(model.delegateCount == 1)
  }

  // MARK: - Broadcast order

  @Test func workInBroadcastOrderRunsAtOnceWhenNothingIsBeingBroadcast() throws {
    let model = try PlacesModel(places: [.london])
    var ran = false

    let outcome = model.performInBroadcastOrder { ran = true }

    #expect(outcome == .delivered)
    #expect(ran)
  }

  @Test func workThatMakesItsQueuedFormOnlyWhenQueuedRunsAtOnceWithoutMakingIt() throws {
    let model = try PlacesModel(places: [.london])
    var log: [String] = []

    let outcome = model.performInBroadcastOrder(
      { log.append("now") },
      queueing: {
        log.append("made")
        return { log.append("later") }
      })

    #expect(outcome == .delivered)
    #expect(log == ["now"])
  }

  @Test func workThatMakesItsQueuedFormRunsThatFormAfterTheBroadcastUnderWay() throws {
    let model = try PlacesModel(places: [.london, .paris])
    var log: [String] = []
    let first = ModelEventRecorder()
    let second = ModelEventRecorder()
    first.onSelection = { _ in
      log.append("first heard")
      let outcome = model.performInBroadcastOrder(
        { log.append("now") },
        queueing: {
          log.append("made")
          return { log.append("later") }
        })
      log.append("\(outcome)")
    }
    second.onSelection = { _ in log.append("second heard") }
    model.addDelegate(first, replayingState: false)
    model.addDelegate(second, replayingState: false)

    try model.select(Place.london.id)

    #expect(log == ["first heard", "made", "queued", "second heard", "later"])
  }

  @Test func workInBroadcastOrderFromACallbackRunsAfterEveryListenerHeardTheBroadcast() throws {
    let model = try PlacesModel(places: [.london, .paris])
    var order: [String] = []
    let first = ModelEventRecorder()
    let second = ModelEventRecorder()
    first.onSelection = { id in
      order.append("first heard \(id.map(String.init(describing:)) ?? "nil")")
      guard id == Place.london.id else { return }
      let outcome = model.performInBroadcastOrder {
        order.append("work")
        try? model.select(Place.paris.id)  // Queued behind the work, like any change.
      }
      order.append("\(outcome)")
    }
    second.onSelection = { id in
      order.append("second heard \(id.map(String.init(describing:)) ?? "nil")")
    }
    model.addDelegate(first, replayingState: false)
    model.addDelegate(second, replayingState: false)

    try model.select(Place.london.id)

    #expect(
      order == [
        "first heard 1", "queued", "second heard 1", "work", "first heard 2", "second heard 2",
      ])
  }

  // MARK: - Lookups

  @Test func theCatalogFindsPlacesByID() throws {
    let model = try PlacesModel(places: [.london, .paris, .stockholm])

    #expect(model.places.position(ofPlaceWithID: 42) == 2)
    #expect(model.places.place(withID: 2) == .paris)
    #expect(model.places.place(withID: 7) == nil)
    #expect(model.places.position(ofPlaceWithID: 7) == nil)
    #expect(!model.places.contains(placeWithID: 7))
  }

  @Test func lookupsFollowACatalogReplacement() throws {
    let model = try PlacesModel(places: [.london, .paris])
    try model.select(Place.london.id)

    try model.replacePlaces([.stockholm, .london])

    #expect(model.places.position(ofPlaceWithID: 1) == 1)
    #expect(model.places.place(withID: 2) == nil)
    #expect(model.places.place(withID: 42) == .stockholm)
    #expect(model.selectedPlace == .london)
  }

  @Test func settingTheCatalogBroadcastsItOnceAndAnEqualOneNothing() throws {
    let model = try PlacesModel(places: [.london])
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)
    let catalog = try PlaceCatalog([.paris, .rome])

    model.places = catalog
    model.places = try PlaceCatalog([.paris, .rome])  // Equal: nothing changes.

    #expect(recorder.events == [.places([2, 3])])
    #expect(model.places == catalog)
  }

  @Test func placesNearestFirstFollowTheOneOrder() throws {
    let model = try PlacesModel(places: [.london, .paris, .rome, .stockholm])

    #expect(model.places.placesNearestFirst(from: .fixture(41.9, 12.5)).map(\.id) == [3, 2, 1, 42])
    #expect(model.places.placesNearestFirst(from: .fixture(59.0, 18.0)).map(\.id) == [42, 1, 2, 3])
    #expect(model.location == nil)
  }

  @Test func placesAtTheSameDistanceKeepCatalogOrder() throws {
    let here = Coordinate.fixture(10, 10)
    let places = (1...5).map { Place(id: PlaceID($0), name: "Twin \($0)", coordinate: here) }
    let catalog = try PlaceCatalog(places.reversed())

    #expect(catalog.placesNearestFirst(from: here).map(\.id) == [5, 4, 3, 2, 1])
  }

  // MARK: - Lifetime

  @Test func theModelDoesNotKeepItsListenersAlive() throws {
    let model = try PlacesModel(places: [.london])
    weak var weakListener: ModelEventRecorder?
    do {
      let listener = ModelEventRecorder()
      weakListener = listener
      model.addDelegate(listener)
    }

    #expect(weakListener == nil)
    #expect(model.delegateCount == 0)
  }
}

/// Moves the model's location one degree further each time it hears a move, twice.
final class LocationMover: PlacesModelDelegate {
  private let model: PlacesModel
  private(set) var heard: [Coordinate?] = []

  init(model: PlacesModel) { self.model = model }

  func didChange(location: Coordinate?) {
    heard.append(location)
    guard let location, location.latitude < 3 else { return }
    model.location = .fixture(location.latitude + 1, location.longitude + 1)
  }
}
