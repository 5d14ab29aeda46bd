import PlacesModel

/// Runs one input as the standard input of `places-cli session`, against a new live model
/// holding the built-in places.
///
/// Built by `scripts/fuzz.sh` with plain `swiftc`, together with every source of `places-cli`
/// but `main.swift` in one module, so that it reaches the tool's internal types; `PlacesModel`,
/// `ViewModels` and `Coordinators` are linked as static libraries.
///
/// The input is cut into lines as `readLine(strippingNewline: true)` cuts standard input and fed
/// to the real `PlacesTool` running `session`, with its output captured. Then each line goes
/// once more through the steps of `Session.run()` (skipped if blank or a `#` comment, split into
/// words by `Session.words(of:)` as the session splits them, quotes and all, parsed by
/// `CommandLineParser(context: .session)`, run by one `CommandRunner` that lives for the whole
/// input), so that every line can be checked on its own; the two passes must agree on which lines
/// failed and on the exit status. The runner lives for the whole input because lines change its
/// places (`add`, `move`, `rename`, `remove`), so a line's outcome can depend on the lines before.
///
/// Output is in text, as by `places-cli session`, or in JSON, as by
/// `places-cli --format json session`, when the first line is the comment `# --format json`;
/// being a comment, the session skips that line, so an input runs the same by hand.
///
/// Beyond not crashing, hanging or exhausting memory, a session must:
/// - never accept `--places`, `--format` or `session` on one of its lines;
/// - parse every line it accepts exactly as the command line would;
/// - map every error to a defined exit status, never to `internalError`;
/// - print nothing for a line that fails.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The number of bytes in the input.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionGrammar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let lines = standardInputLines(UnsafeBufferPointer(start: data, count: size))
  let format = lines.first == jsonFormatLine ? OutputFormat.json : .text
  let real = runRealSession(lines, format: format)
  let failures = runSession(lines, format: format)
  expect(
    real.errorReports == failures.count,
    "the session reported \(real.errorReports) failed lines, the line-by-line pass \(failures.count)"
  )
  expect(
    real.status == (failures.last ?? .success),
    "the session exited with \(real.status), the line-by-line pass expected \(failures)")
  return 0
}

// MARK: - The real session

/// Runs `lines` through `PlacesTool` as `places-cli session` would, in-process, and returns its
/// exit status and how many errors it reported on standard error.
private func runRealSession(
  _ lines: [String], format: OutputFormat
) -> (status: ExitStatus, errorReports: Int) {
  var errors = ""
  var remaining = lines.makeIterator()
  let tool = PlacesTool(
    standardOutput: TextOutput { _ in },
    standardError: TextOutput { errors += $0 },
    readLine: { remaining.next() }
  )
  let arguments = format == .json ? ["--format", "json", "session"] : ["session"]
  let status = tool.run(arguments: arguments)
  expect(status != .internalError, "the session ended with an internal error")
  // Each failed line is reported as `places-cli: line N: message`, on one line.
  let reports = errors.split(separator: "\n").filter { $0.hasPrefix("places-cli: line ") }
  return (status, reports.count)
}

/// The first line that makes an input print JSON, as `places-cli --format json session` does.
private let jsonFormatLine = "# --format json"

// MARK: - Session

/// The built-in places, read once as `PlacesTool` reads them: each session builds a new model
/// from them.
private let builtInPlaces: [Place] = {
  do {
    return try GeoJSONPlacesReader().load(
      text: BuiltInPlaces.geoJSON, file: BuiltInPlaces.source
    ).places
  } catch {
    fatalError("the built-in places do not load: \(error)")
  }
}()

/// Runs `lines` as one session would, line by line, discarding what it prints; returns the exit
/// status of each line that failed, in order.
private func runSession(_ lines: [String], format: OutputFormat) -> [ExitStatus] {
  var failures: [ExitStatus] = []
  let runner: CommandRunner
  do {
    runner = try CommandRunner(places: builtInPlaces, source: BuiltInPlaces.source, format: format)
  } catch {
    fatalError("the built-in places do not form a catalog: \(error)")
  }
  runner.start()
  _ = runner.output.take()
  for (index, line) in lines.enumerated() {
    guard let first = line.split(whereSeparator: \.isWhitespace).first, !first.hasPrefix("#")
    else { continue }
    var words: [String] = []
    do {
      words = try Session.words(of: line)
      let invocation = try CommandLineParser(context: .session).parse(words)
      checkSessionInvocation(invocation, words: words)
      switch invocation.action {
      case .help(let topic):
        _ = HelpText.text(for: topic)
      case .version(let verbose):
        _ = VersionText.text(verbose: verbose)
      case .run(let command):
        _ = try runner.run(command)
      }
    } catch {
      _ = "places-cli: line \(index + 1): \(error)\n"  // what Session reports
      expect(
        ExitStatus(for: error) != .internalError,
        "\(words) failed with an unexpected error \(error)")
      expect(runner.output.take().isEmpty, "\(words) failed but left output behind")
      failures.append(ExitStatus(for: error))
    }
  }
  return failures
}

/// Checks a line that a session accepted.
private func checkSessionInvocation(_ invocation: Invocation, words: [String]) {
  expect(invocation.placesSources.isEmpty, "\(words) set a places file inside a session")
  expect(invocation.format == .text, "\(words) set the format inside a session")
  expect(invocation.action != .run(.session), "\(words) started a session inside a session")
  let onCommandLine = Result { () throws(UsageError) in
    try CommandLineParser(context: .commandLine).parse(words)
  }
  expect(
    onCommandLine == .success(invocation),
    "\(words) parses as \(invocation) in a session but as \(onCommandLine) on the command line")
}

// MARK: - Input

/// Cuts `bytes` into lines as `readLine(strippingNewline: true)` does when reading them from
/// standard input.
///
/// Each line runs up to and including a line feed, or to the end; it is decoded as UTF-8 with
/// invalid bytes replaced, and a final line feed or carriage return and line feed are removed.
/// Nothing after the last line feed means no further line.
private func standardInputLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
  var lines: [String] = []
  var start = 0
  while start < bytes.count {
    var end = start
    while end < bytes.count, bytes[end] != 0x0A {
      end += 1
    }
    end = min(end + 1, bytes.count)
    var line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    if line.last == "\n" || line.last == "\r\n" {
      line.removeLast()
    }
    lines.append(line)
    start = end
  }
  return lines
}

// MARK: - Invariants

/// Traps with `message` unless `condition` holds, so that libFuzzer records the input.
private func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  fatalError("invariant broken: \(message())")
}
