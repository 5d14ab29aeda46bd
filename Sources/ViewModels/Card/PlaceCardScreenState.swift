import Observation
import PlacesModel

/// A detail card's state, kept up to date by a ``PlaceCardViewModel`` and observable by a view.
///
/// Attach it to the view model (``PlaceCardViewModel/attach(_:)``; hold it strongly, since the
/// view model holds it weakly). ``place`` is the place shown, `nil` once the card is dismissed:
/// a SwiftUI sheet presented while it is not `nil` (`sheet(item:)`) comes and goes with the
/// card. A sheet dismissed by the user is a tap on the card's close button
/// (``PlaceCardViewModel/closeTapped()``): the state follows the deselection.
///
/// The state is not a ``PlaceCardViewDelegate``: its commands are internal to this module, so
/// only the view model it is attached to writes it.
///
/// Like the view models, a screen state is not `Sendable` and is isolated to no actor: it lives
/// in the isolation domain of the view model that drives it, the main actor in an app.
@Observable
public final class PlaceCardScreenState {
  /// The place the card shows, or `nil` when the card is dismissed or not shown yet.
  public private(set) var place: Place?

  /// The writer the view model the state is attached to drives.
  @ObservationIgnored var writer: ScreenStateWriter<PlaceCardScreenState>?

  /// Creates the state of a card showing nothing.
  public init() {}

  /// Whether the card shows a place.
  public var isPresented: Bool { place != nil }
}

// MARK: - Commands (package: outside the package only the attached view model writes it)

extension PlaceCardScreenState {
  /// Shows `place`; changes ``place`` only.
  package func showDetails(of place: Place) {
    if self.place != place {
      self.place = place
    }
  }

  /// Dismisses the card; changes ``place`` only.
  package func dismiss() {
    if place != nil {
      place = nil
    }
  }
}

extension PlaceCardScreenState: WrittenScreenState {}

/// The view a ``PlaceCardViewModel`` drives when the state is attached to it: each command goes to
/// the state.
extension ScreenStateWriter: PlaceCardViewDelegate where State == PlaceCardScreenState {
  func showDetails(of place: Place) { state?.showDetails(of: place) }
  func dismiss() { state?.dismiss() }
}
