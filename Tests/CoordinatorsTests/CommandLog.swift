import PlacesModel

/// The commands every spy of one test received, across views, in the order they came.
final class CommandLog {
  enum Entry: Equatable {
    case map(MapViewSpy.Command)
    case list(ListViewSpy.Command)
    case card(PlaceCardViewSpy.Command)
  }

  private(set) var entries: [Entry] = []

  func append(_ entry: Entry) {
    entries.append(entry)
  }
}
