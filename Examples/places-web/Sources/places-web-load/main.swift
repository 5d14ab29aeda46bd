// places-web-load: many pages at once against a running places-web, on loopback.
//
// Usage: places-web-load --port PORT [--sessions 200] [--moves 50] [--keystrokes 20]
//                        [--server-pid PID] [--no-edit]
// Start the server with --max-sessions above --sessions (one more session makes the edit), and
// --allow-edits for the edit's figure; with --server-pid the server's CPU and memory are read
// from /proc. Every client's messages are fixed by its seed; the run is bounded in clients,
// messages and time (each client waits for each answer before its next message).
import Foundation
import HummingbirdWSClient
import Logging

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()[...]
while let word = arguments.popFirst() {
  if word == "--no-edit" {
    options[word] = "true"
  } else if let value = arguments.popFirst() {
    options[word] = value
  }
}
guard let port = options["--port"].flatMap(Int.init) else {
  FileHandle.standardError.write(Data("usage: places-web-load --port PORT [options]\n".utf8))
  exit(64)
}
let sessions = options["--sessions"].flatMap(Int.init) ?? 200
let moves = options["--moves"].flatMap(Int.init) ?? 50
let keystrokes = options["--keystrokes"].flatMap(Int.init) ?? 20
let server = options["--server-pid"].flatMap(Int32.init).map(ServerProcess.init(pid:))
let url = "ws://127.0.0.1:\(port)/ws"
var logger = Logger(label: "places-web-load")
logger.logLevel = .error

func percentile(_ sorted: [Duration], _ fraction: Double) -> Duration {
  guard !sorted.isEmpty else { return .zero }
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
}

func milliseconds(_ duration: Duration) -> String {
  let value =
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) * 1e-15
  return String(format: "%.2f ms", value)
}

let baselineMemory = server?.residentBytes()
let cpuBefore = server?.cpuSeconds()
let barrier = Barrier(count: sessions)
let started = ContinuousClock.now
let clients = Task {
  try await withThrowingTaskGroup(of: [Duration].self) { group in
    for index in 0..<sessions {
      let client = LoadClient(
        url: url, cameraMoves: moves, keystrokes: keystrokes,
        seed: UInt64(index + 1))
      group.addTask {
        do {
          return try await client.run(barrier: barrier, logger: logger)
        } catch {
          // A client that failed still arrives, so that the run ends and says so.
          FileHandle.standardError.write(Data("places-web-load: client \(index): \(error)\n".utf8))
          await barrier.arriveAndWait()
          throw error
        }
      }
    }
    var all: [Duration] = []
    for try await latencies in group { all += latencies }
    return all
  }
}
await barrier.waitForAll()
let elapsed = started.duration(to: .now)
let cpuAfter = server?.cpuSeconds()
let loadedMemory = server?.residentBytes()

// One edit, from one more page, reaching every open page: the edit's `done` comes after the
// server has handed the new catalog to every session and each has sent its update.
var fanOut: Duration?
if options["--no-edit"] == nil {
  let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 22)
  let measured = Latencies()
  try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
    inbound, outbound, _ in
    var frames = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
    try await outbound.write(.text(#"{"type":"query","seq":1,"text":"stockholm","limit":1}"#))
    var id = "null"
    while let frame = try await frames.next() {
      guard case .text(let text) = frame else { continue }
      if let range = text.range(of: #""matches":[{"id":"#) {
        id = String(text[range.upperBound...].prefix { $0 != "," })
      }
      if text.contains(#"{"type":"done","seq":1}"#) { break }
    }
    let start = ContinuousClock.now
    try await outbound.write(
      .text(#"{"type":"rename","seq":2,"id":\#(id),"name":"Stockholm (renamed)"}"#))
    while let frame = try await frames.next() {
      guard case .text(let text) = frame else { continue }
      if text.contains(#""seq":2"#) { break }
    }
    await measured.set([start.duration(to: .now)])
    try await outbound.close(.normalClosure, reason: nil)
  }
  fanOut = await measured.values.first
}
await barrier.release()
let latencies = try await clients.value.sorted()

let messages = latencies.count
print(
  "places-web-load: \(sessions) sessions, \(moves) camera moves and \(keystrokes) keystrokes each")
print("  messages                     \(messages) in \(milliseconds(elapsed))")
print(
  "  latency to the last command  p50 \(milliseconds(percentile(latencies, 0.5))), "
    + "p99 \(milliseconds(percentile(latencies, 0.99))) (target under 10 ms), "
    + "max \(milliseconds(latencies.last ?? .zero))")
if let cpuBefore, let cpuAfter, messages > 0 {
  print(
    String(
      format: "  server CPU per message       %.3f ms",
      (cpuAfter - cpuBefore) * 1000 / Double(messages)))
}
if let baselineMemory, let loadedMemory, sessions > 0 {
  let perSession = Double(loadedMemory - baselineMemory) / Double(sessions) / 1024
  print(String(format: "  memory per session           %.0f KB (target under 256 KB)", perSession))
}
if let fanOut {
  print("  one edit to every page       \(milliseconds(fanOut)) (target under 50 ms)")
}
