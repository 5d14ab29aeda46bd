// places-web-load: many pages at once against a running places-web, on loopback.
//
// Usage: places-web-load --port PORT [--sessions 200] [--moves 50] [--keystrokes 20]
//                        [--interval MS] [--server-pid PID] [--edits 5] [--no-edit]
// Start the server with --max-sessions above --sessions (one more session makes the edit), and
// --allow-edits for the edits' figure (each edit a rename to a new name carrying a random number
// drawn once per run, so that it changes the catalog however often the generator runs against one
// server); with --server-pid the server's CPU and memory are read from /proc. Every client's
// messages are fixed by its seed; the run is bounded in clients, messages and time (each client
// waits for each answer before its next message). With --interval, each page sends one message
// every MS milliseconds, as a person pans and types, and a message's latency runs from when it was
// due; without, the next message goes as soon as the last is answered, which measures the server's
// throughput: the 200 pages then keep 200 messages queued, and the latency is that queue.
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOPosix

// The clients' tasks run on NIO's event loops, as the server's do, so that the generator
// spends as little of the 2 cores as it can on switching threads.
_ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()

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
let edits = max(1, options["--edits"].flatMap(Int.init) ?? 5)
let interval = options["--interval"].flatMap(Int.init).map(Duration.milliseconds)
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
  try await withThrowingTaskGroup(of: ClientLatencies.self) { group in
    for index in 0..<sessions {
      let client = LoadClient(
        url: url, cameraMoves: moves, keystrokes: keystrokes,
        seed: UInt64(index + 1), interval: interval)
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
    var all = ClientLatencies()
    for try await latencies in group {
      all.cameraMoves += latencies.cameraMoves
      all.keystrokes += latencies.keystrokes
    }
    return all
  }
}
await barrier.waitForAll()
let elapsed = started.duration(to: .now)
let cpuAfter = server?.cpuSeconds()
let loadedMemory = server?.residentBytes()

// Edits, one after another from one more page, each reaching every open page: an edit's `done`
// comes after the server has handed the new catalog to every session and each has sent its
// update.
var fanOuts: [Duration] = []
if options["--no-edit"] == nil {
  let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 22)
  let measured = Latencies()
  // Drawn once per run: names that an earlier run against the same server did not give (an
  // edit to the name a place already has changes nothing, and its fan-out would read 0).
  let run = UInt32.random(in: 0...UInt32.max)
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
    var times: [Duration] = []
    for edit in 1...edits {
      let seq = edit + 1
      let start = ContinuousClock.now
      try await outbound.write(
        .text(
          #"{"type":"rename","seq":\#(seq),"id":\#(id),"name":"Stockholm (\#(run)-\#(edit))"}"#))
      while let frame = try await frames.next() {
        guard case .text(let text) = frame else { continue }
        // Its `done`, or an error naming it.
        if text.contains(#""seq":\#(seq)}"#) || text.contains(#""seq":\#(seq),"#) { break }
      }
      times.append(start.duration(to: .now))
    }
    await measured.set(ClientLatencies(cameraMoves: times))
    try await outbound.close(.normalClosure, reason: nil)
  }
  fanOuts = await measured.values.cameraMoves
}
await barrier.release()
let measured = try await clients.value
let latencies = (measured.cameraMoves + measured.keystrokes).sorted()

func summary(_ sorted: [Duration]) -> String {
  "p50 \(milliseconds(percentile(sorted, 0.5))), p99 \(milliseconds(percentile(sorted, 0.99))), "
    + "max \(milliseconds(sorted.last ?? .zero))"
}

let messages = latencies.count
let seconds =
  Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
print(
  "places-web-load: \(sessions) sessions, \(moves) camera moves and \(keystrokes) keystrokes each, "
    + (interval.map { "one message every \(milliseconds($0)) per page" }
      ?? "each message as soon as the last is answered"))
print(
  "  messages                     \(messages) in \(milliseconds(elapsed)) "
    + String(format: "(%.0f a second)", Double(messages) / max(seconds, 1e-9)))
print("  latency to the last command  \(summary(latencies)) (target p99 under 10 ms)")
print("    camera moves               \(summary(measured.cameraMoves.sorted()))")
print("    keystrokes                 \(summary(measured.keystrokes.sorted()))")
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
if !fanOuts.isEmpty {
  print(
    "  one edit to every page       \(summary(fanOuts.sorted())) over \(fanOuts.count) edits"
      + " (target under 50 ms)")
}
