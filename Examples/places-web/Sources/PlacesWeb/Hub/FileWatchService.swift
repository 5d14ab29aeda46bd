import ServiceLifecycle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Follows the places file for `--watch`: polls it, and once a change has settled, reads it
/// again and hands the places to the hub, which shows them on every page.
///
/// A change has settled when two polls in a row see the same file (the same device, inode,
/// size and modification time); what was read is dropped if the file changed while it was
/// read, and read again on a later poll. A file that cannot be read or is not valid is reported
/// on standard error and the pages keep the places they show, as `places-cli session --watch`
/// keeps its catalog.
package struct FileWatchService: Service {
  /// The file followed.
  package let path: String
  /// Where the places go.
  package let hub: CatalogHub
  /// How often the file is looked at.
  package let interval: Duration
  /// The file as it was when the places being served were read.
  private let loadedState: FileStamp?

  /// Follows `path` for `hub`, whose places were read when the file looked like `loadedState`.
  package init(
    path: String, hub: CatalogHub, loadedState: FileStamp?, interval: Duration = .milliseconds(250)
  ) {
    self.path = path
    self.hub = hub
    self.loadedState = loadedState
    self.interval = interval
  }

  /// Polls until the server shuts down; a shutdown ends it without an error.
  package func run() async throws {
    do {
      try await poll()
    } catch is CancellationError {
      // The server is stopping.
    }
  }

  private func poll() async throws {
    try await cancelWhenGracefulShutdown {
      var loaded = loadedState
      var previous = loadedState
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        let state = FileStamp(ofFileAt: path)
        defer { previous = state }
        guard state != loaded, state == previous else { continue }
        do {
          let load = try PlacesLoading.load(file: path)
          guard FileStamp(ofFileAt: path) == state else { continue }
          loaded = state
          try await hub.replace(with: Array(load.catalog))
          if let note = load.skipNote { writeToStandardError(note) }
        } catch {
          loaded = state
          writeToStandardError("places-web: \(error)\n")
        }
      }
    }
  }
}

/// What a file looks like on disk, as `stat(2)` says, without reading it; `nil` when missing.
package struct FileStamp: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  /// The file at `path` now, or `nil` when it cannot be looked at.
  package init?(ofFileAt path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
    size = Int64(info.st_size)
    modifiedSeconds = modified.tv_sec
    modifiedNanoseconds = modified.tv_nsec
  }
}

/// Writes `text` to standard error, unbuffered.
func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    _ = write(2, bytes.baseAddress, bytes.count)
  }
}

/// Writes `text` to standard output, unbuffered, so that a reader sees it at once.
func writeToStandardOutput(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    _ = write(1, bytes.baseAddress, bytes.count)
  }
}
