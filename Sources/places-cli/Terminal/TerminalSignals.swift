import Dispatch
import Foundation

/// The signals a full-screen program must answer, turned into bytes on a pipe that its event
/// loop polls beside the keyboard, so that no work happens inside a signal handler.
///
/// While an instance lives, the window-size signal reports a resize, and interrupt,
/// termination and hang-up no longer end the process at once: they are reported, so the
/// program can restore the terminal first and then exit. A stop from the terminal (`SIGTSTP`,
/// as `kill -TSTP` sends it) is reported too, so the program can restore the terminal before it
/// stops, and so is continuing (`SIGCONT`), so it can redraw. ``stop()`` (or `deinit`) restores the
/// default handling.
final class TerminalSignals {
  /// A signal reported.
  enum Signal: Equatable {
    /// The window changed size (`SIGWINCH`).
    case resize
    /// The program is asked to stop as a job (`SIGTSTP`).
    case suspend
    /// The program continues after a stop (`SIGCONT`).
    case resume
    /// The program must stop (`SIGINT`, `SIGTERM` or `SIGHUP`); the exit status that reports it
    /// is 128 plus the number.
    case stop(Int32)
  }

  /// The descriptor to poll: readable when a signal has arrived.
  let readDescriptor: Int32
  private let writeDescriptor: Int32
  private var sources: [DispatchSourceSignal] = []
  private static let handled = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]

  /// Starts reporting the signals.
  ///
  /// - Throws: ``TerminalError/systemCall(_:code:)`` if the pipe cannot be made.
  init() throws(TerminalError) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw .systemCall("pipe", code: errno) }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    let writeDescriptor = self.writeDescriptor
    for number in Self.handled {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        var byte = UInt8(truncatingIfNeeded: number)
        _ = Foundation.write(writeDescriptor, &byte, 1)
      }
      source.resume()
      sources.append(source)
    }
  }

  deinit {
    stop()
  }

  /// Restores the default handling of the signals and closes the pipe; idempotent.
  func stop() {
    guard !sources.isEmpty else { return }
    for source in sources {
      source.cancel()
    }
    sources = []
    for number in Self.handled {
      signal(number, SIG_DFL)
    }
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// The signals that arrived since the last call, in order.
  func drain() -> [Signal] {
    var signals: [Signal] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      for byte in buffer.prefix(count) {
        let number = Int32(byte)
        switch number {
        case SIGWINCH: signals.append(.resize)
        case SIGTSTP: signals.append(.suspend)
        case SIGCONT: signals.append(.resume)
        default: signals.append(.stop(number))
        }
      }
    }
    return signals
  }
}
