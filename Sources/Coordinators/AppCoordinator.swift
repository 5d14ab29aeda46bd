import PlacesModel
import ViewModels

/// Builds the whole app: the model, the map, list and search screens, and the detail card flow.
///
/// ## Ownership
/// The app coordinator owns the model, the view models and the views the ``ViewFactory``
/// supplies; the model holds its listeners weakly and the view models hold their views weakly.
/// Releasing the app coordinator therefore releases the whole graph. Nothing is global: build
/// as many independent graphs as needed.
///
/// ## Navigation
/// When a place is selected, a ``PlaceCardCoordinator`` child shows its card; when the
/// selection moves to another place, that card is dismissed and the new place's card shown;
/// when the selection is cleared, the card is dismissed. When the selected place changes but
/// keeps its identifier (a catalog replaced with the place renamed), its card stays and shows
/// the new details: the card's view model follows the catalog. The coordinator listens to the
/// model after the map and list view models, so within one broadcast the card reacts last.
///
/// The coordinator hears the model through a listener of its own, not as a
/// ``/PlacesModel/PlacesModelDelegate`` itself: only the model's broadcasts navigate.
public final class AppCoordinator: Coordinator {
  /// The model every view model listens to; change it to drive the app, for example to set
  /// the user's location.
  public let model: PlacesModel
  /// The map's view model; send it the map's taps.
  public let mapViewModel: MapViewModel
  /// The list's view model; send it the list's taps.
  public let listViewModel: ListViewModel
  /// The search's view model; send it the query typed and the match chosen.
  public let searchViewModel: SearchViewModel
  /// The categories whose places every screen shows: the map, the list and search; every
  /// place by default.
  ///
  /// Setting it sets each screen's filter, in the order map, list, search, and each screen
  /// shows the change at once as its view model's filter says. The selection stays, and so
  /// does the selected place's card, even when the filter hides the place.
  ///
  /// - Complexity: That of each view model's filter change.
  public var categoryFilter = CategoryFilter.all {
    didSet {
      guard categoryFilter != oldValue else { return }
      mapViewModel.categoryFilter = categoryFilter
      listViewModel.categoryFilter = categoryFilter
      searchViewModel.categoryFilter = categoryFilter
    }
  }
  /// The card flow, while a place is selected.
  public var children: [any Coordinator] {
    cardCoordinator.map { [$0] } ?? []
  }

  private let viewFactory: any ViewFactory
  private var owned: [AnyObject] = []
  private var cardCoordinator: PlaceCardCoordinator?
  private var isStarted = false
  /// Hears the model for this coordinator, once started; the model holds it weakly, this
  /// strongly.
  private var listener: ModelListener?
  /// The catalog last heard of, to find the selected place in.
  private var catalog = PlaceCatalog.empty

  /// Creates the app around `model`, taking its views from `viewFactory`, its map clustering
  /// with `mapOptions`.
  ///
  /// The view models listen to the model at once; ``start()`` attaches the views.
  public init(
    model: PlacesModel, viewFactory: any ViewFactory, mapOptions: MapClusterOptions = .standard
  ) {
    self.model = model
    self.viewFactory = viewFactory
    self.mapViewModel = MapViewModel(model: model, options: mapOptions)
    self.listViewModel = ListViewModel(model: model)
    self.searchViewModel = SearchViewModel(model: model)
  }

  /// Creates the app around a new model holding `places`, its map clustering with
  /// `mapOptions`.
  ///
  /// - Throws: ``/PlacesModel/PlacesModelError/duplicateID(_:firstIndex:secondIndex:)``.
  /// - Complexity: O(*n*).
  public convenience init(
    places: [Place], viewFactory: any ViewFactory, mapOptions: MapClusterOptions = .standard
  ) throws(PlacesModelError) {
    self.init(
      model: try PlacesModel(places: places), viewFactory: viewFactory, mapOptions: mapOptions)
  }

  /// Makes the map, list and search views, brings them up to date in that order, and shows the
  /// selected place's card, if any; does nothing the second time.
  public func start() {
    guard !isStarted else { return }
    isStarted = true
    let (map, list, search) = (mapViewModel, listViewModel, searchViewModel)
    owned = [
      viewFactory.makeMapView().attach(view: { map.view = $0 }, state: map.attach),
      viewFactory.makeListView().attach(view: { list.view = $0 }, state: list.attach),
      viewFactory.makeSearchView().attach(view: { search.view = $0 }, state: search.attach),
    ]
    listener = ModelListener(model: model) { [weak self] in self?.apply($0) }
  }

  // MARK: - Navigation

  private func showCard(for place: Place) {
    let child = PlaceCardCoordinator(place: place, model: model, viewFactory: viewFactory)
    cardCoordinator = child
    child.start()
  }

  private func dismissCard() {
    let child = cardCoordinator
    cardCoordinator = nil
    child?.finish()
  }
}

// MARK: - Model changes (private: only the model's broadcast reaches them)

extension AppCoordinator {
  /// Keeps each catalog, to look the selection up in, and navigates on each selection.
  private func apply(_ change: PlacesModelChange) {
    switch change {
    case .places(let catalog, changes: _): self.catalog = catalog
    case .location: break
    case .selection(let id): selectionDidChange(to: id)
    }
  }

  /// Shows the card of the selected place, dismissing the card shown before.
  private func selectionDidChange(to id: Place.ID?) {
    let place = id.flatMap(catalog.place(withID:))
    guard place?.id != cardCoordinator?.place.id else { return }
    dismissCard()
    if let place {
      showCard(for: place)
    }
  }
}
