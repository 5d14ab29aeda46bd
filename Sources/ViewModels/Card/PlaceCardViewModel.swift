import PlacesModel

/// Drives the detail card of one place.
///
/// The card is presented and dismissed by a coordinator, which decides navigation: it creates
/// this view model when a place is selected and calls ``close()`` when the selection goes away.
/// The view is held weakly; setting ``view`` (even to the view already set) shows the details.
///
/// ## The card follows the catalog
/// The card shows its place as the catalog has it now: when the model broadcasts a catalog in
/// which the place (same identifier) has changed, a new name say, the card takes the new value
/// and sends `showDetails` again; an unchanged place sends nothing. A catalog without the
/// place leaves the card as it was: the selection was cleared with it, and the coordinator
/// dismisses the card. The view model hears the model through a listener of its own,
/// registered after those present when it was created, so within a broadcast the card reacts
/// after the screens beneath it.
public final class PlaceCardViewModel {
  /// The view being driven, held weakly; setting it shows the place's details in it.
  public weak var view: (any PlaceCardViewDelegate)? {
    didSet { view?.showDetails(of: place) }
  }

  /// The place the card shows: the one it was created for, as the catalog it last heard of
  /// has it.
  public private(set) var place: Place

  private let model: PlacesModel
  /// Hears the model for this view model; the model holds it weakly, this strongly.
  private let listener = ModelListener()

  /// Creates the view model of the card for `place`, whose inputs change `model` and which
  /// follows `model`'s catalog from now on.
  public init(place: Place, model: PlacesModel) {
    self.place = place
    self.model = model
    listener.listen(to: model, for: self, replayingState: false)
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

// MARK: - Model changes

extension PlaceCardViewModel: ModelReactions {
  /// Shows the place's new details if the new catalog changed it.
  package func catalogDidChange(to catalog: PlaceCatalog) {
    guard let current = catalog.place(withID: place.id), current != place else { return }
    place = current
    view?.showDetails(of: current)
  }
}
