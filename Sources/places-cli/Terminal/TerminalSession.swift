import Foundation

/// Runs a ``TerminalScreen`` in the terminal until it quits: raw mode, frames, keys, resizes
/// and signals.
///
/// The terminal is restored on every way out: the screen quitting (for example on `q` or
/// Control-C, which raw mode delivers as a key), an interrupt, termination or hang-up signal
/// (then the status is 128 plus its number, as a shell reports it), the end of input, and an
/// error thrown from inside the loop. A frame is drawn after each batch of keys and after each
/// resize, and after a ``TerminalScreen/tick()`` that asks for one (a watched file reloaded);
/// the renderer writes only the cells that changed. Control-Z (or `SIGTSTP`) suspends
/// the program as a shell's job, with the terminal restored, and it redraws the whole screen
/// when it continues.
final class TerminalSession {
  private let device: TerminalDevice
  private let usesColour: Bool
  private var signals: TerminalSignals?

  /// Creates a session on the terminal `device`, not yet entered; without `usesColour`
  /// (`NO_COLOR`), frames are drawn without colours.
  init(device: TerminalDevice, usesColour: Bool = true) {
    self.device = device
    self.usesColour = usesColour
  }

  /// Takes the terminal over (signals reported, raw mode, the alternate screen) and shows
  /// `message` on its first row until the first frame; does nothing more if already entered.
  ///
  /// Keys typed from now on wait, unechoed, for ``run(_:)``, as do signals.
  ///
  /// - Returns: The signals being reported.
  /// - Throws: ``TerminalError`` if the terminal cannot be set up; it is then unchanged.
  @discardableResult
  func enter(showing message: String? = nil) throws(TerminalError) -> TerminalSignals {
    let signals: TerminalSignals
    if let current = self.signals {
      signals = current
    } else {
      signals = try TerminalSignals()
      self.signals = signals
    }
    do {
      try device.enter()
    } catch {
      leave()
      throw error
    }
    if let message {
      device.write("\u{1B}[H\u{1B}[2J" + message)
    }
    return signals
  }

  /// Gives the terminal back as ``enter(showing:)`` found it; may be called any number of times.
  func leave() {
    device.restore()
    signals?.stop()
    signals = nil
  }

  /// Enters the terminal unless entered, runs `screen` until it quits, restores the terminal
  /// and returns the exit status.
  ///
  /// - Throws: ``TerminalError`` if the terminal cannot be set up or read; it is restored
  ///   first.
  func run(_ screen: some TerminalScreen) throws(TerminalError) -> ExitStatus {
    let signals = try enter()
    defer { leave() }

    var renderer = ScreenRenderer()
    renderer.usesColour = usesColour
    var decoder = InputDecoder()
    var size = device.size ?? (columns: 80, rows: 24)
    var needsFrame = true
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      if screen.tick() {
        needsFrame = true
      }
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
      let hasPendingInput = decoder.hasPendingInput
      let timeout = hasPendingInput ? 25 : screen.nextTickDelay?.pollTimeout ?? -1
      let ready = poll(&descriptors, 2, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        throw .systemCall("poll", code: errno)
      }
      var events: [KeyEvent] = []
      if ready == 0, hasPendingInput {
        events = decoder.flush()
      }
      if descriptors[1].revents != 0 {
        for signal in signals.drain() {
          switch signal {
          case .resize, .resume:
            // After a stop by SIGSTOP, which cannot be caught, something else may have drawn.
            size = device.size ?? size
            renderer.invalidate()
            needsFrame = true
          case .suspend:
            try suspend()
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
        if event == .control("z") {
          try suspend()
          size = device.size ?? size
          renderer.invalidate()
        } else if let status = screen.handle(event) {
          return status
        }
        needsFrame = true
      }
    }
  }

  /// Stops the program as a shell's job does on Control-Z, with the terminal given back, and
  /// takes the terminal over again once the program continues.
  ///
  /// `SIGSTOP`, not `SIGTSTP`: a program whose process group has no shell to resume it
  /// (orphaned) would have `SIGTSTP` discarded.
  private func suspend() throws(TerminalError) {
    device.restore()
    kill(getpid(), SIGSTOP)
    try device.enter()
  }
}
