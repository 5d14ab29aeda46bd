import PlacesModel

/// The `places-cli` tool: parses a command line, runs it and reports how it went.
///
/// Results go to standard output, errors to standard error; a failed command prints nothing
/// on standard output. The tool never exits by itself: it returns the status to exit with.
struct PlacesTool {
  /// The name the tool gives itself in messages.
  static let name = "places-cli"

  /// Where results go.
  let standardOutput: TextOutput
  /// Where errors go.
  let standardError: TextOutput
  /// Reads the next line of standard input, without its line break; `nil` at the end.
  let readLine: () -> String?

  /// Runs the command line `arguments`, which do not include the tool's name.
  func run(arguments: [String]) -> ExitStatus {
    do {
      let invocation = try CommandLineParser(context: .commandLine).parse(arguments)
      switch invocation.action {
      case .help(let topic):
        standardOutput.write(HelpText.text(for: topic))
      case .version:
        standardOutput.write(VersionText.text)
      case .run(let command):
        let runner = try makeRunner(for: invocation)
        if command == .session {
          return Session(runner: runner, tool: self).run()
        }
        if command.drivesViews {
          runner.start()
        }
        standardOutput.write(try runner.run(command))
      }
      return .success
    } catch {
      report(error, hint: error is UsageError ? Self.usageHint : nil)
      return ExitStatus(for: error)
    }
  }

  /// Writes `error` to standard error, with `context` before it and `hint` on the next line.
  func report(_ error: any Error, context: String? = nil, hint: String? = nil) {
    var message = Self.name + ": "
    if let context {
      message += context + ": "
    }
    message += "\(error)\n"
    if let hint {
      message += hint + "\n"
    }
    standardError.write(message)
  }

  private static let usageHint = "Run '\(name) --help' for usage."

  // MARK: - Loading

  private func makeRunner(for invocation: Invocation) throws -> CommandRunner {
    let reader = GeoJSONPlacesReader()
    let source = invocation.placesFile ?? BuiltInPlaces.source
    let places =
      if let file = invocation.placesFile {
        try reader.places(contentsOfFile: file)
      } else {
        try reader.places(from: BuiltInPlaces.geoJSON, source: source)
      }
    return try CommandRunner(places: places, source: source, format: invocation.format)
  }
}

extension Command {
  /// Whether the command works through the views, so that their start-up state is printed
  /// before its own commands; `list` prints places instead.
  fileprivate var drivesViews: Bool {
    switch self {
    case .select, .deselect, .locate, .camera, .session: true
    case .list: false
    }
  }
}
