import Foundation
import Testing

/// Runs the built `places-cli` executable and captures what it does.
enum PlacesCLI {
  /// What one run of the tool produced.
  struct Run: Equatable {
    var standardOutput: String
    var standardError: String
    var status: Int32

    /// The standard output's lines, without the final line break.
    var lines: [String] {
      standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        .dropLast().map(String.init)
    }
  }

  /// The package's folder: this file is in its Tests/PlacesCLITests.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Why the tool could not be run.
  enum Failure: Error, CustomStringConvertible {
    case executableNotFound(name: String, searched: [String])

    var description: String {
      switch self {
      case .executableNotFound(let name, let searched):
        "\(name) was not found next to the test binary; searched \(searched)"
      }
    }
  }

  /// The built `places-cli`, found in the build folder of the running test binary, so that both
  /// `swift test` and `swift test --scratch-path X` find the one they built.
  static func executable() throws -> URL {
    try executable(named: "places-cli")
  }

  /// The built executable `name` of this package, found as ``executable()`` is.
  static func executable(named name: String) throws -> URL {
    var folders: [URL] = []
    if let testBinary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    {
      folders.append(URL(fileURLWithPath: testBinary).deletingLastPathComponent())
    }
    if let firstArgument = CommandLine.arguments.first {
      folders.append(URL(fileURLWithPath: firstArgument).deletingLastPathComponent())
    }
    let candidates = folders.map { $0.appendingPathComponent(name) }
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      throw Failure.executableNotFound(name: name, searched: candidates.map(\.path))
    }
    return found
  }

  /// How long a run may take before it is killed, by default: a guard against a hang, not a
  /// measurement.
  static let timeLimit: Double = 60

  /// Runs the tool with `arguments` and `input` on standard input, and waits for it to exit.
  ///
  /// The wait holds no thread of Swift concurrency's pool (see ``Foundation/Process/exited()``),
  /// so tests running beside a long run of the tool still get a thread, and their time limits
  /// measure them, not the queue. At most ``runSlots`` runs go at once; a run waits for a slot
  /// before it starts, and its time limit counts from its start.
  ///
  /// A run still going after `timeLimit` seconds (``timeLimit`` by default) is killed and
  /// recorded as an issue, so a tool that hangs fails its test instead of hanging the whole run.
  /// Tests that feed the tool very large files pass a longer limit: under the thread sanitizer
  /// on a loaded machine, reading 100 MB alone can take over a minute.
  ///
  /// Standard output is captured, unless `standardOutputFile` names a file for it instead (such as
  /// `/dev/full`); the run's `standardOutput` is then empty. Standard input is `input`, unless
  /// `standardInputFile` names what to open for it instead (such as a folder, which cannot be
  /// read).
  static func run(
    _ arguments: [String],
    input: String = "",
    executable: URL? = nil,
    in directory: URL? = nil,
    standardOutputFile: URL? = nil,
    standardInputFile: URL? = nil,
    timeLimit: Double = timeLimit
  ) async throws -> Run {
    await runSlots.acquire()
    let run: Result<Run, any Error>
    do {
      run = .success(
        try await runInSlot(
          arguments, input: input, executable: executable, in: directory,
          standardOutputFile: standardOutputFile, standardInputFile: standardInputFile,
          timeLimit: timeLimit))
    } catch {
      run = .failure(error)
    }
    await runSlots.release()
    return try run.get()
  }

  /// How many runs of a tool go at once: one per core, so that each run has a core, as it had
  /// when every test that ran one held a thread of the pool (one per core) while it waited.
  static let runSlots = RunSlots(count: ProcessInfo.processInfo.activeProcessorCount)

  /// ``run(_:input:executable:in:standardOutputFile:standardInputFile:timeLimit:)`` once it
  /// holds a slot.
  private static func runInSlot(
    _ arguments: [String],
    input: String,
    executable: URL?,
    in directory: URL?,
    standardOutputFile: URL?,
    standardInputFile: URL?,
    timeLimit: Double
  ) async throws -> Run {
    let folder = try TemporaryFolder()
    let inputFile = try folder.write(input, to: "stdin.txt")
    let outputFile = try folder.write("", to: "stdout.txt")
    let errorFile = try folder.write("", to: "stderr.txt")

    let process = Process()
    process.executableURL = try executable ?? Self.executable()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = try FileHandle(forReadingFrom: standardInputFile ?? inputFile)
    process.standardOutput = try FileHandle(forWritingTo: standardOutputFile ?? outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.runAlone()
    if await process.exited(killingAfter: timeLimit) {
      let name = process.executableURL?.lastPathComponent ?? "the tool"
      Issue.record("\(name) \(arguments) did not exit within \(Int(timeLimit)) s; it was killed")
    }

    return Run(
      standardOutput: try readText(of: outputFile),
      standardError: try readText(of: errorFile),
      status: process.terminationStatus
    )
  }

  /// The UTF-8 text of `file`, read through a file handle: `String(contentsOf:)` leaks its
  /// buffer on Linux (swift-corelibs Foundation), which the address sanitizer reports.
  static func readText(of file: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: file)
    defer { try? handle.close() }
    return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
  }
}
