/// Runs the commands read from standard input, one per line, against one live app.
///
/// The views' start-up lines are printed first. Then each line is parsed with the command
/// line's grammar and run; what it prints is written as soon as it has run, so a program
/// driving the session can read the reaction to each line before sending the next. Empty
/// lines and lines starting with `#` are skipped. A line that fails prints nothing on
/// standard output and reports `places-cli: line N: message` on standard error, and the
/// session goes on. The session's exit status is 0 if every line succeeded, else the status
/// of the last line that failed.
///
/// A failed write to standard output ends the session at once with ``ExitStatus/ioError``,
/// reported on standard error (with the line whose output was lost); no further line is read.
struct Session {
  /// Runs each line's command.
  let runner: CommandRunner
  /// Supplies standard input, standard output and standard error.
  let tool: PlacesTool

  /// Reads and runs lines until the end of standard input; returns the session's status.
  func run() -> ExitStatus {
    runner.start()
    do {
      try tool.standardOutput.write(runner.output.take())
    } catch {
      tool.report(error)
      return ExitStatus(for: error)
    }
    var status = ExitStatus.success
    var lineNumber = 0
    while let line = tool.readLine() {
      lineNumber += 1
      let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
      guard let first = words.first, !first.hasPrefix("#") else { continue }
      do {
        try run(words)
      } catch let error as OutputError {
        tool.report(error, context: "line \(lineNumber)")
        return ExitStatus(for: error)
      } catch {
        tool.report(error, context: "line \(lineNumber)")
        status = ExitStatus(for: error)
      }
    }
    return status
  }

  private func run(_ words: [String]) throws {
    let invocation = try CommandLineParser(context: .session).parse(words)
    switch invocation.action {
    case .help(let topic):
      try tool.standardOutput.write(HelpText.text(for: topic))
    case .version(let verbose):
      try tool.standardOutput.write(VersionText.text(verbose: verbose))
    case .run(let command):
      try tool.standardOutput.write(try runner.run(command))
    }
  }
}
