import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// Changes made from inside a broadcast: the list issues its commands in broadcast order, and
/// answers each callback from the value it carries, though the model already holds a newer one.
struct ReentrantListTests {
  private static let fromUppsala = [Place.stockholm, .london, .paris, .rome].map(\.id)
  private static let fromNaples = [Place.rome, .paris, .london, .stockholm].map(\.id)

  /// A model of Europe, its list with a spy, and `reaction` registered before the list's view
  /// model or after it.
  private static func scene(reactionFirst: Bool) -> (
    model: PlacesModel, viewModel: ListViewModel, view: ListViewSpy, reaction: ModelReaction
  ) {
    let model = PlacesModel.fixture()
    let reaction = ModelReaction()
    if reactionFirst { model.addDelegate(reaction, replayingState: false) }
    let viewModel = ListViewModel(model: model)
    if !reactionFirst { model.addDelegate(reaction, replayingState: false) }
    let view = ListViewSpy()
    viewModel.view = view
    return (model, viewModel, view, reaction)
  }

  @Test(arguments: [true, false])
  func locationMovedFromInsideALocationChangeReloadsTwiceInOrder(reactionFirst: Bool) throws {
    let (model, viewModel, view, reaction) = Self.scene(reactionFirst: reactionFirst)
    try model.select(Place.paris.id)
    reaction.onLocation = { location in
      if location == .uppsala { model.location = .naples }
    }
    let setUp = view.commands.count

    model.location = .uppsala

    #expect(
      Array(view.commands[setUp...]) == [
        .reloadRows(Self.fromUppsala, order: .distance),
        .highlightRow(2),
        .reloadRows(Self.fromNaples, order: .distance),
        .highlightRow(1),
      ])
    #expect(viewModel.location == .naples)
  }

  @Test(arguments: [true, false])
  func selectionFromInsideALocationChangeIsHighlightedInTheOrderItWasMadeIn(
    reactionFirst: Bool
  ) throws {
    let (model, viewModel, view, reaction) = Self.scene(reactionFirst: reactionFirst)
    reaction.onLocation = { location in
      guard location == .uppsala else { return }
      try? model.select(Place.london.id)  // queued: heard while the list shows Uppsala's order
      model.location = .naples  // queued after it
    }
    let setUp = view.commands.count

    model.location = .uppsala

    #expect(
      Array(view.commands[setUp...]) == [
        .reloadRows(Self.fromUppsala, order: .distance),
        .highlightRow(1),
        .scrollToRow(1, animated: true),
        .reloadRows(Self.fromNaples, order: .distance),
        .highlightRow(2),
      ])
    #expect(viewModel.selectedItem == Place.london.id)
  }

  @Test(arguments: [true, false])
  func catalogReplacedFromInsideACatalogChangeShowsEachCatalogInTurn(reactionFirst: Bool) throws {
    let (model, viewModel, view, reaction) = Self.scene(reactionFirst: reactionFirst)
    model.location = .uppsala
    let first = [Place.rome, .zurich, .london]
    let second = [Place.paris, .stockholm]
    reaction.onPlaces = { places in
      if Array(places) == first { try? model.replacePlaces(second) }
    }
    let setUp = view.commands.count

    try model.replacePlaces(first)

    #expect(
      Array(view.commands[setUp...]) == [
        .updateRows(
          ListRowChanges(removed: [0, 2], inserted: [1], reloaded: []), order: .distance),
        .updateRows(
          ListRowChanges(removed: [0, 1, 2], inserted: [0, 1], reloaded: []), order: .distance),
      ])
    #expect(view.shownRows.map(\.id) == [Place.stockholm, .paris].map(\.id))
    #expect(viewModel.rows.map(\.id) == [Place.stockholm, .paris].map(\.id))
  }

  @Test func aViewThatTapsFromInsideAReloadSeesTheTapAfterTheReload() throws {
    let model = PlacesModel.fixture()
    let viewModel = ListViewModel(model: model)
    let view = ListViewSpy()
    viewModel.view = view
    view.onCommand = { command in
      if case .reloadRows(let ids, .distance) = command, ids.first == Place.stockholm.id {
        try? viewModel.rowTapped(at: 3)  // Rome, the last row from Uppsala
      }
    }
    let setUp = view.commands.count

    model.location = .uppsala

    #expect(
      Array(view.commands[setUp...]) == [
        .reloadRows(Self.fromUppsala, order: .distance),
        .highlightRow(3),
        .scrollToRow(3, animated: true),
      ])
    #expect(model.selectedItem == Place.rome.id)
  }
}
