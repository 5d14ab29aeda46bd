import Foundation

/// Runs a ``TerminalScreen`` in the terminal until it quits: raw mode, frames, keys, resizes
/// and signals.
///
/// The terminal is restored on every way out: the screen quitting (for example on `q` or
/// Control-C, which raw mode delivers as a key), an interrupt, termination or hang-up signal
/// (then the status is 128 plus its number, as a shell reports it), the end of input, and an
/// error thrown from inside the loop. A frame is drawn after each batch of keys and after each
/// resize; the renderer writes only the cells that changed.
final class TerminalSession {
  private let device: TerminalDevice

  /// Creates a session on the terminal `device`, not yet entered.
  init(device: TerminalDevice) {
    self.device = device
  }

  /// Enters the terminal, runs `screen` until it quits, restores the terminal and returns the
  /// exit status.
  ///
  /// - Throws: ``TerminalError`` if the terminal cannot be set up or read; it is restored
  ///   first.
  func run(_ screen: some TerminalScreen) throws(TerminalError) -> ExitStatus {
    let signals = try TerminalSignals()
    defer { signals.stop() }
    try device.enter()
    defer { device.restore() }

    var renderer = ScreenRenderer()
    var decoder = InputDecoder()
    var size = device.size ?? (columns: 80, rows: 24)
    var needsFrame = true
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      if needsFrame {
        var frame = ScreenBuffer(width: size.columns, height: size.rows)
        screen.draw(into: &frame)
        device.write(renderer.render(frame))
        needsFrame = false
      }
      var descriptors = [
        pollfd(fd: device.input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, decoder.hasPendingInput ? 25 : -1)
      if ready < 0 {
        if errno == EINTR { continue }
        throw .systemCall("poll", code: errno)
      }
      var events: [KeyEvent] = []
      if ready == 0 {
        events = decoder.flush()
      }
      if descriptors[1].revents != 0 {
        for signal in signals.drain() {
          switch signal {
          case .resize:
            size = device.size ?? size
            renderer.invalidate()
            needsFrame = true
          case .stop(let number):
            return ExitStatus(rawValue: 128 + number) ?? .terminated
          }
        }
      }
      if descriptors[0].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(device.input, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        guard count > 0 else { return .success }  // input closed
        events += decoder.decode(buffer.prefix(count))
      }
      for event in events {
        if let status = screen.handle(event) { return status }
        needsFrame = true
      }
    }
  }
}
