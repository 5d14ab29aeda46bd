/// Polls a file's state with `stat(2)` and reports a change once it has settled.
///
/// A poll runs at most once per ``interval``. A change is reported when two polls in a row,
/// an interval apart, find the same new ``FileState``, so a file still being written is not
/// read half-way; a state that goes back to the settled one before that is no change at all.
/// The path is looked up again at every poll, so a file replaced by renaming another over it
/// (as many editors save) is a change like any other, and a file that disappears is reported
/// as ``FileState/missing`` once that has settled too. The watcher never reads the file.
///
/// The state and the clock are injected, so tests drive it without waiting.
struct FileWatcher {
  /// The time between polls unless told otherwise: a quarter of a second, so a saved file is
  /// noticed within half a second (two polls) and a watched file costs one `stat` call per
  /// poll.
  static let defaultInterval = Duration.milliseconds(250)

  /// The file watched.
  let path: String
  /// The least time between two polls.
  let interval: Duration
  private let stateOfFile: (String) -> FileState
  private let now: () -> ContinuousClock.Instant
  /// The state last acted on: a change is a state that differs from it.
  private(set) var settledState: FileState
  /// The state the last poll found, when it differs from the settled one.
  private var candidate: FileState?
  private var lastPoll: ContinuousClock.Instant

  /// Starts watching `path` from its state now, which counts as acted on.
  ///
  /// - Parameters:
  ///   - path: The file to watch, which need not exist yet.
  ///   - interval: The least time between two polls.
  ///   - stateOfFile: Reports the state of the file at a path; `stat(2)` unless a test
  ///     supplies another.
  ///   - now: The clock polls are timed by.
  init(
    path: String,
    interval: Duration = defaultInterval,
    stateOfFile: @escaping (String) -> FileState = FileState.init(ofFileAt:),
    now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    self.path = path
    self.interval = interval
    self.stateOfFile = stateOfFile
    self.now = now
    settledState = stateOfFile(path)
    lastPoll = now()
  }

  /// How long until the next poll is due; zero when it is due.
  var timeUntilNextPoll: Duration {
    max(.zero, lastPoll + interval - now())
  }

  /// Polls the file if a poll is due and returns its new state once it has settled, that is
  /// when this poll and the one before found the same state, different from the settled one;
  /// otherwise `nil`.
  ///
  /// The state returned is not yet settled: the caller reads the file, then calls
  /// ``settle(on:)``, which checks that it did not change meanwhile.
  mutating func poll() -> FileState? {
    let time = now()
    guard time - lastPoll >= interval else { return nil }
    lastPoll = time
    let state = stateOfFile(path)
    guard state != settledState else {
      candidate = nil
      return nil
    }
    guard state == candidate else {
      candidate = state
      return nil
    }
    candidate = nil
    return state
  }

  /// Records `state`, which ``poll()`` returned, as acted on, if the file still has it.
  ///
  /// - Returns: `false` if the file changed since that poll (it was being written while it was
  ///   read): what was read must be dropped, and the next poll waits for the file to settle
  ///   again.
  mutating func settle(on state: FileState) -> Bool {
    let current = stateOfFile(path)
    guard current == state else {
      candidate = current
      return false
    }
    settledState = state
    candidate = nil
    return true
  }
}
