import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

struct SearchScreenStateTests {
  private static var properties: [String: PartialKeyPath<SearchScreenState>] {
    [
      "matches": \.matches, "highlightedMatch": \.highlightedMatch,
    ]
  }

  @Test func aQueryChangesTheMatchesAndASelectionOnlyTheHighlight() throws {
    let model = PlacesModel.fixture()
    let viewModel = SearchViewModel(model: model)
    let state = SearchScreenState()
    viewModel.attach(state)

    let typed = Self.changes(of: state) { viewModel.queryChanged("Pa") }
    let chosen = try Self.changes(of: state) { try viewModel.matchChosen(at: 0) }

    #expect(typed == ["matches"])
    #expect(state.matches.map(\.id) == [Place.paris.id])
    #expect(chosen == ["highlightedMatch"])
    #expect(state.highlightedMatch == 0)
  }

  @Test func aStateAttachedLateHoldsWhatAStateWatchingFromTheStartHolds() throws {
    let model = PlacesModel.fixture()
    let viewModel = SearchViewModel(model: model)
    let early = SearchScreenState()
    viewModel.attach(early)
    viewModel.queryChanged("Ro")
    try model.select(Place.rome.id)

    let late = SearchScreenState()
    viewModel.attach(late)

    #expect(late.matches == early.matches)
    #expect(late.highlightedMatch == early.highlightedMatch)
    #expect(late.highlightedMatch == 0)
  }

  private static func changes(
    of state: SearchScreenState, during body: () throws -> Void
  ) rethrows -> Set<String> {
    try changedProperties(of: state, among: properties, during: body)
  }
}
