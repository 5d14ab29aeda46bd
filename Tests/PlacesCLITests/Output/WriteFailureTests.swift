import Foundation
import Testing

@testable import places_cli

/// A write to standard output that fails is an error (exit 74), never a silent success.
struct WriteFailureTests {
  /// A device that refuses every write with "No space left on device".
  static let fullDevice = URL(fileURLWithPath: "/dev/full")
  static let hasFullDevice = FileManager.default.fileExists(atPath: fullDevice.path)
  static let diskFull = "places-cli: cannot write to standard output: No space left on device"

  // MARK: - The built executable

  @Test(.enabled(if: hasFullDevice, "needs /dev/full, which Linux has"))
  func selectIntoAFullDeviceExitsWithAnIOError() async throws {
    let run = try await PlacesCLI.run(["select", "42"], standardOutputFile: Self.fullDevice)

    #expect(run.standardError == Self.diskFull + "\n")
    #expect(run.status == 74)
  }

  @Test(.enabled(if: hasFullDevice, "needs /dev/full, which Linux has"))
  func helpIntoAFullDeviceExitsWithAnIOError() async throws {
    let run = try await PlacesCLI.run(["--help"], standardOutputFile: Self.fullDevice)

    #expect(run.standardError == Self.diskFull + "\n")
    #expect(run.status == 74)
  }

  @Test(.enabled(if: hasFullDevice, "needs /dev/full, which Linux has"))
  func sessionIntoAFullDeviceStopsBeforeReadingAnyLine() async throws {
    // Had the session gone on, the bad id on line 2 would have been reported too.
    let run = try await PlacesCLI.run(
      ["session"], input: "select 42\nselect 4x2\n", standardOutputFile: Self.fullDevice)

    #expect(run.standardError == Self.diskFull + "\n")
    #expect(run.status == 74)
  }

  // MARK: - In-process

  /// An output that accepts `capacity` writes and refuses every later one.
  final class LimitedOutput {
    let capacity: Int
    private(set) var written: [String] = []
    private(set) var refused = 0

    init(capacity: Int) { self.capacity = capacity }

    var textOutput: TextOutput {
      TextOutput { text throws(OutputError) in
        guard self.written.count < self.capacity else {
          self.refused += 1
          throw OutputError(destination: "standard output", reason: "disk full")
        }
        self.written.append(text)
      }
    }
  }

  @Test func aCommandWhoseOutputIsRefusedFailsWithAnIOError() {
    let output = LimitedOutput(capacity: 0)
    var errors = ""
    let tool = PlacesTool(
      standardOutput: output.textOutput, standardError: TextOutput { errors += $0 },
      readLine: { nil })

    let status = tool.run(arguments: ["select", "42"])

    #expect(status == .ioError)
    #expect(errors == "places-cli: cannot write to standard output: disk full\n")
    #expect(output.refused == 1)
  }

  @Test func aSessionStopsAtItsFirstFailedWrite() {
    // The start-up lines and line 1 are written; line 2's output is refused.
    let output = LimitedOutput(capacity: 2)
    var errors = ""
    var input = ["select 42", "deselect", "select 4x2", "select 7"].makeIterator()
    var linesRead = 0
    let tool = PlacesTool(
      standardOutput: output.textOutput, standardError: TextOutput { errors += $0 },
      readLine: {
        linesRead += 1
        return input.next()
      })

    let status = tool.run(arguments: ["session"])

    #expect(status == .ioError)
    #expect(errors == "places-cli: line 2: cannot write to standard output: disk full\n")
    #expect(output.written.count == 2)
    #expect(output.refused == 1)
    #expect(linesRead == 2)
  }

  @Test func aFailedWriteToStandardErrorKeepsTheErrorsStatus() {
    let output = LimitedOutput(capacity: .max)
    let tool = PlacesTool(
      standardOutput: output.textOutput,
      standardError: TextOutput { _ throws(OutputError) in
        throw OutputError(destination: "standard error", reason: "disk full")
      },
      readLine: { nil })

    #expect(tool.run(arguments: ["select", "4x2"]) == .usage)
    #expect(tool.run(arguments: ["select", "999999"]) == .noSuchPlace)
    #expect(output.written.isEmpty)
  }
}
