// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: the spies' members mirror the documented view protocols one for one.

import PlacesModel

/// The commands every spy of one test received, across views, in the order they came.
public final class CommandLog {
  public enum Entry: Equatable, Sendable {
    case map(MapViewSpy.Command)
    case list(ListViewSpy.Command)
    case card(PlaceCardViewSpy.Command)
    case search(SearchViewSpy.Command)
  }

  public private(set) var entries: [Entry] = []

  public init() {}

  public func append(_ entry: Entry) {
    entries.append(entry)
  }
}
