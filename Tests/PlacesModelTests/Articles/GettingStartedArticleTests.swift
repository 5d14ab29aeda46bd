import PlacesModel
import Testing

/// The code of the GettingStarted article (`PlacesModel.docc`), run, so the article cannot drift.
struct GettingStartedArticleTests {
  final class SelectionLog: PlacesModelDelegate {
    private(set) var selections: [Place.ID?] = []

    func didSelectItem(_ id: Place.ID?) {
      selections.append(id)
    }
  }

  @Test(.timeLimit(.minutes(10)))
  func theArticleLoadsListensChangesAndStreams() async throws {
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
    let places = try GeoJSONPlacesReader().load(text: geoJSON, file: "example").places
    var model: PlacesModel? = try PlacesModel(places: places)
    let log = SelectionLog()
    model?.addDelegate(log)
    #expect(log.selections == [nil])

    try model?.select(42)
    model?.deselect()
    #expect(log.selections == [nil, 42, nil])

    #expect(throws: PlacesModelError.unknownPlace(99)) { try model?.select(99) }
    #expect(PlacesModelError.unknownPlace(99).description == "no place has id 99")
    #expect(log.selections == [nil, 42, nil])

    let amsterdam = try Coordinate(latitude: 52.37, longitude: 4.89)
    let nearestFirst = model?.places.placesNearestFirst(from: amsterdam).map(\.name)
    #expect(nearestFirst == ["Brussels", "Stockholm"])

    let changes = try #require(model).changes()
    let logger = Task {
      var printed: [String] = []
      for await change in changes {
        printed.append("\(change)")
      }
      return printed
    }
    model = nil  // The stream ends when the model is released.
    #expect(await logger.joined().count == 3)  // The replay: places, location, selection.
  }
}
