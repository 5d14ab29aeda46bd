/// Runs the commands read from standard input, one per line, against one live app.
///
/// The views' start-up lines are printed first. Then each line is parsed with the command
/// line's grammar and run; what it prints is written as soon as it has run, so a program
/// driving the session can read the reaction to each line before sending the next. Words are
/// split at spaces, except inside double or single quotes, as a shell splits them (`select
/// "New York"`); inside double quotes, `\"` and `\\` stand for `"` and `\`. Empty
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
      guard let first = line.split(whereSeparator: \.isWhitespace).first, !first.hasPrefix("#")
      else { continue }
      do {
        try run(try Self.words(of: line))
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

  /// The words of `line`, split at spaces outside quotes, with the quotes removed.
  ///
  /// - Throws: ``UsageError/unterminatedQuote`` if a quote is not closed.
  static func words(of line: String) throws(UsageError) -> [String] {
    var words: [String] = []
    var word: String?
    var quote: Character?
    var isEscaped = false
    for character in line {
      if let open = quote {
        if isEscaped {
          if character != "\"" && character != "\\" { word?.append("\\") }
          word?.append(character)
          isEscaped = false
        } else if character == open {
          quote = nil
        } else if open == "\"" && character == "\\" {
          isEscaped = true
        } else {
          word?.append(character)
        }
      } else if character.isWhitespace {
        if let finished = word { words.append(finished) }
        word = nil
      } else if character == "\"" || character == "'" {
        quote = character
        word = word ?? ""
      } else {
        word = (word ?? "") + String(character)
      }
    }
    guard quote == nil else { throw .unterminatedQuote }
    if let finished = word { words.append(finished) }
    return words
  }

  private func run(_ words: [String]) throws {
    let invocation = try CommandLineParser(context: .session).parse(words)
    switch invocation.action {
    case .help(let topic):
      // 'help' alone tells what a session takes, not the whole tool's help.
      try tool.standardOutput.write(HelpText.text(for: topic ?? .session))
    case .version(let verbose):
      try tool.standardOutput.write(VersionText.text(verbose: verbose))
    case .run(let command):
      try tool.standardOutput.write(try runner.run(command))
    }
  }
}
