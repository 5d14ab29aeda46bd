import PlacesModel

/// Turns what a user types into ranked matches, and a chosen match into a selection.
///
/// ## Inputs and commands
/// ``queryChanged(_:limit:)`` is the screen's own state, not the model's: it answers at once with
/// `showMatches` (and `highlightMatch` when the selected place is among them). The query is its
/// text and the most matches to show; the matches shown are always those of the query last
/// given, limit included, re-ranked as the catalog and the location change.
/// ``matchChosen(at:)`` only changes the model, by selecting the match's place; the commands
/// come from the model's broadcast, so the search screen, like every other, reacts once, in
/// broadcast order, to the value each callback carries. It hears the model through a listener
/// of its own, not as a ``/PlacesModel/PlacesModelDelegate`` itself: only the model's
/// broadcasts drive it.
///
/// | Change | Commands |
/// |---|---|
/// | query, or ``categoryFilter`` while a query is typed | `showMatches`, then `highlightMatch` if the selected place is a match |
/// | catalog, or location while matches are shown | `showMatches` (re-ranked), then `highlightMatch` as above |
/// | edit of places none of which is shown or matches the query | nothing |
/// | selection of a place among the matches | `highlightMatch` |
/// | selection of another place, or deselection, while a match is highlighted | `clearHighlight` |
///
/// Matching and ranking use the catalog's name index: case- and diacritic-insensitive (letters
/// compared without case or accents, `ß` as `ss`, punctuation as a space), at the start of any
/// word, exact names first, then name prefixes, then word prefixes; within each, nearest first
/// when the user's location is known (by distance, then catalog order), else most populous
/// first.
///
/// ## Filtering by category
/// ``categoryFilter`` (every place by default) is the screen's own state, like the query: the
/// matches are those the search ranks, with the places of hidden categories left out, in the
/// same order, up to the limit. It is applied to the matches the catalog's name index finds,
/// asking it for more while hidden places crowd out shown ones; nothing is built again.
///
/// ## The view
/// The view is held weakly. Setting ``view`` (even to the view already set) replays the
/// current state into it: `showMatches`, then `highlightMatch` if the selected place is a match.
///
/// - Complexity: The first query of a catalog builds the catalog's name index, once,
///   O(*n* log *n*), unless ``/PlacesModel/PlaceCatalog/prepareIndexes()`` built it ahead.
///   After that a query costs O(log *n* + *k* log *n*) for *k* matches without a location,
///   O(log *n* + *r* log *k*) for *r* names starting with the query with one: far below a
///   millisecond at 170,000 places.
public final class SearchViewModel {
  /// The view being driven, held weakly; setting it replays the current state into it.
  ///
  /// `nil` while a screen state is attached with ``attach(_:)``: the state is read through
  /// itself, and only this view model writes it.
  public var view: (any SearchViewDelegate)? {
    get { target is ScreenStateWriter<SearchScreenState> ? nil : target }
    set {
      target = newValue
      replayState()
    }
  }
  /// What the commands go to: the view set, or the writer of the attached screen state, which
  /// never leaves this view model.
  private weak var target: (any SearchViewDelegate)?

  /// The query as last typed.
  public private(set) var query = ""
  /// The matches of ``query``, best first.
  public private(set) var matches: [SearchMatch] = []
  /// The identifier of the selected place, as last broadcast by the model.
  public private(set) var selectedItem: Place.ID?

  /// The categories whose places the matches show; every place by default.
  ///
  /// Setting it while a query is typed shows that query's matches among the places it shows,
  /// at once, as a new query would: `showMatches`, then `highlightMatch` if the selected place
  /// is a match.
  ///
  /// - Complexity: A query under a filter asks the name index for twice as many matches each
  ///   time the shown ones do not fill the limit: O(log(*h* / *k*)) queries when *h* matches
  ///   must be passed to find *k* shown ones.
  public var categoryFilter = CategoryFilter.all {
    didSet {
      if categoryFilter != oldValue, !query.isEmpty {
        updateMatches()
      }
    }
  }

  private let model: PlacesModel
  /// Hears the model for this view model; the model holds it weakly, this strongly.
  private var listener: ModelListener?
  /// The most matches ``query`` shows, given with it.
  private var matchLimit = 0
  /// The catalog last heard of.
  private var catalog = PlaceCatalog.empty
  private var location: Coordinate?
  private var highlightedIndex: Int?

  /// Creates a view model that listens to `model`, starting from its current state, with no
  /// query.
  public init(model: PlacesModel) {
    self.model = model
    listener = ModelListener(model: model) { [weak self] in self?.apply($0) }
  }

  /// Attaches `state` as the screen this view model drives, replacing ``view``, and brings it up
  /// to date, as setting ``view`` does.
  ///
  /// The state is held weakly, like a view: keep it for as long as the screen shows. From then
  /// on this view model is the state's only writer; attaching the state to another view model
  /// detaches it from this one.
  public func attach(_ state: SearchScreenState) {
    target = state.makeWriter()
    replayState()
  }

  // MARK: - Inputs

  /// Handles a change of the query by showing its matches, at most `limit` of them.
  ///
  /// An empty query, or one with no letter or digit, shows no matches; so does a `limit` of 0
  /// or less. The limit is part of the query: the matches re-ranked after a catalog or location
  /// change keep to it.
  ///
  /// - Parameters:
  ///   - query: The text typed.
  ///   - limit: The most matches to show; 20 fill a phone screen.
  public func queryChanged(_ query: String, limit: Int = 20) {
    self.query = query
    matchLimit = limit
    updateMatches()
  }

  /// Handles the choice of the match at `index` by selecting its place.
  ///
  /// The commands arrive through the model's broadcast, like every other view's.
  ///
  /// - Throws: ``ViewModelError/matchOutOfRange(_:matchCount:)`` if there is no such match, or
  ///   ``ViewModelError/modelRefused(_:)`` with
  ///   ``/PlacesModel/PlacesModelError/unknownPlace(_:)`` if its place left the catalog;
  ///   nothing changes then.
  public func matchChosen(at index: Int) throws(ViewModelError) {
    guard matches.indices.contains(index) else {
      throw .matchOutOfRange(index, matchCount: matches.count)
    }
    do {
      try model.select(matches[index].id)
    } catch {
      throw .modelRefused(error)
    }
  }

  // MARK: - Commands

  private func updateMatches() {
    let found =
      SearchFolding.folded(query).isEmpty
      ? []
      : shownMatches().map {
        SearchMatch(place: catalog[$0.position], kind: $0.kind, distance: $0.distance)
      }
    matches = found
    highlightedIndex = selectedItem.flatMap { id in found.firstIndex { $0.id == id } }
    guard let target else { return }
    target.showMatches(found)
    if let highlightedIndex {
      target.highlightMatch(at: highlightedIndex)
    }
  }

  /// The first ``matchLimit`` matches of ``query`` that ``categoryFilter`` shows, best first.
  private func shownMatches() -> [(position: Int, kind: SearchMatchKind, distance: Double?)] {
    guard !categoryFilter.showsEveryPlace else {
      return catalog.nameMatches(for: query, near: location, limit: matchLimit)
    }
    guard matchLimit > 0 else { return [] }
    var asked = matchLimit
    while true {
      let found = catalog.nameMatches(for: query, near: location, limit: asked)
      let shown = found.filter { categoryFilter.shows(catalog[$0.position]) }
      // Fewer found than asked: every match is among them.
      guard shown.count < matchLimit, found.count == asked, asked < catalog.count else {
        return Array(shown.prefix(matchLimit))
      }
      asked = min(asked * 2, catalog.count)
    }
  }

  private func replayState() {
    guard let target else { return }
    target.showMatches(matches)
    if let highlightedIndex {
      target.highlightMatch(at: highlightedIndex)
    }
  }
}

// MARK: - Model changes (private: only the model's broadcast reaches them)

extension SearchViewModel {
  /// Hands a change of the model to its reaction.
  private func apply(_ change: PlacesModelChange) {
    switch change {
    case .places(let catalog, changes: let changes?):
      catalogDidChange(to: catalog, changes: changes)
    case .places(let catalog, changes: nil): catalogDidChange(to: catalog)
    case .location(let location): locationDidChange(to: location)
    case .selection(let id): selectionDidChange(to: id)
    }
  }

  /// While a query is typed, shows its matches in the new catalog.
  private func catalogDidChange(to catalog: PlaceCatalog) {
    self.catalog = catalog
    if !query.isEmpty {
      updateMatches()
    }
  }

  /// While a query is typed, shows its matches in the new catalog, but only if a place the
  /// changes touch is among the matches shown or could match the query now; otherwise keeps
  /// the matches, which the changes cannot alter, and sends nothing.
  private func catalogDidChange(to catalog: PlaceCatalog, changes: PlaceCatalogChanges) {
    self.catalog = catalog
    guard !query.isEmpty else { return }
    guard changes.preservesOrder, changes.count <= catalog.count / 4 else {
      updateMatches()
      return
    }
    let shown = Set(matches.map(\.id))
    let touchesMatches =
      changes.removed.contains(where: shown.contains)
      || changes.updated.contains(where: shown.contains)
    let changedPlaces = (changes.updated + changes.inserted).compactMap(catalog.place(withID:))
    // Otherwise the matches keep their places and their order.
    if touchesMatches || PlaceNameIndex.containsMatch(for: query, among: changedPlaces) {
      updateMatches()
    }
  }

  /// Re-ranks the matches shown, nearest first from the new location.
  private func locationDidChange(to location: Coordinate?) {
    self.location = location
    if !matches.isEmpty {
      updateMatches()
    }
  }

  /// Highlights the selected place's match, or removes the highlight.
  private func selectionDidChange(to id: Place.ID?) {
    selectedItem = id
    let newIndex = id.flatMap { id in matches.firstIndex { $0.id == id } }
    let previousIndex = highlightedIndex
    highlightedIndex = newIndex
    guard let target else { return }
    if let newIndex {
      target.highlightMatch(at: newIndex)
    } else if previousIndex != nil {
      target.clearHighlight()
    }
  }
}
