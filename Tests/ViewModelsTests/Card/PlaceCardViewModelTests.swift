import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct PlaceCardViewModelTests {
  @Test func attachingViewShowsDetails() {
    let viewModel = PlaceCardViewModel(place: .rome, model: .fixture())
    let view = PlaceCardViewSpy()

    viewModel.view = view

    #expect(view.commands == [.showDetails(.rome)])
  }

  @Test func dismissingDismissesTheView() {
    let viewModel = PlaceCardViewModel(place: .rome, model: .fixture())
    let view = PlaceCardViewSpy()
    viewModel.view = view

    viewModel.dismiss()

    #expect(view.commands == [.showDetails(.rome), .dismiss])
  }

  @Test func tapOnCloseOnlyClearsSelection() throws {
    let model = PlacesModel.fixture()
    try model.select(Place.rome.id)
    let viewModel = PlaceCardViewModel(place: .rome, model: model)
    let view = PlaceCardViewSpy()
    viewModel.view = view

    viewModel.closeTapped()

    #expect(model.selectedItem == nil)
    #expect(view.commands == [.showDetails(.rome)])
  }

  @Test func viewIsHeldWeakly() {
    let viewModel = PlaceCardViewModel(place: .rome, model: .fixture())
    weak var weakView: PlaceCardViewSpy?
    do {
      let view = PlaceCardViewSpy()
      weakView = view
      viewModel.view = view
    }

    #expect(weakView == nil)
  }

  // MARK: - Following the catalog

  @Test func aRenamedPlaceIsShownAgainWithItsNewDetails() throws {
    let model = PlacesModel.fixture()
    let viewModel = PlaceCardViewModel(place: .rome, model: model)
    let view = PlaceCardViewSpy()
    viewModel.view = view
    let roma = Place.rome.renamed("Roma")

    try model.replacePlaces([.stockholm, roma, .london, .paris])

    #expect(view.commands == [.showDetails(.rome), .showDetails(roma)])
    #expect(viewModel.place == roma)
  }

  @Test func aCatalogWithThePlaceUnchangedSendsNothing() throws {
    let model = PlacesModel.fixture()
    let viewModel = PlaceCardViewModel(place: .rome, model: model)
    let view = PlaceCardViewSpy()
    viewModel.view = view

    try model.replacePlaces([.rome, .zurich])

    #expect(view.commands == [.showDetails(.rome)])
    #expect(viewModel.place == .rome)
  }

  @Test func aCatalogWithoutThePlaceLeavesTheCardToItsCoordinator() throws {
    let model = PlacesModel.fixture()
    let viewModel = PlaceCardViewModel(place: .rome, model: model)
    let view = PlaceCardViewSpy()
    viewModel.view = view

    try model.replacePlaces([.zurich, Place.london.renamed("Londinium")])

    #expect(view.commands == [.showDetails(.rome)])
    #expect(viewModel.place == .rome)
  }

  @Test func aRenameQueuedBehindAnotherCatalogIsShownInTurn() throws {
    let model = PlacesModel.fixture()
    let viewModel = PlaceCardViewModel(place: .rome, model: model)
    let view = PlaceCardViewSpy()
    viewModel.view = view
    let roma = Place.rome.renamed("Roma")
    let romaCapitale = Place.rome.renamed("Roma Capitale")
    let renamer = CatalogRenamer(model: model, then: [romaCapitale, .london])
    model.addDelegate(renamer, replayingState: false)

    try model.replacePlaces([roma, .london])

    #expect(view.commands == [.showDetails(.rome), .showDetails(roma), .showDetails(romaCapitale)])
    #expect(viewModel.place == romaCapitale)
  }

  // MARK: - Lifetime

  @Test func theModelDoesNotKeepTheCardViewModelAlive() {
    let model = PlacesModel.fixture()
    weak var weakViewModel: PlaceCardViewModel?
    do {
      let viewModel = PlaceCardViewModel(place: .rome, model: model)
      weakViewModel = viewModel
      #expect(model.delegateCount == 1)
    }

    #expect(weakViewModel == nil)
    #expect(model.delegateCount == 0)
  }
}

/// A model listener that, hearing a catalog for the first time, replaces it with `next`: its
/// replacement is queued behind the broadcast under way.
private final class CatalogRenamer: PlacesModelDelegate {
  private let model: PlacesModel
  private var next: [Place]?

  init(model: PlacesModel, then next: [Place]) {
    self.model = model
    self.next = next
  }

  func didChange(places: PlaceCatalog) {
    guard let next else { return }
    self.next = nil
    try? model.replacePlaces(next)
  }
}
