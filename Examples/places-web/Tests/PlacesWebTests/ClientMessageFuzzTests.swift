import Foundation
import PlacesModel
import PlacesWeb
import Testing

/// A seeded fuzz of the message decoder, as `scripts/fuzz.sh` fuzzes the GeoJSON reader: valid
/// messages of every type, mutated the ways a broken or hostile page would mangle them, must
/// each be read or refused with a message, never crash; and a session answers each exactly once.
struct ClientMessageFuzzTests {
  /// A valid message of each type, and some edge values: where the mutations start.
  static let seeds = [
    #"{"type":"camera","seq":1,"lat":48.85,"lon":2.35,"zoom":10,"width":800,"height":600}"#,
    #"{"type":"tapMarker","seq":2,"id":2}"#,
    #"{"type":"tapMarker","seq":3,"id":"LHR"}"#,
    #"{"type":"tapCluster","seq":4,"level":7,"representative":2643743}"#,
    #"{"type":"tapMap","seq":5}"#,
    #"{"type":"rows","seq":6,"from":10,"count":20}"#,
    #"{"type":"tapRow","seq":7,"row":3}"#,
    #"{"type":"query","seq":8,"text":"stokholm","limit":10}"#,
    #"{"type":"chooseMatch","seq":9,"index":0}"#,
    #"{"type":"closeCard","seq":10}"#,
    #"{"type":"locate","seq":11,"lat":59.3,"lon":18.07}"#,
    #"{"type":"add","seq":12,"name":"Here","lat":1.5,"lon":2}"#,
    #"{"type":"move","seq":13,"id":2,"lat":-89.9,"lon":179.9}"#,
    #"{"type":"rename","seq":14,"id":"a","name":"Zürich \u00e9"}"#,
    #"{"type":"remove","seq":15,"id":7}"#,
  ]

  /// Values a mutation puts in place of a token: other kinds, limits and non-numbers.
  static let values = [
    "null", "true", "[]", "{}", "\"\"", "-0", "1e309", "-1e309", "1e-400", "9223372036854775808",
    "-9223372036854775809", "1.5", "-1", "0", "\"\\ud800\"", "\"\\u0000\"", "NaN", "Infinity",
    "[[[[[[[[[[]]]]]]]]]]", "\"" + String(repeating: "é", count: 300) + "\"", "\"camera\"",
    "\"rename\"", "181", "91", "100000", "1e3",
  ]

  @Test func mutatedMessagesAreReadOrRefusedWithAMessage() {
    var generator = SplitMix64(seed: 2_510)
    var read = 0
    var refused = 0
    for _ in 0..<20_000 {
      let text = Self.mutated(using: &generator)
      do {
        _ = try ClientMessage.decode(text)
        read += 1
      } catch {
        refused += 1
        #expect(!error.problem.description.isEmpty)
      }
    }
    // The mutations reach both outcomes, so that the decoder's checks are exercised.
    #expect(read > 200)
    #expect(refused > 10_000)
  }

  @Test(.timeLimit(.minutes(1)))
  func aSessionAnswersEveryMutatedMessageOnce() async throws {
    let hub = try WebSessionTests.sampleHub()
    var page = try #require(await PageHarness(hub: hub))
    _ = try await page.nextFrame()
    var generator = SplitMix64(seed: 2_511)
    for _ in 0..<1_000 {
      let text = Self.mutated(using: &generator)
      let frame = try await page.send(text)
      let endings = frame.types.filter { $0 == "done" || $0 == "error" }
      #expect(endings.count == 1, "\(text)")
      #expect(frame.last.map { $0["type"] as? String } == endings.first)
      if frame.last?["type"] as? String == "error" {
        let message = frame.last?["message"] as? String ?? ""
        #expect(!message.isEmpty)
      }
    }
  }

  // MARK: - Mutations

  /// A seed with one to four mutations.
  static func mutated(using generator: inout SplitMix64) -> String {
    var bytes = Array(seeds[Int(generator.next() % UInt64(seeds.count))].utf8)
    for _ in 0...(generator.next() % 4) {
      mutate(&bytes, using: &generator)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func mutate(_ bytes: inout [UInt8], using generator: inout SplitMix64) {
    func position() -> Int { bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count)) }
    switch generator.next() % 7 {
    case 0:  // a value in place of the token at a random place
      let start = position()
      let end = min(bytes.count, start + 1 + Int(generator.next() % 12))
      let value = values[Int(generator.next() % UInt64(values.count))]
      bytes.replaceSubrange(start..<end, with: Array(value.utf8))
    case 1:  // a range deleted
      let start = position()
      bytes.removeSubrange(start..<min(bytes.count, start + Int(generator.next() % 8)))
    case 2:  // a structural byte inserted
      let structural = Array(#"{}[]:,"\ "#.utf8)
      bytes.insert(structural[Int(generator.next() % UInt64(structural.count))], at: position())
    case 3:  // truncated
      bytes.removeSubrange(position()..<bytes.count)
    case 4:  // a random byte, invalid UTF-8 included
      if !bytes.isEmpty { bytes[position()] = UInt8(truncatingIfNeeded: generator.next()) }
    case 5:  // a member repeated
      let start = position()
      let slice = bytes[start..<min(bytes.count, start + 16)]
      bytes.insert(contentsOf: slice, at: position())
    default:  // another type named
      let types = ["camera", "rows", "add", "move", "locate", "fly", "", "Camera"]
      let name = types[Int(generator.next() % UInt64(types.count))]
      if let range = String(decoding: bytes, as: UTF8.self).range(of: #""type":""#) {
        let text = String(decoding: bytes, as: UTF8.self)
        let rest = text[range.upperBound...].drop { $0 != "\"" }
        bytes = Array((String(text[..<range.upperBound]) + name + rest).utf8)
      }
    }
  }
}
