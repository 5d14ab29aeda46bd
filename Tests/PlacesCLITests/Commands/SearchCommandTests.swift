import Foundation
import Testing

struct SearchCommandTests {
  @Test func searchPrintsMatchesBestFirstWithoutViewCommands() async throws {
    let run = try await PlacesCLI.run(["search", "san"])

    #expect(
      run.lines == [
        #"id=156 name="Santiago" country="CL" match=namePrefix population=4837295"#,
        #"id=148 name="Santo Domingo" country="DO" match=namePrefix population=2201941"#,
        #"id=127 name="San Francisco" country="US" match=namePrefix population=827526"#,
        #"id=149 name="San Juan" country="PR" match=namePrefix population=418140"#,
        #"id=147 name="San José" country="CR" match=namePrefix population=335007"#,
      ])
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test(arguments: [["zurich"], ["ZÜRICH"], ["Zurich"]])
  func searchIgnoresCaseAndAccents(words: [String]) async throws {
    let run = try await PlacesCLI.run(["search"] + words)

    #expect(run.lines == [#"id=9 name="Zürich" country="CH" match=exactName population=415367"#])
  }

  @Test func severalWordsAreOneQueryAndALaterWordMatchesToo() async throws {
    let exact = try await PlacesCLI.run(["search", "sao", "paulo"])
    let laterWord = try await PlacesCLI.run(["search", "paulo"])

    #expect(
      exact.lines == [#"id=150 name="São Paulo" country="BR" match=exactName population=12400232"#])
    #expect(
      laterWord.lines == [
        #"id=150 name="São Paulo" country="BR" match=wordPrefix population=12400232"#
      ])
  }

  @Test func limitKeepsTheBestMatchesAndJSONHasOneObjectEach() async throws {
    let run = try await PlacesCLI.run(["search", "san", "--limit", "2", "--format", "json"])

    let objects = try run.lines.map(JSONLine.object(from:))
    #expect(objects.map { $0["id"] as? Int } == [156, 148])
    let first = try #require(objects.first)
    #expect(first["name"] as? String == "Santiago")
    #expect(first["match"] as? String == "namePrefix")
    #expect(first["population"] as? Int == 4_837_295)
    #expect(Set(first.keys) == ["id", "name", "country", "match", "population"])
  }

  @Test func searchWithNoMatchPrintsNothingAndSucceeds() async throws {
    let run = try await PlacesCLI.run(["search", "qqq"])

    #expect(run.standardOutput == "")
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test func inASessionMatchesAreNearestFirstAndOneCanBeChosen() async throws {
    let input = """
      locate 59.86 17.64
      search s --limit 3
      select 42 --from search

      """

    let run = try await PlacesCLI.run(["session"], input: input)

    let afterStartUp = Array(run.lines.dropFirst(SelectCommandTests.startUp.count + 2))
    #expect(
      afterStartUp == [
        #"id=42 name="Stockholm" country="SE" match=namePrefix population=1515017 distanceKm=63.7"#,
        #"id=47 name="Saint Petersburg" country="RU" match=namePrefix population=5351935 distanceKm=705.8"#,
        #"id=18 name="Sofia" country="BG" match=namePrefix population=1152556 distanceKm=1947.2"#,
        "map: moveCamera to=59.32938,18.06871 zoom=0.0 animated=true",
        "map: updateMarkers added=2 removed=1 count=4 clusters=3",
        "map: selectMarker id=42",
        "list: highlightRow row=0",
        "list: scrollToRow row=0 animated=true",
        #"card: showDetails id=42 name="Stockholm" country="SE" category="city" population=1515017"#,
      ])
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test func choosingAPlaceThatIsNotAMatchIsAUsageError() async throws {
    let run = try await PlacesCLI.run(
      ["session"], input: "search stockholm\nselect 1 --from search\n")

    #expect(run.lines.count == SelectCommandTests.startUp.count + 1)
    #expect(
      run.standardError
        == "places-cli: line 2: place 1 is not among the matches of the last search; "
        + "run 'search TEXT' first\n")
    #expect(run.status == 64)
  }

  @Test(arguments: [
    (["search"], "'search' needs the argument TEXT"),
    (
      ["search", "x", "--limit", "0"],
      "invalid value '0' for '--limit': expected a whole number from 1 to 9223372036854775807"
    ),
    (
      ["search", "x", "--limit=-2"],
      "invalid value '-2' for '--limit': expected a whole number from 1 to 9223372036854775807"
    ),
    (
      ["search", "x", "--limit", "1e3"],
      "invalid value '1e3' for '--limit': expected a whole number from 1 to 9223372036854775807"
    ),
    (["select", "42", "--limit", "3"], "option '--limit' does not apply to 'select'"),
    (
      ["select", "42", "--from", "menu"],
      "invalid value 'menu' for '--from': expected map, list or search"
    ),
  ])
  func badSearchArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.standardOutput == "")
    let command = try #require(arguments.first)
    #expect(
      run.standardError == "places-cli: \(message)\nRun 'places-cli help \(command)' for usage.\n")
    #expect(run.status == 64)
  }
}
