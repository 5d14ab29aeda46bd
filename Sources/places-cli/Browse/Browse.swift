import Foundation
import PlacesModel
import ViewModels

/// `places-cli browse`: the interactive map, list and card, drawn in the terminal.
///
/// It needs a terminal on both standard input (for the keys) and standard output (for the
/// screen); anything else, such as a pipe from a script, is refused with a usage error that
/// points to `session`, before any place is loaded. The terminal is restored however the
/// screen ends (see ``TerminalSession``). With `--watch`, the screen reloads the places file
/// when it changes (see ``BrowseScreen/tick()``).
struct Browse {
  /// Supplies the loading of places.
  let tool: PlacesTool

  /// A camera on the whole world, centred a little north of the equator, for tests that need a
  /// fixed one.
  static let startCamera = MapCamera.clamped(centre: startCentre, zoom: 1)

  /// The centre of the first view of the world: a little north of the equator, where most
  /// land is.
  static let startCentre =
    (try? Coordinate(latitude: 20, longitude: 10)) ?? MapCamera.world.centre

  /// The first camera of a terminal of `columns` by `rows`: the built-in places (which span the
  /// world) show the world filling the map panel once, the places of a file their bounds.
  static func startCamera(
    for places: [Place], isBuiltIn: Bool, columns: Int, rows: Int
  ) -> MapCamera {
    let layout = BrowseLayout(width: columns, height: rows)
    let size =
      TerminalMapScale.viewSize(columns: max(layout.mapColumns, 1), rows: max(layout.mapRows, 1))
      ?? .tile
    guard !isBuiltIn, let first = places.first else {
      return .world(filling: size, centre: startCentre)
    }
    var south = first.coordinate.latitude
    var north = south
    var west = first.coordinate.longitude
    var east = west
    for place in places {
      south = min(south, place.coordinate.latitude)
      north = max(north, place.coordinate.latitude)
      west = min(west, place.coordinate.longitude)
      east = max(east, place.coordinate.longitude)
    }
    guard let southWest = try? Coordinate(latitude: south, longitude: west),
      let northEast = try? Coordinate(latitude: north, longitude: east)
    else { return .world(filling: size, centre: startCentre) }
    return .fitting(southWest: southWest, northEast: northEast, in: size)
  }

  /// Runs the interactive map for `invocation` until the user quits; returns the exit status:
  /// 0 after `q`, 130 after Control-C, 128 plus the number after a signal.
  ///
  /// - Throws: ``UsageError/notATerminal(command:)`` when standard input or output is not a
  ///   terminal, the errors of loading the places, ``CatalogError`` when two places share an
  ///   identifier, or ``TerminalError``.
  func run(_ invocation: Invocation) throws -> ExitStatus {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw UsageError.notATerminal(command: .browse)
    }
    let environment = ProcessInfo.processInfo.environment
    if environment["TERM"] == "dumb" {
      throw UsageError.dumbTerminal
    }
    // Watching starts before the first load, so a change made during it is seen.
    let files = PlacesFiles(for: invocation)
    let watches = tool.makeWatches(of: files, for: invocation)
    let device = try TerminalDevice()
    let session = TerminalSession(
      device: device, usesColour: environment["NO_COLOR", default: ""].isEmpty)
    // Raw mode first, so keys typed while the places load are neither echoed nor lost.
    try session.enter(
      showing:
        " Loading places from \(files.sources.isEmpty ? "the built-in sample" : files.source)…")
    let model: PlacesModel
    let skipNote: String?
    let size = device.size ?? (columns: 80, rows: 24)
    let camera: MapCamera
    do {
      let (places, note) = try files.load()
      skipNote = note
      camera = Self.startCamera(
        for: places, isBuiltIn: files.sources.isEmpty, columns: size.columns, rows: size.rows)
      do {
        model = try PlacesModel(places: places)
      } catch {
        throw CatalogError(file: files.source, error: error)
      }
      model.places.prepareIndexes()
    } catch {
      session.leave()
      throw error
    }
    // A filter naming a category no place has shows nothing of it: said, with the load's
    // skips, once the terminal is given back, where it stays readable.
    let categoryNote = invocation.categoryFilter.flatMap { filter in
      CatalogCategories(of: model.places).message(for: filter)
    }
    defer {
      if let skipNote {
        tool.writeToStandardError(skipNote)
      }
      if let categoryNote {
        tool.note(categoryNote)
      }
    }
    let screen = BrowseScreen(
      model: model, camera: camera, columns: size.columns, rows: size.rows, watches: watches,
      mapOptions: .standard.clusteringByCategory(invocation.clustersByCategory),
      categoryFilter: invocation.categoryFilter ?? .all)
    return try session.run(screen)
  }
}
