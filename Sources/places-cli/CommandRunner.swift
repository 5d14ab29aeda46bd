import Coordinators
import PlacesModel
import ViewModels

/// Runs commands against one live app, collecting what they print.
///
/// The app's views print into ``output``; a command's lines are taken from it only when the
/// command succeeds, so a failed command prints nothing.
final class CommandRunner {
  /// Where the views and `list` print.
  let output: OutputBuffer
  private let coordinator: AppCoordinator

  /// Creates the app for `places`, printing in `format`; its views are attached by ``start()``.
  ///
  /// - Throws: ``CatalogError`` if two places share an identifier.
  init(places: [Place], source: String, format: OutputFormat) throws(CatalogError) {
    let output = OutputBuffer(format: format)
    do {
      coordinator = try AppCoordinator(
        places: places, viewFactory: ConsoleViewFactory(output: output))
    } catch {
      throw CatalogError(file: source, error: error)
    }
    self.output = output
  }

  /// Attaches the views, which print the state they start from.
  func start() {
    coordinator.start()
  }

  /// Runs `command` and returns what it printed.
  ///
  /// - Throws: ``PlacesModelError/unknownPlace(_:)`` for a selection of an unknown place, or
  ///   ``UsageError`` for a nested `session`; nothing is printed then.
  func run(_ command: Command) throws -> String {
    do {
      try perform(command)
    } catch {
      output.discard()
      throw error
    }
    return output.take()
  }

  private func perform(_ command: Command) throws {
    switch command {
    case .select(let id, .map):
      try coordinator.mapViewModel.markerTapped(id: id)
    case .select(let id, .list):
      guard let row = coordinator.listViewModel.row(ofPlaceWithID: id) else {
        throw PlacesModelError.unknownPlace(id)
      }
      try coordinator.listViewModel.rowTapped(at: row)
    case .deselect:
      coordinator.mapViewModel.mapTapped()
    case .locate(let coordinate):
      coordinator.model.location = coordinate
    case .list(let near):
      printRows(near: near)
    case .session:
      throw UsageError.notAllowedInSession("session")
    }
  }

  // MARK: - Listing

  /// Prints the list's rows, or, given `near`, every place nearest first from there.
  ///
  /// `near` leaves the user's location alone; places at the same distance come in catalog
  /// order. Either way each row is found as it is printed, from the spatial index, without
  /// sorting the catalog by distance.
  private func printRows(near origin: Coordinate?) {
    let listViewModel = coordinator.listViewModel
    guard let origin, origin != listViewModel.location else {
      for row in listViewModel.rows {
        output.append(Self.record(for: row))
      }
      return
    }
    let places = coordinator.model.places
    for neighbour in coordinator.model.spatialIndex.neighbours(of: origin) {
      let place = places[neighbour.position]
      let row = ListRow(
        id: place.id, name: place.name, country: place.country, distance: neighbour.distance)
      output.append(Self.record(for: row))
    }
  }

  private static func record(for row: ListRow) -> OutputRecord {
    var fields: [(name: String, value: OutputValue)] = [
      ("id", .integer(row.id)), ("name", .text(row.name)),
    ]
    if let country = row.country {
      fields.append(("country", .text(country)))
    }
    if let distance = row.distance {
      fields.append(("distanceKm", .number((distance / 100).rounded() / 10)))
    }
    return OutputRecord(heading: nil, fields: fields)
  }
}
