import PlacesModel

/// Drives the detail card of one place.
///
/// ## A card shows the selected place
/// The card is presented and dismissed by a coordinator, which decides navigation: it creates
/// this view model when a place is selected and dismisses the card when the model's selection
/// leaves the place, in answer to the broadcast. Nothing else dismisses it: closing a card is a
/// deselection (``closeTapped()``), so the card and every other screen always agree on the
/// selection. The view is held weakly; setting ``view`` (even to the view already set) shows
/// the details.
///
/// ## The card follows the catalog
/// The card shows its place as the catalog has it now: when the model broadcasts a catalog in
/// which the place (same identifier) has changed, a new name say, the card takes the new value
/// and sends `showDetails` again; an unchanged place sends nothing. An edit that did not update
/// the place (see ``/PlacesModel/PlacesModel/apply(_:)``) is passed over without a lookup. A catalog without the
/// place leaves the card as it was: the selection was cleared with it, and the coordinator
/// dismisses the card. The view model hears the model through a listener of its own,
/// registered after those present when it was created, so within a broadcast the card reacts
/// after the screens beneath it.
public final class PlaceCardViewModel {
  /// The view being driven, held weakly; setting it replays the current state into it.
  ///
  /// `nil` while a screen state is attached with ``attach(_:)``: the state is read through
  /// itself, and only this view model writes it.
  public var view: (any PlaceCardViewDelegate)? {
    get { target is ScreenStateWriter<PlaceCardScreenState> ? nil : target }
    set {
      target = newValue
      target?.showDetails(of: place)
    }
  }
  /// What the commands go to: the view set, or the writer of the attached screen state, which
  /// never leaves this view model.
  private weak var target: (any PlaceCardViewDelegate)?

  /// The place the card shows: the one it was created for, as the catalog it last heard of
  /// has it.
  public private(set) var place: Place

  private let model: PlacesModel
  /// Hears the model for this view model; the model holds it weakly, this strongly.
  private var listener: ModelListener?

  /// Creates the view model of the card for `place`, whose inputs change `model` and which
  /// follows `model`'s catalog from now on.
  ///
  /// Only a coordinator creates one, when `place` is selected: a card shown otherwise would
  /// disagree with the model.
  package init(place: Place, model: PlacesModel) {
    self.place = place
    self.model = model
    listener = ModelListener(model: model, replayingState: false) { [weak self] in self?.apply($0) }
  }

  /// Attaches `state` as the screen this view model drives, replacing ``view``, and brings it up
  /// to date, as setting ``view`` does.
  ///
  /// The state is held weakly, like a view: keep it for as long as the screen shows. From then
  /// on this view model is the state's only writer; attaching the state to another view model
  /// detaches it from this one.
  public func attach(_ state: PlaceCardScreenState) {
    target = state.makeWriter()
    target?.showDetails(of: place)
  }

  // MARK: - Inputs

  /// Handles a tap on the card's close button, or a swipe that dismisses it, by clearing the
  /// selection.
  ///
  /// The card is dismissed by its coordinator when the model broadcasts the deselection, after
  /// the screens beneath it have cleared theirs.
  public func closeTapped() {
    model.deselect()
  }

  // MARK: - Navigation

  /// Dismisses the card's view; its coordinator calls this when the model's selection has left
  /// the card's place, and only then.
  package func dismiss() {
    target?.dismiss()
  }
}

// MARK: - Model changes (private: only the model's broadcast reaches them)

extension PlaceCardViewModel {
  /// Hands a change of the model to its reaction.
  private func apply(_ change: PlacesModelChange) {
    switch change {
    case .places(let catalog, changes: let changes?):
      catalogDidChange(to: catalog, changes: changes)
    case .places(let catalog, changes: nil): catalogDidChange(to: catalog)
    case .location, .selection: break
    }
  }

  /// Shows the place's new details if the new catalog changed it.
  private func catalogDidChange(to catalog: PlaceCatalog) {
    guard let current = catalog.place(withID: place.id), current != place else { return }
    place = current
    target?.showDetails(of: current)
  }

  /// Shows the place's new details if `changes` updated it; otherwise does nothing.
  private func catalogDidChange(to catalog: PlaceCatalog, changes: PlaceCatalogChanges) {
    guard changes.updated.contains(place.id) else { return }
    catalogDidChange(to: catalog)
  }
}
