import Foundation

@testable import places_cli

/// A `session --watch` run in-process against a places file of its own.
///
/// Its standard input is a script of lines and changes to the file, its clock moves by one
/// poll interval at each step, and its output is captured. No step waits: the file is polled with `stat(2)` between
/// steps, so a run is as deterministic as the file system.
final class WatchedSession {
  /// One step of the script, taken when the session asks for its next line.
  enum Step {
    /// A line of standard input.
    case line(String)
    /// Writes the file in place (same inode); the session finds no line this time.
    case write(String)
    /// Writes the second file in place, as ``write(_:)`` writes the first.
    case writeOther(String)
    /// Writes a new file and renames it over the watched one, as many editors save.
    case replace(String)
    /// Removes the file.
    case remove
    /// Nothing: the session's wait for a line times out.
    case wait
  }

  /// The poll interval the session's watcher is given.
  static let interval = Duration.milliseconds(250)

  let folder: TemporaryFolder
  /// The watched file.
  let file: URL
  /// The second watched file, given after the first, if the session has one.
  let otherFile: URL?
  private(set) var standardOutput = ""
  private(set) var standardError = ""

  /// Creates a folder with the places file holding `text` and, given `other`, a second file
  /// `other.geojson` holding it.
  init(file text: String, other: String? = nil) throws {
    let folder = try TemporaryFolder()
    self.folder = folder
    file = try folder.write(text, to: "places.geojson")
    otherFile = try other.map { try folder.write($0, to: "other.geojson") }
  }

  /// The standard output's lines.
  var lines: [String] {
    standardOutput.split(separator: "\n").map(String.init)
  }

  /// Runs `places-cli session --watch --places FILE` with `options` (then `--places OTHER`
  /// with `otherOptions` when there is a second file), taking `steps` as its input, and
  /// returns its exit status; the input ends after the last step.
  func run(_ steps: [Step], options: [String] = [], otherOptions: [String] = []) -> ExitStatus {
    let clock = ScriptClock()
    let input = ScriptedInput(steps: steps, clock: clock) { [file, otherFile] step in
      switch step {
      case .write(let text): try Data(text.utf8).write(to: file)
      case .writeOther(let text):
        guard let otherFile else { preconditionFailure("the session has no second file") }
        try Data(text.utf8).write(to: otherFile)
      case .replace(let text): try Data(text.utf8).write(to: file, options: .atomic)
      case .remove: try FileManager.default.removeItem(at: file)
      case .line, .wait: break
      }
    }
    let tool = PlacesTool(
      standardOutput: TextOutput { [unowned self] text in standardOutput += text },
      standardError: TextOutput { [unowned self] text in standardError += text },
      readLine: { nil },
      makeWatchedInput: { input },
      makeFileWatcher: { path in
        FileWatcher(path: path, interval: Self.interval, now: { clock.now })
      })
    let other = otherFile.map { ["--places", $0.path] + otherOptions } ?? []
    return tool.run(arguments: ["session", "--watch", "--places", file.path] + options + other)
  }

  /// The GeoJSON of `places`, each a point with an id and a name.
  static func geoJSON(_ places: [(id: Int, name: String, latitude: Double, longitude: Double)])
    -> String
  {
    let features = places.map { place in
      #"{"type":"Feature","id":\#(place.id),"properties":{"name":"\#(place.name)"},"#
        + #""geometry":{"type":"Point","coordinates":[\#(place.longitude),\#(place.latitude)]}}"#
    }
    return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n")
      + "]}\n"
  }
}

/// A clock that moves only when the script takes a step.
private final class ScriptClock {
  private let start = ContinuousClock.now
  var elapsed = Duration.zero

  var now: ContinuousClock.Instant { start + elapsed }
}

/// A session's input that takes one step of a script each time a line is asked for.
private final class ScriptedInput: SessionInput {
  private var steps: ArraySlice<WatchedSession.Step>
  private let clock: ScriptClock
  private let perform: (WatchedSession.Step) throws -> Void

  init(
    steps: [WatchedSession.Step], clock: ScriptClock,
    perform: @escaping (WatchedSession.Step) throws -> Void
  ) {
    self.steps = steps[...]
    self.clock = clock
    self.perform = perform
  }

  func nextLine(waitingAtMost timeout: Duration?) -> SessionInputEvent {
    clock.elapsed += WatchedSession.interval
    guard let step = steps.popFirst() else { return .ended }
    if case .line(let line) = step { return .line(line) }
    do {
      try perform(step)
    } catch {
      preconditionFailure("the script could not change the file: \(error)")
    }
    return .timedOut
  }
}
