import PlacesModel
import ServiceLifecycle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Follows the places files for `--watch`: polls each, and once a change to one has settled,
/// reads that file again, puts its places in the catalog in place of its old ones, and hands
/// the catalog to the hub, which shows the difference on every page.
///
/// A change has settled when two polls in a row see the same file (the same device, inode,
/// size and modification time); what was read is dropped if the file changed while it was
/// read, and read again on a later poll. A file that cannot be read, is not valid, or now gives
/// an id another file gives is reported on standard error and the pages keep the places they
/// show, as `places-cli session --watch` keeps its catalog; the other files are still followed.
package struct FileWatchService: Service {
  /// The files followed, with how each is read.
  package let sources: [GeoJSONPlacesReader.Source]
  /// The places of every file as they were read before the server started.
  private let loaded: GeoJSONCatalogLoad
  /// Where the places go.
  package let hub: CatalogHub
  /// How often the files are looked at.
  package let interval: Duration
  /// Each file as it was when the places being served were read.
  private let loadedStates: [FileStamp?]

  /// Follows the files of `sources` for `hub`, whose places are `loaded`, read when the files
  /// looked like `loadedStates` (one for each source, in order).
  package init(
    sources: [GeoJSONPlacesReader.Source], loaded: GeoJSONCatalogLoad, hub: CatalogHub,
    loadedStates: [FileStamp?], interval: Duration = .milliseconds(250)
  ) {
    precondition(sources.count == loaded.files.count && sources.count == loadedStates.count)
    self.sources = sources
    self.loaded = loaded
    self.hub = hub
    self.loadedStates = loadedStates
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
      let reader = GeoJSONPlacesReader()
      var catalog = loaded
      var served = loadedStates
      var previous = loadedStates
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        for (index, source) in sources.enumerated() {
          let state = FileStamp(ofFileAt: source.file)
          defer { previous[index] = state }
          guard state != served[index], state == previous[index] else { continue }
          do {
            let load = try reader.load(source: source)
            guard FileStamp(ofFileAt: source.file) == state else { continue }
            served[index] = state
            let next = try catalog.replacingFile(at: index, with: load)
            try await hub.replace(with: next.places)
            catalog = next
            if let note = PlacesLoading.skipNote(for: next.files[index]) {
              writeToStandardError(note)
            }
          } catch {
            served[index] = state
            writeToStandardError("places-web: \(error)\n")
          }
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
