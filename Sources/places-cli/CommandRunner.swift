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
    coordinator.mapViewModel.cameraChanged(to: .world, viewSize: Self.viewSize)
  }

  /// The size of the map screen the views stand for: a phone held upright, 390 by 844 points.
  ///
  /// The map starts at zoom 0, where the whole world fits its width.
  static let viewSize: MapSize = {
    do {
      return try MapSize(width: 390, height: 844)
    } catch {
      preconditionFailure("390x844 is a valid view size")
    }
  }()

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
    case .camera(let camera):
      coordinator.mapViewModel.cameraChanged(to: camera, viewSize: Self.viewSize)
    case .list(let near):
      for row in rows(near: near) {
        output.append(Self.record(for: row))
      }
    case .session:
      throw UsageError.notAllowedInSession("session")
    }
  }

  // MARK: - Listing

  /// The list's rows, or, given `near`, every place nearest first from there, ties in catalog
  /// order, without changing the user's location.
  private func rows(near origin: Coordinate?) -> [ListRow] {
    guard let origin, origin != coordinator.model.location else {
      return coordinator.listViewModel.rows
    }
    return coordinator.model.places(byDistanceFrom: origin).map {
      ListRow(place: $0, distanceFrom: origin)
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
