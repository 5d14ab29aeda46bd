import Foundation
import PlacesModel
import PlacesWeb
import Testing

/// A page connected to a hub: its session and the frames it was sent.
struct PageHarness {
  let session: WebSession
  private let frames: AsyncStream<String>
  private var iterator: AsyncStream<String>.Iterator

  init?(hub: CatalogHub) async {
    let (frames, output) = AsyncStream<String>.makeStream()
    guard let session = await hub.open(output: output) else { return nil }
    self.session = session
    self.frames = frames
    iterator = frames.makeAsyncIterator()
  }

  /// The messages of the next frame sent, each a JSON object.
  mutating func nextFrame() async throws -> [[String: Any]] {
    let text = try #require(await iterator.next())
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [[String: Any]])
  }

  /// Sends `text`, and returns the frame it was answered with.
  mutating func send(_ text: String) async throws -> [[String: Any]] {
    await session.receive(text)
    return try await nextFrame()
  }

  /// Whether the page's output has ended.
  mutating func isFinished() async -> Bool {
    await iterator.next() == nil
  }
}

/// The markers a page draws, by key, with the places each counts, as `markers` and `update`
/// messages leave them.
struct MarkerCounts {
  private var counts: [String: Int] = [:]

  /// The places the markers count.
  var total: Int { counts.values.reduce(0, +) }

  mutating func apply(_ frame: [[String: Any]]) {
    for message in frame {
      switch message["type"] as? String {
      case "markers":
        counts = [:]
        add(message["markers"])
      case "update":
        for removal in message["removed"] as? [[String: Any]] ?? [] {
          if let key = removal["key"] as? String { counts[key] = nil }
        }
        add(message["added"])
      default:
        break
      }
    }
  }

  private mutating func add(_ markers: Any?) {
    for marker in markers as? [[String: Any]] ?? [] {
      if let key = marker["key"] as? String { counts[key] = marker["count"] as? Int ?? 0 }
    }
  }
}

extension [[String: Any]] {
  var types: [String] { compactMap { $0["type"] as? String } }
}

struct WebSessionTests {
  static func sampleHub(allowsEdits: Bool = false, limit: Int = 8) throws -> CatalogHub {
    CatalogHub(
      catalog: try PlacesLoading.load(sources: []).catalog, sessionLimit: limit,
      allowsEdits: allowsEdits)
  }

  @Test func aPageIsGreetedWithEveryScreen() async throws {
    let hub = try Self.sampleHub()
    var page = try #require(await PageHarness(hub: hub))
    let first = try await page.nextFrame()
    #expect(first.types == ["hello", "categories", "camera", "markers", "list", "matches"])
    #expect(first[0]["edits"] as? Bool == false)
    let categories = try #require(first[1]["categories"] as? [[String: Any]])
    #expect(categories.compactMap { $0["name"] as? String } == ["airport", "city"])
    #expect(categories.compactMap { $0["count"] as? Int } == [20, 180])
    #expect(first[1]["uncategorized"] as? Int == 0)
  }

  @Test func aCameraReportIsAnsweredWithMarkersThenDone() async throws {
    let hub = try Self.sampleHub()
    var page = try #require(await PageHarness(hub: hub))
    _ = try await page.nextFrame()
    let frame = try await page.send(
      #"{"type":"camera","seq":1,"lat":48.85,"lon":2.35,"zoom":10,"width":800,"height":600}"#)
    #expect(frame.types == ["update", "done"])
    #expect(frame.last?["seq"] as? Int == 1)
    let added = try #require(frame[0]["added"] as? [[String: Any]])
    #expect(added.contains { $0["key"] as? String == "2" && $0["name"] as? String == "Paris" })
  }

  @Test func aTapOnPlacesAtOneSpotSpreadsThemAndAPanGathersThem() async throws {
    let stalls = try (1...30).map { index in
      Place(
        id: PlaceID(index), name: "Stall \(index)",
        coordinate: try Coordinate(latitude: 48.8566, longitude: 2.3522), population: index)
    }
    let hub = CatalogHub(catalog: try PlaceCatalog(stalls), sessionLimit: 8, allowsEdits: false)
    var page = try #require(await PageHarness(hub: hub))
    _ = try await page.nextFrame()
    _ = try await page.send(
      #"{"type":"camera","seq":1,"lat":48.8566,"lon":2.3522,"zoom":16,"width":800,"height":600}"#)

    let frame = try await page.send(
      #"{"type":"tapCluster","seq":2,"level":16,"representative":30}"#)

    #expect(frame.types == ["spread", "done"])
    #expect(frame[0]["cluster"] as? String == "16/30")
    #expect(frame[0]["total"] as? Int == 30)
    let markers = try #require(frame[0]["markers"] as? [[String: Any]])
    #expect(markers.count == 30)
    #expect(markers.first?["key"] as? String == "30")
    #expect(markers.allSatisfy { $0["dx"] is Double && $0["dy"] is Double })
    let refused = try await page.send(#"{"type":"spreadPage","seq":3,"index":1}"#)
    #expect(refused.types == ["error"])
    let gathered = try await page.send(
      #"{"type":"camera","seq":4,"lat":48.8567,"lon":2.3522,"zoom":16,"width":800,"height":600}"#)
    #expect(gathered.types.first == "gather")
  }

  @Test func badMessagesGetAnErrorAndTheSessionGoesOn() async throws {
    let hub = try Self.sampleHub()
    var page = try #require(await PageHarness(hub: hub))
    _ = try await page.nextFrame()
    let malformed = try await page.send("{oops")
    #expect(malformed.types == ["error"])
    #expect(malformed[0]["seq"] is NSNull)
    let unknown = try await page.send(#"{"type":"teleport","seq":4}"#)
    #expect(unknown.types == ["error"])
    #expect(unknown[0]["seq"] as? Int == 4)
    #expect(unknown[0]["message"] as? String == "unknown message type 'teleport'")
    let large = try await page.send(String(repeating: "x", count: 70_000))
    #expect(large.types == ["error"])
    let unknownPlace = try await page.send(#"{"type":"tapMarker","seq":5,"id":999999}"#)
    #expect(unknownPlace.types == ["error"])
    let fine = try await page.send(#"{"type":"tapMarker","seq":6,"id":2}"#)
    #expect(fine.types.last == "done")
    #expect(fine.types.contains("card"))
  }

  @Test func aFilterNarrowsTheListAndTheMarkersOfItsPageOnly() async throws {
    let hub = try Self.sampleHub()
    var page = try #require(await PageHarness(hub: hub))
    var other = try #require(await PageHarness(hub: hub))
    var markers = MarkerCounts()
    markers.apply(try await page.nextFrame())
    _ = try await other.nextFrame()
    let camera = #"{"type":"camera","seq":1,"lat":20,"lon":0,"zoom":1,"width":800,"height":600}"#
    markers.apply(try await page.send(camera))
    #expect(markers.total == 200)
    let airports = await hub.catalog.filter { $0.category == "airport" }
    let frame = try await page.send(#"{"type":"filter","seq":2,"categories":["airport"]}"#)
    #expect(frame.types.last == "done")
    markers.apply(frame)
    #expect(markers.total == airports.count)
    let list = try #require(frame.first { ["list", "listUpdate"].contains($0["type"] as? String) })
    #expect(list["count"] as? Int == airports.count)
    let rows = try await page.send(#"{"type":"rows","seq":3,"from":0,"count":500}"#)
    let sent = try #require(rows.first?["rows"] as? [[String: Any]])
    #expect(
      Set(sent.compactMap { $0["id"] as? Int }) == Set(airports.compactMap { Self.number($0.id) }))
    // The other page still lists every place.
    let otherRows = try await other.send(#"{"type":"rows","seq":2,"from":0,"count":500}"#)
    #expect((otherRows.first?["rows"] as? [Any])?.count == 200)
    let all = try await page.send(#"{"type":"filter","seq":5}"#)
    markers.apply(all)
    #expect(markers.total == 200)
    let back = try #require(all.first { ["list", "listUpdate"].contains($0["type"] as? String) })
    #expect(back["count"] as? Int == 200)
  }

  @Test func theCategoriesAreSentAgainOnlyWhenAnEditChangesThem() async throws {
    let hub = try Self.sampleHub(allowsEdits: true)
    var page = try #require(await PageHarness(hub: hub))
    _ = try await page.nextFrame()
    try await hub.edit(.rename(PlaceID(2), to: "Lutetia"))
    #expect(!(try await page.nextFrame()).types.contains("categories"))
    try await hub.edit(.add(name: "New", at: Coordinate(latitude: 1, longitude: 2)))
    let seen = try await page.nextFrame()
    let categories = try #require(seen.first { $0["type"] as? String == "categories" })
    #expect(categories["uncategorized"] as? Int == 1)
    #expect((categories["categories"] as? [Any])?.count == 2)
  }

  private static func number(_ id: PlaceID) -> Int? {
    id.integerValue.map { Int($0) }
  }

  @Test func theListSendsOnlyTheRowsAskedFor() async throws {
    let hub = try Self.sampleHub()
    var page = try #require(await PageHarness(hub: hub))
    _ = try await page.nextFrame()
    let frame = try await page.send(#"{"type":"rows","seq":2,"from":10,"count":5}"#)
    #expect(frame.types == ["rows", "done"])
    #expect((frame[0]["rows"] as? [Any])?.count == 5)
    #expect(frame[0]["from"] as? Int == 10)
    let beyond = try await page.send(#"{"type":"rows","seq":3,"from":199,"count":50}"#)
    #expect((beyond[0]["rows"] as? [Any])?.count == 1)
  }

  @Test func editsAreRefusedWithoutAllowEdits() async throws {
    let hub = try Self.sampleHub(allowsEdits: false)
    var page = try #require(await PageHarness(hub: hub))
    _ = try await page.nextFrame()
    let frame = try await page.send(#"{"type":"rename","seq":1,"id":2,"name":"Lutetia"}"#)
    #expect(frame.types == ["error"])
    #expect(
      frame[0]["message"] as? String
        == "edits are not allowed: start places-web with --allow-edits")
    #expect(await hub.catalog.place(withID: 2)?.name == "Paris")
  }

  @Test func anEditIsAppliedOnceAndShownOnEveryPage() async throws {
    let hub = try Self.sampleHub(allowsEdits: true)
    var editor = try #require(await PageHarness(hub: hub))
    var watcher = try #require(await PageHarness(hub: hub))
    _ = try await editor.nextFrame()
    _ = try await watcher.nextFrame()
    _ = try await watcher.send(#"{"type":"tapMarker","seq":1,"id":2}"#)
    let before = await hub.version
    await editor.session.receive(#"{"type":"rename","seq":2,"id":2,"name":"Lutetia"}"#)
    var editorMessages: [[String: Any]] = []
    while !editorMessages.types.contains("done") {
      editorMessages += try await editor.nextFrame()
    }
    #expect(await hub.version == before + 1)
    #expect(await hub.catalog.place(withID: 2)?.name == "Lutetia")
    let seen = try await watcher.nextFrame()
    let card = try #require(seen.first { $0["type"] as? String == "card" })
    #expect((card["place"] as? [String: Any])?["name"] as? String == "Lutetia")
    #expect(seen.types.contains("update"))
  }

  @Test func anEditSendsTheListsChangedRowsInsteadOfAReload() async throws {
    let hub = try Self.sampleHub(allowsEdits: true)
    var page = try #require(await PageHarness(hub: hub))
    let first = try await page.nextFrame()
    let list = try #require(first.first { $0["type"] as? String == "list" })
    try await hub.edit(.rename(PlaceID(2), to: "Lutetia"))
    let seen = try await page.nextFrame()
    #expect(!seen.types.contains("list"))
    let update = try #require(seen.first { $0["type"] as? String == "listUpdate" })
    #expect(update["version"] as? Int == (list["version"] as? Int ?? 0) + 1)
    #expect(update["count"] as? Int == list["count"] as? Int)
    let removed = try #require(update["removed"] as? [Int])
    let inserted = try #require(update["inserted"] as? [Int])
    #expect(removed.count == 1 && inserted.count == 1)
    #expect(update["reloaded"] as? [Int] == [])
    let row = try #require(inserted.first)
    let rows = try await page.send(#"{"type":"rows","seq":1,"from":\#(row),"count":1}"#)
    let sent = try #require((rows.first?["rows"] as? [[String: Any]])?.first)
    #expect(sent["name"] as? String == "Lutetia")
  }

  @Test(arguments: [
    "Zürich", #"a "quoted" name"#, #"back\slash"#, "tab\tand\nline", "line\u{2028}sep",
    "dash – and … ellipsis", "\u{1}control", "emoji 🗺️",
  ])
  func namesReachThePageAsWritten(name: String) async throws {
    let hub = try Self.sampleHub(allowsEdits: true)
    var page = try #require(await PageHarness(hub: hub))
    _ = try await page.nextFrame()
    _ = try await page.send(#"{"type":"tapMarker","seq":1,"id":2}"#)
    try await hub.edit(.rename(PlaceID(2), to: name))
    let seen = try await page.nextFrame()
    let card = try #require(seen.first { $0["type"] as? String == "card" })
    #expect((card["place"] as? [String: Any])?["name"] as? String == name)
  }

  @Test func sessionsAreBoundedAndAClosedOneIsFreed() async throws {
    let hub = try Self.sampleHub(limit: 2)
    var first = try #require(await PageHarness(hub: hub))
    let second = try #require(await PageHarness(hub: hub))
    #expect(await PageHarness(hub: hub) == nil)
    #expect(await hub.sessionCount == 2)
    _ = try await first.nextFrame()
    weak let weakSession = first.session
    await hub.close(first.session.id)
    #expect(await first.isFinished())
    first = try #require(await PageHarness(hub: hub))
    #expect(weakSession == nil)
    #expect(await hub.sessionCount == 2)
    withExtendedLifetime(second) {}
  }
}

struct RateLimiterTests {
  @Test func aBurstPassesThenMessagesWaitForTheRate() {
    var limiter = RateLimiter(capacity: 3, ratePerSecond: 10)
    let now = ContinuousClock.now
    #expect(limiter.delayForNextMessage(now: now) == .zero)
    #expect(limiter.delayForNextMessage(now: now) == .zero)
    #expect(limiter.delayForNextMessage(now: now) == .zero)
    #expect(limiter.delayForNextMessage(now: now) == .milliseconds(100))
    // A second later the bucket has refilled.
    #expect(limiter.delayForNextMessage(now: now + .seconds(1)) == .zero)
  }
}
