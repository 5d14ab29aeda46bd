import Observation
import PlacesModel

/// A detail card's state, kept up to date by a ``PlaceCardViewModel`` and observable by a view.
///
/// Attach it as the view model's view (hold it strongly, since the view model holds its view
/// weakly). ``place`` is the place shown, `nil` once the card is dismissed: a SwiftUI sheet
/// presented while it is not `nil` (`sheet(item:)`) comes and goes with the card.
///
/// Like the view models, a screen state is not `Sendable` and is isolated to no actor: it lives
/// in the isolation domain of the view model that drives it, the main actor in an app.
@Observable
public final class PlaceCardScreenState {
  /// The place the card shows, or `nil` when the card is dismissed or not shown yet.
  public private(set) var place: Place?

  /// Creates the state of a card showing nothing.
  public init() {}

  /// Whether the card shows a place.
  public var isPresented: Bool { place != nil }
}

extension PlaceCardScreenState: PlaceCardViewDelegate {
  /// Shows `place`; changes ``place`` only.
  public func showDetails(of place: Place) {
    if self.place != place {
      self.place = place
    }
  }

  /// Dismisses the card; changes ``place`` only.
  public func dismiss() {
    if place != nil {
      place = nil
    }
  }
}
