import PlacesModel

/// A places file watched by `--watch`: read again once a change to it has settled.
///
/// Each call to ``check()`` polls the file through a ``FileWatcher`` (at most once per its
/// interval) and, once a change has settled, reads the file with the loader it was given. What
/// was read is dropped if the file changed again while it was being read; the next polls wait
/// for it to settle and read it then. A file that disappears is read too, and the read fails
/// (``GeoJSONError/fileNotFound(file:)``), so a missing file is reported like any other file
/// that cannot be loaded; when it comes back, it is read again.
final class PlacesFileWatch {
  /// What reading the file after a change gave.
  enum Reload {
    /// The places read, and the line that says what was skipped, if anything was.
    case loaded(places: [Place], skipNote: String?)
    /// Why the file could not be loaded.
    case failed(any Error)

    /// The places and the note, or the error thrown.
    func get() throws -> (places: [Place], skipNote: String?) {
      switch self {
      case .loaded(let places, let skipNote): (places, skipNote)
      case .failed(let error): throw error
      }
    }
  }

  private var watcher: FileWatcher
  private let load: () throws -> (places: [Place], skipNote: String?)
  private let accept: () -> Void

  /// Watches the file `watcher` watches, reading it with `load` after each settled change,
  /// and calling `accept` once what `load` read is kept (the file did not change meanwhile).
  ///
  /// Create it before the first load, so that a change made while that load runs is seen.
  init(
    watcher: FileWatcher, load: @escaping () throws -> (places: [Place], skipNote: String?),
    accept: @escaping () -> Void = {}
  ) {
    self.watcher = watcher
    self.load = load
    self.accept = accept
  }

  /// The path of the file watched, as given.
  var path: String { watcher.path }

  /// How long until the next poll is due; zero when it is due.
  var timeUntilNextPoll: Duration { watcher.timeUntilNextPoll }

  /// Polls the file if a poll is due; returns what reading it gave once a change has settled,
  /// else `nil`.
  func check() -> Reload? {
    guard let state = watcher.poll() else { return nil }
    let reload: Reload
    do {
      let (places, skipNote) = try load()
      reload = .loaded(places: places, skipNote: skipNote)
    } catch {
      reload = .failed(error)
    }
    guard watcher.settle(on: state) else { return nil }
    if case .loaded = reload {
      accept()
    }
    return reload
  }
}
