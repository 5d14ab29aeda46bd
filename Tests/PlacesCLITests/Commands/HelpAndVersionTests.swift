import Foundation
import Testing

@testable import places_cli

struct HelpAndVersionTests {
  @Test(arguments: [["--help"], ["-h"], ["help"], ["--help", "--format", "json"]])
  func toolHelpListsCommandsAndExitStatuses(arguments: [String]) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.standardOutput.hasPrefix("OVERVIEW: "))
    #expect(run.standardOutput.contains("USAGE: places-cli [OPTIONS] COMMAND"))
    for command in [
      "select ID", "deselect", "locate LAT LON", "list", "search TEXT", "session", "browse",
    ] {
      #expect(run.standardOutput.contains("\n  \(command) "))
    }
    #expect(run.standardOutput.contains("\n  camera LAT LON ZOOM\n"))
    #expect(run.standardOutput.contains("66  The places file is missing or unreadable."))
    for option in [
      "--places FILE", "--id-property FIELD", "--name-property FIELD", "--non-point centre|skip",
      "--strict", "--format text|json", "-h, --help", "--version", "--verbose",
    ] {
      #expect(run.standardOutput.contains("\n  \(option)  "), "\(option)")
    }
    #expect(!run.standardOutput.contains("--from"), "command options are in the command's help")
    #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 100 })
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test(arguments: [
    "select", "deselect", "locate", "camera", "list", "search", "session", "browse", "help",
  ])
  func everyCommandHasHelp(command: String) async throws {
    let afterCommand = try await PlacesCLI.run([command, "--help"])
    let beforeCommand = try await PlacesCLI.run(["--help", command])
    let helpCommand = try await PlacesCLI.run(["help", command])

    #expect(afterCommand.standardOutput.hasPrefix("USAGE: places-cli \(command)"))
    #expect(afterCommand.standardError == "")
    #expect(afterCommand.status == 0)
    #expect(beforeCommand == afterCommand)
    #expect(helpCommand == afterCommand)
  }

  @Test(arguments: [
    ("select", "--from map|list|search"), ("search", "--limit N"), ("list", "--near LAT,LON"),
  ])
  func aCommandsHelpListsItsOwnOptions(command: String, option: String) async throws {
    let run = try await PlacesCLI.run(["help", command])

    #expect(run.standardOutput.contains("OPTIONS:\n  \(option)  "))
  }

  @Test func sessionHelpNamesTheOptionsGivenOnTheCommandLineOnly() async throws {
    let run = try await PlacesCLI.run(["help", "session"])

    let lines = run.standardOutput.split(separator: "\n")
    let start = try #require(lines.firstIndex { $0.hasSuffix("on the command line only:") })
    let list = lines[(start + 1)...].prefix { $0.hasPrefix("  --") }.joined(separator: " ")
    #expect(
      list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == [
        "--places FILE", "--id-property FIELD", "--name-property FIELD",
        "--non-point centre|skip", "--id-prefix TEXT", "--strict", "--format text|json",
        "--cluster-by-category", "--watch.",
      ])
  }

  @Test(arguments: [[], ["select"], ["deselect"], ["locate"], ["list"], ["session"], ["help"]])
  func helpFitsInAHundredColumns(topic: [String]) async throws {
    let run = try await PlacesCLI.run(["help"] + topic)

    #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 100 })
  }

  /// Every example in the help runs as printed and prints something: a `printf` example is
  /// one line whose `\\n` become line breaks, and a search example finds a built-in place.
  @Test(arguments: ["select", "locate", "camera", "session", "search", "list", "filter"])
  func everyExampleInAHelpRunsAndPrintsSomething(command: String) async throws {
    let help = try await PlacesCLI.run(["help", command]).standardOutput
    let examples = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("places-cli ") || $0.hasPrefix("printf ") }
      .filter { !$0.contains("--places") }
    #expect(!examples.isEmpty)
    for example in examples {
      let run: PlacesCLI.Run
      if example.hasPrefix("printf ") {
        let script = try #require(example.split(separator: "'").dropFirst().first)
        #expect(example.hasSuffix("' | places-cli session"), "\(example)")
        run = try await PlacesCLI.run(
          ["session"], input: script.replacingOccurrences(of: "\\n", with: "\n"))
      } else {
        run = try await PlacesCLI.run(Array(try Session.words(of: example).dropFirst()))
      }
      #expect(run.status == 0, "\(example)")
      #expect(run.standardError == "", "\(example)")
      #expect(!run.standardOutput.isEmpty, "\(example)")
    }
  }

  @Test func browseHelpListsTheOptionsThatReadThePlaces() async throws {
    let run = try await PlacesCLI.run(["help", "browse"])

    for option in [
      "--places FILE", "--id-property FIELD", "--name-property FIELD", "--non-point centre|skip",
      "--strict",
    ] {
      #expect(run.standardOutput.contains("\n  \(option)  "), "\(option)")
    }
    #expect(!run.standardOutput.contains("--format"))
    #expect(run.standardOutput.contains("40 by 12"))
  }

  @Test func helpWinsOverMissingArguments() async throws {
    let run = try await PlacesCLI.run(["locate", "91", "-h"])

    #expect(run.standardOutput.hasPrefix("USAGE: places-cli locate LAT LON"))
    #expect(run.status == 0)
  }

  @Test func helpForUnknownCommandIsAUsageError() async throws {
    let run = try await PlacesCLI.run(["help", "frobnicate"])

    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("places-cli: unknown command 'frobnicate'"))
    #expect(run.status == 64)
  }

  @Test(arguments: [
    ["--version"], ["select", "42", "--version"], ["--version", "--format", "json"],
  ])
  func versionIsOneLine(arguments: [String]) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.lines.count == 1)
    #expect(run.lines.first?.wholeMatch(of: /places-cli \d+\.\d+\.\d+/) != nil)
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test(arguments: [["--version", "--verbose"], ["--verbose", "--version"]])
  func verboseVersionAddsTheLicenceAndTheDataAttribution(arguments: [String]) async throws {
    let run = try await PlacesCLI.run(arguments)
    let versionLine = try await PlacesCLI.run(["--version"]).standardOutput

    #expect(run.standardOutput.hasPrefix(versionLine))
    #expect(
      run.lines.dropFirst().first
        == "Copyright 2026 The Places authors. Licensed under the Apache License, Version 2.0.")
    #expect(
      run.standardOutput.contains(
        """
        Place data © GeoNames (https://www.geonames.org/), licensed under CC BY 4.0
        (https://creativecommons.org/licenses/by/4.0/). Changes: converted to GeoJSON, fields selected.
        """))
    #expect(
      run.standardOutput.contains(
        "Airport data from airportsdata (MIT), which includes data from mwgg/Airports"))
    #expect(run.standardOutput.contains("Copyright (c) 2020- Mike Borsetti <mike@borsetti.com>"))
    #expect(run.standardOutput.contains("Permission is hereby granted, free of charge"))
    #expect(
      run.standardOutput.contains(
        """
        Land outline: Made with Natural Earth. Free vector and raster map data @
        naturalearthdata.com. Public domain.
        """))
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }

  @Test(arguments: [["--verbose"], ["select", "42", "--verbose"]])
  func verboseWithoutVersionIsAUsageError(arguments: [String]) async throws {
    let run = try await PlacesCLI.run(arguments)

    #expect(run.standardOutput == "")
    #expect(
      run.standardError.hasPrefix("places-cli: option '--verbose' applies only with '--version'\n"))
    #expect(run.status == 64)
  }

  @Test func aSessionLinePrintsTheVersionOrTheNotices() async throws {
    let plain = try await PlacesCLI.run(["session"], input: "--version\n")
    let verbose = try await PlacesCLI.run(["session"], input: "--version --verbose\n")
    let versionLine = try #require(try await PlacesCLI.run(["--version"]).lines.first)

    #expect(plain.lines.last == versionLine)
    #expect(verbose.lines.contains(versionLine))
    #expect(verbose.standardOutput.contains("Permission is hereby granted, free of charge"))
    #expect(plain.status == 0)
    #expect(verbose.status == 0)
  }
}
