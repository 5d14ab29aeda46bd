import Coordinators
import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The card follows its place through edits, and closes when the place is removed.
struct PlaceCardEditTests {
  @Test func theCardShowsItsPlacesNewValuesAndIgnoresOtherEdits() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let factory = ViewFactorySpy()
    let app = AppCoordinator(model: model, viewFactory: factory)
    app.start()
    defer { withExtendedLifetime(app) {} }
    try model.select(Place.paris.id)
    let card = try #require(factory.cardViews.last?.object)
    let start = card.commands.count

    try model.insert(.rome)
    try model.update(Place.london.renamed("Londres"))
    try model.update(Place.paris.renamed("Lutèce"))

    #expect(card.commands.dropFirst(start) == [.showDetails(Place.paris.renamed("Lutèce"))])
  }

  @Test func theCardClosesWhenItsPlaceIsRemoved() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let factory = ViewFactorySpy()
    let app = AppCoordinator(model: model, viewFactory: factory)
    app.start()
    defer { withExtendedLifetime(app) {} }
    try model.select(Place.paris.id)
    let card = try #require(factory.cardViews.last?.object)
    let start = card.commands.count

    try model.remove(placeWithID: Place.paris.id)

    #expect(card.commands.dropFirst(start) == [.dismiss])
  }
}
