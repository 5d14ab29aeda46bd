import PlacesModel
import PlacesModelTestSupport
import Testing

struct PlacesModelEditTests {
  @Test func anEditBroadcastsTheNewCatalogWithWhatChangedOnce() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let recorder = ChangeRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.insert(.rome)

    #expect(
      recorder.changes == [
        .places([.london, .paris, .rome], changes: PlaceCatalogChanges(inserted: [Place.rome.id]))
      ])
    #expect(Array(model.places) == [.london, .paris, .rome])
  }

  @Test func anEditThatChangesNothingBroadcastsNothing() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let recorder = ChangeRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.update(.paris)
    try model.apply([.insert(.rome), .remove(Place.rome.id)])
    try model.apply([])

    #expect(recorder.changes.isEmpty)
  }

  @Test func aRefusedBatchChangesNothingAndBroadcastsNothing() throws {
    let model = try PlacesModel(places: [.london, .paris])
    try model.select(Place.paris.id)
    let recorder = ChangeRecorder()
    model.addDelegate(recorder, replayingState: false)

    #expect(throws: PlacesModelError.invalidEdit(at: 1, id: 999, problem: .unknownID)) {
      try model.apply([.remove(Place.paris.id), .remove(999)])
    }
    #expect(Array(model.places) == [.london, .paris])
    #expect(model.selectedItem == Place.paris.id)
    #expect(recorder.changes.isEmpty)
  }

  @Test func removingTheSelectedPlaceClearsTheSelectionInTheSameGroup() throws {
    let model = try PlacesModel(places: [.london, .paris, .rome])
    try model.select(Place.paris.id)
    let recorder = ChangeRecorder()
    var seen: [(Place.ID?, Int)] = []
    recorder.onChange = { [weak model] _ in
      guard let model else { return }
      seen.append((model.selectedItem, model.places.count))
    }
    model.addDelegate(recorder, replayingState: false)

    try model.apply([.update(Place.rome.renamed("Roma")), .remove(Place.paris.id)])

    #expect(
      recorder.changes == [
        .selection(nil),
        .places(
          [.london, Place.rome.renamed("Roma")],
          changes: PlaceCatalogChanges(updated: [Place.rome.id], removed: [Place.paris.id])),
      ])
    // Both callbacks ran with the new catalog and the cleared selection installed.
    #expect(seen.map(\.0) == [nil, nil])
    #expect(seen.map(\.1) == [2, 2])
  }

  @Test func aListenerThatRemovesThePlaceJustSelectedIsHeardAfterTheSelection() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let remover = ChangeRecorder()
    remover.onChange = { [weak model] change in
      guard case .selection(let id?) = change else { return }
      do {
        try model?.remove(placeWithID: id)
      } catch {
        Issue.record(error)
      }
    }
    model.addDelegate(remover, replayingState: false)
    let later = ChangeRecorder()
    model.addDelegate(later, replayingState: false)

    try model.select(Place.paris.id)

    let expected: [PlacesModelChange] = [
      .selection(Place.paris.id), .selection(nil),
      .places([.london], changes: PlaceCatalogChanges(removed: [Place.paris.id])),
    ]
    #expect(remover.changes == expected)
    #expect(later.changes == expected)
    #expect(model.selectedItem == nil)
    #expect(Array(model.places) == [.london])
  }

  @Test func editsMadeDuringABroadcastApplyToTheNewestCatalogAndAreHeardInOrder() throws {
    let model = try PlacesModel(places: [.london])
    let editor = ChangeRecorder()
    editor.onChange = { [weak model] change in
      guard case .places(let catalog, _) = change, catalog.count == 2 else { return }
      do {
        // Applied at once, to the catalog with Paris, whose broadcast is under way.
        try model?.apply([.insert(.rome), .update(Place.paris.renamed("Lutèce"))])
      } catch {
        Issue.record(error)
      }
    }
    model.addDelegate(editor, replayingState: false)
    let later = ChangeRecorder()
    model.addDelegate(later, replayingState: false)

    try model.insert(.paris)

    let expected: [PlacesModelChange] = [
      .places([.london, .paris], changes: PlaceCatalogChanges(inserted: [Place.paris.id])),
      .places(
        [.london, Place.paris.renamed("Lutèce"), .rome],
        changes: PlaceCatalogChanges(inserted: [Place.rome.id], updated: [Place.paris.id])),
    ]
    #expect(editor.changes == expected)
    #expect(later.changes == expected)
  }

  @Test func replacingPlacesSendsTheDifferenceByID() throws {
    let model = try PlacesModel(places: [.london, .paris, .rome])
    let recorder = ChangeRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.replacePlaces([.london, Place.rome.renamed("Roma"), .zurich])

    #expect(
      recorder.changes == [
        .places(
          [.london, Place.rome.renamed("Roma"), .zurich],
          changes: PlaceCatalogChanges(
            inserted: [Place.zurich.id], updated: [Place.rome.id], removed: [Place.paris.id]))
      ])
  }

  @Test func aListenerOfTheOldCallbackAloneStillHearsEdits() throws {
    let model = try PlacesModel(places: [.london])
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder, replayingState: false)

    try model.insert(.paris)

    #expect(recorder.events == [.places([Place.london.id, Place.paris.id])])
  }
}
