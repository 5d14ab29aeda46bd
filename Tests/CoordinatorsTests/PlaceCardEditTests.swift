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

/// The card shows the selected place as the catalog has it, after any history of edits.
struct PlaceCardRandomEditTests {
  @Test func aMoveOfTheSelectedPlaceShowsItsNewCoordinate() throws {
    let model = try PlacesModel(places: [.london, .paris])
    let factory = ViewFactorySpy()
    let app = AppCoordinator(model: model, viewFactory: factory)
    app.start()
    defer { withExtendedLifetime(app) {} }
    try model.select(Place.paris.id)
    let card = try #require(factory.cardViews.last?.object)
    let moved = Place(
      id: Place.paris.id, name: Place.paris.name, coordinate: .uppsala,
      country: Place.paris.country)

    try model.update(moved)

    #expect(card.commands.last == .showDetails(moved))
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func theCardShowsTheSelectedPlaceAfterRandomEdits(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    let model = try PlacesModel(places: RandomPlaces.catalog(count: 12, using: &generator))
    let factory = ViewFactorySpy()
    let app = AppCoordinator(model: model, viewFactory: factory)
    app.start()
    defer { withExtendedLifetime(app) {} }

    for step in 0..<150 {
      let places = Array(model.places)
      let place = places[Int.random(in: 0..<places.count, using: &generator)]
      switch Int.random(in: 0..<6, using: &generator) {
      case 0:
        try model.select(place.id)
      case 1 where places.count > 4:
        try model.remove(placeWithID: place.id)
      case 2:
        try model.apply([.remove(place.id), .insert(place.renamed(place.name + "!"))])
      case 3:
        try model.update(
          Place(
            id: place.id, name: place.name, coordinate: RandomPlaces.location(using: &generator),
            country: place.country))
      default:
        try model.update(place.renamed(place.name + "."))
      }

      let shown = factory.cardViews.last?.object?.commands.last
      if let selected = model.selectedPlace {
        #expect(shown == .showDetails(selected), "step \(step)")
      } else {
        #expect(shown == nil || shown == .dismiss, "step \(step)")
      }
    }
  }
}
