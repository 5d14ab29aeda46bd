import Foundation
import Testing

@testable import places_cli

/// `places-cli browse` in a real pseudo-terminal at the sizes people use: the way to quit always
/// shows, nothing is cut, a resize leaves nothing behind, and the terminal conventions (Control-Z,
/// `NO_COLOR`, `TERM=dumb`) are followed.
@Suite(.timeLimit(.minutes(5)))
struct BrowseScreenSizeTests {
  /// Starts browse in a pseudo-terminal of `columns` by `rows` and waits for its first frame.
  private func startBrowse(
    columns: UInt16, rows: UInt16, environment: [String: String] = [:]
  ) throws -> (PseudoTerminal, Process) {
    let terminal = try PseudoTerminal(columns: columns, rows: rows)
    let process = try terminal.launch(
      try PlacesCLI.executable(), arguments: ["browse"], environment: environment)
    let started = terminal.read(
      untilScreen: { $0.last?.hasSuffix("q quit ") == true }, columns: Int(columns),
      rows: Int(rows))
    try #require(started, "the first frame shows how to quit")
    return (terminal, process)
  }

  @Test(arguments: [(40, 12), (80, 24), (200, 60)])
  func quitShowsNothingIsCutAndAResizeLeavesNothingBehind(columns: Int, rows: Int) async throws {
    let (terminal, process) = try startBrowse(columns: UInt16(columns), rows: UInt16(rows))
    let first = terminal.screen(columns: columns, rows: rows)
    let (wider, taller) = (columns + 20, rows + 6)

    terminal.resize(columns: UInt16(wider), rows: UInt16(taller), telling: process)
    let redrawn = terminal.read(
      untilScreen: { $0.last?.hasSuffix("? keys  q quit ") == true }, columns: wider,
      rows: taller)
    terminal.type("q")
    await process.exited()
    terminal.closeTerminal()
    terminal.readToEnd()
    let left = terminal.screen(columns: wider, rows: taller)

    #expect(first.last?.hasSuffix("? keys  q quit ") == true, "quit and the keys show")
    #expect(first[0].hasSuffix("°E "), "the title's position is whole")
    #expect(first[0].contains("zoom \(columns == 200 ? "2.3" : columns == 80 ? "0.6" : "0.0")"))
    #expect(first[0].contains("[map]"))
    #expect(!first[0].contains("…") && !first[rows - 1].contains("…"), "bars are not cut")
    #expect(redrawn, "the resized screen shows how to quit")
    #expect(
      left.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty },
      "nothing is left on the screen after quitting")
    #expect(process.terminationStatus == 0)
  }

  @Test func loadingSaysSoInRawModeBeforeTheFirstFrame() async throws {
    let (terminal, process) = try startBrowse(columns: 80, rows: 24)
    let output = String(decoding: terminal.output, as: UTF8.self)
    terminal.type("q")
    await process.exited()

    let loading = try #require(output.range(of: "Loading places from the built-in sample…"))
    let enter = try #require(output.range(of: TerminalDevice.enterSequence))
    let frame = try #require(output.range(of: "q quit"))
    #expect(enter.upperBound <= loading.lowerBound, "the terminal is taken over first")
    #expect(loading.upperBound <= frame.lowerBound)
  }

  @Test(arguments: [false, true])
  func controlZOrSIGTSTPSuspendsWithTheTerminalRestoredAndContinuingRedraws(
    bySignal: Bool
  ) async throws {
    let (terminal, process) = try startBrowse(columns: 80, rows: 24)
    let before = terminal.output.count

    if bySignal {
      kill(process.processIdentifier, SIGTSTP)
    } else {
      terminal.type("\u{1A}")
    }
    let suspended = terminal.read(until: TerminalDevice.leaveSequence, after: before)
    let stopped = Self.waitUntilStopped(process.processIdentifier)
    let whileStopped = try terminal.settings()
    let stoppedAt = terminal.output.count
    kill(process.processIdentifier, SIGCONT)
    let redrawn = terminal.read(until: "q quit", after: stoppedAt)
    let during = try terminal.settings()
    terminal.type("q")
    await process.exited()

    #expect(suspended, "the terminal is given back")
    #expect(stopped, "the process stops, as a shell's job")
    #expect(whileStopped.c_lflag & tcflag_t(ECHO | ICANON) != 0, "cooked while stopped")
    #expect(redrawn, "the screen is drawn again on continuing")
    #expect(during.c_lflag & tcflag_t(ECHO | ICANON) == 0, "raw again")
    #expect(process.terminationStatus == 0)
  }

  @Test func noColorDrawsWithoutColours() async throws {
    let (terminal, process) = try startBrowse(
      columns: 80, rows: 24, environment: ["NO_COLOR": "1"])
    terminal.type("/sto")
    terminal.read(untilScreenShows: "Stockholm SE")
    terminal.type("\u{1B}q")
    await process.exited()
    let output = String(decoding: terminal.output, as: UTF8.self)

    let styles = output.split(separator: "\u{1B}[").filter { $0.contains("m") }.compactMap {
      $0.split(separator: "m").first
    }
    #expect(!styles.isEmpty)
    for style in styles {
      let parameters = style.split(separator: ";").compactMap { Int($0) }
      #expect(parameters.allSatisfy { $0 < 30 }, "no colour in \(style)")
    }
  }

  @Test func aDumbTerminalIsRefused() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let process = try terminal.launch(
      try PlacesCLI.executable(), arguments: ["browse"], environment: ["TERM": "dumb"])
    await process.exited()
    terminal.closeTerminal()
    terminal.readToEnd()
    let output = String(decoding: terminal.output, as: UTF8.self)

    #expect(process.terminationStatus == 64)
    #expect(output.contains("TERM is 'dumb'"))
    #expect(!output.contains(TerminalDevice.enterSequence))
  }

  /// Whether the process is stopped within a minute, as `/proc` tells.
  private static func waitUntilStopped(_ pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let state = stat.split(separator: ")").last?.split(separator: " ").first,
        state == "T" || state == "t"
      {
        return true
      }
      usleep(20_000)
    }
    return false
  }
}
