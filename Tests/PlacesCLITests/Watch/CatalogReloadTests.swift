import PlacesModel
import PlacesModelTestSupport
import Testing

@testable import places_cli

struct CatalogReloadTests {
  private static let uppsala = Place(id: 1, name: "Uppsala", coordinate: .fixture(59.86, 17.64))
  private static let visby = Place(id: 2, name: "Visby", coordinate: .fixture(57.64, 18.30))
  private static let kiruna = Place(id: 3, name: "Kiruna", coordinate: .fixture(67.86, 20.23))
  private static let lund = Place(id: 4, name: "Lund", coordinate: .fixture(55.70, 13.19))

  @Test func theDifferenceIsTheRemovalsThenTheUpdatesThenTheInsertionsAsEdits() throws {
    let old = try PlaceCatalog([Self.uppsala, Self.visby, Self.kiruna])
    let renamed = Self.visby.with(name: "Visby C", coordinate: Self.visby.coordinate)

    let reload = try CatalogReload(
      from: old, to: [renamed, Self.kiruna, Self.lund], file: "places.geojson")

    #expect(
      reload.changes == PlaceCatalogChanges(inserted: [4], updated: [2], removed: [1]))
    #expect(reload.edits == [.remove(1), .update(renamed), .insert(Self.lund)])
    #expect(reload.isAppliedAsEdits)
  }

  @Test func appliedEditsLeaveTheModelWithTheFilesPlacesAndSayOnlyWhatChanged() throws {
    let model = try PlacesModel(places: [Self.uppsala, Self.visby, Self.kiruna])
    let moved = Self.kiruna.with(name: "Kiruna", coordinate: .fixture(67.85, 20.22))
    let reload = try CatalogReload(
      from: model.places, to: [Self.visby, moved, Self.lund], file: "places.geojson")
    let listener = ChangesListener()
    model.addDelegate(listener, replayingState: false)

    try reload.apply(to: model)

    #expect(Array(model.places) == [Self.visby, moved, Self.lund])
    #expect(
      listener.changes == [PlaceCatalogChanges(inserted: [4], updated: [3], removed: [1])])
  }

  @Test(arguments: [
    [kiruna, uppsala, visby],  // moved within the file
    [uppsala, lund, visby, kiruna],  // a new place among the old ones
  ])
  func aNewOrderReplacesTheCatalogInTheFilesOrder(places: [Place]) throws {
    let model = try PlacesModel(places: [Self.uppsala, Self.visby, Self.kiruna])
    let reload = try CatalogReload(from: model.places, to: places, file: "places.geojson")

    try reload.apply(to: model)

    #expect(!reload.isAppliedAsEdits)
    #expect(Array(model.places) == places)
  }

  @Test func theSamePlacesMakeNoChangeAndNoEdit() throws {
    let old = try PlaceCatalog([Self.uppsala, Self.visby])

    let reload = try CatalogReload(from: old, to: [Self.uppsala, Self.visby], file: "f")

    #expect(reload.changes.isEmpty)
    #expect(reload.edits.isEmpty)
    #expect(reload.isAppliedAsEdits)
  }

  @Test func twoPlacesWithOneIDAreACatalogErrorNamingTheFile() throws {
    let old = try PlaceCatalog([Self.uppsala])
    let twin = Place(id: 1, name: "Uppsala again", coordinate: .fixture(59.0, 17.0))

    #expect(throws: CatalogError.self) {
      try CatalogReload(from: old, to: [Self.uppsala, twin], file: "places.geojson")
    }
    do {
      _ = try CatalogReload(from: old, to: [Self.uppsala, twin], file: "places.geojson")
    } catch {
      #expect(error.file == "places.geojson")
    }
  }
}

/// Records the changes the model broadcasts with each new catalog.
private final class ChangesListener: PlacesModelDelegate {
  var changes: [PlaceCatalogChanges] = []

  func didChange(places: PlaceCatalog, changes: PlaceCatalogChanges) {
    self.changes.append(changes)
  }
}
