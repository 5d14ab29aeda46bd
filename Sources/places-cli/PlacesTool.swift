import PlacesModel
import ViewModels

/// The `places-cli` tool: parses a command line, runs it and reports how it went.
///
/// Results go to standard output, errors to standard error; a failed command prints nothing
/// on standard output. A failed write to standard output is an error of its own
/// (``ExitStatus/ioError``), reported on standard error; a failed write to standard error cannot
/// be reported and leaves the status as it was. The tool never exits by itself: it returns the
/// status to exit with.
struct PlacesTool {
  /// The name the tool gives itself in messages.
  static let name = "places-cli"

  /// Where results go.
  let standardOutput: TextOutput
  /// Where errors go.
  let standardError: TextOutput
  /// Reads the next line of standard input, without its line break; `nil` at the end: how a
  /// test or the fuzzer gives a session its lines (the tool itself gives
  /// ``makeSessionInput``).
  let readLine: () -> String?
  /// Makes the standard input of `session` without `--watch`; when `nil`, the session reads
  /// its lines with ``readLine``, as a test or the fuzzer gives them.
  var makeSessionInput: (() -> any SessionInput)?
  /// Makes the standard input of `session --watch`, whose waits for a line time out so the
  /// file can be polled between lines; ``readLine`` is not used then.
  var makeWatchedInput: () -> any SessionInput = {
    FileDescriptorLineInput(fileDescriptor: 0)
  }
  /// Makes the watcher of a file given with `--watch`: `stat(2)` every
  /// ``FileWatcher/defaultInterval`` unless a test supplies a faster or a scripted one.
  var makeFileWatcher: (String) -> FileWatcher = { FileWatcher(path: $0) }

  /// Runs the command line `arguments`, which do not include the tool's name.
  func run(arguments: [String]) -> ExitStatus {
    do {
      let invocation = try CommandLineParser(context: .commandLine).parse(arguments)
      switch invocation.action {
      case .help(let topic):
        try standardOutput.write(HelpText.text(for: topic))
      case .version(let verbose):
        try standardOutput.write(VersionText.text(verbose: verbose))
      case .run(.browse):
        return try Browse(tool: self).run(invocation)
      case .run(let command):
        // Watching starts before the first load, so a change made during it is seen.
        let files = PlacesFiles(for: invocation)
        let watches = makeWatches(of: files, for: invocation)
        let runner = try makeRunner(for: invocation, files: files)
        if let filter = invocation.categoryFilter {
          runner.categoryFilter = filter
        }
        if command == .session {
          return Session(runner: runner, tool: self, watches: watches).run()
        }
        if command.drivesViews {
          runner.start()
        }
        try standardOutput.write(try runner.run(command))
      }
      return .success
    } catch {
      report(error, hint: Self.hint(for: error, arguments: arguments))
      return ExitStatus(for: error)
    }
  }

  /// Writes `error` to standard error, with `context` before it and `hint` on the next line.
  ///
  /// If standard error cannot be written to either, nothing more can be said; the exit status
  /// still tells that the command failed.
  func report(_ error: any Error, context: String? = nil, hint: String? = nil) {
    note(Self.messageText(of: error) + (hint.map { "\n" + $0 } ?? ""), context: context)
  }

  /// Writes `message`, a note that is not an error but should be seen, to standard error as
  /// an error is written: the tool's name, then `context` (`line 2`), then the message.
  func note(_ message: String, context: String? = nil) {
    writeToStandardError(Self.name + ": " + (context.map { $0 + ": " } ?? "") + message + "\n")
  }

  /// Writes `text`, a message or a note, to standard error.
  ///
  /// If standard error cannot take it, nowhere is left to say so: the command goes on as it
  /// would, and its exit status still tells of any failure.
  func writeToStandardError(_ text: String) {
    do {
      try standardError.write(text)
    } catch {
      // Nowhere is left to report it.
    }
  }

  /// The message of `error`, each of its own lines escaped (``String/escapedForMessage(limit:)``):
  /// an error may quote a file's text or a session's line, which so cannot start a line.
  static func messageText(of error: any Error) -> String {
    let lines = (error as? GeoJSONError)?.messageLines ?? ["\(error)"]
    return lines.map { $0.escapedForMessage() }.joined(separator: "\n")
  }

  /// The line after `error`'s message that says what to do next, or `nil`.
  private static func hint(for error: any Error, arguments: [String]) -> String? {
    switch error {
    case is UsageError:
      if let command = CommandLineParser.command(in: arguments), command != .help {
        return "Run '\(name) help \(command.rawValue)' for usage."
      }
      return "Run '\(name) --help' for usage."
    case PlacesModelError.unknownPlace:
      return "Run '\(name) list' or '\(name) search TEXT' to find a place's id."
    case ViewModelError.unknownCluster:
      return "With --format json the map's markers are listed, each cluster with its "
        + "\"cluster\": LEVEL/ID; in a session, after the 'camera' that shows it."
    default:
      return LoadHints.hint(for: error)
    }
  }

  // MARK: - Loading

  /// The watches of the places files, for an invocation with `--watch`; else none.
  ///
  /// Each reads its file again alone, with that file's options, after a change to it.
  func makeWatches(of files: PlacesFiles, for invocation: Invocation) -> [PlacesFileWatch] {
    guard invocation.watchesPlacesFile else { return [] }
    return files.watches(making: makeFileWatcher)
  }

  /// Loads the places and builds the app; a load that skipped anything says so in one line
  /// per file on standard error.
  func makeRunner(for invocation: Invocation, files: PlacesFiles) throws -> CommandRunner {
    let places = try loadPlaces(files)
    let runner = try CommandRunner(
      places: places, source: files.source, format: invocation.format,
      mapOptions: .standard.clusteringByCategory(invocation.clustersByCategory))
    runner.note = { [self] message in note(message) }
    return runner
  }

  /// Loads the places of `files` (or the built-in ones); a load that skipped anything says so
  /// in one line per file on standard error.
  func loadPlaces(_ files: PlacesFiles) throws -> [Place] {
    let (places, skipNote) = try files.load()
    if let skipNote {
      writeToStandardError(skipNote)
    }
    return places
  }
}

extension Command {
  /// Whether the command works through the views, so that their start-up state is printed
  /// before its own commands; `list`, `search` and `cluster` print places instead.
  fileprivate var drivesViews: Bool {
    switch self {
    case .select, .deselect, .locate, .camera, .session, .browse: true
    case .add, .move, .rename, .remove, .filter, .tapCluster: true
    case .list, .search, .cluster: false
    }
  }
}
