/// A command to scroll a list to a row, kept by a ``ListScreenState`` until its view carries it
/// out.
///
/// Each request made by one screen state has a larger ``id`` than the one before, so two
/// requests for the same row are still different values: a view that acts when the request
/// changes (SwiftUI's `onChange(of:)`) acts on each once.
public struct ListScrollRequest: Identifiable, Hashable, Sendable {
  /// The request's number: 1 for a screen state's first, then one more for each request.
  public let id: Int
  /// The row to bring into view, in the screen state's ``ListScreenState/rows``.
  public let row: Int
  /// Whether the list is to scroll there smoothly, rather than jump.
  public let isAnimated: Bool

  /// Creates the request numbered `id` to scroll to `row`.
  package init(id: Int, row: Int, isAnimated: Bool) {
    self.id = id
    self.row = row
    self.isAnimated = isAnimated
  }
}
