import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct ListScreenStateTests {
  /// Every stored property of a list screen state, by name.
  private static var properties: [String: PartialKeyPath<ListScreenState>] {
    [
      "rows": \.rows, "order": \.order, "highlightedRow": \.highlightedRow,
      "pendingScroll": \.pendingScroll,
    ]
  }

  private static let idsByName = [Place.london, .paris, .rome, .stockholm].map(\.id)
  private static let idsFromUppsala = [Place.stockholm, .london, .paris, .rome].map(\.id)

  private static func changes(
    of state: ListScreenState, during body: () throws -> Void
  ) rethrows -> Set<String> {
    try changedProperties(of: state, among: properties, during: body)
  }

  // MARK: - What each command changes

  @Test func attachingRecordsTheRowsAndTheSelectedRowWithAJumpToIt() throws {
    let model = PlacesModel.fixture()
    try model.select(Place.rome.id)
    let viewModel = ListViewModel(model: model)
    let state = ListScreenState()

    viewModel.attach(state)

    #expect(state.rows.map(\.id) == Self.idsByName)
    #expect(state.order == .name)
    #expect(state.highlightedRow == 2)
    #expect(state.highlightedListRow?.id == Place.rome.id)
    #expect(state.pendingScroll == ListScrollRequest(id: 1, row: 2, isAnimated: false))
  }

  @Test func selectingAPlaceChangesTheHighlightAndTheScrollOnly() throws {
    let state = ListScreenState()
    let viewModel = ListViewModel(model: .fixture())
    viewModel.attach(state)

    let changed = try Self.changes(of: state) { try viewModel.rowTapped(at: 3) }

    #expect(changed == ["highlightedRow", "pendingScroll"])
    #expect(state.highlightedRow == 3)
    #expect(state.pendingScroll == ListScrollRequest(id: 1, row: 3, isAnimated: true))
  }

  @Test func deselectingChangesOnlyTheHighlight() throws {
    let model = PlacesModel.fixture()
    let state = ListScreenState()
    let viewModel = ListViewModel(model: model)
    viewModel.attach(state)
    try viewModel.rowTapped(at: 1)
    _ = state.takePendingScroll()

    let changed = Self.changes(of: state) { model.deselect() }

    #expect(changed == ["highlightedRow"])
    #expect(state.highlightedRow == nil)
  }

  @Test func aLocationChangeReloadsTheRowsInTheNewOrderAndKeepsTheHighlight() throws {
    let model = PlacesModel.fixture()
    let state = ListScreenState()
    let viewModel = ListViewModel(model: model)
    viewModel.attach(state)
    try model.select(Place.london.id)
    _ = state.takePendingScroll()

    let changed = Self.changes(of: state) { model.location = .uppsala }

    // The reload clears the highlight and the view model highlights the row again: a reader of
    // the highlight is told once.
    #expect(changed == ["rows", "order", "highlightedRow"])
    #expect(state.rows.map(\.id) == Self.idsFromUppsala)
    #expect(state.order == .distance)
    #expect(state.highlightedRow == 1)
  }

  @Test func reloadingDropsAScrollNotYetTaken() {
    let state = ListScreenState()
    state.scrollToRow(at: 2, animated: true)

    let changed = Self.changes(of: state) { state.reloadRows(ListRows(), order: .name) }

    #expect(changed == ["rows", "pendingScroll"])
    #expect(state.pendingScroll == nil)
  }

  // MARK: - Scrolls as events

  @Test func takingTheScrollGivesItOnceAndChangesNothingElse() {
    let state = ListScreenState()
    state.scrollToRow(at: 4, animated: false)
    state.scrollToRow(at: 4, animated: false)

    var taken: [ListScrollRequest?] = []
    let changed = Self.changes(of: state) {
      taken.append(state.takePendingScroll())
      taken.append(state.takePendingScroll())
    }

    #expect(taken == [ListScrollRequest(id: 2, row: 4, isAnimated: false), nil])
    #expect(changed == ["pendingScroll"])
  }

  // MARK: - Replay

  @Test func aStateAttachedLateHoldsWhatAStateWatchingFromTheStartHolds() throws {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let early = ListScreenState()
    viewModel.attach(early)

    try viewModel.rowTapped(at: 0)
    model.location = .uppsala
    try model.select(Place.paris.id)
    try model.replacePlaces([.london, .paris, .zurich])
    model.location = .naples
    let late = ListScreenState()
    viewModel.attach(late)

    #expect(late.rows.map(\.id) == early.rows.map(\.id))
    #expect(late.rows.map(\.distance) == early.rows.map(\.distance))
    #expect(late.order == early.order)
    #expect(late.highlightedRow == early.highlightedRow)
    #expect(late.highlightedListRow?.id == Place.paris.id)
  }
}
