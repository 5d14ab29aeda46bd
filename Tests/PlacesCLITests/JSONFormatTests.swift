import Foundation
import Testing

struct JSONFormatTests {
  @Test func everyLineIsAnObjectNamingViewAndCommand() throws {
    let run = try PlacesCLI.run(["select", "42", "--format", "json"])

    let objects = try run.lines.map(JSONLine.object(from:))
    #expect(objects.count == 8)
    #expect(
      objects.map { "\($0["view"] ?? "-") \($0["command"] ?? "-")" } == [
        "map showMarkers", "list reloadRows", "map selectMarker", "map moveCamera", "map showCard",
        "list highlightRow", "list scrollToRow", "card showDetails",
      ])
    #expect(run.status == 0)
  }

  @Test func argumentsAreNamedMembers() throws {
    let run = try PlacesCLI.run(["select", "42", "--format", "json"])

    #expect(
      run.lines[3]
        == #"{"view":"map","command":"moveCamera","latitude":59.32938,"longitude":18.06871,"animated":true}"#
    )
    let camera = try JSONLine.object(from: run.lines[3])
    #expect(camera["latitude"] as? Double == 59.32938)
    #expect(camera["longitude"] as? Double == 18.06871)
    #expect(camera["animated"] as? Bool == true)
    let rows = try JSONLine.object(from: run.lines[1])
    #expect(rows["count"] as? Int == 200)
    #expect(rows["order"] as? String == "name")
  }

  @Test func namesAreEscaped() throws {
    let file = Fixture.path("awkward-names.geojson")

    let run = try PlacesCLI.run(["list", "--format", "json", "--places", file])

    let names = try run.lines.map { try JSONLine.object(from: $0)["name"] as? String }
    #expect(names == ["Back\\slash\ttab\u{01}", "Fly \"N\" K Airport", "Nuku‘alofa"])
    #expect(run.lines[0].contains(#""Back\\slash\ttab\u0001""#))
  }
}
