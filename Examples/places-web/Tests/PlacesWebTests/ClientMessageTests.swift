import PlacesModel
import PlacesWeb
import Testing
import ViewModels

struct ClientMessageTests {
  @Test func cameraCarriesItsCentreZoomAndSize() throws {
    let message = try ClientMessage.decode(
      #"{"type":"camera","seq":3,"lat":59.3,"lon":18.07,"zoom":4,"width":390,"height":844}"#)
    let expected = ClientMessage.Action.camera(
      try MapCamera(centre: Coordinate(latitude: 59.3, longitude: 18.07), zoom: 4),
      try MapSize(width: 390, height: 844))
    #expect(message == ClientMessage(seq: 3, action: expected))
  }

  @Test(arguments: [
    (#"{"type":"tapMarker","id":42}"#, ClientMessage.Action.tapMarker(PlaceID(42))),
    (#"{"type":"tapMarker","id":"LHR"}"#, .tapMarker(PlaceID("LHR"))),
    (
      #"{"type":"tapCluster","level":7,"representative":2643743}"#,
      .tapCluster(MapClusterID(level: 7, representative: PlaceID(2_643_743)))
    ),
    (#"{"type":"tapMap"}"#, .tapMap),
    (#"{"type":"rows","from":10,"count":20}"#, .rows(from: 10, count: 20)),
    (#"{"type":"tapRow","row":3}"#, .tapRow(3)),
    (#"{"type":"query","text":"stokholm","limit":10}"#, .query("stokholm", limit: 10)),
    (#"{"type":"query","text":"x"}"#, .query("x", limit: 20)),
    (#"{"type":"chooseMatch","index":0}"#, .chooseMatch(0)),
    (#"{"type":"closeCard"}"#, .closeCard),
    (#"{"type":"locate"}"#, .locate(nil)),
    (#"{"type":"remove","id":7}"#, .remove(PlaceID(7))),
  ])
  func eachTypeReadsItsMembers(text: String, action: ClientMessage.Action) throws {
    #expect(try ClientMessage.decode(text).action == action)
  }

  @Test func editsAreReadAndMarkedAsEdits() throws {
    let add = try ClientMessage.decode(#"{"type":"add","name":"Here","lat":1.5,"lon":2}"#)
    #expect(add.action == .add(name: "Here", at: try Coordinate(latitude: 1.5, longitude: 2)))
    #expect(add.action.isEdit)
    let rename = try ClientMessage.decode(#"{"type":"rename","id":"a","name":"B"}"#)
    #expect(rename.action == .rename(PlaceID("a"), to: "B"))
    #expect(!ClientMessage.Action.tapMap.isEdit)
  }

  @Test(arguments: [
    ("not json", ClientMessageError.Problem.malformed("not JSON")),
    ("[1,2]", .malformed("not a JSON object")),
    (#"{"seq":1}"#, .malformed("'type' is missing")),
    (#"{"type":3}"#, .malformed("'type' has the wrong type")),
  ])
  func malformedMessagesAreRefusedWithoutSeq(text: String, problem: ClientMessageError.Problem) {
    #expect(throws: ClientMessageError(seq: nil, problem: problem)) {
      try ClientMessage.decode(text)
    }
  }

  @Test func anUnknownTypeIsRefusedWithItsSeq() {
    #expect(throws: ClientMessageError(seq: 9, problem: .unknownType("fly"))) {
      try ClientMessage.decode(#"{"type":"fly","seq":9}"#)
    }
  }

  @Test(arguments: [
    #"{"type":"camera","seq":1,"lat":91,"lon":0,"zoom":1,"width":10,"height":10}"#,
    #"{"type":"camera","seq":1,"lat":0,"lon":0,"zoom":25,"width":10,"height":10}"#,
    #"{"type":"camera","seq":1,"lat":0,"lon":0,"zoom":1,"width":0,"height":10}"#,
    #"{"type":"camera","seq":1,"lat":0,"lon":0,"zoom":1}"#,
    #"{"type":"rows","seq":1,"from":-1,"count":5}"#,
    #"{"type":"rows","seq":1,"from":0,"count":100000}"#,
    #"{"type":"query","seq":1,"text":"a","limit":1000}"#,
    #"{"type":"add","seq":1,"name":"  ","lat":0,"lon":0}"#,
    #"{"type":"move","seq":1,"id":1,"lat":0,"lon":200}"#,
    #"{"type":"tapMarker","seq":1}"#,
  ])
  func membersOutOfRangeAreRefusedWithTheSeq(text: String) throws {
    let error = try #require(throws: ClientMessageError.self) { try ClientMessage.decode(text) }
    #expect(error.seq == 1)
    guard case .invalidMember = error.problem else {
      Issue.record("expected an invalid member, got \(error.problem)")
      return
    }
  }

  @Test(arguments: [
    (#"{"type":"filter"}"#, CategoryFilter.all),
    (#"{"type":"filter","categories":null,"uncategorized":false}"#, .all),
    (
      #"{"type":"filter","categories":["city","airport"]}"#,
      CategoryFilter(showing: ["airport", "city"])
    ),
    (
      #"{"type":"filter","categories":["city"],"uncategorized":true}"#,
      CategoryFilter(showing: ["city"], includingUncategorized: true)
    ),
    (#"{"type":"filter","categories":[]}"#, CategoryFilter(showing: [])),
  ])
  func aFilterReadsItsCategories(text: String, filter: CategoryFilter) throws {
    let message = try ClientMessage.decode(text)
    #expect(message.action == .filter(filter))
    #expect(!message.action.isEdit)
  }

  @Test(arguments: [
    Array(repeating: "city", count: ClientMessage.maximumCategories + 1),
    ["city", ""],
    [String(repeating: "c", count: ClientMessage.maximumTextLength + 1)],
  ])
  func aFilterOfTooManyOrBadNamesIsRefusedNamingCategories(names: [String]) throws {
    let quoted = names.map { "\"\($0)\"" }.joined(separator: ",")
    let text = #"{"type":"filter","seq":4,"categories":["# + quoted + "]}"
    let error = try #require(throws: ClientMessageError.self) { try ClientMessage.decode(text) }
    #expect(error.seq == 4)
    guard case .invalidMember(let member, _) = error.problem else {
      Issue.record("expected an invalid member, got \(error.problem)")
      return
    }
    #expect(member == "categories")
  }

  @Test(arguments: [
    (#"{"type":"filter","categories":"city"}"#, "'categories' has the wrong type"),
    (
      #"{"type":"filter","categories":[],"uncategorized":"yes"}"#,
      "'uncategorized' has the wrong type"
    ),
  ])
  func aFilterOfTheWrongKindIsRefusedNamingTheMember(text: String, why: String) {
    #expect(throws: ClientMessageError(seq: nil, problem: .malformed(why))) {
      try ClientMessage.decode(text)
    }
  }

  @Test func aMessageOverTheLimitIsRefusedUnread() {
    let padding = String(repeating: " ", count: ClientMessage.maximumSize)
    let text = #"{"type":"tapMap","seq":1}"# + padding
    #expect(throws: ClientMessageError(seq: nil, problem: .tooLarge(bytes: text.utf8.count))) {
      try ClientMessage.decode(text)
    }
  }

  @Test func randomBytesNeverCrashTheDecoder() {
    // A small fuzz with a fixed seed: every input is read or refused with an error.
    var generator = SplitMix64(seed: 25)
    let alphabet = Array(#"{}[]":,0123456789.-etruaflsn typecamrlonzom\"#.utf8)
    for _ in 0..<5_000 {
      let length = Int(generator.next() % 80)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let text = String(decoding: bytes, as: UTF8.self)
      _ = try? ClientMessage.decode(#"{"type":"camera","# + text)
      _ = try? ClientMessage.decode(text)
    }
  }
}

/// A small seeded generator, so that the fuzz inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
