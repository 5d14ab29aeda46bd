import PlacesModel
import Testing

/// Files written by the tools people use (see `Tests/Fixtures/geojson/SOURCES.md`) load with
/// the reader's defaults, and their skips are reported.
struct GeoJSONWrittenByToolsTests {
  private let reader = GeoJSONPlacesReader()

  private func load(_ name: String) throws -> GeoJSONLoad {
    try reader.load(contentsOfFile: GeoJSONFixture.fixture(name))
  }

  private static let swedishCities = [
    Place(
      id: 0, name: "Stockholm", coordinate: GeoJSONFixture.coordinate(59.32938, 18.06871),
      country: "SE", population: 1_515_017),
    Place(
      id: 1, name: "Uppsala", coordinate: GeoJSONFixture.coordinate(59.85882, 17.63889),
      country: "SE", population: 133_117),
    Place(
      id: 2, name: "Göteborg", coordinate: GeoJSONFixture.coordinate(57.70716, 11.96679),
      country: "SE", population: 572_799),
  ]

  /// Whether `coordinate` is inside the polygon of feature `index` of the fixture `name`.
  private static func isInsideFeature(
    _ index: Int, _ coordinate: Coordinate, _ name: String
  ) throws -> Bool {
    let features = try ShapeContainment.features(ofFile: GeoJSONFixture.fixture(name))
    let geometry = features[index]["geometry"] as? [String: Any] ?? [:]
    return ShapeContainment.isInside(coordinate, ShapeContainment.polygons(ofGeometry: geometry))
  }

  @Test(arguments: ["gdal/default-no-ids.geojson", "gdal/rfc7946.geojson"])
  func gdalOutputWithoutIDsIsNumberedByPosition(file: String) throws {
    let load = try load(file)

    #expect(load.places == Self.swedishCities)
    #expect(load.report.isEmpty)
  }

  @Test func gdalIntegerIDsAndAltitudesLoad() throws {
    let load = try load("gdal/integer-ids-3d.geojson")

    #expect(load.places.map(\.id) == [240_109_189, 29_786_457])
    #expect(
      load.places.map(\.coordinate) == [
        GeoJSONFixture.coordinate(59.32938, 18.06871),
        GeoJSONFixture.coordinate(59.85882, 17.63889),
      ])
  }

  @Test func gdalStringIDsAreKeptAsStrings() throws {
    let load = try load("gdal/string-ids.geojson")

    #expect(load.places.map(\.id) == ["LHR", "CDG", "XYZ"])
    #expect(load.places.first?.name == "London Heathrow Airport")
    #expect(load.places.first?.category == "airport")
  }

  @Test func naturalEarthFieldsAndMixedGeometriesLoadWithTheirSkipsReported() throws {
    let load = try load("gdal/mixed-geometries.geojson")

    #expect(load.places.map(\.name) == ["Stockholm", "Mälaren shore", "Road 40", "Islands"])
    #expect(load.places.map(\.id) == [0, 1, 2, 3])
    let coordinates = load.places.map(\.coordinate)
    #expect(coordinates[0] == GeoJSONFixture.coordinate(59.32938, 18.06871))
    // The shore is a square with a square hole, whose box centre (59.5, 17.5) is in the hole.
    #expect(try Self.isInsideFeature(1, coordinates[1], "gdal/mixed-geometries.geojson"))
    #expect(coordinates[1] != GeoJSONFixture.coordinate(59.5, 17.5))
    // The road's middle, halfway along it.
    #expect(coordinates[2] == GeoJSONFixture.coordinate(57.5, 12.0))
    // The islands: inside the larger of the two squares.
    #expect(try Self.isInsideFeature(3, coordinates[3], "gdal/mixed-geometries.geojson"))
    #expect(coordinates[3].longitude > 14)
    #expect(
      load.report.entries == [
        .init(reason: .noGeometry, count: 1, firstIndex: 4, firstLine: 9),
        .init(reason: .noName, count: 1, firstIndex: 5, firstLine: 10),
      ])
  }

  @Test func choosingTheEnglishNamePropertyUsesIt() throws {
    let english = GeoJSONPlacesReader(options: .init(nameProperties: ["NAME_EN"]))

    let places = try english.load(
      contentsOfFile: GeoJSONFixture.fixture("gdal/mixed-geometries.geojson")
    ).places

    #expect(places.map(\.name) == ["Stockholm", "Lake Mälaren shore", "Road 40", "Islands"])
  }

  @Test func skippingNonPointsLeavesThePoints() throws {
    let pointsOnly = GeoJSONPlacesReader(options: .init(nonPointGeometry: .skip))

    let load = try pointsOnly.load(
      contentsOfFile: GeoJSONFixture.fixture("gdal/mixed-geometries.geojson"))

    #expect(load.places.map(\.name) == ["Stockholm"])
    #expect(
      load.report.summary == "skipped 3 that are not points, 1 with no geometry, 1 without a name")
  }

  @Test func aFileWithNoNamesHasNothingToPlace() {
    let path = GeoJSONFixture.fixture("gdal/no-names.geojson")

    #expect(
      throws: GeoJSONError.nothingToPlace(
        file: path,
        report: .init(entries: [.init(reason: .noName, count: 2, firstIndex: 0, firstLine: 5)]))
    ) {
      try reader.load(contentsOfFile: path)
    }
  }

  @Test func osmtogeojsonOutputLoadsWithItsStringIDs() throws {
    let load = try load("hand-written/osmtogeojson-style.geojson")

    #expect(
      load.places.map(\.id) == [
        "node/240109189", "way/23374876", "way/4040302", "node/3327217281",
      ])
    #expect(
      load.places.map(\.name) == [
        "Stockholm", "Stockholms stadshus", "Vasagatan", "Drop Coffee",
      ])
    #expect(load.places.first?.population == 984_748)
    #expect(
      try Self.isInsideFeature(
        1, load.places[1].coordinate, "hand-written/osmtogeojson-style.geojson"))
    #expect(
      load.report.entries == [
        .init(reason: .noName, count: 1, firstIndex: 3, firstLine: 65),
        .init(
          reason: .unusableValue(property: "population"), count: 1, firstIndex: 4, firstLine: 80),
      ])
  }

  @Test func osmtogeojsonIDsCanComeFromTheirProperty() throws {
    let byProperty = GeoJSONPlacesReader(options: .init(ids: .property("@id")))

    let places = try byProperty.load(
      contentsOfFile: GeoJSONFixture.fixture("hand-written/osmtogeojson-style.geojson")
    ).places

    #expect(places.first?.id == "node/240109189")
  }

  @Test func geojsonIOOutputLoadsWithTitlesAsNames() throws {
    let load = try load("hand-written/geojsonio-style.geojson")

    #expect(load.places.map(\.id) == [0, 1])
    #expect(load.places.map(\.name) == ["Picnic spot", "Djurgården"])
    #expect(
      try Self.isInsideFeature(1, load.places[1].coordinate, "hand-written/geojsonio-style.geojson")
    )
    #expect(load.report.summary == "skipped 1 without a name")
  }

  @Test func jsonFGLoadsFromItsGeometryAndSkipsItsPlaceInMetres() throws {
    let load = try load("gdal/json-fg.json")

    #expect(load.places == Array(Self.swedishCities.prefix(2)).map { $0.withoutDetails })
    #expect(load.report.isEmpty)
  }

  @Test func positionsWithAnAltitudeAndAMeasureLoad() throws {
    let load = try load("hand-written/xyzm-positions.geojson")

    #expect(load.places.map(\.name) == ["Stockholm", "Track", "Survey area"])
    #expect(load.places[0].coordinate == GeoJSONFixture.coordinate(59.32938, 18.06871))
    #expect(load.places[1].coordinate == GeoJSONFixture.coordinate(59, 18))
    #expect(abs(load.places[2].coordinate.latitude - 59.5) < 0.01)
    #expect(abs(load.places[2].coordinate.longitude - 17.5) < 0.01)
  }
}

extension Place {
  /// The place with only its id, name and coordinate.
  fileprivate var withoutDetails: Place {
    Place(id: id, name: name, coordinate: coordinate)
  }
}
