import PlacesModel
import ViewModels

/// A search view that records the commands it receives; matches are recorded by identifier
/// and kind.
final class SearchViewSpy: SearchViewDelegate {
  enum Command: Equatable {
    case showMatches([Place.ID])
    case highlightMatch(Int)
    case clearHighlight
  }

  private(set) var commands: [Command] = []
  private(set) var matches: [SearchMatch] = []
  /// Runs after each command is recorded, to act from inside a command.
  var onCommand: ((Command) -> Void)?

  private func record(_ command: Command) {
    commands.append(command)
    onCommand?(command)
  }

  func showMatches(_ matches: [SearchMatch]) {
    self.matches = matches
    record(.showMatches(matches.map(\.id)))
  }

  func highlightMatch(at index: Int) { record(.highlightMatch(index)) }

  func clearHighlight() { record(.clearHighlight) }
}
