import PlacesModel
import ViewModels

/// Shows the detail card of one place while it is selected.
///
/// An ``AppCoordinator`` starts one when a place is selected and finishes it when the model's
/// selection leaves the place; the card's close button deselects (see
/// ``/ViewModels/PlaceCardViewModel/closeTapped()``). No other code starts or finishes a card,
/// so a card is shown exactly while its place is selected.
public final class PlaceCardCoordinator: Coordinator {
  /// The place whose card this flow shows, as the card shows it now (it follows the catalog:
  /// see ``/ViewModels/PlaceCardViewModel``).
  public var place: Place {
    viewModel?.place ?? storedPlace
  }
  /// The view model of the card, once the flow has started.
  public private(set) var viewModel: PlaceCardViewModel?
  /// None: a card starts no flows of its own.
  public var children: [any Coordinator] { [] }

  /// The place the flow was created for, then, once finished, the one its card showed last.
  private var storedPlace: Place
  private let model: PlacesModel
  private let viewFactory: any ViewFactory
  /// The card's view or screen state, kept while the card shows.
  private var card: AnyObject?

  /// Creates the flow for the card of `place`, which is selected in `model`; ``start()`` shows
  /// it.
  package init(place: Place, model: PlacesModel, viewFactory: any ViewFactory) {
    self.storedPlace = place
    self.model = model
    self.viewFactory = viewFactory
  }

  /// Makes the card's view and view model and shows the place's details; does nothing if the
  /// flow has already started.
  public func start() {
    guard viewModel == nil else { return }
    let screen = viewFactory.makeCardView()
    let viewModel = PlaceCardViewModel(place: storedPlace, model: model)
    card = screen.attach(view: { viewModel.view = $0 }, state: viewModel.attach)
    self.viewModel = viewModel
  }

  /// Dismisses the card and lets go of its view and view model; the app coordinator calls this
  /// when the model's selection has left the place.
  package func finish() {
    storedPlace = place
    viewModel?.dismiss()
    viewModel = nil
    card = nil
  }
}
