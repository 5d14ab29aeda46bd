import Foundation
import Testing

/// `--category` and a session's `filter`, end to end: the built-in places are 180 cities and
/// 20 airports.
struct CategoryFilterCommandTests {
  @Test func listWithACategoryPrintsOnlyItsPlacesByName() async throws {
    let run = try await PlacesCLI.run(["list", "--category", "airport"])

    #expect(run.lines.count == 20)
    #expect(run.lines.first == #"id=190 name="Amsterdam Airport Schiphol" country="NL""#)
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test func listNearWithACategoryPrintsItsPlacesNearestFirst() async throws {
    let run = try await PlacesCLI.run(["list", "--category=airport", "--near", "59.86,17.64"])

    #expect(run.lines.count == 20)
    #expect(
      run.lines.first == #"id=190 name="Amsterdam Airport Schiphol" country="NL" distanceKm=1155.2"#
    )
    #expect(run.status == 0)
  }

  @Test func severalCategoriesAndTheUncategorizedAreShown() async throws {
    let both = try await PlacesCLI.run(["list", "--category", "city,airport"])
    let none = try await PlacesCLI.run(["list", "--category", "(none)"])
    let unknown = try await PlacesCLI.run(["list", "--category", "museum"])

    #expect(both.lines.count == 200)
    #expect(none.lines.isEmpty)
    #expect(unknown.lines.isEmpty)
    #expect(unknown.status == 0)
    #expect(both.standardError == "")
  }

  /// A filter naming a category no place has (a misspelling, another case, a space) shows
  /// none of it, and says so on standard error, naming the catalog's categories.
  @Test func aCategoryNoPlaceHasIsNamedOnStandardError() async throws {
    let option = try await PlacesCLI.run(["list", "--category", "CITY,airport", "--limit", "1"])
    let session = try await PlacesCLI.run(
      ["session"], input: "filter \"city, airport\"\nfilter (none)\nfilter city\n")

    #expect(option.lines.count == 1)
    #expect(option.status == 0)
    #expect(
      option.standardError
        == "places-cli: no place has the category 'CITY'; the categories are 'airport', "
        + "'city' (names are compared exactly, case and spaces included)\n")
    let notes = session.standardError.split(separator: "\n")
    #expect(notes.count == 2)
    // A session's note names its line, as an error would.
    let (first, last) = (String(notes.first ?? ""), String(notes.last ?? ""))
    #expect(first.hasPrefix("places-cli: line 1: no place has the category ' airport'"))
    #expect(last.hasPrefix("places-cli: line 2: no place has the category (none)"))
    #expect(session.status == 0)
  }

  /// A note names the line as an error does: comments and blank lines count.
  @Test func aSessionsNoteCountsEveryLine() async throws {
    let run = try await PlacesCLI.run(["session"], input: "# a comment\n\nfilter CITY\n")

    #expect(run.standardError.hasPrefix("places-cli: line 3: no place has the category 'CITY'"))
    #expect(run.status == 0)
  }

  /// A place the filter hides has no row: selecting it from the list says so, and that it
  /// exists.
  @Test func selectingFromTheListAPlaceTheFilterHidesSaysWhy() async throws {
    let run = try await PlacesCLI.run(["select", "190", "--from", "list", "--category", "city"])

    #expect(run.status == 64)
    #expect(
      run.standardError.contains(
        "place 190 has no row in the list: the filter hides its "
          + "category, 'airport'"))
    #expect(run.lines.isEmpty)
  }

  @Test func searchWithACategoryShowsTheFirstMatchesOfItsPlaces() async throws {
    let all = try await PlacesCLI.run(["search", "s", "--limit", "200"])
    let cities = try await PlacesCLI.run(["search", "s", "--category", "city", "--limit", "20"])

    #expect(all.lines.prefix(20).contains { $0.contains("Airport") })
    #expect(cities.lines == Array(all.lines.filter { !$0.contains("Airport") }.prefix(20)))
    #expect(cities.status == 0)
  }

  @Test func theViewsStartFiltered() async throws {
    let run = try await PlacesCLI.run(["select", "190", "--category", "airport"])

    #expect(run.lines.contains("list: reloadRows count=20 order=name"))
    #expect(run.lines.contains("list: highlightRow row=0"))
    #expect(run.status == 0)
  }

  /// The help says categories are separated by commas or spaces: a space after a comma, or
  /// before one, separates them as the comma alone does.
  @Test(arguments: [
    "filter city, airport", "filter city ,airport", "filter city , airport", "filter city airport",
  ])
  func aCommaBesideASpaceSeparatesCategoriesOnce(line: String) async throws {
    let written = try await PlacesCLI.run(["session"], input: line + "\nlist --limit 1\n")
    let typed = try await PlacesCLI.run(
      ["session"], input: "filter city,airport\nlist --limit 1\n")
    let cities = try await PlacesCLI.run(["session"], input: "filter city\nlist --limit 1\n")

    #expect(written.standardError == "")
    #expect(written.status == 0)
    #expect(written.lines == typed.lines)
    // The filter took both categories, not only the first.
    #expect(written.lines != cities.lines)
  }

  @Test func aSessionsFilterHoldsForTheLinesThatFollowUntilCleared() async throws {
    let input = """
      select 42
      filter airport
      list --limit 1
      filter
      list --limit 1

      """

    let run = try await PlacesCLI.run(["session"], input: input)

    let lines = Array(run.lines.dropFirst(SelectCommandTests.startUp.count))
    let afterSelect = try #require(
      lines.firstIndex { $0 == "list: reloadRows count=20 order=name" })
    // The map hears the filter first, as the coordinator sets it first.
    #expect(lines[afterSelect - 1].hasPrefix("map: updateMarkers "))
    #expect(
      Array(lines[afterSelect...]) == [
        "list: reloadRows count=20 order=name",
        #"id=190 name="Amsterdam Airport Schiphol" country="NL""#,
        "map: updateMarkers added=3 removed=3 count=4 clusters=3 split=3 merged=3",
        "list: reloadRows count=200 order=name",
        "list: highlightRow row=168",
        #"id=114 name="Abidjan" country="CI""#,
      ])
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test(arguments: [
    (["list", "--category"], "option '--category' needs a value"),
    (["list", "--category", ""], "invalid value '' for '--category'"),
    (["list", "--category", "city,,airport"], "invalid value 'city,,airport' for '--category'"),
    (["search", "san", "--category", " "], "invalid value ' ' for '--category'"),
    (["filter", "city,"], "'filter' needs a CATEGORY"),
    (["filter", "city,,", "airport"], "'filter' needs a CATEGORY"),
    (["filter", "city,", ",airport"], "'filter' needs a CATEGORY"),
    (["filter", ",city"], "'filter' needs a CATEGORY"),
  ])
  func badCategoriesAreUsageErrors(arguments: [String], message: String) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("places-cli: " + message), "\(run.standardError)")
    #expect(run.status == 64)
  }

  @Test func aSessionLineTakesFilterNotTheOption() async throws {
    let run = try await PlacesCLI.run(["session"], input: "list --category city\n")

    #expect(run.standardError.contains("in a session, run 'filter C[,C...]'"))
    #expect(run.status == 64)
  }

  @Test func addKeepsCategoryAsTheNewPlacesCategory() async throws {
    let input = "add 9001 59.86 17.64 Uppsala --category museum\nfilter museum\nlist\n"

    let run = try await PlacesCLI.run(["session"], input: input)

    #expect(run.lines.last == #"id=9001 name="Uppsala""#)
    #expect(run.status == 0)
  }
}
