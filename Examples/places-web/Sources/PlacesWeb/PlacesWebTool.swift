import Hummingbird
import Logging
import NIOCore
import PlacesModel
import ServiceLifecycle

/// The `places-web` tool: reads its command line and the places, then serves them until
/// Ctrl-C or SIGTERM.
package enum PlacesWebTool {
  /// Runs the command line `arguments`, without the tool's name, and returns the status to
  /// exit with.
  package static func run(arguments: [String]) async -> Int32 {
    do {
      switch try WebCommandLine.parse(arguments) {
      case .help:
        writeToStandardOutput(WebCommandLine.usage)
      case .serve(let options):
        try await serve(options)
      }
      return WebExitStatus.success.rawValue
    } catch {
      var message = "places-web: \(error)\n"
      if error is WebUsageError {
        message += "Run 'places-web --help' for usage.\n"
      }
      writeToStandardError(message)
      return WebExitStatus(for: error).rawValue
    }
  }

  private static func serve(_ options: WebOptions) async throws {
    // The files are looked at before they are read, so that a change made while they load
    // is seen.
    let stamps = options.placesSources.map { FileStamp(ofFileAt: $0.file) }
    let loaded = try PlacesLoading.load(sources: options.placesSources)
    if let note = loaded.skipNote { writeToStandardError(note) }
    loaded.catalog.prepareIndexes()
    let hub = CatalogHub(
      catalog: loaded.catalog, sessionLimit: options.sessionLimit,
      allowsEdits: options.allowsEdits)
    var services: [any Service] = []
    if options.watchesPlacesFiles, let files = loaded.files {
      services.append(
        FileWatchService(
          sources: options.placesSources, loaded: files, hub: hub, loadedStates: stamps))
    }
    var logger = Logger(label: "places-web", factory: { StreamLogHandler.standardError(label: $0) })
    logger.logLevel = .error
    let app = WebServer(options: options, hub: hub).makeApplication(
      services: services, logger: logger,
      onRunning: { address in writeToStandardOutput(address + "\n") })
    do {
      try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    } catch let error as IOError {
      throw ListenError(address: "\(options.host):\(options.port)", reason: error.reason)
    } catch let error as SocketAddressError {
      throw ListenError(address: "\(options.host):\(options.port)", reason: "\(error)")
    }
    await hub.closeAll()
  }
}

extension IOError {
  /// What the system said, without NIO's decoration: `address already in use`.
  fileprivate var reason: String {
    switch errnoCode {
    case 98, 48: "address already in use"
    case 99, 49: "address not available on this machine"
    case 13: "permission denied"
    default: description
    }
  }
}
