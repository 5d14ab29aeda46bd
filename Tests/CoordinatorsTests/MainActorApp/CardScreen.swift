import PlacesModel
import ViewModels

/// A detail card as a UI framework would have it: a main-actor class.
///
/// It conforms to the view protocol through an isolated conformance (`@MainActor
/// PlaceCardViewDelegate`): its methods stay on the main actor, and the compiler lets the
/// conformance be used only there, which is where the view models that call it live.
@MainActor
final class CardScreen {
  /// The names of the places shown, in order.
  private(set) var shownNames: [String] = []
  /// How many times the card was dismissed.
  private(set) var dismissals = 0
}

extension CardScreen: @MainActor PlaceCardViewDelegate {
  func showDetails(of place: Place) {
    shownNames.append(place.name)
  }

  func dismiss() {
    dismissals += 1
  }
}
