import Foundation
import PlacesModel
import PlacesWeb
import Testing

/// `places-web` serves several files as one catalog, as `places-cli` reads them: reading options
/// scoped to the file they follow, ids kept apart by a prefix, each file followed alone.
struct SeveralFilesTests {
  @Test func readingOptionsApplyToTheFileTheyFollowAndThoseBeforeToEvery() throws {
    let action = try WebCommandLine.parse([
      "--name-property", "title", "--places", "a.geojson", "--places", "b.geojson",
      "--id-property", "code", "--id-prefix=b:", "--non-point", "skip", "--strict",
    ])
    guard case .serve(let options) = action else {
      Issue.record("expected options, got \(action)")
      return
    }
    let first = GeoJSONPlacesReader.Options(nameProperties: ["title"], isStrict: true)
    let second = GeoJSONPlacesReader.Options(
      ids: .property("code"), nameProperties: ["title"], nonPointGeometry: .skip, isStrict: true,
      idPrefix: "b:")
    #expect(
      options.placesSources == [
        .init(file: "a.geojson", options: first), .init(file: "b.geojson", options: second),
      ])
  }

  @Test(arguments: [
    (
      ["--id-prefix", "x:", "--places", "a.geojson"],
      "option '--id-prefix' applies only with '--places FILE before it'"
    ),
    (
      ["--places", "a.geojson", "--id-property", "a", "--id-property", "b"],
      "option '--id-property' is given more than once; give it once"
    ),
    (["--places", ""], "invalid value '' for '--places': expected the path of a GeoJSON file"),
    (
      ["--places", "a.geojson", "--non-point", "middle"],
      "invalid value 'middle' for '--non-point': expected centre or skip"
    ),
    (["--strict"], "option '--strict' applies only with '--places'"),
  ])
  func scopedMistakesAreNamed(arguments: [String], message: String) throws {
    let error = try #require(throws: WebUsageError.self) { try WebCommandLine.parse(arguments) }
    #expect(error.description == message)
  }

  @Test func theSameOptionMayBeGivenOnceForEachFile() throws {
    let action = try WebCommandLine.parse([
      "--id-property", "a", "--places", "a.geojson", "--id-property", "b", "--places",
      "b.geojson", "--id-property", "c",
    ])
    guard case .serve(let options) = action else {
      Issue.record("expected options, got \(action)")
      return
    }
    #expect(options.placesSources.map(\.options?.ids) == [.property("b"), .property("c")])
  }

  @Test func anIDTwoFilesGiveIsRefusedNamingBothAndAPrefixKeepsThemApart() throws {
    let folder = try TemporaryFiles()
    let first = try folder.write("first.geojson", places: [(1, "Alpha"), (2, "Beta")])
    let second = try folder.write("second.geojson", places: [(2, "Gamma")])
    let error = try #require(throws: GeoJSONError.self) {
      try PlacesLoading.load(sources: [.init(file: first), .init(file: second)])
    }
    #expect(WebExitStatus(for: error) == .invalidData)
    #expect("\(error)".contains(first) && "\(error)".contains(second))

    let prefixed = GeoJSONPlacesReader.Options(idPrefix: "second:")
    let loaded = try PlacesLoading.load(sources: [
      .init(file: first), .init(file: second, options: prefixed),
    ])
    #expect(loaded.catalog.map(\.id) == [1, 2, "second:2"])
    #expect(loaded.files?.file(ofPlaceAt: 2)?.file == second)
  }

  @Test func aWatchedFileThatChangesReplacesItsOwnPlacesAlone() async throws {
    let folder = try TemporaryFiles()
    let first = try folder.write("first.geojson", places: [(1, "Alpha"), (2, "Beta")])
    let second = try folder.write("second.geojson", places: [(3, "Gamma")])
    let sources = [GeoJSONPlacesReader.Source(file: first), .init(file: second)]
    let stamps = sources.map { FileStamp(ofFileAt: $0.file) }
    let loaded = try PlacesLoading.load(sources: sources)
    let files = try #require(loaded.files)
    let hub = CatalogHub(catalog: loaded.catalog, sessionLimit: 4, allowsEdits: false)
    let watch = FileWatchService(
      sources: sources, loaded: files, hub: hub, loadedStates: stamps,
      interval: .milliseconds(20))
    let task = Task { try await watch.run() }
    defer { task.cancel() }

    _ = try folder.write("second.geojson", places: [(3, "Gamma Prime"), (4, "Delta")])
    var names: [String] = []
    for _ in 0..<500 {
      names = await hub.catalog.map(\.name)
      if names.count == 4 { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(names == ["Alpha", "Beta", "Gamma Prime", "Delta"])

    // A change that would give an id the other file gives is refused; the pages keep theirs.
    _ = try folder.write("second.geojson", places: [(1, "Clash")])
    try await Task.sleep(for: .milliseconds(300))
    #expect(await hub.catalog.map(\.name) == ["Alpha", "Beta", "Gamma Prime", "Delta"])
  }
}

/// A folder of GeoJSON files for one test, removed when the value goes away.
private final class TemporaryFiles {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "places-web-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes a FeatureCollection of points named `places`, with their ids, and returns its path.
  func write(_ name: String, places: [(id: Int, name: String)]) throws -> String {
    let features = places.enumerated().map { offset, place in
      """
      {"type":"Feature","id":\(place.id),"geometry":{"type":"Point","coordinates":[\(offset),\(offset)]},\
      "properties":{"name":"\(place.name)"}}
      """
    }
    let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    let path = url.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
