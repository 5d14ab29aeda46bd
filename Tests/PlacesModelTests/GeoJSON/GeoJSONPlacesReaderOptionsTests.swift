import PlacesModel
import Testing

/// How the reader's options, and its defaults, turn the GeoJSON that tools write into places.
struct GeoJSONPlacesReaderOptionsTests {
  private let reader = GeoJSONPlacesReader()

  private func load(
    _ text: String, _ options: GeoJSONPlacesReader.Options = .init()
  ) throws(GeoJSONError) -> GeoJSONLoad {
    try GeoJSONPlacesReader(options: options).load(text: text, file: BadGeoJSON.source)
  }

  /// A feature with no `id` member, named `name`, at `coordinates`.
  private static func feature(
    name: String = "X", coordinates: String = "[1,2]", extra: String = ""
  ) -> String {
    #"{"type":"Feature","geometry":{"type":"Point","coordinates":\#(coordinates)},"#
      + #""properties":{"name":"\#(name)"\#(extra)}}"#
  }

  // MARK: - Ids

  @Test func keepsStringIDsAsTheFileGivesThem() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: #""node/123456""#), GeoJSONFixture.feature(id: #""LHR""#),
      GeoJSONFixture.feature(id: #""42""#), GeoJSONFixture.feature(id: "42"))

    let ids = try load(text).places.map(\.id)

    #expect(ids == ["node/123456", "LHR", "42", 42])
  }

  @Test(arguments: [
    ("1.0", "1"), ("1e3", "1000"), ("10.00e2", "1000"), ("-0.0", "0"), ("2.5e1", "25"),
    ("9223372036854775807", "9223372036854775807"),
    ("9223372036854775808", "9223372036854775808"),
    ("-123456789012345678901234567890", "-123456789012345678901234567890"),
    ("1.5e30", "1500000000000000000000000000000"),
    ("12345678901234567890123.000", "12345678901234567890123"),
  ])
  func readsIntegralNumbersAsWholeNumberIDs(json: String, id: String) throws {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(id: json))

    let place = try #require(try load(text).places.first)

    #expect(place.id == PlaceID(wholeNumber: id))
    #expect(place.id.isNumber)
  }

  @Test func treatsTheSameNumberWrittenTwoWaysAsADuplicate() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1000"), GeoJSONFixture.feature(id: "1e3"))

    #expect(throws: BadGeoJSON.invalid(.duplicateID(1000, firstIndex: 0), index: 1, line: 3)) {
      try load(text)
    }
  }

  @Test func numbersFeaturesByPositionWhenNoneHasAnID() throws {
    let text = GeoJSONFixture.collection(
      Self.feature(name: "A"), Self.feature(name: "B"), Self.feature(name: "C"))

    let places = try load(text).places

    #expect(places.map(\.id) == [0, 1, 2])
    #expect(places.map(\.name) == ["A", "B", "C"])
  }

  @Test func positionIDsStayTheSameWhateverIsSkipped() throws {
    let text = GeoJSONFixture.collection(
      Self.feature(name: "A"), GeoJSONFixture.feature(id: "null", geometry: "null"),
      Self.feature(name: "C"))

    let places = try load(text).places

    #expect(places.map(\.id) == [0, 2])
  }

  @Test func takesIDsFromAPropertyWhenAsked() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "7", properties: #"{"name":"A","airport_id":"LHR"}"#),
      GeoJSONFixture.feature(id: "7", properties: #"{"airport_id":3682,"name":"B"}"#))

    let places = try load(text, .init(ids: .property("airport_id"))).places

    #expect(places.map(\.id) == ["LHR", 3682])
  }

  @Test func aPropertyChosenForIDsMayAlsoNameThePlace() throws {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(properties: #"{"name":"A"}"#))

    let places = try load(text, .init(ids: .property("name"))).places

    #expect(places.map(\.id) == ["A"])
    #expect(places.map(\.name) == ["A"])
  }

  @Test func numbersByPositionWhenAskedWhateverTheIDs() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "7"), GeoJSONFixture.feature(id: "7"))

    #expect(try load(text, .init(ids: .position)).places.map(\.id) == [0, 1])
  }

  @Test func aMissingIDPropertyIsAnError() {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature())

    #expect(throws: BadGeoJSON.invalid(.missingID(property: "osm_id"))) {
      try load(text, .init(ids: .property("osm_id")))
    }
  }

  @Test func mixingFeaturesWithAndWithoutIDsIsAnErrorAtTheFirstWithout() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "10"), Self.feature(), GeoJSONFixture.feature(id: "11"),
      Self.feature())

    #expect(throws: BadGeoJSON.invalid(.missingID(property: nil), index: 1, line: 3, count: 2)) {
      try load(text)
    }
  }

  @Test func aFeatureWithoutAnIDBesideOthersIsReportedAloneNotAsADuplicate() {
    // Numbered by position, the second feature would be 1, and the third's id is 1.
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "5"), Self.feature(), GeoJSONFixture.feature(id: "1"),
      GeoJSONFixture.feature(id: "0"))

    #expect(throws: BadGeoJSON.invalid(.missingID(property: nil), index: 1, line: 3)) {
      try load(text)
    }
  }

  @Test func aProblemNamesTheFeaturesIDWhenItHasOne() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: #""LHR""#, coordinates: "[0,95]"),
      GeoJSONFixture.feature(id: #""CDG""#, properties: #"{"name":"X","osm_id":7}"#),
      GeoJSONFixture.feature(id: #""ARN""#, coordinates: "[-200,0]"))

    let error = #expect(throws: GeoJSONError.self) { try load(text) }

    let description = try #require(error?.description)
    #expect(
      description.split(separator: "\n").dropFirst() == [
        #"  feature 0 (id "LHR", line 2): latitude 95.0 is out of range -90...90 (positions "#
          + "are [longitude, latitude])",
        #"  feature 2 (id "ARN", line 4): longitude -200.0 is out of range -180...180"#,
      ])
  }

  @Test func aProblemNamesTheIDFromThePropertyChosenForIDsWhereverItComes() {
    let text = GeoJSONFixture.collection(
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[0,95]},"#
        + #""properties":{"name":"X","tags":{"ref":"E4"}}}"#)

    #expect(
      throws: BadGeoJSON.invalid(.latitudeOutOfRange(95), id: "E4")
    ) {
      try load(text, .init(ids: .property("tags.ref")))
    }
  }

  // MARK: - Names

  @Test func triesTheDefaultNamePropertiesInOrder() throws {
    let names = GeoJSONPlacesReader.Options.defaultNameProperties
    var features: [String] = []
    for first in names.indices {
      let members = names[first...].reversed().map { #""\#($0)":"\#($0) value""# }
      features.append(
        GeoJSONFixture.feature(
          id: "\(first)", properties: "{" + members.joined(separator: ",") + "}"))
    }

    let places = try load(GeoJSONFixture.collection(features)).places

    #expect(places.map(\.name) == names.map { "\($0) value" })
  }

  @Test func skipsUnusableNamesForTheNextProperty() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(properties: #"{"name":"","NAME":12,"title":"Titled"}"#))

    #expect(try load(text).places.map(\.name) == ["Titled"])
  }

  @Test func usesOnlyTheChosenNameProperty() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1", properties: #"{"name":"Göteborg","NAME_EN":"Gothenburg"}"#),
      GeoJSONFixture.feature(id: "2", properties: #"{"name":"Malmö"}"#),
      GeoJSONFixture.feature(id: "3", properties: #"{"nam\u0065_fr":"Lund","name_fr":"x"}"#))

    let english = try load(text, .init(nameProperties: ["NAME_EN"]))
    let french = try load(text, .init(nameProperties: ["name_fr"]))

    #expect(english.places.map(\.name) == ["Gothenburg"])
    #expect(english.report.entries.map(\.reason) == [.noName])
    #expect(english.report.skippedFeatureCount == 2)
    #expect(french.places.map(\.name) == ["Lund"])
  }

  @Test func aChosenNamePropertyMissingInStrictModeNamesIt() {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature())

    #expect(throws: BadGeoJSON.invalid(.missingName(tried: ["NAME_EN"]), id: 1)) {
      try load(text, .init(nameProperties: ["NAME_EN"], isStrict: true))
    }
  }

  // MARK: - Property paths

  @Test func takesNamesAndIDsFromNestedProperties() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(
        properties: #"{"type":"node","id":42,"tags":{"name":"Stockholm","name:en":"Sthlm"}}"#),
      GeoJSONFixture.feature(
        properties: #"{"tags":{"name:en":"Uppsala"},"id":43,"name":"Not this one"}"#))

    let load = try load(
      text, .init(ids: .property("id"), nameProperties: ["tags.name", "tags.name:en"]))

    #expect(load.places.map(\.name) == ["Stockholm", "Uppsala"])
    #expect(load.places.map(\.id) == [42, 43])
  }

  @Test func followsPathsSeveralObjectsDeepAndSkipsEverythingElse() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(
        properties:
          #"{"a":{"x":[1,{"b":2}],"b":{"c":"Deep","d":{"c":"Deeper"}},"c":"Shallow"},"#
          + #""b":{"c":"Elsewhere"}}"#))

    #expect(try load(text, .init(nameProperties: ["a.b.c"])).places.map(\.name) == ["Deep"])
    #expect(try load(text, .init(nameProperties: ["a.b.d.c"])).places.map(\.name) == ["Deeper"])
    #expect(try load(text, .init(nameProperties: ["a.c"])).places.map(\.name) == ["Shallow"])
  }

  @Test func aKeyWithADotIsWrittenWithABackslash() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(properties: #"{"addr.city":"Lund","addr":{"city":"Malmö"}}"#))

    #expect(
      try load(text, .init(nameProperties: [#"addr\.city"#])).places.map(\.name) == ["Lund"])
    #expect(
      try load(text, .init(nameProperties: ["addr.city"])).places.map(\.name) == ["Malmö"])
  }

  @Test func aPathThroughSomethingOtherThanAnObjectFindsNothing() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1", properties: #"{"tags":"name","name":"Top"}"#),
      GeoJSONFixture.feature(id: "2", properties: #"{"tags":{"name":"Nested"}}"#))

    let load = try load(text, .init(nameProperties: ["tags.name"]))

    #expect(load.places.map(\.name) == ["Nested"])
    #expect(load.report.entries.map(\.reason) == [.noName])
  }

  @Test func anUnusableNestedNameIsNamedByItsPathInStrictMode() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(properties: #"{"tags":{"name":12}}"#))

    #expect(
      throws: BadGeoJSON.invalid(.invalidName(property: "tags.name", found: "12"), id: 1)
    ) {
      try load(text, .init(nameProperties: ["tags.name"], isStrict: true))
    }
  }

  @Test func aMissingNestedIDNamesItsPath() {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(properties: #"{"name":"X"}"#))

    #expect(throws: BadGeoJSON.invalid(.missingID(property: "tags.ref"))) {
      try load(text, .init(ids: .property("tags.ref")))
    }
  }

  @Test func osm2geojsonOutputLoadsWithItsNestedTags() throws {
    let path = GeoJSONFixture.fixture("osm2geojson/overpass-stockholm.geojson")
    let byDefault = #expect(throws: GeoJSONError.self) {
      try GeoJSONPlacesReader().load(contentsOfFile: path)
    }
    let load = try GeoJSONPlacesReader(options: .init(nameProperties: ["tags.name"]))
      .load(contentsOfFile: path)
    let english = try GeoJSONPlacesReader(options: .init(nameProperties: ["tags.name:en"]))
      .load(contentsOfFile: path)

    guard case .nothingToPlace? = byDefault else {
      Issue.record("expected nothing to place, got \(String(describing: byDefault))")
      return
    }
    #expect(
      load.places.map(\.name) == [
        "Stockholm", "Stockholms stadshus", "Vasagatan", "Drop Coffee",
      ])
    #expect(load.places.map(\.id) == [0, 1, 2, 3])
    #expect(load.report.summary == "skipped 1 without a name")
    #expect(english.places.map(\.name) == ["Stockholm", "Stockholm City Hall", "Drop Coffee"])
  }

  // MARK: - Geometry

  @Test(arguments: [
    (#"{"type":"Point","coordinates":[18.5,59.25,30.5]}"#, 59.25, 18.5),
    (#"{"type":"MultiPoint","coordinates":[[10,50],[20,60],[15,55]]}"#, 55.0, 15.0),
    (#"{"type":"LineString","coordinates":[[10,50],[12,51]]}"#, 50.5, 11.0),
    (
      #"{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,2],[0,2],[0,0]],[[1,1],[2,1],[1,1]]]}"#,
      1.0, 2.0
    ),
    (#"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[-3,-5],[-2,-4]]]}"#, -2.0, -1.0),
    (
      #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[0,1],[0,0]]],[[[9,9],[10,9],[9,10],[9,9]]]]}"#,
      5.0, 5.0
    ),
    (
      #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[-10,-10]},"#
        + #"{"type":"GeometryCollection","geometries":[{"type":"LineString","coordinates":[[10,20],[10,30]]}]},"#
        + #"{"type":"LineString","coordinates":[]}]}"#,
      10.0, 0.0
    ),
    (#"{"coordinates":[[10,50],[12,51]],"bbox":[0,0,1,1],"type":"LineString"}"#, 50.5, 11.0),
  ])
  func placesEveryGeometryAtTheCentreOfItsBoundingBoxWhenAsked(
    geometry: String, latitude: Double, longitude: Double
  ) throws {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(geometry: geometry))

    let load = try load(text, .init(nonPointGeometry: .boundingBoxCentre))

    #expect(load.places.map(\.coordinate) == [GeoJSONFixture.coordinate(latitude, longitude)])
    #expect(load.report.isEmpty)
  }

  @Test func skipsNonPointsWhenAsked() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1"),
      GeoJSONFixture.feature(
        id: "2", geometry: #"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#),
      GeoJSONFixture.feature(id: "3", geometry: #"{"type":"MultiPoint","coordinates":[[0,0]]}"#))

    let load = try load(text, .init(nonPointGeometry: .skip))

    #expect(load.places.map(\.id) == [1])
    #expect(
      load.report.entries == [.init(reason: .notAPoint, count: 2, firstIndex: 1, firstLine: 3)])
    #expect(load.report.summary == "skipped 2 that are not points")
    #expect(
      throws: BadGeoJSON.invalid(
        .notAPoint(type: "LineString"), index: 1, line: 3, count: 2, id: 2)
    ) {
      try self.load(text, .init(nonPointGeometry: .skip, isStrict: true))
    }
  }

  // MARK: - Skips and the report

  @Test func skipsWhatCannotBePlacedAndReportsItByReason() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1"),
      GeoJSONFixture.feature(id: "2", geometry: "null"),
      GeoJSONFixture.feature(id: "3", properties: #"{"amenity":"bench"}"#),
      GeoJSONFixture.feature(id: "4", properties: #"{"name":null}"#),
      GeoJSONFixture.feature(id: "5", geometry: #"{"type":"Polygon","coordinates":[]}"#),
      #"{"type":"Feature","id":6,"properties":{"name":"No geometry member"}}"#,
      GeoJSONFixture.feature(id: "7", properties: #"{"name":"Kept","population":"12 000"}"#))

    let load = try load(text)

    #expect(load.places.map(\.id) == [1, 7])
    #expect(
      load.report.entries == [
        .init(reason: .noGeometry, count: 2, firstIndex: 1, firstLine: 3),
        .init(reason: .noName, count: 2, firstIndex: 2, firstLine: 4),
        .init(reason: .emptyGeometry, count: 1, firstIndex: 4, firstLine: 6),
        .init(
          reason: .unusableValue(property: "population"), count: 1, firstIndex: 6, firstLine: 8),
      ])
    #expect(load.report.skippedFeatureCount == 5)
    #expect(
      load.report.summary
        == "skipped 2 with no geometry, 2 without a name, 1 with an empty geometry; "
        + "left out 1 unusable population value")
  }

  @Test func countsAFeatureOnceUnderTheFirstReason() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1"), GeoJSONFixture.feature(id: "2", geometry: "null"),
      #"{"type":"Feature","id":3,"geometry":null,"properties":{}}"#)

    let report = try load(text).report

    #expect(report.entries == [.init(reason: .noGeometry, count: 2, firstIndex: 1, firstLine: 3)])
  }

  @Test func leavesOutValuesOfTheWrongKindAndKeepsThePlace() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(
        properties: #"{"name":"X","category":7,"country":["SE"],"population":1.5}"#))

    let load = try load(text)

    #expect(
      load.places == [
        Place(id: 1, name: "X", coordinate: GeoJSONFixture.coordinate(59.32938, 18.06871))
      ])
    #expect(
      load.report.entries.map(\.reason) == [
        .unusableValue(property: "category"), .unusableValue(property: "country"),
        .unusableValue(property: "population"),
      ])
    #expect(load.report.skippedFeatureCount == 0)
  }

  @Test(arguments: [
    (#""population":"12000""#, 12000), (#""population":"0""#, 0),
    (#""population":1.2e6"#, 1_200_000),
    (#""population":7.0"#, 7),
  ])
  func readsWholeNumberPopulationsHoweverWritten(member: String, population: Int) throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(properties: #"{"name":"X",\#(member)}"#))

    let load = try load(text)

    #expect(load.places.map(\.population) == [population])
    #expect(load.report.isEmpty)
  }

  /// A population below 0, however written, is left out and reported; the place stays, read
  /// the same by the usual feature's fast path and by the general one (an id as a string
  /// takes the general one).
  @Test(arguments: [#""population":-5"#, #""population":"-5""#, #""population":-1e3"#])
  func leavesOutANegativePopulation(member: String) throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(properties: #"{"name":"X",\#(member)}"#),
      GeoJSONFixture.feature(id: #""s""#, properties: #"{"name":"Y",\#(member)}"#))

    let load = try load(text)

    #expect(load.places.map(\.name) == ["X", "Y"])
    #expect(load.places.map(\.population) == [nil, nil])
    #expect(
      load.report.entries == [
        .init(
          reason: .unusableValue(property: "population"), count: 2, firstIndex: 0, firstLine: 2)
      ])
  }

  /// A name of only white space, however written, names nothing: the feature is skipped as
  /// one without a name, or named by the next name property that shows a character.
  @Test func skipsANameOfOnlyWhiteSpace() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1", properties: #"{"name":"   "}"#),
      GeoJSONFixture.feature(id: "2", properties: #"{"name":"\t\u3000","title":"Titled"}"#),
      GeoJSONFixture.feature(id: "3", properties: #"{"name":"\u00a0Kept "}"#))

    let load = try load(text)

    #expect(load.places.map(\.name) == ["Titled", "\u{a0}Kept "])
    #expect(load.report.entries == [.init(reason: .noName, count: 1, firstIndex: 0, firstLine: 2)])
  }

  @Test func aLoadWithNothingToPlaceIsAnError() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1", properties: #"{"featurecla":"Land"}"#),
      GeoJSONFixture.feature(id: "2", geometry: "null"))

    #expect(
      throws: GeoJSONError.nothingToPlace(
        file: BadGeoJSON.source,
        report: .init(entries: [
          .init(reason: .noName, count: 1, firstIndex: 0, firstLine: 2),
          .init(reason: .noGeometry, count: 1, firstIndex: 1, firstLine: 3),
        ]))
    ) {
      try load(text)
    }
  }

  @Test func describesANothingToPlaceErrorWithEachReason() {
    let error = GeoJSONError.nothingToPlace(
      file: "land.geojson",
      report: .init(entries: [.init(reason: .noName, count: 127, firstIndex: 0, firstLine: 2)]))

    #expect(
      error.description
        == "land.geojson: no feature could be placed: skipped 127 without a name "
        + "(first: feature 0, line 2)")
  }

  @Test func groupsThousandsInCounts() {
    #expect(GeoJSONLoadReport.grouped(0) == "0")
    #expect(GeoJSONLoadReport.grouped(999) == "999")
    #expect(GeoJSONLoadReport.grouped(3376) == "3,376")
    #expect(GeoJSONLoadReport.grouped(1_234_567) == "1,234,567")
  }

  // MARK: - Several problems at once

  @Test func reportsEachKindOfProblemOnceWithItsFirstFeatureAndCount() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1"),
      GeoJSONFixture.feature(id: "1.5"),
      GeoJSONFixture.feature(id: "3", coordinates: "[0,95]"),
      GeoJSONFixture.feature(id: "2.5"),
      GeoJSONFixture.feature(id: "1"),
      GeoJSONFixture.feature(id: "6", coordinates: "[0,-91]"),
      GeoJSONFixture.feature(id: "7", geometry: "null"))

    let error = #expect(throws: GeoJSONError.self) { try load(text) }

    #expect(
      error
        == .invalidFeatures(
          file: BadGeoJSON.source,
          failures: [
            .init(index: 1, line: 3, problem: .invalidID(found: "1.5"), count: 2),
            .init(index: 2, line: 4, problem: .latitudeOutOfRange(95), count: 2, id: 3),
            .init(index: 4, line: 6, problem: .duplicateID(1, firstIndex: 0)),
          ]))
    let description = try #require(error?.description)
    #expect(
      description.split(separator: "\n") == [
        "test.geojson: 3 kinds of problem in 5 features; nothing was loaded:",
        "  feature 1 (line 3): the id must be a whole number of at most 100 digits or a string, "
          + "found 1.5 (and 1 more feature like it)",
        "  feature 2 (id 3, line 4): latitude 95.0 is out of range -90...90 (positions are "
          + "[longitude, latitude]) (and 1 more feature like it)",
        "  feature 4 (line 6): id 1 is already used by feature 0; ids must be unique",
      ])
  }

  @Test func aDuplicateAfterABadFeatureNamesTheRightFirstFeature() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1"), GeoJSONFixture.feature(id: "2", coordinates: "[0,95]"),
      GeoJSONFixture.feature(id: "3"), GeoJSONFixture.feature(id: "3"))

    let error = #expect(throws: GeoJSONError.self) { try load(text) }

    guard case .invalidFeatures(_, let failures)? = error else {
      Issue.record("expected invalid features, got \(String(describing: error))")
      return
    }
    #expect(failures.map(\.problem) == [.latitudeOutOfRange(95), .duplicateID(3, firstIndex: 2)])
  }

  @Test func aSyntaxErrorAfterProblemsOfMeaningWins() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1.5"), GeoJSONFixture.feature(id: "2") + "}")

    #expect(
      throws: GeoJSONError.malformedJSON(
        file: BadGeoJSON.source, line: 3, column: 155, reason: "expected ',' or ']'")
    ) {
      try load(text)
    }
  }

  // MARK: - Hostile input on the new paths

  @Test func refusesGeometryCollectionsNestedTooDeepWithoutRecursingFurther() {
    let depth = 9
    let geometry =
      String(repeating: #"{"type":"GeometryCollection","geometries":["#, count: depth)
      + #"{"type":"Point","coordinates":[0,0]}"# + String(repeating: "]}", count: depth)
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(geometry: geometry))

    #expect(
      throws: BadGeoJSON.invalid(
        .unsupportedGeometry(found: "GeometryCollections nested more than 8 deep"), id: 1)
    ) {
      try GeoJSONPlacesReader(maximumDepth: 1_000).load(text: text, file: BadGeoJSON.source).places
    }
  }

  @Test func refusesDeepCoordinatesAsMalformedBeyondTheMaximumDepth() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(
        geometry: #"{"type":"MultiPolygon","coordinates":"# + String(repeating: "[", count: 100_000)
      ))

    #expect(throws: GeoJSONError.self) { try load(text) }
    let error = #expect(throws: GeoJSONError.self) { try load(text) }
    guard case .malformedJSON(_, _, _, let reason)? = error else {
      Issue.record("expected malformed JSON, got \(String(describing: error))")
      return
    }
    #expect(reason == "nested more than 64 levels deep")
  }

  @Test func aHugeCollectionOfBadFeaturesReportsFewLines() throws {
    let features = (0..<20_000).map { GeoJSONFixture.feature(id: "\($0).5") }

    let error = #expect(throws: GeoJSONError.self) {
      try load(GeoJSONFixture.collection(features))
    }

    #expect(
      error
        == BadGeoJSON.invalid(.invalidID(found: "0.5"), index: 0, line: 2, count: 20_000))
  }

  @Test func anIDOfAMillionDigitsIsRefusedQuickly() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1" + String(repeating: "0", count: 1_000_000)))

    #expect(throws: GeoJSONError.self) { try load(text) }
  }
}
