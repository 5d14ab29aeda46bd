import Foundation
import Testing

struct JSONFormatTests {
  @Test func everyLineIsAnObjectNamingViewAndCommand() async throws {
    let run = try await PlacesCLI.run(["select", "42", "--format", "json"])

    let objects = try run.lines.map(JSONLine.object(from:))
    #expect(objects.count == 9)
    #expect(
      objects.map { "\($0["view"] ?? "-") \($0["command"] ?? "-")" } == [
        "map moveCamera", "map showMarkers", "list reloadRows", "map moveCamera",
        "map updateMarkers", "map selectMarker", "list highlightRow", "list scrollToRow",
        "card showDetails",
      ])
    #expect(run.status == 0)
  }

  @Test func argumentsAreNamedMembers() async throws {
    let run = try await PlacesCLI.run(["select", "42", "--format", "json"])

    #expect(
      run.lines[3]
        == #"{"view":"map","command":"moveCamera","latitude":59.32938,"longitude":18.06871,"zoom":0.0,"animated":true}"#
    )
    let camera = try JSONLine.object(from: run.lines[3])
    #expect(camera["latitude"] as? Double == 59.32938)
    #expect(camera["longitude"] as? Double == 18.06871)
    #expect(camera["zoom"] as? Double == 0)
    #expect(camera["animated"] as? Bool == true)
    let rows = try JSONLine.object(from: run.lines[2])
    #expect(rows["count"] as? Int == 200)
    #expect(rows["order"] as? String == "name")
  }

  @Test func everyMarkerIsListedWithItsCoordinateAndCount() async throws {
    let run = try await PlacesCLI.run(["select", "42", "--format", "json"])

    let shown = try JSONLine.object(from: run.lines[1])
    let markers = try #require(shown["markers"] as? [[String: Any]])
    #expect(markers.count == shown["count"] as? Int)
    #expect(markers.filter { $0["cluster"] != nil }.count == shown["clusters"] as? Int)
    #expect(markers.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 200)
    for marker in markers {
      #expect(marker["latitude"] is Double)
      #expect(marker["longitude"] is Double)
    }
    let update = try JSONLine.object(from: run.lines[4])
    let added = try #require(update["added"] as? [[String: Any]])
    let removed = try #require(update["removed"] as? [[String: Any]])
    let stockholm = try #require(added.first { $0["id"] as? Int == 42 })
    #expect(stockholm["name"] as? String == "Stockholm")
    #expect(stockholm["count"] as? Int == 1)
    #expect(stockholm["latitude"] as? Double == 59.32938)
    // The map still holds every place once: what went and came balance.
    let balance = { (list: [[String: Any]]) in list.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } }
    #expect(balance(added) == balance(removed))
    #expect(removed.allSatisfy { $0["cluster"] is String })
  }

  @Test func namesAreEscaped() async throws {
    let file = Fixture.path("awkward-names.geojson")

    let run = try await PlacesCLI.run(["list", "--format", "json", "--places", file])

    let names = try run.lines.map { try JSONLine.object(from: $0)["name"] as? String }
    #expect(names == ["Back\\slash\ttab\u{01}", "Fly \"N\" K Airport", "Nuku‘alofa"])
    #expect(run.lines[0].contains(#""Back\\slash\ttab\u0001""#))
  }

  /// A name's DEL, line separator and right-to-left override, which a terminal would act on,
  /// are escaped in text and JSON alike, and JSON reads them back.
  @Test func charactersThatReorderALineAreEscaped() async throws {
    let name = "Nord\u{7F}\u{2028}\u{202E}\u{200F}Syd"
    let input = "rename 42 \"\(name)\"\nlist --limit 200\n"

    let text = try await PlacesCLI.run(["session"], input: input)
    let json = try await PlacesCLI.run(["session", "--format", "json"], input: input)

    #expect(text.lines.contains { $0.contains(#"name="Nord\u007f\u2028\u202e\u200fSyd""#) })
    let names = try json.lines.map { try JSONLine.object(from: $0)["name"] as? String }
    #expect(names.contains(name))
    #expect(!text.standardOutput.unicodeScalars.contains { $0 == "\u{202E}" })
  }
}
