import Foundation
import Testing

@testable import places_cli

struct SessionTests {
  private static let stockholmDeselected = [
    "map: deselectMarker id=42",
    "map: updateMarkers added=1 removed=2 count=3 clusters=3",
    "list: clearHighlight",
    "card: dismiss",
  ]

  @Test func stateCarriesFromLineToLine() async throws {
    let input = """
      select 42
      locate 59.86 17.64
      list
      deselect

      """

    let run = try await PlacesCLI.run(["session"], input: input)

    #expect(
      Array(run.lines.prefix(12))
        == SelectCommandTests.startUp + SelectCommandTests.stockholmSelected + [
          "map: showUserLocation at=59.86,17.64",
          "list: reloadRows count=200 order=distance",
          "list: highlightRow row=0",
        ])
    #expect(run.lines[12] == #"id=42 name="Stockholm" country="SE" distanceKm=63.7"#)
    #expect(run.lines.count == 12 + 200 + 4)
    #expect(Array(run.lines.suffix(4)) == Self.stockholmDeselected)
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test func badLinesAreReportedAndSessionGoesOn() async throws {
    let input = """
      # comments and empty lines are skipped

      select 99999
      select 42
      select 4x2
        deselect\u{20}

      """

    let run = try await PlacesCLI.run(["session"], input: input)

    #expect(
      run.lines
        == SelectCommandTests.startUp + SelectCommandTests.stockholmSelected
        + Self.stockholmDeselected)
    #expect(
      run.standardError == """
        places-cli: line 3: no place has id 99999
        places-cli: line 5: invalid id '4x2': expected an integer

        """)
    #expect(run.status == 64, "the status of the last line that failed")
  }

  /// A line's control characters are escaped in its error message, so that the line cannot
  /// move the terminal's cursor or make a message of its own; a very long one is cut.
  @Test func errorMessagesEscapeWhatALineHolds() async throws {
    let long = String(repeating: "x", count: 5_000)
    let input = "select \u{1B}[31mX\nbogus\u{1B}[2J\u{202E}\nselect \(long)\n"

    let run = try await PlacesCLI.run(["session"], input: input)

    let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix(#"places-cli: line 1: invalid id '\u001b[31mX'"#))
    #expect(lines[1].hasPrefix(#"places-cli: line 2: unknown command 'bogus\u001b[2J\u202e'"#))
    // The middle of a long echo is cut; the end, which says what was expected, stays.
    #expect(lines[2].contains(" [... 3034 more Unicode scalars ...] "))
    #expect(lines[2].hasSuffix("': expected an integer"))
    #expect(lines[2].count < 2_100)
    #expect(!run.standardError.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(run.status == 64)
  }

  /// Standard input that cannot be read (a folder) is not the end of the input: the session
  /// says so and exits with 74, with or without `--watch`.
  @Test(arguments: [false, true])
  func anUnreadableStandardInputIsReported(watching: Bool) async throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(#"{"type":"FeatureCollection","features":[]}"#, to: "p.geojson")
    let arguments = ["session"] + (watching ? ["--places", file.path, "--watch"] : [])

    let run = try await PlacesCLI.run(arguments, standardInputFile: folder.url)

    #expect(run.status == 74)
    #expect(
      run.standardError.hasSuffix(
        "places-cli: standard input could not be read: Is a directory; give 'session' a file or a pipe of lines\n"
      ))
  }

  @Test func anUnknownCommandListsOnlyWhatASessionTakes() async throws {
    let run = try await PlacesCLI.run(["session"], input: "frobnicate\nselct 42\n")

    #expect(
      run.standardError == """
        places-cli: line 1: unknown command 'frobnicate': expected one of select, deselect, \
        locate, camera, list, search, add, move, rename, remove, filter, tap-cluster, cluster, help
        places-cli: line 2: unknown command 'selct'; did you mean 'select'?

        """)
    #expect(run.status == 64)
  }

  @Test func helpInASessionShowsTheSessionsHelp() async throws {
    let run = try await PlacesCLI.run(["session"], input: "help\n")
    let sessionHelp = try await PlacesCLI.run(["help", "session"])

    #expect(run.standardOutput.hasSuffix(sessionHelp.standardOutput))
    #expect(!run.standardOutput.contains("EXIT STATUS:\n  0   Success."))
  }

  @Test func wordsInQuotesStayTogether() throws {
    #expect(
      try Session.words(of: #"select "New York" 'a b' "q\"r\\" "" x"#)
        == ["select", "New York", "a b", #"q"r\"#, "", "x"])
    #expect(throws: UsageError.unterminatedQuote) { try Session.words(of: #"select "LHR"#) }
  }

  @Test func quotesJoinTheTextBesideThemAndSpacesRunTogether() throws {
    #expect(
      try Session.words(of: "  move\t 42 ab\"c d\"e 'x'\"\" \"a\\b\"  ")
        == ["move", "42", "abc de", "x", #"a\b"#])
    #expect(try Session.words(of: " \t ") == [])
    #expect(try Session.words(of: "a\u{2003}b\u{00A0}c\r\nd") == ["a", "b", "c", "d"])
  }

  @Test func statusIsThatOfTheLastFailure() async throws {
    let run = try await PlacesCLI.run(["session"], input: "select x\nselect 99999\nselect 1\n")

    #expect(run.status == 1)
    #expect(run.standardError.split(separator: "\n").count == 2)
  }

  @Test(arguments: [
    (
      "--places other.geojson",
      "'--places' cannot be used inside a session; give it on the command line"
    ),
    ("--format json", "'--format' cannot be used inside a session; give it on the command line"),
    ("session", "'session' cannot be used inside a session; give it on the command line"),
    ("select 42 --near 1,2", "option '--near' does not apply to 'select'"),
  ])
  func commandLineOnlyWordsAreRefusedInSession(line: String, message: String) async throws {
    let run = try await PlacesCLI.run(["session"], input: "select 42\n\(line)\n")

    #expect(run.lines == SelectCommandTests.startUp + SelectCommandTests.stockholmSelected)
    #expect(run.standardError == "places-cli: line 2: \(message)\n")
    #expect(run.status == 64)
  }

  @Test func sessionPrintsJSONWhenAsked() async throws {
    let run = try await PlacesCLI.run(["--format", "json", "session"], input: "select 42\nlist\n")

    let objects = try run.lines.map(JSONLine.object(from:))
    #expect(objects.count == 3 + 6 + 200)
    #expect(objects[8]["command"] as? String == "showDetails")
    #expect(objects[9]["name"] as? String == "Abidjan")
    #expect(run.status == 0)
  }

  @Test func helpAndVersionWorkInsideSession() async throws {
    let run = try await PlacesCLI.run(["session"], input: "select --help\n--version\n")

    #expect(run.standardOutput.contains("USAGE: places-cli select ID"))
    #expect(run.standardOutput.contains("places-cli 0.1.0"))
    #expect(run.status == 0)
  }

  /// Every line of a JSON session is one object, `help` and `--version` included.
  @Test func helpAndVersionInAJSONSessionAreObjects() async throws {
    let run = try await PlacesCLI.run(
      ["--format", "json", "session"], input: "help select\n--version\nselect 42\n")
    let help = try await PlacesCLI.run(["help", "select"])
    let version = try await PlacesCLI.run(["--version"])

    let objects = try run.lines.map(JSONLine.object(from:))
    let events = objects.filter { $0["event"] != nil }
    #expect(events.count == 2)
    #expect(events.first?["event"] as? String == "help")
    #expect(events.first?["text"] as? String == help.standardOutput)
    #expect(events.last?["event"] as? String == "version")
    #expect(events.last?["text"] as? String == version.standardOutput)
    #expect(objects.contains { $0["command"] as? String == "showDetails" })
    #expect(run.status == 0)
  }

  @Test func missingPlacesFileEndsSessionAtOnce() async throws {
    let run = try await PlacesCLI.run(
      ["session", "--places", "/nonexistent/places.geojson"], input: "select 42\n")

    #expect(run.standardOutput == "")
    #expect(
      run.standardError == "places-cli: /nonexistent/places.geojson: no such file\n"
        + "Check the path and that the file can be read, or leave out --places.\n")
    #expect(run.status == 66)
  }

  @Test func eachLineIsAnsweredBeforeTheNextIsSent() async throws {
    let process = Process()
    process.executableURL = try PlacesCLI.executable()
    process.arguments = ["session"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.runAlone()
    // A guard, not a measurement: if the tool ever held its output back, the reads below
    // would wait for ever; killing it ends them with what arrived.
    let processID = process.processIdentifier
    let watchdog = DispatchWorkItem { _ = kill(processID, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    defer { watchdog.cancel() }

    var received: [String] = []
    var pending = ""
    func readLines(until count: Int) {
      while received.count < count {
        let data = output.fileHandleForReading.availableData
        if data.isEmpty { return }
        pending += String(decoding: data, as: UTF8.self)
        while let newline = pending.firstIndex(of: "\n") {
          received.append(String(pending[..<newline]))
          pending = String(pending[pending.index(after: newline)...])
        }
      }
    }

    readLines(until: 3)
    #expect(received == SelectCommandTests.startUp)
    input.fileHandleForWriting.write(Data("select 42\n".utf8))
    readLines(until: 9)
    #expect(Array(received.dropFirst(3)) == SelectCommandTests.stockholmSelected)
    input.fileHandleForWriting.write(Data("deselect\n".utf8))
    readLines(until: 13)
    #expect(Array(received.dropFirst(9)) == Self.stockholmDeselected)
    try input.fileHandleForWriting.close()
    await process.exited()
    #expect(process.terminationStatus == 0)
  }
}
