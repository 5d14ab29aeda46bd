// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: the spies' members mirror the documented view protocols one for one.

import PlacesModel
import ViewModels

/// A search view that records the commands it receives; matches are recorded by identifier
/// and kind.
public final class SearchViewSpy: SearchViewDelegate {
  public enum Command: Equatable, Sendable {
    case showMatches([Place.ID])
    case highlightMatch(Int)
    case clearHighlight
  }

  public private(set) var commands: [Command] = []
  public private(set) var matches: [SearchMatch] = []
  /// Runs after each command is recorded, to act from inside a command.
  public var onCommand: ((Command) -> Void)?
  private let log: CommandLog?

  public init(log: CommandLog? = nil) {
    self.log = log
  }

  private func record(_ command: Command) {
    commands.append(command)
    log?.append(.search(command))
    onCommand?(command)
  }

  public func showMatches(_ matches: [SearchMatch]) {
    self.matches = matches
    record(.showMatches(matches.map(\.id)))
  }

  public func highlightMatch(at index: Int) { record(.highlightMatch(index)) }

  public func clearHighlight() { record(.clearHighlight) }
}
