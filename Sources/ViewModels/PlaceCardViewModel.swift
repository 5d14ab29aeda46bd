import PlacesModel

/// Drives the detail card of one place.
///
/// The card is presented and dismissed by a coordinator, which decides navigation: it creates
/// this view model when a place is selected and calls ``close()`` when the selection goes away.
/// The view is held weakly; setting ``view`` (even to the view already set) shows the details.
public final class PlaceCardViewModel {
  /// The view being driven, held weakly; setting it shows the place's details in it.
  public weak var view: (any PlaceCardViewDelegate)? {
    didSet { view?.showDetails(of: place) }
  }

  /// The place the card shows.
  public let place: Place

  private let model: PlacesModel

  /// Creates the view model of the card for `place`, whose inputs change `model`.
  public init(place: Place, model: PlacesModel) {
    self.place = place
    self.model = model
  }

  // MARK: - Inputs

  /// Handles a tap on the card's close button by clearing the selection.
  ///
  /// The card is dismissed by its coordinator when the model broadcasts the deselection.
  public func closeTapped() {
    model.deselect()
  }

  // MARK: - Navigation

  /// Dismisses the card's view; its coordinator calls this when navigating back.
  public func close() {
    view?.dismiss()
  }
}
