import Foundation
import PlacesModel
import Testing

/// The forms of GeoJSON besides a FeatureCollection: a single Feature or geometry, and text
/// sequences with and without record separators; each load says which form it read.
struct GeoJSONPlacesReaderFormsTests {
  private let reader = GeoJSONPlacesReader()

  private func load(_ text: String) throws(GeoJSONError) -> GeoJSONLoad {
    try reader.load(text: text, file: BadGeoJSON.source)
  }

  private static let recordSeparator = "\u{1E}"

  /// Three features with ids 1, 2 and 3, each on a line of its own.
  private static let features = (1...3).map { GeoJSONFixture.feature(id: "\($0)") }

  // MARK: - A single Feature or geometry

  @Test func readsASingleFeatureAsACollectionOfOne() throws {
    let load = try load(GeoJSONFixture.feature(id: "42"))

    #expect(load.places.map(\.id) == [42])
    #expect(load.places.map(\.name) == ["Stockholm"])
    #expect(load.form == .feature)
  }

  @Test func readsASingleFeatureWhoseTypeComesLast() throws {
    let text =
      #"{"properties":{"name":"Uppsala"},"geometry":{"type":"Point","coordinates":[17.6,59.9]},"#
      + #""type":"Feature"}"#

    let load = try load(text)

    #expect(load.places == [Place(id: 0, name: "Uppsala", coordinate: .init(59.9, 17.6))])
    #expect(load.form == .feature)
  }

  @Test func readsABareGeometryAsAFeatureWithoutAName() {
    let text = #"{"type":"Polygon","coordinates":[[[0,0],[2,0],[2,2],[0,2],[0,0]]]}"#

    #expect(
      throws: GeoJSONError.nothingToPlace(
        file: BadGeoJSON.source,
        report: .init(entries: [.init(reason: .noName, count: 1, firstIndex: 0, firstLine: 1)]))
    ) {
      try load(text)
    }
  }

  @Test func reportsAProblemOfASingleFeatureAsFeature0() {
    let text = GeoJSONFixture.feature(id: "7", coordinates: "[18,95]")

    #expect(
      throws: BadGeoJSON.invalid(.latitudeOutOfRange(95), index: 0, line: 1, id: 7)
    ) {
      try load(text)
    }
  }

  @Test func refusesDataAfterASingleFeatureOnTheSameLine() {
    let text = GeoJSONFixture.feature() + " " + GeoJSONFixture.feature()

    #expect(
      throws: GeoJSONError.malformedJSON(
        file: BadGeoJSON.source, line: 1, column: 156,
        reason: "unexpected data after the top-level value")
    ) {
      try load(text)
    }
  }

  // MARK: - Newline-delimited

  @Test func readsFeaturesOnePerLine() throws {
    let load = try load(Self.features.joined(separator: "\n") + "\n")

    #expect(load.places.map(\.id) == [1, 2, 3])
    #expect(load.form == .newlineDelimited)
  }

  @Test func readsFeaturesOnePerLineWithCarriageReturnsAndBlankLines() throws {
    let load = try load(Self.features.joined(separator: "\r\n\r\n"))

    #expect(load.places.map(\.id) == [1, 2, 3])
    #expect(load.form == .newlineDelimited)
  }

  @Test func reportsTheFeatureAndLineOfAProblemInANewlineDelimitedFile() {
    var features = Self.features
    features[2] = GeoJSONFixture.feature(id: "3", coordinates: "[0,-91]")

    #expect(
      throws: BadGeoJSON.invalid(.latitudeOutOfRange(-91), index: 2, line: 3, id: 3)
    ) {
      try load(features.joined(separator: "\n"))
    }
  }

  @Test func refusesTwoFeaturesOnOneLineOfANewlineDelimitedFile() {
    let text = Self.features[0] + "\n" + Self.features[1] + " " + Self.features[2]

    #expect(
      throws: GeoJSONError.malformedJSON(
        file: BadGeoJSON.source, line: 2, column: 156,
        reason: "expected a line feed before the next feature of a newline-delimited sequence")
    ) {
      try load(text)
    }
  }

  @Test func aSyntaxErrorInALaterLineWinsOverAProblemInAnEarlierOne() {
    let text =
      GeoJSONFixture.feature(id: "1.5") + "\n" + GeoJSONFixture.feature(id: "2") + "\n{"

    #expect(
      throws: GeoJSONError.malformedJSON(
        file: BadGeoJSON.source, line: 3, column: 2, reason: "unexpected end of file")
    ) {
      try load(text)
    }
  }

  @Test func refusesACollectionFollowedByAFeature() {
    let text = GeoJSONFixture.collection(Self.features[0]) + Self.features[1]

    #expect(
      throws: GeoJSONError.malformedJSON(
        file: BadGeoJSON.source, line: 4, column: 1,
        reason: "unexpected data after the top-level value")
    ) {
      try load(text)
    }
  }

  // MARK: - Text sequences (RFC 8142)

  @Test func readsATextSequence() throws {
    let text = Self.features.map { Self.recordSeparator + $0 + "\n" }.joined()

    let load = try load(text)

    #expect(load.places.map(\.id) == [1, 2, 3])
    #expect(load.form == .textSequence)
  }

  @Test func readsATextSequenceWithoutLineFeedsAndWithRepeatedSeparators() throws {
    let rs = Self.recordSeparator
    let text = rs + rs + Self.features[0] + rs + " " + Self.features[1] + "\n" + rs + rs

    #expect(try load(text).places.map(\.id) == [1, 2])
  }

  @Test func readsASequenceOfOnlySeparatorsAsNoPlaces() throws {
    let load = try load(Self.recordSeparator + "\n")

    #expect(load.places.isEmpty)
    #expect(load.form == .textSequence)
  }

  @Test func refusesATextWithoutItsSeparator() {
    let text = Self.recordSeparator + Self.features[0] + "\n" + Self.features[1] + "\n"

    #expect(
      throws: GeoJSONError.malformedJSON(
        file: BadGeoJSON.source, line: 2, column: 1,
        reason: "expected a record separator (0x1E) before the next text of the sequence")
    ) {
      try load(text)
    }
  }

  @Test func reportsAFeatureThatIsNotOneInASequenceAndLoadsNothing() {
    let text = [Self.features[0], "[1,2]", Self.features[1]]
      .map { Self.recordSeparator + $0 + "\n" }.joined()

    #expect(throws: BadGeoJSON.invalid(.notAnObject, index: 1, line: 2)) {
      try load(text)
    }
  }

  // MARK: - Written by GDAL

  @Test(arguments: [
    ("gdal/cities-rs.geojsons", GeoJSONLoad.Form.textSequence),
    ("gdal/cities.geojsonl", .newlineDelimited),
  ])
  func readsGDALsGeoJSONSeqWithAndWithoutTheSeparator(
    file: String, form: GeoJSONLoad.Form
  ) throws {
    let load = try reader.load(contentsOfFile: GeoJSONFixture.fixture(file))

    #expect(load.places.map(\.name) == ["Stockholm", "Uppsala", "Göteborg"])
    #expect(load.places.map(\.id) == [0, 1, 2])
    #expect(load.places.map(\.population) == [1_515_017, 133_117, 572_799])
    #expect(load.form == form)
  }

  @Test func readsTheSampleFileAsASequenceAsItReadsTheCollection() throws {
    // One feature per line, between the collection's first and last lines.
    let collection = try reader.load(contentsOfFile: GeoJSONFixture.samplePath)
    let lines = try String(contentsOfFile: GeoJSONFixture.samplePath, encoding: .utf8)
      .split(separator: "\n").dropFirst().dropLast()
    let features = lines.map { $0.hasSuffix(",") ? $0.dropLast() : $0 }

    let newlineDelimited = try reader.load(
      text: features.joined(separator: "\n"), file: "sample.geojsonl")
    let textSequence = try reader.load(
      text: features.map { Self.recordSeparator + $0 + "\n" }.joined(), file: "sample.geojsons")

    #expect(collection.places.count == 200)
    #expect(newlineDelimited.places == collection.places)
    #expect(textSequence.places == collection.places)
    #expect(newlineDelimited.form == .newlineDelimited)
    #expect(textSequence.form == .textSequence)
  }

  @Test func describesEachForm() {
    #expect(GeoJSONLoad.Form.textSequence.description == "a GeoJSON text sequence (RFC 8142)")
    #expect(GeoJSONLoad.Form.featureCollection.description == "a FeatureCollection")
  }
}

extension Coordinate {
  /// A coordinate from literal degrees that are known to be valid.
  fileprivate init(_ latitude: Double, _ longitude: Double) {
    self = GeoJSONFixture.coordinate(latitude, longitude)
  }
}
