import Foundation
import Testing

/// `session --watch` as a program driving it sees it: a real process, its standard input a
/// pipe kept open, the file rewritten on disk while it runs, polled at its real interval.
struct WatchedSessionProcessTests {
  @Test(.timeLimit(.minutes(5)))
  func aRewriteOfTheFileUnderARunningSessionPrintsTheDifference() async throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      WatchedSession.geoJSON([(1, "Uppsala", 59.86, 17.64), (2, "Visby", 57.64, 18.30)]),
      to: "places.geojson")
    let process = Process()
    process.executableURL = try PlacesCLI.executable()
    process.arguments = ["session", "--watch", "--places", file.path]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.runAlone()
    // A guard, not a measurement: a tool that never reloads would leave the reads below
    // waiting for ever; killing it ends them with what arrived.
    let processID = process.processIdentifier
    let watchdog = DispatchWorkItem { _ = kill(processID, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 240, execute: watchdog)
    defer { watchdog.cancel() }

    var received: [String] = []
    var pending = ""
    func readLines(untilOneStartsWith prefix: String, in handle: FileHandle) {
      while !received.contains(where: { $0.hasPrefix(prefix) }) {
        let data = handle.availableData
        if data.isEmpty { return }
        pending += String(decoding: data, as: UTF8.self)
        while let newline = pending.firstIndex(of: "\n") {
          received.append(String(pending[..<newline]))
          pending = String(pending[pending.index(after: newline)...])
        }
      }
    }

    readLines(untilOneStartsWith: "list: reloadRows", in: output.fileHandleForReading)
    try Data(
      WatchedSession.geoJSON([(2, "Visby C", 57.64, 18.30), (3, "Lund", 55.70, 13.19)]).utf8
    ).write(to: file)
    readLines(untilOneStartsWith: "reload ", in: output.fileHandleForReading)
    #expect(
      received.first { $0.hasPrefix("reload ") }
        == "reload file=\"\(file.path)\" inserted=1 updated=1 removed=1 reordered=false count=2")

    try Data("{oops".utf8).write(to: file)
    received = []
    readLines(untilOneStartsWith: "places-cli: reload: ", in: errors.fileHandleForReading)
    let failure = received.first { $0.hasPrefix("places-cli: reload: ") }
    #expect(failure?.hasSuffix("keeping the last good places (2)") == true)

    try Data(WatchedSession.geoJSON([(2, "Visby", 57.64, 18.30)]).utf8).write(to: file)
    received = []
    readLines(untilOneStartsWith: "reload ", in: output.fileHandleForReading)
    let reload = received.first { $0.hasPrefix("reload ") }
    #expect(reload?.hasSuffix("inserted=0 updated=1 removed=1 reordered=false count=1") == true)

    input.fileHandleForWriting.write(Data("list\n".utf8))
    readLines(untilOneStartsWith: "id=", in: output.fileHandleForReading)
    #expect(received.first { $0.hasPrefix("id=") } == #"id=2 name="Visby""#)
    try input.fileHandleForWriting.close()
    await process.exited()
    #expect(process.terminationStatus == 0)
  }
}
