import Foundation
import Testing

struct ListCommandTests {
  @Test func listPrintsEveryPlaceByNameWithoutViewCommands() async throws {
    let run = try await PlacesCLI.run(["list"])

    #expect(run.lines.count == 200)
    #expect(run.lines.first == #"id=114 name="Abidjan" country="CI""#)
    #expect(run.lines[168] == #"id=42 name="Stockholm" country="SE""#)
    #expect(run.lines.last == #"id=9 name="Zürich" country="CH""#)
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test func listNearPrintsNearestFirstWithDistance() async throws {
    let run = try await PlacesCLI.run(["list", "--near", "59.86,17.64"])

    #expect(
      run.lines.prefix(3) == [
        #"id=42 name="Stockholm" country="SE" distanceKm=63.7"#,
        #"id=37 name="Oslo" country="NO" distanceKm=384.5"#,
        #"id=40 name="Tallinn" country="EE" distanceKm=402.2"#,
      ])
    #expect(run.lines.count == 200)
    #expect(run.status == 0)
  }

  @Test func listNearLeavesTheUsersLocationAsItWas() async throws {
    let input = """
      locate 59.86 17.64
      list --near -33.92,18.42
      list

      """

    let run = try await PlacesCLI.run(["session"], input: input)

    let lines = Array(run.lines.dropFirst(SelectCommandTests.startUp.count + 2))
    #expect(lines.count == 400, "two lists of 200 places, and no view command between them")
    #expect(lines.first?.hasPrefix(#"id=105 name="Cape Town" country="ZA""#) == true)
    #expect(lines.dropFirst(200).first == #"id=42 name="Stockholm" country="SE" distanceKm=63.7"#)
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test func listNearMatchesASortOfEveryPlaceByDistance() async throws {
    let run = try await PlacesCLI.run(["list", "--near", "35.68,139.69", "--format", "json"])

    let distances = try run.lines.map(JSONLine.object(from:)).compactMap {
      $0["distanceKm"] as? Double
    }
    #expect(distances.count == 200)
    #expect(distances == distances.sorted())
  }

  @Test func listInJSONPrintsOneObjectPerPlace() async throws {
    let run = try await PlacesCLI.run(["list", "--format", "json", "--near=-33.92,18.42"])

    let objects = try run.lines.map(JSONLine.object(from:))
    #expect(objects.count == 200)
    let first = try #require(objects.first)
    #expect(first["id"] as? Int == 105)
    #expect(first["name"] as? String == "Cape Town")
    #expect(first["country"] as? String == "ZA")
    #expect(first["distanceKm"] is Double || first["distanceKm"] is Int)
    #expect(Set(first.keys) == ["id", "name", "country", "distanceKm"])
  }

  @Test func limitPrintsTheFirstRowsOnly() async throws {
    let all = try await PlacesCLI.run(["list"])
    let first = try await PlacesCLI.run(["list", "--limit", "3"])
    let nearest = try await PlacesCLI.run(["list", "--near", "59.3,18.0", "--limit=2"])

    #expect(first.lines == Array(all.lines.prefix(3)))
    #expect(nearest.lines.count == 2)
    #expect(nearest.lines.first?.contains(#"name="Stockholm""#) == true)
  }
}
