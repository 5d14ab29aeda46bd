import Foundation
import HummingbirdWSClient
import Logging

/// The latencies of one page's messages, camera moves and keystrokes apart.
struct ClientLatencies: Sendable {
  var cameraMoves: [Duration] = []
  var keystrokes: [Duration] = []
}

/// One simulated page: opens a session, moves the camera and types, each message waiting for
/// its `done` before the next, and records how long each took.
///
/// With an `interval`, the page sends as a person does, one message every `interval` (its
/// first at a random phase within it): each message is due at its time, and its latency runs
/// from then, so a server that falls behind is charged for the wait too. Without one, it
/// sends the next message as soon as the last is answered.
struct LoadClient: Sendable {
  let url: String
  let cameraMoves: Int
  let keystrokes: Int
  let seed: UInt64
  let interval: Duration?

  /// Runs the page; returns the latency of each message, in order, then waits at `barrier`
  /// with its session still open.
  func run(barrier: Barrier, logger: Logger) async throws -> ClientLatencies {
    // The client sends `ws://127.0.0.1` as its Origin, which the server accepts from a program.
    let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 22)
    let result = Latencies()
    try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
      inbound, outbound, _ in
      var frames = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
      var generator = SplitMix64(seed: seed)
      var latencies = ClientLatencies()
      var due = ContinuousClock.now
      if let interval {
        due += interval / 1000 * Int(generator.next() % 1000)
      }
      let words = ["stockholm", "san francisco", "paris", "kyoto", "buenos aires", "lagos"]
      var typed = ""
      var word = words[Int(generator.next() % UInt64(words.count))]
      for seq in 1...(cameraMoves + keystrokes) {
        let message: String
        if seq <= cameraMoves {
          let lat = Double(generator.next() % 13_000) / 100 - 60
          let lon = Double(generator.next() % 36_000) / 100 - 180
          let zoom = Double(2 + generator.next() % 11)
          message =
            #"{"type":"camera","seq":\#(seq),"lat":\#(lat),"lon":\#(lon),"zoom":\#(zoom),"#
            + #""width":1280,"height":800}"#
        } else {
          if typed.count == word.count {
            typed = ""
            word = words[Int(generator.next() % UInt64(words.count))]
          }
          typed = String(word.prefix(typed.count + 1))
          message = #"{"type":"query","seq":\#(seq),"text":"\#(typed)","limit":10}"#
        }
        if interval == nil {
          due = .now
        } else if due > .now {
          try await Task.sleep(until: due)
        }
        let start = due
        try await outbound.write(.text(message))
        let done = #"{"type":"done","seq":\#(seq)}"#
        let error = #"{"type":"error","seq":\#(seq),"#
        while let frame = try await frames.next() {
          guard case .text(let text) = frame else { continue }
          if text.contains(done) || text.contains(error) { break }
        }
        let latency = start.duration(to: .now)
        if seq <= cameraMoves {
          latencies.cameraMoves.append(latency)
        } else {
          latencies.keystrokes.append(latency)
        }
        if let interval { due += interval }
      }
      await result.set(latencies)
      await barrier.arriveAndWait()
      try await outbound.close(.normalClosure, reason: nil)
    }
    return await result.values
  }
}

/// The latencies one client's handler measured, handed back to the client.
actor Latencies {
  private(set) var values = ClientLatencies()
  func set(_ values: ClientLatencies) { self.values = values }
}

/// Holds every client, its session open, until all have arrived and the main task releases
/// them: the server's memory is read then, with every session open.
actor Barrier {
  private let count: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var allArrived: [CheckedContinuation<Void, Never>] = []
  private var isReleased = false

  init(count: Int) { self.count = count }

  func arriveAndWait() async {
    arrived += 1
    if arrived == count {
      for continuation in allArrived { continuation.resume() }
      allArrived.removeAll()
    }
    guard !isReleased else { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Returns once every client has arrived.
  func waitForAll() async {
    guard arrived < count else { return }
    await withCheckedContinuation { allArrived.append($0) }
  }

  /// Lets every client go on.
  func release() {
    isReleased = true
    for continuation in waiting { continuation.resume() }
    waiting.removeAll()
  }
}

/// A small seeded generator, so that every run sends the same messages.
struct SplitMix64: Sendable {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
