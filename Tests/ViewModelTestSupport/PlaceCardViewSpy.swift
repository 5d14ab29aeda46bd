// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: the spies' members mirror the documented view protocols one for one.

import PlacesModel
import ViewModels

/// A detail card that records the commands it receives.
public final class PlaceCardViewSpy: PlaceCardViewDelegate {
  public enum Command: Equatable, Sendable {
    case showDetails(Place)
    case dismiss
  }

  public private(set) var commands: [Command] = []
  private let log: CommandLog?

  public init(log: CommandLog? = nil) {
    self.log = log
  }

  private func record(_ command: Command) {
    commands.append(command)
    log?.append(.card(command))
  }

  public func showDetails(of place: Place) { record(.showDetails(place)) }
  public func dismiss() { record(.dismiss) }
}
