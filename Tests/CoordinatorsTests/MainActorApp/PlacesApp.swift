import Coordinators
import PlacesModel

/// An app embedding the core the way a SwiftUI or UIKit app does, in Swift 6 mode.
///
/// Everything is built on the main actor: the model, the view models and the coordinator are
/// not `Sendable`, so they stay where they were made, and the screens conform to the view
/// protocols on the main actor. The model's changes leave the main actor only as `Sendable`
/// values, through change streams: one read by a main-actor task that keeps a history, one
/// read by a detached task that formats a log away from the main actor.
@MainActor
final class PlacesApp {
  /// The selections, as read from the model's changes by a task on the main actor.
  @MainActor
  final class SelectionHistory {
    /// The identifier of each selection, `nil` for a deselection, in order.
    private(set) var selections: [Place.ID?] = []

    func record(_ change: PlacesModelChange) {
      if case .selection(let id) = change {
        selections.append(id)
      }
    }
  }

  let coordinator: AppCoordinator
  let screens: AppScreens
  let history = SelectionHistory()
  /// Reads the changes into ``history``; ends when the model is released.
  let historyReader: Task<Void, Never>
  /// Formats every change as a log line off the main actor; ends when the model is released,
  /// returning the lines.
  let logWriter: Task<[String], Never>

  init(places: [Place]) throws(PlacesModelError) {
    let screens = AppScreens()
    let coordinator = try AppCoordinator(places: places, viewFactory: screens)
    coordinator.start()

    let history = self.history
    let historyChanges = coordinator.model.changes(replayingState: false)
    historyReader = Task {  // Inherits the main actor, where `history` lives.
      for await change in historyChanges {
        history.record(change)
      }
    }
    let logChanges = coordinator.model.changes()
    logWriter = Task.detached {  // Runs off the main actor: only the stream crosses.
      var lines: [String] = []
      for await change in logChanges {
        lines.append(Self.logLine(for: change))
      }
      return lines
    }
    self.screens = screens
    self.coordinator = coordinator
  }

  /// One log line for `change`; callable from any isolation domain.
  nonisolated static func logLine(for change: PlacesModelChange) -> String {
    switch change {
    case .places(let places, _):
      "places count=\(places.count)"
    case .location(let location):
      "location \(location.map { "\($0.latitude),\($0.longitude)" } ?? "unknown")"
    case .selection(let id):
      "selection \(id.map { "\($0)" } ?? "none")"
    }
  }
}
