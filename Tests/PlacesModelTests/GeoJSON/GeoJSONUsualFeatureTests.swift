import Foundation
import PlacesModel
import PlacesModelTestSupport
import Testing

/// The reader's fast path for features in the usual form (a whole-number id, a Point, a name),
/// which learns the bytes between a file's values, against the general path alone: the same
/// places, report and form, or the same error, whatever the input.
struct GeoJSONUsualFeatureTests {
  /// Loads `text` with the fast path and without it, under `options`.
  private func bothPaths(
    _ text: String, options: GeoJSONPlacesReader.Options = .init(), maximumDepth: Int = 64
  ) -> (fast: Result<GeoJSONLoad, GeoJSONError>, general: Result<GeoJSONLoad, GeoJSONError>) {
    let fast = GeoJSONPlacesReader(options: options, maximumDepth: maximumDepth)
    var general = fast
    general.readsUsualFeaturesFirst = false
    let bytes = Array(text.utf8)
    return (
      Result { () throws(GeoJSONError) in try fast.load(bytes: bytes, file: "test.geojson") },
      Result { () throws(GeoJSONError) in try general.load(bytes: bytes, file: "test.geojson") }
    )
  }

  @Test(.enabled(if: GeoJSONFixture.hasWorldFile, "needs ../shared/data/places-world.geojson"))
  func theWorldFileReadsTheSameOnBothPaths() throws {
    let text = try String(contentsOfFile: GeoJSONFixture.worldPath, encoding: .utf8)
    let (fast, general) = bothPaths(text)

    #expect(try fast.get().places.count == 170_391)
    #expect(fast == general)
  }

  @Test func everyFixtureReadsTheSameOnBothPaths() throws {
    let directory = URL(fileURLWithPath: GeoJSONFixture.fixturesDirectory)
    let files =
      (FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL } ?? [])
      .filter { ["geojson", "json", "geojsonl", "geojsons"].contains($0.pathExtension) }
    #expect(files.count > 10)
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: file))
      let (fast, general) = bothPaths(String(decoding: bytes, as: UTF8.self))
      #expect(fast == general, "\(file.lastPathComponent)")
    }
  }

  @Test func aLearntLayoutThenAnotherReadTheSame() {
    let usual = (1...5).map { id in
      #"{"type":"Feature","id":\#(id),"geometry":{"type":"Point","coordinates":[1.5,2.25]},"#
        + #""properties":{"name":"P\#(id)","category":"city","country":"SE","population":7}}"#
    }
    let other = [
      // The same layout with a value of another kind at each value in turn.
      #"{"type":"Feature","id":"6","geometry":{"type":"Point","coordinates":[1.5,2.25]},"#
        + #""properties":{"name":"P6","category":"city","country":"SE","population":7}}"#,
      #"{"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[1e0,2.25]},"#
        + #""properties":{"name":"P7","category":"city","country":"SE","population":7}}"#,
      #"{"type":"Feature","id":8,"geometry":{"type":"Point","coordinates":[1.5,95]},"#
        + #""properties":{"name":"P8","category":"city","country":"SE","population":7}}"#,
      #"{"type":"Feature","id":9,"geometry":{"type":"Point","coordinates":[1.5,2.25]},"#
        + #""properties":{"name":"","category":"city","country":"SE","population":7}}"#,
      #"{"type":"Feature","id":10,"geometry":{"type":"Point","coordinates":[1.5,2.25]},"#
        + #""properties":{"name":"P10","category":null,"country":"SE","population":7}}"#,
      #"{"type":"Feature","id":12,"geometry":{"type":"Point","coordinates":[1.5,2.25]},"#
        + #""properties":{"name":"  ","category":"city","country":"SE","population":7}}"#,
      #"{"type":"Feature","id":13,"geometry":{"type":"Point","coordinates":[1.5,2.25]},"#
        + #""properties":{"name":"P13","category":"city","country":"SE","population":-5}}"#,
      #"{"type":"Feature","id":11,"geometry":{"type":"Point","coordinates":[1.5,2.25]},"#
        + #""properties":{"name":"P11","category":"city","country":"SE","population":7.5}}"#,
      #"{"type":"Feature","id":3,"geometry":{"type":"Point","coordinates":[1.5,2.25]},"#
        + #""properties":{"name":"P3","category":"city","country":"SE","population":7}}"#,
    ]
    for feature in other {
      let text = GeoJSONFixture.collection(usual + [feature] + usual.map { $0 + " " })
      let (fast, general) = bothPaths(text)
      #expect(fast == general, "\(feature)")
    }
  }

  @Test(arguments: [
    "0.5", "-0.5", "9.9999999", "179.1234567", "-179.12345", "1.12345678", "07.5", "00.5",
    "1.5e3", "12.25E-1", "-0.0", "0.0", "1.", "1234.5", "-", "-.5", "1.5.5", "89.999999",
  ])
  func shortDecimalsReadTheSameOnBothPaths(number: String) {
    // Three features, so that the second and third are read against the first's template.
    let features = (1...3).map { id in
      #"{"type":"Feature","id":\#(id),"geometry":{"type":"Point","coordinates":"#
        + #"[\#(number),\#(number)]},"properties":{"name":"P\#(id)"}}"#
    }
    let (fast, general) = bothPaths(GeoJSONFixture.collection(features))
    #expect(fast == general, "\(number)")
    if case .success(let load) = fast, let value = Double(number) {
      #expect(load.places.map(\.coordinate.latitude) == [value, value, value])
    }
  }

  @Test(arguments: 0..<4)
  func randomFeaturesReadTheSameOnBothPaths(form: Int) {
    var generator = SplitMix64(seed: 24 + UInt64(form))
    var placesRead = 0
    for _ in 0..<300 {
      let count = Int.random(in: 1...12, using: &generator)
      let layout = RandomFeature.Layout.random(using: &generator)
      let features = (0..<count).map { _ in
        RandomFeature.make(layout: layout, using: &generator)
      }
      let text: String
      switch form {
      case 0: text = GeoJSONFixture.collection(features)
      case 1: text = features.map { "\u{1E}" + $0 + "\n" }.joined()
      case 2: text = features.joined(separator: "\n")
      default:
        text = String(
          GeoJSONFixture.collection(features).dropLast(Int.random(in: 0...3, using: &generator)))
      }
      for (options, depth) in [
        (GeoJSONPlacesReader.Options(), 64), (.init(isStrict: true), 64), (.init(), 4),
        (.init(), 5),
      ] {
        let (fast, general) = bothPaths(text, options: options, maximumDepth: depth)
        #expect(fast == general, "\(text)")
        placesRead += (try? fast.get())?.places.count ?? 0
      }
    }
    // Most files fail somewhere, by design; enough load for the fast path to be exercised.
    #expect(placesRead > 200)
  }
}

/// Features in the usual form, most of them in one layout, with values and members of other
/// kinds mixed in.
private enum RandomFeature {
  /// The order and spacing of a feature's members, kept for a whole file.
  struct Layout {
    var memberOrder: [Int]
    var propertyOrder: [Int]
    var space: String
    /// One value in how many is of an unusual kind.
    var unusualOneIn: Int

    static func random(using generator: inout SplitMix64) -> Layout {
      Layout(
        memberOrder: Array(0..<4).shuffled(using: &generator),
        propertyOrder: Array(0..<5).shuffled(using: &generator),
        space: ["", "", " ", "\n  "].randomElement(using: &generator) ?? "",
        unusualOneIn: [8, 60, 400].randomElement(using: &generator) ?? 8)
    }
  }

  /// Returns one of `usual` most of the time, otherwise one of `unusual`.
  private static func pick(
    _ usual: [String], _ unusual: [String], layout: Layout, using generator: inout SplitMix64
  ) -> String {
    let list = Int.random(in: 0..<layout.unusualOneIn, using: &generator) == 0 ? unusual : usual
    return list.randomElement(using: &generator) ?? ""
  }

  static func make(layout: Layout, using generator: inout SplitMix64) -> String {
    let space = layout.space
    let number = {
      (generator: inout SplitMix64) -> String in
      pick(
        [
          "\(Int.random(in: -179...179, using: &generator)).\(Int.random(in: 0...99_999, using: &generator))",
          "\(Int.random(in: -89...89, using: &generator))", "0.5", "-0.0", "12.3456789",
        ],
        [
          "1e2", "1E-2", "-", "01.5", "1.", ".5", "1.23456789012345678901", "95", "-200",
          "123456789.123456789", "\"1\"", "null", "1.5e", "0.00000000000000000000001",
        ], layout: layout, using: &generator)
    }
    let longitude = number(&generator)
    let latitude = number(&generator)
    let extra = pick(
      [""], [",0", ",1,2", ",1,2,3", ",\"x\"", ",[1]"], layout: layout, using: &generator)
    let coordinates = pick(
      ["[\(space)\(longitude),\(space)\(latitude)\(extra)]"],
      ["[]", "[[1,2]]", "\"x\"", "[1]", "[1,2"], layout: layout, using: &generator)
    let geometryType = pick(
      ["\"Point\""], ["\"point\"", "\"LineString\"", "\"Poin\\u0074\"", "1"], layout: layout,
      using: &generator)
    var geometryMembers = [
      "\"type\":\(space)\(geometryType)", "\"coordinates\":\(space)\(coordinates)",
    ]
    if Int.random(in: 0..<10, using: &generator) == 0 {
      geometryMembers.append(
        pick(
          ["\"bbox\":[1,2,3,4]"], ["\"type\":\"Point\"", "\"geometries\":[]"], layout: layout,
          using: &generator))
    }
    geometryMembers.shuffle(using: &generator)
    let geometry = pick(
      ["{\(geometryMembers.joined(separator: ",\(space)"))}"], ["null", "[]", "{}"],
      layout: layout, using: &generator)
    let id = pick(
      ["\(Int.random(in: 0...99_999_999, using: &generator))"],
      [
        "-0", "\"a\"", "1.5", "1e3", "1.0", "null", "01", "123456789012345678901", "-7",
        "1234567890123456789", "true",
      ], layout: layout, using: &generator)
    let name = pick(
      ["\"Stockholm\"", "\"Sāo Tomé\"", "\"A very long place name indeed\""],
      [
        "\"\"", "\"Caf\\u00e9\"", "null", "3", "\"Tab\\t\"", "{}", "\"  \"", "\"\\u3000\"",
        "\"\\u0020\"", "\"\u{a0}x\"", "\"\u{3000}\"",
      ], layout: layout, using: &generator)
    let string = {
      (generator: inout SplitMix64) -> String in
      pick(
        ["\"city\"", "\"SE\"", "\"airport\""], ["null", "4", "\"\"", "\"\\n\""], layout: layout,
        using: &generator)
    }
    let population = pick(
      ["\(Int.random(in: 0...9_999_999, using: &generator))"],
      ["null", "\"123\"", "12.5", "1e3", "-4", "12345678901234567890", "1.0"], layout: layout,
      using: &generator)
    let properties = [
      "\"name\":\(space)\(name)", "\"category\":\(space)\(string(&generator))",
      "\"country\":\(space)\(string(&generator))", "\"population\":\(space)\(population)",
      pick(
        ["\"icao\":\"ESSA\"", "\"tags\":{\"a\":[1,{\"b\":null}]}"],
        ["\"Name\":\"Other\"", "\"name\":\"Again\"", "\"title\":\"T\"", "\"n\\u0061me\":\"E\""],
        layout: layout, using: &generator),
    ]
    let propertyText =
      "{"
      + layout.propertyOrder.map { properties[$0] }.joined(separator: ",\(space)") + "}"
    let members = [
      "\"type\":\(space)"
        + pick(["\"Feature\""], ["\"feature\"", "1"], layout: layout, using: &generator),
      "\"id\":\(space)\(id)", "\"geometry\":\(space)\(geometry)",
      "\"properties\":\(space)"
        + pick([propertyText], ["null", "{}", "[]"], layout: layout, using: &generator),
    ]
    var memberTexts = layout.memberOrder.map { members[$0] }
    if Int.random(in: 0..<12, using: &generator) == 0 {
      memberTexts.append(
        pick(["\"bbox\":[0,0,1,1]"], ["\"id\":5", "\"crs\":{}"], layout: layout, using: &generator))
    }
    return "{\(space)" + memberTexts.joined(separator: ",\(space)") + "\(space)}"
  }
}
