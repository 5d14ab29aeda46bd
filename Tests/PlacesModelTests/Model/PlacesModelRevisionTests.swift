import PlacesModel
import PlacesModelTestSupport
import Testing

struct PlacesModelRevisionTests {
  @Test func aRevisionInstalledInManyModelsBroadcastsItsChangesInEach() throws {
    let base = try PlaceCatalog([.london, .paris, .rome])
    let models = (0..<3).map { _ in PlacesModel(catalog: base) }
    let recorders = models.map { model in
      let recorder = ChangeRecorder()
      model.addDelegate(recorder, replayingState: false)
      return recorder
    }
    let revision = try base.revised(applying: [
      .update(Place.rome.renamed("Roma")), .remove(Place.london.id), .insert(.stockholm),
    ])

    for model in models {
      model.install(revision)
    }

    let expected = PlaceCatalogChanges(
      inserted: [Place.stockholm.id], updated: [Place.rome.id], removed: [Place.london.id])
    #expect(revision.changes == expected)
    #expect(revision.base == base)
    for (model, recorder) in zip(models, recorders) {
      #expect(recorder.changes == [.places(revision.catalog, changes: expected)])
      #expect(Array(model.places) == [.paris, Place.rome.renamed("Roma"), .stockholm])
    }
  }

  @Test func aModelHoldingAnotherCatalogComparesTheCatalogs() throws {
    let base = try PlaceCatalog([.london, .paris])
    let model = try PlacesModel(places: [.london])
    let recorder = ChangeRecorder()
    model.addDelegate(recorder, replayingState: false)

    model.install(try base.revised(applying: [.insert(.rome)]))

    #expect(
      recorder.changes == [
        .places(
          [.london, .paris, .rome],
          changes: PlaceCatalogChanges(inserted: [Place.paris.id, Place.rome.id]))
      ])
  }

  @Test func removingTheSelectedPlaceClearsTheSelectionFirst() throws {
    let base = try PlaceCatalog([.london, .paris])
    let model = PlacesModel(catalog: base)
    try model.select(Place.paris.id)
    let recorder = ChangeRecorder()
    model.addDelegate(recorder, replayingState: false)

    model.install(try base.revised(applying: [.remove(Place.paris.id)]))

    #expect(
      recorder.changes == [
        .selection(nil),
        .places([.london], changes: PlaceCatalogChanges(removed: [Place.paris.id])),
      ])
    #expect(model.selectedItem == nil)
  }

  @Test func aReplacementIsRevisedAsEditsWhereTheOrderHolds() throws {
    let base = try PlaceCatalog([.london, .paris])
    let revision = try base.revised(replacingWith: [.london, Place.paris.renamed("Lutèce"), .rome])
    #expect(
      revision.changes
        == PlaceCatalogChanges(inserted: [Place.rome.id], updated: [Place.paris.id]))
    #expect(Array(revision.catalog) == [.london, Place.paris.renamed("Lutèce"), .rome])
    #expect(throws: PlacesModelError.duplicateID(Place.rome.id, firstIndex: 0, secondIndex: 1)) {
      try base.revised(replacingWith: [.rome, .rome])
    }
  }

  @Test func aRevisionThatChangesNothingBroadcastsNothing() throws {
    let base = try PlaceCatalog([.london, .paris])
    let model = PlacesModel(catalog: base)
    let recorder = ChangeRecorder()
    model.addDelegate(recorder, replayingState: false)

    model.install(try base.revised(applying: [.update(.paris)]))

    #expect(recorder.changes.isEmpty)
  }
}
