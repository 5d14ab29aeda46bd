import Foundation
import PlacesModel
import PlacesModelTestSupport
import Testing

/// Several files read as one catalog: `GeoJSONPlacesReader.load(sources:)`, id prefixes and
/// `GeoJSONCatalogLoad`.
struct GeoJSONCatalogLoadTests {
  /// A folder of files written by one test, removed when the value is released.
  private final class Folder {
    let path: String

    init() throws {
      path =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("GeoJSONCatalogLoadTests-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
      try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to the file `name` and returns its path.
    func write(_ text: String, to name: String) throws -> String {
      let file = path + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      return file
    }
  }

  /// A collection of features named `P<id>`, one for each of `ids`, which are raw JSON.
  private static func file(ids: [String]) -> String {
    GeoJSONFixture.collection(
      ids.map { id in
        let name = "P" + id.filter { $0 != "\"" }
        return GeoJSONFixture.feature(id: id, properties: #"{"name":"\#(name)"}"#)
      })
  }

  private static func error(_ body: () throws -> Void) -> GeoJSONError? {
    do {
      try body()
      return nil
    } catch let error as GeoJSONError {
      return error
    } catch {
      Issue.record("unexpected \(error)")
      return nil
    }
  }

  @Test func filesBecomeOneCatalogThatSaysWhichFileEachPlaceCameFrom() throws {
    let folder = try Folder()
    let first = try folder.write(Self.file(ids: ["1", "2"]), to: "first.geojson")
    let second = try folder.write(
      GeoJSONFixture.collection(
        GeoJSONFixture.feature(id: "3", properties: #"{"name":"P3"}"#),
        GeoJSONFixture.feature(id: "4", properties: #"{"title":"nameless"}"#),
        GeoJSONFixture.feature(id: "5", properties: #"{"name":"P5"}"#)),
      to: "second.geojson")
    let third = try folder.write(Self.file(ids: [#""a""#]), to: "third.geojson")

    let catalog = try GeoJSONPlacesReader().load(
      sources: [
        .init(file: first), .init(file: second, options: .init(nameProperties: ["name"])),
        .init(file: third),
      ])

    #expect(catalog.places.map(\.id) == [1, 2, 3, 5, "a"])
    #expect(catalog.files.map(\.file) == [first, second, third])
    #expect(catalog.files.map(\.placeRange) == [0..<2, 2..<4, 4..<5])
    #expect(catalog.files[1].report.skippedFeatureCount == 1)
    #expect(catalog.files[0].report.isEmpty)
    #expect((0..<5).map { catalog.fileIndex(ofPlaceAt: $0) } == [0, 0, 1, 1, 2])
    #expect(catalog.file(ofPlaceAt: 3)?.file == second)
    #expect(catalog.fileIndex(ofPlaceAt: 5) == nil)
    #expect(catalog.fileIndex(ofPlaceAt: -1) == nil)
  }

  @Test func noSourcesGiveAnEmptyCatalog() throws {
    let catalog = try GeoJSONPlacesReader().load(sources: [])

    #expect(catalog.places.isEmpty)
    #expect(catalog.files.isEmpty)
    #expect(catalog.fileIndex(ofPlaceAt: 0) == nil)
  }

  @Test func anIDTwoFilesGiveNamesBothFilesAndTheFeature() throws {
    let folder = try Folder()
    let world = try folder.write(Self.file(ids: ["7", "8", "9"]), to: "world.geojson")
    // Feature 1 is skipped, so the clashing feature 2 is the file's second place.
    let airports = try folder.write(
      GeoJSONFixture.collection(
        GeoJSONFixture.feature(id: "20", properties: #"{"name":"A"}"#),
        GeoJSONFixture.feature(id: "21", properties: #"{"ref":"no name"}"#),
        GeoJSONFixture.feature(id: "8", properties: #"{"name":"B"}"#),
        GeoJSONFixture.feature(id: "9", properties: #"{"name":"C"}"#)),
      to: "airports.geojson")

    let error = Self.error {
      _ = try GeoJSONPlacesReader().load(sources: [.init(file: world), .init(file: airports)])
    }

    #expect(
      error
        == .duplicateIDAcrossFiles(
          file: airports, index: 2, id: 8, otherFile: world, otherIndex: 1, count: 2))
    #expect(error?.category == .invalidPlaces)
    #expect(error?.file == airports)
    #expect(
      error?.description
        == "\(airports): feature 2 (id 8): the id is already used by feature 1 of \(world); "
        + "ids must be unique across files (and 1 more id like it); give one of the files an "
        + "id prefix")
  }

  @Test func aPrefixMakesEveryIDAStringThatNoLongerClashes() throws {
    let folder = try Folder()
    let world = try folder.write(Self.file(ids: ["1", "2"]), to: "world.geojson")
    let airports = try folder.write(
      Self.file(ids: ["1", #""LHR""#, "123456789012345678901234567890"]), to: "airports.geojson")
    let prefixed = GeoJSONPlacesReader.Options(idPrefix: "airport:")

    let catalog = try GeoJSONPlacesReader().load(
      sources: [.init(file: world), .init(file: airports, options: prefixed)])

    #expect(
      catalog.places.map(\.id) == [
        1, 2, "airport:1", "airport:LHR", "airport:123456789012345678901234567890",
      ])
    #expect(catalog.places[2].id.isNumber == false)
    #expect(catalog.places[2].name == "P1")
  }

  @Test func aPrefixAppliesToIDsByPositionAndAloneToo() throws {
    let text = GeoJSONFixture.collection(
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"name":"A"}}"#,
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[3,4]},"properties":{"name":"B"}}"#
    )

    let load = try GeoJSONPlacesReader(options: .init(idPrefix: "saved-")).load(
      text: text, file: "saved.geojson")

    #expect(load.places.map(\.id) == ["saved-0", "saved-1"])
  }

  @Test func errorsAboutAPrefixedFilesFeaturesNameTheIDAsTheFileGivesIt() throws {
    let text = Self.file(ids: ["5", "5"])

    let error = Self.error {
      _ = try GeoJSONPlacesReader(options: .init(idPrefix: "p:")).load(text: text, file: "f")
    }

    guard case .invalidFeatures(_, let failures) = error else {
      Issue.record("expected invalid features, got \(String(describing: error))")
      return
    }
    #expect(failures.first?.problem == .duplicateID(5, firstIndex: 0))
  }

  @Test func eachSourceIsReadWithItsOwnOptionsOrTheReaders() throws {
    let folder = try Folder()
    let osm = try folder.write(
      GeoJSONFixture.collection(
        GeoJSONFixture.feature(id: #""node/1""#, properties: #"{"osm_id":17,"tags":{"name":"T"}}"#)
      ), to: "osm.geojson")
    let plain = try folder.write(
      GeoJSONFixture.collection(
        GeoJSONFixture.feature(id: "17", properties: #"{"title":"Plain"}"#)), to: "plain.geojson")
    let reader = GeoJSONPlacesReader(options: .init(idPrefix: "mine:"))
    let osmOptions = GeoJSONPlacesReader.Options(
      ids: .property("osm_id"), nameProperties: ["tags.name"])

    let catalog = try reader.load(
      sources: [.init(file: osm, options: osmOptions), .init(file: plain)])

    #expect(catalog.places.map(\.id) == [17, "mine:17"])
    #expect(catalog.places.map(\.name) == ["T", "Plain"])
  }

  @Test func theFirstFileThatFailsIsTheError() throws {
    let folder = try Folder()
    let good = try folder.write(Self.file(ids: ["1"]), to: "good.geojson")
    let missing = folder.path + "/missing.geojson"
    let broken = try folder.write("{", to: "broken.geojson")

    let error = Self.error {
      _ = try GeoJSONPlacesReader().load(
        sources: [.init(file: good), .init(file: missing), .init(file: broken)])
    }

    #expect(error == .fileNotFound(file: missing))
  }

  @Test func replacingAFileKeepsTheOthersAndChecksItsIDsAgainstThem() throws {
    let folder = try Folder()
    let paths = try (0..<3).map { index in
      try folder.write(Self.file(ids: ["\(index * 10)", "\(index * 10 + 1)"]), to: "\(index)")
    }
    let reader = GeoJSONPlacesReader()
    let catalog = try reader.load(sources: paths.map { .init(file: $0) })

    let grown = try catalog.replacingFile(
      at: 1, with: reader.load(text: Self.file(ids: ["10", "12", "13"]), file: paths[1]))

    #expect(grown.places.map(\.id) == [0, 1, 10, 12, 13, 20, 21])
    #expect(grown.files.map(\.placeRange) == [0..<2, 2..<5, 5..<7])
    #expect(grown.files.map(\.file) == paths)
    #expect((0..<7).map { grown.fileIndex(ofPlaceAt: $0) } == [0, 0, 1, 1, 1, 2, 2])

    let clash = Self.error {
      _ = try grown.replacingFile(
        at: 0, with: reader.load(text: Self.file(ids: ["0", "21"]), file: paths[0]))
    }
    #expect(
      clash
        == .duplicateIDAcrossFiles(
          file: paths[2], index: 1, id: 21, otherFile: paths[0], otherIndex: 1, count: 1))
  }

  /// Random files with ids from a small range, checked against a brute-force search for the
  /// first feature, in file order, whose id an earlier file gives.
  @Test func theClashReportedIsTheFirstAndTheCountIsExact() throws {
    var random = SplitMix64(seed: 27)
    let folder = try Folder()
    let reader = GeoJSONPlacesReader()
    for trial in 0..<60 {
      let fileCount = Int.random(in: 1...4, using: &random)
      var files: [[Int]] = []
      var paths: [String] = []
      for index in 0..<fileCount {
        let ids = Array(
          Set(
            (0..<Int.random(in: 0...6, using: &random)).map { _ in
              Int.random(in: 0..<30, using: &random)
            })
        ).shuffled(using: &random)
        files.append(ids)
        paths.append(
          try folder.write(Self.file(ids: ids.map(String.init)), to: "\(trial)-\(index)"))
      }
      var expected: GeoJSONError?
      var count = 0
      var seen: [Int: (file: Int, index: Int)] = [:]
      for (fileIndex, ids) in files.enumerated() {
        for (index, id) in ids.enumerated() {
          if let other = seen[id] {
            count += 1
            if expected == nil {
              expected = .duplicateIDAcrossFiles(
                file: paths[fileIndex], index: index, id: PlaceID(id),
                otherFile: paths[other.file], otherIndex: other.index, count: 0)
            }
          } else {
            seen[id] = (fileIndex, index)
          }
        }
      }
      if case .duplicateIDAcrossFiles(let file, let index, let id, let other, let otherIndex, _) =
        expected
      {
        expected = .duplicateIDAcrossFiles(
          file: file, index: index, id: id, otherFile: other, otherIndex: otherIndex,
          count: count)
      }
      let sources = paths.map { GeoJSONPlacesReader.Source(file: $0) }
      let error = Self.error { _ = try reader.load(sources: sources) }
      #expect(error == expected, "trial \(trial)")
      if expected == nil {
        let catalog = try reader.load(sources: sources)
        #expect(catalog.places.map(\.id) == files.joined().map(PlaceID.init), "trial \(trial)")
      }
    }
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: GeoJSONFixture.airportsPath)
        && GeoJSONFixture.hasWorldFile,
      "needs ../shared/data/places-world.geojson and places-airports.geojson"))
  func theWorldAndTheAirportsShare121IDsUntilTheAirportsArePrefixed() throws {
    let world = GeoJSONPlacesReader.Source(file: GeoJSONFixture.worldPath)
    var airports = GeoJSONPlacesReader.Source(file: GeoJSONFixture.airportsPath)
    let reader = GeoJSONPlacesReader()

    let error = Self.error { _ = try reader.load(sources: [world, airports]) }
    guard case .duplicateIDAcrossFiles(let file, _, _, let otherFile, _, let count) = error else {
      Issue.record("expected a clash, got \(String(describing: error))")
      return
    }
    #expect(file == GeoJSONFixture.airportsPath)
    #expect(otherFile == GeoJSONFixture.worldPath)
    #expect(count == 121)

    airports.options = .init(idPrefix: "airport:")
    let catalog = try reader.load(sources: [world, airports])
    #expect(catalog.places.count == 198_689)
    #expect(catalog.files.map(\.placeRange.count) == [170_391, 28_298])
    #expect(
      catalog.places[170_391...].allSatisfy { $0.id.stringValue?.hasPrefix("airport:") == true })
  }
}
