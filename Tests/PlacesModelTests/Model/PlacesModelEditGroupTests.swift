import PlacesModel
import PlacesModelTestSupport
import Testing

/// An edit whose broadcast is a group (the cleared selection, then the catalog) is applied whole
/// or not at all: made outside any broadcast it is the outermost one at any limit, and made from
/// a callback it is queued whole or dropped whole.
struct PlacesModelEditGroupTests {
  /// The edits that remove the selected place, London, and so broadcast two changes.
  enum RemovingEdit: CaseIterable, CustomTestStringConvertible, Sendable {
    case remove
    case apply
    case replacePlaces
    case setPlaces

    func perform(on model: PlacesModel) throws {
      switch self {
      case .remove: try model.remove(placeWithID: Place.london.id)
      case .apply: try model.apply([.remove(Place.london.id), .insert(.rome)])
      case .replacePlaces: try model.replacePlaces([.paris, .rome])
      case .setPlaces: model.places = try PlaceCatalog([.rome, .paris])
      }
    }

    var testDescription: String { "\(self)" }
  }

  static let limits = [0, 1, 2, MulticastDelegate<any PlacesModelDelegate>.defaultReentrancyLimit]

  @Test(arguments: RemovingEdit.allCases, limits)
  func anEditOutsideAnyBroadcastIsAppliedWholeAndHeardWhole(edit: RemovingEdit, limit: Int) throws {
    let diagnostics = LockedValue<[ReentrancyLimitExceeded]>([])
    let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: limit) {
      diagnostic in diagnostics.withLock { $0.append(diagnostic) }
    }
    try model.select(Place.london.id)
    let recorder = ChangeRecorder()
    model.addDelegate(recorder, replayingState: false)

    try edit.perform(on: model)

    #expect(!model.places.contains(placeWithID: Place.london.id))
    #expect(model.selectedItem == nil)
    #expect(recorder.changes.count == 2)
    #expect(recorder.changes.first == .selection(nil))
    #expect(recorder.changes.last.map(isCatalog(model.places)) == true)
    #expect(diagnostics.withLock { $0 }.isEmpty)
  }

  @Test(arguments: RemovingEdit.allCases, [1, 2, 3])
  func listenersOfAnOutermostEditMayQueueUpToTheLimit(edit: RemovingEdit, limit: Int) throws {
    let diagnostics = LockedValue<[ReentrancyLimitExceeded]>([])
    let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: limit) {
      diagnostic in diagnostics.withLock { $0.append(diagnostic) }
    }
    try model.select(Place.london.id)
    let mover = ChangeRecorder()
    mover.onChange = { change in
      // Answers the cleared selection by moving the user limit + 1 times: the last is dropped.
      guard change == .selection(nil) else { return }
      for step in 1...(limit + 1) { model.location = .fixture(Double(step), 0) }
    }
    model.addDelegate(mover, replayingState: false)

    try edit.perform(on: model)

    #expect(mover.changes.count == 2 + limit)
    #expect(mover.changes.last == .location(.fixture(Double(limit), 0)))
    #expect(model.location == .fixture(Double(limit), 0))
    #expect(model.selectedItem == nil)
    #expect(!model.places.contains(placeWithID: Place.london.id))
    #expect(
      diagnostics.withLock { $0 } == [ReentrancyLimitExceeded(limit: limit, droppedBroadcasts: 1)])
  }

  @Test(arguments: RemovingEdit.allCases)
  func anEditFromACallbackWithRoomForOnlyPartOfItIsDroppedWhole(edit: RemovingEdit) throws {
    let diagnostics = LockedValue<[ReentrancyLimitExceeded]>([])
    let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: 2) { diagnostic in
      diagnostics.withLock { $0.append(diagnostic) }
    }
    try model.select(Place.london.id)
    let editor = ChangeRecorder()
    editor.onChange = { change in
      guard change == .location(.fixture(1, 1)) else { return }
      model.location = .fixture(2, 2)  // Queued: one of the two places the limit allows.
      try? edit.perform(on: model)  // Needs two places: dropped whole, and undone.
    }
    model.addDelegate(editor, replayingState: false)

    model.location = .fixture(1, 1)

    #expect(editor.changes == [.location(.fixture(1, 1)), .location(.fixture(2, 2))])
    #expect(Array(model.places) == [.london, .paris])
    #expect(model.selectedItem == Place.london.id)
    #expect(
      diagnostics.withLock { $0 } == [ReentrancyLimitExceeded(limit: 2, droppedBroadcasts: 2)])
  }

  @Test(arguments: RemovingEdit.allCases)
  func anEditFromACallbackWithRoomForAllOfItIsHeardWhole(edit: RemovingEdit) throws {
    let diagnostics = LockedValue<[ReentrancyLimitExceeded]>([])
    let model = try PlacesModel(places: [.london, .paris], reentrancyLimit: 2) { diagnostic in
      diagnostics.withLock { $0.append(diagnostic) }
    }
    try model.select(Place.london.id)
    let editor = ChangeRecorder()
    editor.onChange = { change in
      guard change == .location(.fixture(1, 1)) else { return }
      try? edit.perform(on: model)
    }
    model.addDelegate(editor, replayingState: false)

    model.location = .fixture(1, 1)

    #expect(editor.changes.count == 3)
    #expect(editor.changes.dropFirst().first == .selection(nil))
    #expect(editor.changes.last.map(isCatalog(model.places)) == true)
    #expect(!model.places.contains(placeWithID: Place.london.id))
    #expect(model.selectedItem == nil)
    #expect(diagnostics.withLock { $0 }.isEmpty)
  }

  private func isCatalog(_ catalog: PlaceCatalog) -> (PlacesModelChange) -> Bool {
    { change in
      guard case .places(let heard, let changes) = change else { return false }
      return heard == catalog && changes?.removed == [Place.london.id]
    }
  }
}
