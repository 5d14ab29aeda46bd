import Foundation
import Testing

@testable import places_cli

/// `places-cli browse` run in a real pseudo-terminal: it takes the terminal over, and gives it
/// back as it found it on every way out.
@Suite(.timeLimit(.minutes(5)))
struct BrowseTerminalTests {
  /// How browse ends in a test.
  enum Ending: CaseIterable, CustomTestStringConvertible {
    case quitKey, controlC, interruptSignal, terminationSignal, hangUpSignal

    var testDescription: String { "\(self)" }

    /// The status the tool exits with.
    var status: Int32 {
      switch self {
      case .quitKey: 0
      case .controlC, .interruptSignal: 130
      case .terminationSignal: 143
      case .hangUpSignal: 129
      }
    }
  }

  /// Starts browse in a new pseudo-terminal and waits for its first frame.
  private func startBrowse() throws -> (PseudoTerminal, Process, before: termios) {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let before = try terminal.settings()
    let process = try terminal.launch(try PlacesCLI.executable(), arguments: ["browse"])
    let started = terminal.read(until: "q quit")
    try #require(started, "the first frame shows the keys")
    return (terminal, process, before)
  }

  @Test(arguments: Ending.allCases)
  func theTerminalIsRestoredHoweverBrowseEnds(ending: Ending) async throws {
    let (terminal, process, before) = try startBrowse()
    let during = try terminal.settings()

    switch ending {
    case .quitKey: terminal.type("q")
    case .controlC: terminal.type("\u{3}")
    case .interruptSignal: kill(process.processIdentifier, SIGINT)
    case .terminationSignal: kill(process.processIdentifier, SIGTERM)
    case .hangUpSignal: kill(process.processIdentifier, SIGHUP)
    }
    await process.exited()
    let after = try terminal.settings()
    terminal.closeTerminal()
    terminal.readToEnd()

    #expect(process.terminationStatus == ending.status)
    #expect(during.c_lflag & tcflag_t(ECHO | ICANON) == 0, "raw while browsing")
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
    let output = String(decoding: terminal.output, as: UTF8.self)
    #expect(output.hasPrefix(TerminalDevice.enterSequence))
    #expect(output.hasSuffix(TerminalDevice.leaveSequence))
  }

  /// A filter naming a category no place has is said once the terminal is given back, as
  /// the other commands say it, where it stays readable.
  @Test func anUnknownCategoryIsSaidAfterTheTerminalIsGivenBack() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let process = try terminal.launch(
      try PlacesCLI.executable(), arguments: ["browse", "--category", "CITY,airport"])
    try #require(terminal.read(until: "q quit"), "the first frame shows the keys")

    terminal.type("q")
    await process.exited()
    terminal.closeTerminal()
    terminal.readToEnd()

    #expect(process.terminationStatus == 0)
    let output = String(decoding: terminal.output, as: UTF8.self)
    let after = try #require(output.components(separatedBy: TerminalDevice.leaveSequence).last)
    #expect(after.contains("places-cli: no place has the category 'CITY'; the categories are"))
  }

  @Test func aSearchSelectsItsMatchOnTheMapAndInTheCard() async throws {
    let (terminal, process, _) = try startBrowse()

    terminal.type("/stockh")
    let matched = terminal.read(untilScreenShows: "Stockholm SE")
    terminal.type("\r")
    let selected = terminal.read(untilScreenShows: "◉ Stockholm")
    let carded = terminal.read(untilScreenShows: "│ population 1,515,017")
    let screen = terminal.screen()
    terminal.type("q")
    await process.exited()

    #expect(matched, "the match is listed while typing")
    #expect(selected, "the map marks the selected place")
    #expect(carded, "the card shows it")
    #expect(screen[0].contains("Stockholm"), "the title names it")
    #expect(screen[0].contains("zoom 10.0  59.33°N 18.07°E"), "the map zooms in on it")
    #expect(process.terminationStatus == 0)
  }

  @Test func aSelectionInTheListShowsOnTheMapAndInTheCard() async throws {
    let (terminal, process, _) = try startBrowse()

    terminal.type("\t")
    let focused = terminal.read(untilScreenShows: "[list]")
    let firstRow = terminal.screen()[2]
    let name = try #require(
      firstRow.split(separator: "│").last?.dropFirst().split(separator: "  ").first
        .map(String.init))
    terminal.type("\r")
    let marked = terminal.read(untilScreenShows: "◉ " + name)
    let carded = terminal.read(untilScreen: { lines in
      lines.filter { $0.hasSuffix("│ " + name + String(repeating: " ", count: 31 - name.count)) }
        .count == 1
    })
    let screen = terminal.screen()
    terminal.type("q")
    await process.exited()

    #expect(focused, "Tab moves to the list")
    #expect(marked, "the map marks \(name)")
    #expect(carded, "the card's first line is \(name)")
    #expect(screen[2].contains("›" + name), "the cursor is on the selected row")
    #expect(process.terminationStatus == 0)
  }

  @Test func aResizeRedrawsTheScreenAtTheNewSize() async throws {
    let (terminal, process, _) = try startBrowse()
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal.controller, UInt(TIOCSWINSZ), &size)

    kill(process.processIdentifier, SIGWINCH)  // the test's terminal is not the controlling one
    let redrawn = terminal.read(
      untilScreen: { $0.last?.contains("q quit") == true }, columns: 100, rows: 30)
    let screen = terminal.screen(columns: 100, rows: 30)
    terminal.type("q")
    await process.exited()

    #expect(redrawn)
    #expect(screen.last?.hasPrefix(" hjkl pan") == true, "the keys on the last row")
    #expect(screen.first?.hasSuffix("°E ") == true, "the title, full width")
    #expect(process.terminationStatus == 0)
  }
}
