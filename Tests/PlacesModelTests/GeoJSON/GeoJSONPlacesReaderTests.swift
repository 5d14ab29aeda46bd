import Foundation
import PlacesModel
import PlacesModelTestSupport
import Testing

struct GeoJSONPlacesReaderTests {
  private let reader = GeoJSONPlacesReader()

  private func places(_ text: String) throws(GeoJSONError) -> [Place] {
    try reader.load(text: text, file: BadGeoJSON.source).places
  }

  // MARK: - Data files

  @Test func loadsTheSampleFile() throws {
    let places = try reader.load(contentsOfFile: GeoJSONFixture.samplePath).places

    #expect(places.count == 200)
    #expect(places.map(\.id) == (1...200).map(PlaceID.init))
    #expect(places.first { $0.id == 42 } == GeoJSONFixture.stockholm)
    #expect(places.first { $0.id == 200 } == GeoJSONFixture.svalbardAirport)
  }

  @Test(.enabled(if: GeoJSONFixture.hasWorldFile, "needs ../shared/data/places-world.geojson"))
  func loadsTheWorldFileWithUniqueIDs() throws {
    let places = try reader.load(contentsOfFile: GeoJSONFixture.worldPath).places

    #expect(places.count == 170_391)
    #expect(Set(places.map(\.id)).count == 170_391)
    #expect(places.allSatisfy { !$0.name.isEmpty && $0.population != nil })
  }

  @Test func bytesTextAndFileGiveTheSamePlaces() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: GeoJSONFixture.samplePath)))
    let text = String(decoding: bytes, as: UTF8.self)

    let fromFile = try reader.load(contentsOfFile: GeoJSONFixture.samplePath).places
    let fromBytes = try reader.load(bytes: bytes, file: "<built-in>").places
    let fromText = try reader.load(text: text, file: "<built-in>").places

    #expect(fromBytes == fromFile)
    #expect(fromText == fromFile)
  }

  // MARK: - Layout

  @Test func acceptsAnyLayoutAndSkipsUnknownMembers() throws {
    let text = """
      {
        "bbox": [-180, -90, 180, 90],
        "features": [
          {
            "properties": {
              "population": 1515017, "tags": {"a": [1, {"b": null}], "c": "}]"},
              "country": "SE", "name": "Stockholm", "icao": "ESSA", "category": "city"
            },
            "geometry": {
              "bbox": [1e-3, -0.5E+2, true, false, null],
              "coordinates": [ 18.06871 , 59.32938 ],
              "type": "Point"
            },
            "id": 42,
            "type": "Feature",
            "extra": [[[[]]], {}, "\\"", -0.0, 12.5e-1]
          }
        ],
        "name": {"nested": [{"deeper": [[["x"]]]}]},
        "type": "FeatureCollection"
      }
      """

    let places = try places(text)

    #expect(places == [GeoJSONFixture.stockholm])
  }

  @Test func acceptsEveryKindOfWhitespace() throws {
    let text =
      " \t\r\n{\r\n\t\"type\" :\t\"FeatureCollection\" ,\r\n\"features\"\n:\n[\n]\n}\r\n\t "

    #expect(try places(text) == [])
  }

  @Test func skipsALeadingByteOrderMark() throws {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(name: #""Stockholm""#))
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)

    let places = try reader.load(bytes: bytes, file: BadGeoJSON.source).places

    #expect(places.map(\.name) == ["Stockholm"])
  }

  @Test func readsZeroFeaturesAsNoPlaces() throws {
    #expect(try places(#"{"type":"FeatureCollection","features":[]}"#) == [])
  }

  @Test func readsOptionalPropertiesAndIgnoresAltitude() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(
        id: "-3", coordinates: "[-180, -90, 1234.5]",
        properties: #"{"name":"Edge","category":null,"country":null,"population":null}"#),
      GeoJSONFixture.feature(
        id: "9223372036854775807", coordinates: "[180,90]",
        properties: #"{"name":"Max","population":0}"#),
      GeoJSONFixture.feature(
        id: "-9223372036854775808", coordinates: "[0,-0]",
        properties: #"{"name":"Min","population":-1}"#))

    let places = try places(text)

    #expect(
      places == [
        Place(id: -3, name: "Edge", coordinate: GeoJSONFixture.coordinate(-90, -180)),
        Place(
          id: PlaceID(Int64.max), name: "Max", coordinate: GeoJSONFixture.coordinate(90, 180),
          population: 0),
        // A negative population is no population: left out, and the place kept.
        Place(
          id: PlaceID(Int64.min), name: "Min", coordinate: GeoJSONFixture.coordinate(0, 0)),
      ])
  }

  @Test func ignoresAltitudeAndMeasureInEveryGeometry() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1", coordinates: "[18.06871,59.32938,28.5,1000]"),
      GeoJSONFixture.feature(
        id: "2", geometry: #"{"type":"LineString","coordinates":[[0,0,1,2],[0,2,3,4]]}"#))

    let places = try places(text)

    #expect(
      places.map(\.coordinate) == [
        GeoJSONFixture.coordinate(59.32938, 18.06871), GeoJSONFixture.coordinate(1, 0),
      ])
  }

  @Test func skipsAnEmptyPointAsAnEmptyGeometry() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1"), GeoJSONFixture.feature(id: "2", coordinates: "[]"))

    let load = try reader.load(text: text, file: BadGeoJSON.source)

    #expect(load.places.map(\.id) == [1])
    #expect(
      load.report.entries == [.init(reason: .emptyGeometry, count: 1, firstIndex: 1, firstLine: 3)])
  }

  @Test func readsIDsInAnyOrder() throws {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "5"), GeoJSONFixture.feature(id: "2"),
      GeoJSONFixture.feature(id: "9"), GeoJSONFixture.feature(id: "-1"))

    #expect(try places(text).map(\.id) == [5, 2, 9, -1])
  }

  // MARK: - Strings

  @Test func decodesEscapes() throws {
    let names = [
      #""Xi\u2019an""#: "Xi\u{2019}an",
      #""\ud83d\ude00 \uD83C\uDDF8\uD83C\uDDEA""#: "😀 🇸🇪",
      #""a\"b\\c\/d\be\ff\ng\rh\ti""#: "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti",
      #""\u0000\u001f\u00e9\u00C9""#: "\u{0}\u{1F}éÉ",
      #""São Paulo – 東京 – Αθήνα""#: "São Paulo – 東京 – Αθήνα",
    ]
    for (json, name) in names {
      let places = try places(GeoJSONFixture.collection(GeoJSONFixture.feature(name: json)))
      #expect(places.map(\.name) == [name], "\(json)")
    }
  }

  @Test func decodesEscapesInMemberNamesAndTypes() throws {
    let text = #"""
      {"typ\u0065":"Feature\u0043ollection","features":[{"\u0074ype":"\u0046eature","id":7,
      "geometry":{"type":"P\u006fint","c\u006fordinates":[1,2]},"properties":{"n\u0061me":"N"}}]}
      """#

    let places = try places(text)

    #expect(places == [Place(id: 7, name: "N", coordinate: GeoJSONFixture.coordinate(2, 1))])
  }

  @Test func findsEscapesAndNonASCIIAtEveryOffsetOfAString() throws {
    let specials = [("é", "é"), ("\\n", "\n"), ("\\u00e9", "é"), ("\\\"", "\""), ("𝄞", "𝄞")]
    var features: [String] = []
    var expected: [String] = []
    for length in 1...20 {
      for offset in 0..<length {
        let before = String(repeating: "a", count: offset)
        let after = String(repeating: "b", count: length - offset - 1)
        for (json, decoded) in specials {
          let id = "\(features.count)"
          features.append(GeoJSONFixture.feature(id: id, name: "\"\(before)\(json)\(after)\""))
          // A name of only a line break names nothing: that feature is skipped.
          if length > 1 || decoded != "\n" {
            expected.append(before + decoded + after)
          }
        }
      }
    }

    let places = try places(GeoJSONFixture.collection(features))

    #expect(places.map(\.name) == expected)
  }

  @Test func reportsBadBytesAtEveryOffsetOfAString() {
    let nameColumn = 110  // where the name's content starts on a feature's line
    for length in 1...20 {
      for offset in 0..<length {
        let before = Array(String(repeating: "a", count: offset).utf8)
        let after = Array(String(repeating: "b", count: length - offset - 1).utf8)
        for (bad, reason) in [
          (0x01, "unescaped control character U+0001 in a string"), (0xC0, "invalid UTF-8"),
        ] as [(UInt8, String)] {
          let name = String(decoding: before + [0x5F] + after, as: UTF8.self)
          let text = GeoJSONFixture.collection(GeoJSONFixture.feature(name: "\"\(name)\""))
          let bytes = Array(text.utf8).replacing([0x5F], with: [bad])

          #expect(
            throws: GeoJSONError.malformedJSON(
              file: BadGeoJSON.source, line: 2, column: nameColumn + offset, reason: reason)
          ) {
            try reader.load(bytes: bytes, file: BadGeoJSON.source).places
          }
        }
      }
    }
  }

  @Test func loadsAOneMegabyteName() throws {
    let name = String(repeating: "Åby–", count: 200_000) + String(repeating: "x", count: 200_000)
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(name: "\"\(name)\""))

    let places = try places(text)

    #expect(places.first?.name == name)
    #expect(places.first?.name.utf8.count == 1_600_000)
  }

  // MARK: - Numbers

  @Test(arguments: [
    "0", "-0", "0.1", "-0.5", "1e1", "1E+1", "25e-1", "59.32938", "-179.99999", "90.0000000",
    "0.30000000000000004", "9007199254740993", "1.7976931348623157e308", "4.9e-324",
    "2.2250738585072011e-308", "123456789012345678901234567890e-28", "1e-400",
    "0.000000000000000000000000000000000000000000001", "89.999999999999999999999999",
    "12345678901234567890123", "1e23", "8.589973e9", "1.00000000000000011102230246251565404",
  ])
  func parsesNumbersToTheNearestDouble(_ number: String) throws {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(coordinates: "[0,\(number)]"))
    let expected = try #require(Double(number))

    guard (-90...90).contains(expected) else {
      // No degree is that large: the file must be projected.
      let error =
        abs(expected) > 1_000
        ? GeoJSONError.projectedCoordinates(
          file: BadGeoJSON.source, crs: nil, index: 0, line: 2, value: expected)
        : BadGeoJSON.invalid(.latitudeOutOfRange(expected), id: 1)
      #expect(throws: error) {
        try places(text)
      }
      return
    }
    let latitude = try #require(try places(text).first).coordinate.latitude
    #expect(latitude == expected)
    #expect(latitude.sign == expected.sign)
  }

  @Test func roundTripsShortestRepresentations() throws {
    var generator = SplitMix64(seed: 0x5EED)
    var expected: [Double] = []
    var features: [String] = []
    for index in 0..<5_000 {
      let bits = generator.next()
      let scale = [1.0, 1e-3, 1e-7, 1e-12, 1e-30][Int(bits % 5)]
      let latitude = (Double(bits >> 11) / Double(1 << 53) * 180 - 90) * scale
      expected.append(latitude)
      features.append(GeoJSONFixture.feature(id: "\(index)", coordinates: "[0,\(latitude)]"))
    }

    let places = try places(GeoJSONFixture.collection(features))

    #expect(places.map(\.coordinate.latitude) == expected)
  }

  // MARK: - Bad input

  @Test(arguments: [
    BadGeoJSON("zero bytes", "", .empty(file: BadGeoJSON.source)),
    BadGeoJSON("whitespace only", " \n\t\r\n ", .empty(file: BadGeoJSON.source)),
    BadGeoJSON("byte-order mark only", [0xEF, 0xBB, 0xBF], .empty(file: BadGeoJSON.source)),
    BadGeoJSON(
      "byte-order mark and whitespace", [0xEF, 0xBB, 0xBF, 0x0A, 0x20],
      .empty(file: BadGeoJSON.source)),
  ])
  func rejectsEmptyInput(_ input: BadGeoJSON) {
    #expect(throws: input.expected) {
      try reader.load(bytes: input.bytes, file: BadGeoJSON.source).places
    }
  }

  @Test(arguments: [
    BadGeoJSON.malformed(
      "truncated", #"{"type":"FeatureCollection","features":[]"#, line: 1, column: 42,
      "unexpected end of file"),
    BadGeoJSON.malformed(
      "truncated inside a feature",
      "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"id\":1,\"geom",
      line: 2, column: 31, "unexpected end of file"),
    BadGeoJSON.malformed(
      "truncated inside a string", #"{"type":"Feature"#, line: 1, column: 17,
      "unexpected end of file"),
    BadGeoJSON.malformed(
      "missing comma between members", #"{"type":"FeatureCollection" "features":[]}"#,
      line: 1, column: 29, "expected ',' or '}'"),
    BadGeoJSON.malformed(
      "missing comma between features",
      GeoJSONFixture.collection(
        GeoJSONFixture.feature(id: "1") + "\n" + GeoJSONFixture.feature(id: "2")),
      line: 3, column: 1, "expected ',' or ']'"),
    BadGeoJSON.malformed(
      "missing colon", #"{"type" "FeatureCollection"}"#, line: 1, column: 9, "expected ':'"),
    BadGeoJSON.malformed(
      "unquoted member name", #"{type:1}"#, line: 1, column: 2,
      "expected a member name in double quotes"),
    BadGeoJSON.malformed(
      "single-quoted member name", #"{'type':1}"#, line: 1, column: 2,
      "expected a member name in double quotes"),
    BadGeoJSON.malformed(
      "trailing comma in an object", #"{"type":"FeatureCollection","features":[],}"#, line: 1,
      column: 43, "expected a member name in double quotes"),
    BadGeoJSON.malformed(
      "trailing comma in an array", #"{"a":[1,]}"#, line: 1, column: 9, "expected a value"),
    BadGeoJSON.malformed(
      "NaN as a bare word",
      GeoJSONFixture.collection(GeoJSONFixture.feature(coordinates: "[NaN,1]")), line: 2,
      column: 68, "expected a value"),
    BadGeoJSON.malformed("Infinity", #"{"a":Infinity}"#, line: 1, column: 6, "expected a value"),
    BadGeoJSON.malformed(
      "negative Infinity", #"{"a":-Infinity}"#, line: 1, column: 7,
      "expected a digit after '-'"),
    BadGeoJSON.malformed("leading plus", #"{"a":+1}"#, line: 1, column: 6, "expected a value"),
    BadGeoJSON.malformed(
      "leading zero", "{\n  \"type\": \"FeatureCollection\",\n  \"features\": [01]\n}", line: 3,
      column: 16, "leading zeros are not allowed in numbers"),
    BadGeoJSON.malformed(
      "trailing decimal point", #"{"a":1.}"#, line: 1, column: 8,
      "expected a digit after the decimal point"),
    BadGeoJSON.malformed(
      "leading decimal point", #"{"a":.5}"#, line: 1, column: 6, "expected a value"),
    BadGeoJSON.malformed(
      "empty exponent", #"{"a":1e}"#, line: 1, column: 8, "expected a digit in the exponent"),
    BadGeoJSON.malformed(
      "hexadecimal number", #"{"a":0x1F}"#, line: 1, column: 7, "expected ',' or '}'"),
    BadGeoJSON.malformed("misspelt literal", #"{"a":tru}"#, line: 1, column: 6, "expected a value"),
    BadGeoJSON.malformed(
      "literal in capitals", #"{"a":NULL}"#, line: 1, column: 6, "expected a value"),
    BadGeoJSON.malformed(
      "tab in a string", "{\"a\":\"x\ty\"}", line: 1, column: 8,
      "unescaped control character U+0009 in a string"),
    BadGeoJSON.malformed(
      "line feed in a name",
      GeoJSONFixture.collection(GeoJSONFixture.feature(name: "\"Stock\nholm\"")), line: 2,
      column: 115, "unescaped control character U+000A in a string"),
    BadGeoJSON.malformed(
      "unknown escape", #"{"a":"\x"}"#, line: 1, column: 7, "invalid escape sequence in a string"),
    BadGeoJSON.malformed(
      "short unicode escape", #"{"a":"\u12G4"}"#, line: 1, column: 11,
      "invalid \\u escape: expected four hexadecimal digits"),
    BadGeoJSON.malformed(
      "lone high surrogate", #"{"a":"\uD800"}"#, line: 1, column: 7,
      "lone surrogate \\uD800 in a string"),
    BadGeoJSON.malformed(
      "lone low surrogate", #"{"a":"x\udc00"}"#, line: 1, column: 8,
      "lone surrogate \\uDC00 in a string"),
    BadGeoJSON.malformed(
      "high surrogate before a non-surrogate", #"{"a":"\uD83D\u0041"}"#, line: 1, column: 7,
      "lone surrogate \\uD83D in a string"),
    BadGeoJSON.malformed(
      "lone surrogate in a name",
      GeoJSONFixture.collection(GeoJSONFixture.feature(name: #""\ud83d""#)), line: 2,
      column: 110, "lone surrogate \\uD83D in a string"),
    BadGeoJSON.malformed(
      "invalid UTF-8 in a name",
      Array(GeoJSONFixture.collection(GeoJSONFixture.feature(name: "\"Malm\u{FFFF}\"")).utf8)
        .replacing([0xEF, 0xBF, 0xBF], with: [0xF6]),
      line: 2, column: 114, "invalid UTF-8"),
    BadGeoJSON.malformed(
      "overlong UTF-8", Array(#"{"a":"_"}"#.utf8).replacing([0x5F], with: [0xC0, 0xAF]), line: 1,
      column: 7, "invalid UTF-8"),
    BadGeoJSON.malformed(
      "surrogate encoded in UTF-8",
      Array(#"{"a":"_"}"#.utf8).replacing([0x5F], with: [0xED, 0xA0, 0x80]), line: 1, column: 7,
      "invalid UTF-8"),
    BadGeoJSON.malformed(
      "UTF-8 past U+10FFFF",
      Array(#"{"a":"_"}"#.utf8).replacing([0x5F], with: [0xF4, 0x90, 0x80, 0x80]), line: 1,
      column: 7, "invalid UTF-8"),
    BadGeoJSON.malformed(
      "truncated UTF-8 sequence",
      Array(#"{"a":"_"}"#.utf8).replacing([0x5F], with: [0xE2, 0x82]), line: 1, column: 7,
      "invalid UTF-8"),
    BadGeoJSON.malformed(
      "stray continuation byte", Array(#"{"a":"_"}"#.utf8).replacing([0x5F], with: [0x80]),
      line: 1, column: 7, "invalid UTF-8"),
    BadGeoJSON.malformed(
      "invalid UTF-8 outside strings", Array(#"{"a":_}"#.utf8).replacing([0x5F], with: [0xFF]),
      line: 1, column: 6, "invalid UTF-8"),
    BadGeoJSON.malformed(
      "partial byte-order mark", [0xEF, 0xBB, 0x7B, 0x7D], line: 1, column: 1, "invalid UTF-8"),
    BadGeoJSON.malformed(
      "data after the top-level value", #"{"type":"FeatureCollection","features":[]} x"#,
      line: 1, column: 44, "unexpected data after the top-level value"),
    BadGeoJSON.malformed(
      "two top-level values", "{}\n{}", line: 2, column: 1,
      "unexpected data after the top-level value"),
    BadGeoJSON.malformed(
      "a comment", "// places\n{}", line: 1, column: 1, "expected a value"),
    BadGeoJSON.malformed(
      "carriage returns are not line ends", "{\r\n\"a\":x}", line: 2, column: 5,
      "expected a value"),
    BadGeoJSON.malformed(
      "column after a byte-order mark", [0xEF, 0xBB, 0xBF] + Array(#"{"a":x}"#.utf8), line: 1,
      column: 6, "expected a value"),
    BadGeoJSON.malformed(
      "nesting one level too deep",
      #"{"a":"# + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}",
      line: 1, column: 69, "nested more than 64 levels deep"),
    BadGeoJSON.malformed(
      "10,000 levels of arrays",
      String(repeating: "[", count: 10_000)
        + String(repeating: "]", count: 10_000), line: 1, column: 65,
      "nested more than 64 levels deep"),
    BadGeoJSON.malformed(
      "10,000 levels of objects inside a feature",
      GeoJSONFixture.collection(
        GeoJSONFixture.feature(
          properties: #"{"name":"X","deep":"# + String(repeating: #"{"a":"#, count: 10_000))),
      line: 2, column: 420, "nested more than 64 levels deep"),
    BadGeoJSON.malformed(
      "syntax error after a bad feature",
      GeoJSONFixture.collection(GeoJSONFixture.feature(coordinates: "[0,95]")) + "]",
      line: 4, column: 1, "unexpected data after the top-level value"),
  ])
  func rejectsMalformedJSONAtItsLineAndColumn(_ input: BadGeoJSON) {
    #expect(throws: input.expected) {
      try reader.load(bytes: input.bytes, file: BadGeoJSON.source).places
    }
  }

  @Test(arguments: [
    BadGeoJSON.notACollection(
      "top-level array", "[]", "the top-level value is an array, not an object"),
    BadGeoJSON.notACollection(
      "top-level string", #""places""#, "the top-level value is a string, not an object"),
    BadGeoJSON.notACollection(
      "top-level number", " 42 ", "the top-level value is 42, not an object"),
    BadGeoJSON.notACollection("no type", #"{"features":[]}"#, "\"type\" is missing"),
    BadGeoJSON.notACollection(
      "no features", #"{"type":"FeatureCollection"}"#, "\"features\" is missing"),
    BadGeoJSON.notACollection(
      "another type", #"{"type":"Topology","objects":{}}"#,
      "\"type\" is \"Topology\", not \"FeatureCollection\", \"Feature\" or a geometry type"),
    BadGeoJSON.notACollection(
      "type not a string", #"{"features":[],"type":null}"#,
      "\"type\" is null, not \"FeatureCollection\", \"Feature\" or a geometry type"),
    BadGeoJSON.notACollection(
      "features not an array", #"{"type":"FeatureCollection","features":{}}"#,
      "\"features\" is an object, not an array"),
    BadGeoJSON.notACollection(
      "features twice", #"{"type":"FeatureCollection","features":[],"features":[]}"#,
      "\"features\" appears more than once"),
    BadGeoJSON.notACollection(
      "type twice", #"{"type":"FeatureCollection","type":"FeatureCollection"}"#,
      "\"type\" appears more than once"),
  ])
  func rejectsJSONThatIsNotAFeatureCollection(_ input: BadGeoJSON) {
    #expect(throws: input.expected) {
      try reader.load(bytes: input.bytes, file: BadGeoJSON.source).places
    }
  }

  @Test(arguments: [
    BadGeoJSON.feature("feature not an object", "[]", .notAnObject),
    BadGeoJSON.feature("feature is null", "null", .notAnObject),
    BadGeoJSON.feature(
      "feature without type",
      #"{"id":1,"geometry":{"type":"Point","coordinates":[0,0]},"properties":{"name":"X"}}"#,
      .notAFeature),
    BadGeoJSON.feature("feature of another type", #"{"type":"Point","id":1}"#, .notAFeature),
    BadGeoJSON.feature(
      "id with a fraction", GeoJSONFixture.feature(id: "1.5"), .invalidID(found: "1.5")),
    BadGeoJSON.feature(
      "id with a negative exponent", GeoJSONFixture.feature(id: "1e-3"),
      .invalidID(found: "1e-3")),
    BadGeoJSON.feature("id true", GeoJSONFixture.feature(id: "true"), .invalidID(found: "true")),
    BadGeoJSON.feature(
      "id as an object", GeoJSONFixture.feature(id: #"{"osm":1}"#),
      .invalidID(found: "an object")),
    BadGeoJSON.feature(
      "id of 101 digits", GeoJSONFixture.feature(id: "1" + String(repeating: "0", count: 100)),
      .invalidID(found: "1" + String(repeating: "0", count: 39) + "…")),
    BadGeoJSON.feature(
      "id of a huge exponent", GeoJSONFixture.feature(id: "1e999999999"),
      .invalidID(found: "1e999999999")),
    BadGeoJSON.feature(
      "id twice", #"{"type":"Feature","id":1,"id":2}"#, .duplicateMember("id")),
    BadGeoJSON.feature(
      "unknown geometry type",
      GeoJSONFixture.feature(geometry: #"{"type":"Circle","coordinates":[0,0]}"#),
      .unsupportedGeometry(found: "\"Circle\"")),
    BadGeoJSON.feature(
      "unknown geometry type after its coordinates",
      GeoJSONFixture.feature(geometry: #"{"coordinates":[[0,0],[1,1]],"type":"Curve"}"#),
      .unsupportedGeometry(found: "\"Curve\"")),
    BadGeoJSON.feature(
      "geometry as an array", GeoJSONFixture.feature(geometry: "[0,0]"),
      .unsupportedGeometry(found: "an array")),
    BadGeoJSON.feature(
      "geometry without type", GeoJSONFixture.feature(geometry: #"{"coordinates":[0,0]}"#),
      .unsupportedGeometry(found: "a geometry without \"type\"")),
    BadGeoJSON.feature(
      "point without coordinates", GeoJSONFixture.feature(geometry: #"{"type":"Point"}"#),
      .invalidCoordinates(found: "none")),
    BadGeoJSON.feature(
      "coordinates as strings", GeoJSONFixture.feature(coordinates: #"["18.06871","59.32938"]"#),
      .invalidCoordinates(found: "a string at index 0")),
    BadGeoJSON.feature(
      "coordinates as one string", GeoJSONFixture.feature(coordinates: #""18.06871,59.32938""#),
      .invalidCoordinates(found: "a string")),
    BadGeoJSON.feature(
      "null latitude", GeoJSONFixture.feature(coordinates: "[18,null]"),
      .invalidCoordinates(found: "null at index 1")),
    BadGeoJSON.feature(
      "null altitude", GeoJSONFixture.feature(coordinates: "[18,59,null]"),
      .invalidCoordinates(found: "null at index 2")),
    BadGeoJSON.feature(
      "one coordinate", GeoJSONFixture.feature(coordinates: "[18]"),
      .invalidCoordinates(found: "an array of 1 element")),
    BadGeoJSON.feature(
      "five coordinates", GeoJSONFixture.feature(coordinates: "[1,2,3,4,5]"),
      .invalidCoordinates(found: "an array of 5 elements")),
    BadGeoJSON.feature(
      "point given as a line", GeoJSONFixture.feature(coordinates: "[[1,2],[3,4]]"),
      .invalidCoordinates(found: "positions in 2 nested arrays, where a Point has them in 1")),
    BadGeoJSON.feature(
      "polygon given as a line",
      GeoJSONFixture.feature(geometry: #"{"type":"Polygon","coordinates":[[0,0],[1,1]]}"#),
      .invalidCoordinates(found: "positions in 2 nested arrays, where a Polygon has them in 3")),
    BadGeoJSON.feature(
      "positions nested unevenly",
      GeoJSONFixture.feature(geometry: #"{"type":"MultiPoint","coordinates":[[0,0],[[1,1]]]}"#),
      .invalidCoordinates(found: "positions nested unevenly")),
    BadGeoJSON.feature(
      "coordinates nested five deep",
      GeoJSONFixture.feature(geometry: #"{"type":"MultiPolygon","coordinates":[[[[[0,0]]]]]}"#),
      .invalidCoordinates(found: "arrays nested more than 4 deep")),
    BadGeoJSON.feature(
      "a number among a line's positions",
      GeoJSONFixture.feature(geometry: #"{"type":"LineString","coordinates":[[0,0],5]}"#),
      .invalidCoordinates(found: "5 at index 1")),
    BadGeoJSON.feature(
      "collection without geometries",
      GeoJSONFixture.feature(geometry: #"{"type":"GeometryCollection"}"#),
      .invalidCoordinates(found: "no \"geometries\"")),
    BadGeoJSON.feature(
      "collection with a member that is not a geometry",
      GeoJSONFixture.feature(geometry: #"{"type":"GeometryCollection","geometries":[1]}"#),
      .unsupportedGeometry(found: "1")),
    BadGeoJSON.feature(
      "latitude 95", GeoJSONFixture.feature(coordinates: "[18,95]"), .latitudeOutOfRange(95)),
    BadGeoJSON.feature(
      "latitude overflowing a double", GeoJSONFixture.feature(coordinates: "[18,-1e999]"),
      .latitudeOutOfRange(-.infinity), id: 1),
    BadGeoJSON.feature(
      "longitude -200", GeoJSONFixture.feature(coordinates: "[-200,59]"),
      .longitudeOutOfRange(-200)),
    BadGeoJSON.feature(
      "latitude 95 in a polygon's hole",
      GeoJSONFixture.feature(
        geometry:
          #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]],[[0,0],[0,95],[0,0]]]}"#),
      .latitudeOutOfRange(95)),
    BadGeoJSON.feature(
      "name twice", GeoJSONFixture.feature(properties: #"{"name":"X","name":"Y"}"#),
      .duplicateMember("name")),
    BadGeoJSON.feature(
      "NAME twice", GeoJSONFixture.feature(properties: #"{"NAME":"X","NAME":"Y"}"#),
      .duplicateMember("NAME")),
    BadGeoJSON.feature(
      "properties as an array", GeoJSONFixture.feature(properties: "[]"),
      .invalidProperty(name: "properties", expected: "an object")),
  ])
  func rejectsAnInvalidFeature(_ input: BadGeoJSON) {
    #expect(throws: input.expected) {
      try reader.load(bytes: input.bytes, file: BadGeoJSON.source).places
    }
    #expect(throws: input.expected) {
      try GeoJSONPlacesReader(options: .init(isStrict: true))
        .load(bytes: input.bytes, file: BadGeoJSON.source).places
    }
  }

  @Test(arguments: [
    BadGeoJSON.feature(
      "no geometry", #"{"type":"Feature","id":1,"properties":{"name":"X"}}"#, .missingGeometry),
    BadGeoJSON.feature(
      "null geometry", GeoJSONFixture.feature(geometry: "null"), .missingGeometry),
    BadGeoJSON.feature(
      "empty line string",
      GeoJSONFixture.feature(geometry: #"{"type":"LineString","coordinates":[]}"#),
      .emptyGeometry),
    BadGeoJSON.feature(
      "empty point", GeoJSONFixture.feature(coordinates: "[]"), .emptyGeometry),
    BadGeoJSON.feature(
      "empty geometry collection",
      GeoJSONFixture.feature(geometry: #"{"type":"GeometryCollection","geometries":[]}"#),
      .emptyGeometry),
    BadGeoJSON.feature(
      "no properties",
      #"{"type":"Feature","id":1,"geometry":{"type":"Point","coordinates":[0,0]}}"#,
      .missingName(tried: GeoJSONPlacesReader.Options.defaultNameProperties)),
    BadGeoJSON.feature(
      "null properties", GeoJSONFixture.feature(properties: "null"),
      .missingName(tried: GeoJSONPlacesReader.Options.defaultNameProperties)),
    BadGeoJSON.feature(
      "no name", GeoJSONFixture.feature(properties: #"{"category":"city"}"#),
      .missingName(tried: GeoJSONPlacesReader.Options.defaultNameProperties)),
    BadGeoJSON.feature(
      "null name", GeoJSONFixture.feature(name: "null"),
      .missingName(tried: GeoJSONPlacesReader.Options.defaultNameProperties)),
    BadGeoJSON.feature(
      "empty name", GeoJSONFixture.feature(name: #""""#),
      .invalidName(property: "name", found: "an empty string")),
    BadGeoJSON.feature(
      "blank name", GeoJSONFixture.feature(name: #"" \t\u00a0""#),
      .invalidName(property: "name", found: "a string of only white space")),
    BadGeoJSON.feature(
      "name of escaped spaces", GeoJSONFixture.feature(name: #""\u3000\n""#),
      .invalidName(property: "name", found: "a string of only white space")),
    BadGeoJSON.feature(
      "numeric name", GeoJSONFixture.feature(name: "12"),
      .invalidName(property: "name", found: "12")),
    BadGeoJSON.feature(
      "name as an array", GeoJSONFixture.feature(name: #"["X"]"#),
      .invalidName(property: "name", found: "an array")),
    BadGeoJSON.feature(
      "population as words",
      GeoJSONFixture.feature(properties: #"{"name":"X","population":"about 1000"}"#),
      .invalidProperty(name: "population", expected: "a whole number of 0 or more")),
    BadGeoJSON.feature(
      "population with a fraction",
      GeoJSONFixture.feature(properties: #"{"name":"X","population":1000.5}"#),
      .invalidProperty(name: "population", expected: "a whole number of 0 or more")),
    BadGeoJSON.feature(
      "negative population",
      GeoJSONFixture.feature(properties: #"{"name":"X","population":-5}"#),
      .invalidProperty(name: "population", expected: "a whole number of 0 or more")),
    BadGeoJSON.feature(
      "negative population in a string",
      GeoJSONFixture.feature(properties: #"{"name":"X","population":"-5"}"#),
      .invalidProperty(name: "population", expected: "a whole number of 0 or more")),
    BadGeoJSON.feature(
      "population too large",
      GeoJSONFixture.feature(properties: #"{"name":"X","population":100000000000000000000}"#),
      .invalidProperty(name: "population", expected: "a whole number of 0 or more")),
    BadGeoJSON.feature(
      "category as a number", GeoJSONFixture.feature(properties: #"{"name":"X","category":1}"#),
      .invalidProperty(name: "category", expected: "a string")),
    BadGeoJSON.feature(
      "country as a Boolean", GeoJSONFixture.feature(properties: #"{"country":true,"name":"X"}"#),
      .invalidProperty(name: "country", expected: "a string")),
  ])
  func strictModeRejectsWhatItWouldOtherwiseSkip(_ input: BadGeoJSON) {
    let strictReader = GeoJSONPlacesReader(options: .init(isStrict: true))

    #expect(throws: input.expected) {
      try strictReader.load(bytes: input.bytes, file: BadGeoJSON.source).places
    }
  }

  @Test func rejectsADuplicateIDNamingBothFeatures() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "7"), GeoJSONFixture.feature(id: "8"),
      GeoJSONFixture.feature(id: "3"), GeoJSONFixture.feature(id: "8"))

    #expect(throws: BadGeoJSON.invalid(.duplicateID(8, firstIndex: 1), index: 3, line: 5)) {
      try places(text)
    }
  }

  @Test func reportsTheIndexAndLineOfALaterFeature() {
    var features = (1...20).map { GeoJSONFixture.feature(id: "\($0)") }
    features[12] = GeoJSONFixture.feature(id: "13", coordinates: "[18.0,95.0]")

    #expect(throws: BadGeoJSON.invalid(.latitudeOutOfRange(95), index: 12, line: 14, id: 13)) {
      try places(GeoJSONFixture.collection(features))
    }
  }

  // MARK: - Projected coordinates

  @Test(arguments: [
    // The first coordinate out of range as GDAL wrote it: Stockholm's and Bern's northing.
    (
      "gdal/projected-web-mercator.geojson", "urn:ogc:def:crs:EPSG::3857", 6,
      8_251_921.692536537535489
    ),
    (
      "gdal/projected-lv95.geojson", "urn:ogc:def:crs:EPSG::2056", 6,
      1_199_667.322059305850416
    ),
  ])
  func refusesProjectedCoordinatesOnceNamingTheirCRS(
    file: String, crs: String, line: Int, value: Double
  ) {
    let path = GeoJSONFixture.fixture(file)

    let error = #expect(throws: GeoJSONError.self) {
      try reader.load(contentsOfFile: path)
    }

    #expect(
      error == .projectedCoordinates(file: path, crs: crs, index: 0, line: line, value: value))
    #expect(
      error?.description
        == "\(path): the coordinates are projected, not longitude and latitude in degrees: "
        + "its \"crs\" is \(crs), and feature 0 (line \(line)) has the coordinate \(value); "
        + "convert the file to WGS 84 first, for example with: "
        + "ogr2ogr -t_srs EPSG:4326 out.geojson in.geojson")
  }

  @Test func refusesCoordinatesInMetresWithoutACRSWhenNoFeatureIsInRange() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1", coordinates: "[2600670.5,1199667.3]"),
      GeoJSONFixture.feature(id: "2", coordinates: "[2683311.2,1247351.9]"))

    #expect(
      throws: GeoJSONError.projectedCoordinates(
        file: BadGeoJSON.source, crs: nil, index: 0, line: 2, value: 1_199_667.3)
    ) {
      try places(text)
    }
  }

  @Test func namesTheFirstCoordinateNoDegreeCanBe() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1", coordinates: "[0,95]"),
      GeoJSONFixture.feature(id: "2", coordinates: "[2683311.2,1247351.9]"))

    #expect(
      throws: GeoJSONError.projectedCoordinates(
        file: BadGeoJSON.source, crs: nil, index: 1, line: 3, value: 1_247_351.9)
    ) {
      try places(text)
    }
  }

  @Test func aCoordinateInMetresAmongDegreesIsARangeError() {
    let text = GeoJSONFixture.collection(
      GeoJSONFixture.feature(id: "1"),
      GeoJSONFixture.feature(id: "2", coordinates: "[2600670.5,1199667.3]"))

    #expect(throws: BadGeoJSON.invalid(.latitudeOutOfRange(1_199_667.3), index: 1, line: 3, id: 2))
    {
      try places(text)
    }
  }

  @Test func aCRSOfDegreesLeavesRangeErrorsAsTheyAre() {
    let text =
      #"{"type":"FeatureCollection","crs":{"type":"name","properties":"#
      + #"{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},"features":[{"type":"Feature","id":1,"#
      + #""geometry":{"type":"Point","coordinates":[0,5000]},"properties":{"name":"X"}},"#
      + #"{"type":"Feature","id":2,"geometry":{"type":"Point","coordinates":[0,0]},"#
      + #""properties":{"name":"Y"}}]}"#

    #expect(throws: BadGeoJSON.invalid(.latitudeOutOfRange(5000), line: 1, id: 1)) {
      try places(text)
    }
  }

  @Test func loadsAFileWhoseCRSIsDegrees() throws {
    let places = try reader.load(
      contentsOfFile: GeoJSONFixture.fixture("gdal/default-no-ids.geojson")
    ).places

    #expect(places.count == 3)
  }

  @Test func honoursACustomMaximumDepth() throws {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature())

    #expect(try GeoJSONPlacesReader(maximumDepth: 5).load(text: text, file: "x").places.count == 1)
    #expect(
      throws: GeoJSONError.malformedJSON(
        file: "x", line: 2, column: 67, reason: "nested more than 4 levels deep")
    ) {
      try GeoJSONPlacesReader(maximumDepth: 4).load(text: text, file: "x").places
    }
  }

  // MARK: - Files

  @Test func reportsAMissingFile() {
    let path = GeoJSONFixture.fixture("no-such-places.geojson")

    #expect(throws: GeoJSONError.fileNotFound(file: path)) {
      try reader.load(contentsOfFile: path).places
    }
  }

  @Test func reportsADirectoryAsUnreadable() {
    let path = GeoJSONFixture.fixturesDirectory

    #expect(throws: GeoJSONError.unreadable(file: path, reason: "Is a directory")) {
      try reader.load(contentsOfFile: path).places
    }
  }

  @Test func namesTheFileInErrors() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("places-\(UUID().uuidString).geojson").path
    try Data("{\"type\":\"FeatureCollection\",\"features\":[}".utf8).write(
      to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }

    #expect(
      throws: GeoJSONError.malformedJSON(
        file: path, line: 1, column: 41, reason: "expected a value")
    ) {
      try reader.load(contentsOfFile: path).places
    }
  }

  // MARK: - Error descriptions

  @Test func describesErrorsOnOneLineWithFileAndPosition() {
    let file = "places.geojson"
    let descriptions: [(GeoJSONError, String)] = [
      (.fileNotFound(file: file), "places.geojson: no such file"),
      (
        .unreadable(file: file, reason: "Permission denied"),
        "places.geojson: cannot read the file: Permission denied"
      ),
      (.empty(file: file), "places.geojson: the file is empty"),
      (
        .malformedJSON(file: file, line: 3, column: 17, reason: "expected ',' or ']'"),
        "places.geojson:3:17: malformed JSON: expected ',' or ']'"
      ),
      (
        .notAFeatureCollection(file: file, reason: "\"type\" is missing"),
        "places.geojson: not a GeoJSON FeatureCollection: \"type\" is missing"
      ),
      (
        .invalidFeatures(
          file: file, failures: [.init(index: 12, line: 14, problem: .latitudeOutOfRange(95))]),
        "places.geojson: feature 12 (line 14): latitude 95.0 is out of range -90...90 "
          + "(positions are [longitude, latitude])"
      ),
      (
        .invalidFeatures(
          file: file,
          failures: [.init(index: 3, line: 5, problem: .duplicateID("LHR", firstIndex: 1))]),
        "places.geojson: feature 3 (line 5): id \"LHR\" is already used by feature 1; ids must "
          + "be unique"
      ),
      (
        .invalidFeatures(
          file: file,
          failures: [.init(index: 3, line: 5, problem: .invalidID(found: "1.5"), count: 3)]),
        "places.geojson: feature 3 (line 5): the id must be a whole number of at most 100 "
          + "digits or a string, found 1.5 (and 2 more features like it)"
      ),
    ]
    for (error, description) in descriptions {
      #expect(error.description == description)
      #expect(!error.description.contains("\n"))
      #expect(!error.description.contains("Int"), "no Swift type names in messages")
    }
  }

  @Test func separatesMissingAndUnreadableFilesFromBadContent() {
    #expect(GeoJSONError.fileNotFound(file: "a").isMissingOrUnreadable)
    #expect(GeoJSONError.unreadable(file: "a", reason: "b").isMissingOrUnreadable)
    #expect(!GeoJSONError.empty(file: "a").isMissingOrUnreadable)
    #expect(
      !GeoJSONError.malformedJSON(file: "a", line: 1, column: 1, reason: "b")
        .isMissingOrUnreadable)
    #expect(!GeoJSONError.notAFeatureCollection(file: "a", reason: "b").isMissingOrUnreadable)
    #expect(
      !GeoJSONError.invalidFeatures(
        file: "a", failures: [.init(index: 0, line: 1, problem: .missingID(property: nil))]
      ).isMissingOrUnreadable)
    #expect(!GeoJSONError.nothingToPlace(file: "a", report: .init()).isMissingOrUnreadable)
  }
}
