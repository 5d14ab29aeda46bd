import PlacesModel
import ViewModels

/// A detail card that records the commands it receives.
final class PlaceCardViewSpy: PlaceCardViewDelegate {
  enum Command: Equatable {
    case showDetails(Place)
    case dismiss
  }

  private(set) var commands: [Command] = []
  private let log: CommandLog?

  init(log: CommandLog? = nil) {
    self.log = log
  }

  private func record(_ command: Command) {
    commands.append(command)
    log?.append(.card(command))
  }

  func showDetails(of place: Place) { record(.showDetails(place)) }
  func dismiss() { record(.dismiss) }
}
