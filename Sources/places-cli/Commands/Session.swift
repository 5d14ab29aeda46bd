/// Runs the commands read from standard input, one per line, against one live app.
///
/// The views' start-up lines are printed first, and the list's order by name is built (see
/// ``CommandRunner/prepareListOrder()``). Then each line is parsed with the command line's
/// grammar and run; what it prints is written as soon as it has run, so a program
/// driving the session can read the reaction to each line before sending the next. Words are
/// split at spaces, except inside double or single quotes, as a shell splits them (`select
/// "New York"`); inside double quotes, `\"` and `\\` stand for `"` and `\`. Empty
/// lines and lines starting with `#` are skipped. A line that fails prints nothing on
/// standard output and reports `places-cli: line N: message` on standard error, and the
/// session goes on. The session's exit status is 0 if every line succeeded, else the status
/// of the last line that failed. Standard input that cannot be read (a folder, a closed
/// descriptor) ends the session after the lines read before it have run, with
/// `places-cli: standard input could not be read: ...` and status 74.
///
/// With `--watch`, each places file is polled between lines and while the session waits for
/// one (see ``PlacesFileWatch``); once a change to a file has settled, that file alone is read
/// again (see ``PlacesFiles``) and its difference applied to the model (see
/// ``CatalogReload``). The session then writes a line
/// `reload file="FILE" inserted=I updated=U removed=R reordered=false count=N` (in JSON, an
/// object with `"event":"reload"` and the same members), followed by the views' reactions, as
/// for a line. A file that cannot be loaded (invalid, or gone) changes nothing: the session
/// reports `places-cli: reload: FILE: problem; keeping the last good places (N)` on standard
/// error and goes on with the last good catalog. A failed reload counts as a failed line
/// until a later reload of the file succeeds, which withdraws it: the exit status is that of
/// the last failure, line or reload, that was not withdrawn.
///
/// A failed write to standard output ends the session at once with ``ExitStatus/ioError``,
/// reported on standard error (with the line whose output was lost); no further line is read.
struct Session {
  /// Runs each line's command.
  let runner: CommandRunner
  /// Supplies standard input, standard output and standard error.
  let tool: PlacesTool
  /// The places files to reload when they change (`session --watch`), one watch each; none
  /// without `--watch`.
  var watches: [PlacesFileWatch] = []

  /// Reads and runs lines until the end of standard input; returns the session's status.
  func run() -> ExitStatus {
    runner.start()
    do {
      try tool.standardOutput.write(runner.output.take())
    } catch {
      tool.report(error)
      return ExitStatus(for: error)
    }
    // After the start-up lines, so that a driving program reads them at once; before the
    // first line, so that its first edit does not wait for the order by name.
    runner.prepareListOrder()
    let input: any SessionInput =
      watches.isEmpty
      ? tool.makeSessionInput?() ?? BlockingLineInput(readLine: tool.readLine)
      : tool.makeWatchedInput()
    var failures = Failures()
    var lineNumber = 0
    while true {
      for watch in watches {
        guard let reload = watch.check() else { continue }
        do {
          try handle(reload, of: watch.path, failures: &failures)
        } catch {
          tool.report(error, context: "reload")
          return ExitStatus(for: error)
        }
      }
      let line: String
      switch input.nextLine(waitingAtMost: watches.map(\.timeUntilNextPoll).min()) {
      case .line(let text): line = text
      case .timedOut: continue
      case .ended: return failures.exitStatus
      case .failed(let reason):
        let error = InputError.unreadable(reason: reason)
        tool.report(error)
        return ExitStatus(for: error)
      }
      lineNumber += 1
      guard let first = line.first(where: { !Self.isSpace($0) }), first != "#" else { continue }
      // A note a line gives names the line, as its error would; the note of anything else
      // (a reload) names none.
      let plainNote = runner.note
      runner.note = { [tool, lineNumber] message in
        tool.note(message, context: "line \(lineNumber)")
      }
      defer { runner.note = plainNote }
      do {
        try run(try Self.words(of: line))
      } catch let error as OutputError {
        tool.report(error, context: "line \(lineNumber)")
        return ExitStatus(for: error)
      } catch {
        tool.report(error, context: "line \(lineNumber)")
        failures.lineFailed(with: ExitStatus(for: error))
      }
    }
  }

  // MARK: - Reloads

  /// The failures that decide the session's exit status: the last failed line, and the last
  /// failed reload unless a later reload succeeded.
  private struct Failures {
    private var lastLine: (status: ExitStatus, order: Int)?
    private var lastReload: (status: ExitStatus, order: Int)?
    private var count = 0

    mutating func lineFailed(with status: ExitStatus) {
      count += 1
      lastLine = (status, count)
    }

    mutating func reloadFailed(with status: ExitStatus) {
      count += 1
      lastReload = (status, count)
    }

    mutating func reloadSucceeded() {
      lastReload = nil
    }

    /// The status of the later of the two failures, or success.
    var exitStatus: ExitStatus {
      [lastLine, lastReload].compactMap(\.self).max { $0.order < $1.order }?.status ?? .success
    }
  }

  /// Applies what reading the watched `file` gave and writes the reload's line and the views'
  /// reactions, or reports why the file could not be loaded, keeping the catalog.
  ///
  /// - Throws: ``OutputError`` if standard output cannot be written.
  private func handle(
    _ reload: PlacesFileWatch.Reload, of file: String, failures: inout Failures
  ) throws(OutputError) {
    do {
      let (places, skipNote) = try reload.get()
      let difference = try CatalogReload(from: runner.catalog, to: places, file: file)
      let lines = try runner.run(difference)
      if let skipNote {
        tool.writeToStandardError(skipNote)
      }
      try tool.standardOutput.write(lines)
      failures.reloadSucceeded()
    } catch let error as OutputError {
      throw error
    } catch {
      let count = runner.catalog.count
      let kept = "keeping the last good places (\(count))"
      tool.note(PlacesTool.messageText(of: error) + "; \(kept)", context: "reload")
      failures.reloadFailed(with: ExitStatus(for: error))
    }
  }

  /// The words of `line`, split at spaces outside quotes, with the quotes removed.
  ///
  /// - Throws: ``UsageError/unterminatedQuote`` if a quote is not closed.
  static func words(of line: String) throws(UsageError) -> [String] {
    var words: [String] = []
    // The word being read, appended to in place; a pair of quotes makes one even when
    // nothing is between them.
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
      } else if Self.isSpace(character) {
        if let finished = word { words.append(finished) }
        word = nil
      } else if character == "\"" || character == "'" {
        quote = character
        if word == nil { word = "" }
      } else {
        if word == nil { word = "" }
        word?.append(character)
      }
    }
    guard quote == nil else { throw .unterminatedQuote }
    if let finished = word { words.append(finished) }
    return words
  }

  /// Whether `character` is white space, which separates words: an ASCII one told without
  /// reading Unicode's tables, which cost more than the rest of a line's split.
  private static func isSpace(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return character.isWhitespace }
    return ascii == 0x20 || (0x09...0x0D).contains(ascii)
  }

  /// Writes the text of `help` or `--version` on a line of the session: as it is in text, and
  /// in JSON as one object, `{"event":"help","text":"..."}` (`"event":"version"` for
  /// `--version`), so that every line of a JSON session stays an object.
  private func write(_ text: String, as event: String) throws {
    guard runner.output.format == .json else {
      try tool.standardOutput.write(text)
      return
    }
    let record = OutputRecord(heading: nil, fields: [("text", .text(text))], event: event)
    try tool.standardOutput.write(record.rendered(as: .json) + "\n")
  }

  private func run(_ words: [String]) throws {
    let invocation = try CommandLineParser(context: .session).parse(words)
    switch invocation.action {
    case .help(let topic):
      // 'help' alone tells what a session takes, not the whole tool's help.
      try write(HelpText.text(for: topic ?? .session), as: "help")
    case .version(let verbose):
      try write(VersionText.text(verbose: verbose), as: "version")
    case .run(let command):
      try tool.standardOutput.write(try runner.run(command))
    }
  }
}
