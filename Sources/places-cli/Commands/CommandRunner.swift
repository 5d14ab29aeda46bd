import Coordinators
import PlacesModel
import ViewModels

/// Runs commands against one live app, collecting what they print.
///
/// The app's views print into ``output``; a command's lines are taken from it only when the
/// command succeeds, so a failed command prints nothing.
final class CommandRunner {
  /// Where the views and `list` print.
  let output: OutputBuffer
  private let coordinator: AppCoordinator
  /// Whether every place's id is a whole number, so that `select` takes only numbers.
  private var hasOnlyNumberIDs: Bool

  /// Creates the app for `places`, printing in `format`; its views are attached by ``start()``.
  ///
  /// - Throws: ``CatalogError`` if two places share an identifier.
  init(
    places: [Place], source: String, format: OutputFormat,
    mapOptions: MapClusterOptions = .standard
  ) throws(CatalogError) {
    let output = OutputBuffer(format: format)
    do {
      coordinator = try AppCoordinator(
        places: places, viewFactory: ConsoleViewFactory(output: output), mapOptions: mapOptions)
    } catch {
      throw CatalogError(file: source, error: error)
    }
    self.output = output
    hasOnlyNumberIDs = places.allSatisfy(\.id.isNumber)
  }

  /// The search's view model, for a front end that shows its own search screen.
  var searchViewModel: SearchViewModel { coordinator.searchViewModel }

  /// The size of the map screen the views stand for: a phone held upright, 390 by 844 points.
  ///
  /// The map starts at zoom 0, where the whole world fits its width.
  static let viewSize = MapSize.phone

  /// The categories every view shows.
  ///
  /// Set it before ``start()`` for views that start filtered. Setting a filter that names a
  /// category no place has says so through ``note``.
  var categoryFilter: CategoryFilter {
    get { coordinator.categoryFilter }
    set {
      coordinator.categoryFilter = newValue
      if let line = unknownCategoriesNote(for: newValue) { note(line) }
    }
  }

  /// Where a message that is not an error but should be seen goes, without the tool's name
  /// or a line feed (standard error, for the tool, with the line of a session): nowhere
  /// unless set.
  var note: (String) -> Void = { _ in }

  /// The categories of the catalog last read for a note: read again only once the catalog is
  /// another.
  private var knownCategories: CatalogCategories?

  /// The message saying which categories `filter` shows that no place of the catalog has,
  /// with the catalog's own; `nil` when every category it names has places.
  ///
  /// - Complexity: O(*n*) for *n* places the first time for a catalog (see
  ///   ``CatalogCategories``), then O(*c* log *c*) for its *c* categories.
  private func unknownCategoriesNote(for filter: CategoryFilter) -> String? {
    let catalog = coordinator.model.places
    let categories =
      knownCategories.flatMap { $0.catalog.isSameValue(as: catalog) ? $0 : nil }
      ?? CatalogCategories(of: catalog)
    knownCategories = categories
    return categories.message(for: filter)
  }

  /// Attaches the views, which print the state they start from.
  func start() {
    coordinator.start()
  }

  /// Builds the list's order by name, if it is not built yet.
  ///
  /// The map's clusters are built as its view model starts. A console list prints its count,
  /// not its rows, so without this the first edit that renames, adds or removes a place, or
  /// changes its category or what its row shows, builds the order (0.1 to 0.2 s at 170,000
  /// places): a session calls it at start, so that no line waits for it.
  func prepareListOrder() {
    coordinator.model.places.prepareIndexes([.nameOrder])
  }

  /// Runs `command` and returns what it printed.
  ///
  /// - Throws: ``PlacesModelError/unknownPlace(_:)`` for a selection, move, rename or removal
  ///   of an unknown place, ``EditError`` for an `add` of an id in use,
  ///   ``PlacesModelError/invalidEdit(at:id:problem:)`` for an edit the model refused, a
  ///   ``ViewModelError`` for a cluster or page not on the map, or ``UsageError`` for an id
  ///   that cannot be one in this catalog, a place the list's filter hides or a nested
  ///   `session`; nothing is printed then.
  func run(_ command: Command) throws -> String {
    do {
      try perform(command)
    } catch {
      output.discard()
      throw error
    }
    return output.take()
  }

  private func perform(_ command: Command) throws {
    switch command {
    case .select(let word, .map):
      try coordinator.mapViewModel.markerTapped(id: try id(typed: word))
    case .select(let word, .list):
      let id = try id(typed: word)
      guard let row = coordinator.listViewModel.row(ofPlaceWithID: id) else {
        guard let place = coordinator.model.places.place(withID: id) else {
          throw PlacesModelError.unknownPlace(id)
        }
        throw UsageError.hiddenByFilter(id, category: place.category)
      }
      try coordinator.listViewModel.rowTapped(at: row)
    case .select(let word, .search):
      let id = try id(typed: word)
      let search = coordinator.searchViewModel
      guard let index = search.matches.firstIndex(where: { $0.id == id }) else {
        throw UsageError.notAmongMatches(id)
      }
      try search.matchChosen(at: index)
    case .deselect:
      coordinator.mapViewModel.mapTapped()
    case .locate(let coordinate):
      coordinator.model.location = coordinate
    case .camera(let camera):
      coordinator.mapViewModel.cameraChanged(to: camera, viewSize: Self.viewSize)
    case .list(let near, let limit):
      printRows(near: near, limit: limit ?? Int.max)
    case .search(let text, let limit):
      let search = coordinator.searchViewModel
      search.queryChanged(text, limit: limit)
      for match in search.matches {
        output.append(Self.record(for: match))
      }
    case .add(let word, let coordinate, let name, let category):
      let id = try newID(typed: word)
      guard !coordinator.model.places.contains(placeWithID: id) else {
        throw EditError.idInUse(id)
      }
      try coordinator.model.insert(
        Place(id: id, name: name, coordinate: coordinate, category: category))
    case .move(let word, let coordinate):
      let place = try place(typed: word)
      try coordinator.model.update(place.with(name: place.name, coordinate: coordinate))
    case .rename(let word, let name):
      let place = try place(typed: word)
      try coordinator.model.update(place.with(name: name, coordinate: place.coordinate))
    case .remove(let word):
      try coordinator.model.remove(placeWithID: try place(typed: word).id)
    case .filter(let filter):
      categoryFilter = filter
    case .tapCluster(let word, let page):
      try tapCluster(try clusterID(typed: word), page: page)
    case .cluster(let word, let offset, let limit):
      try printCluster(try clusterID(typed: word), offset: offset, limit: limit ?? Int.max)
    case .session:
      throw UsageError.notAllowedInSession("session")
    case .browse:
      throw UsageError.notAllowedInSession("browse")
    }
  }

  /// The id that `word`, as typed after `select`, names.
  ///
  /// In a catalog whose ids are all whole numbers, `word` must be one (`4x2` is a usage
  /// error). Otherwise it names the number it spells, if it spells one and a place has that
  /// number as its id, else the string it is: `select 42` finds the number 42 or else the
  /// string "42", and `select LHR` the string "LHR". A word in double quotes, as `list`
  /// prints a string id (`"LHR"`, `"New \"York\""`), names the string inside them.
  private func id(typed word: String) throws(UsageError) -> PlaceID {
    if let quoted = Self.unquoted(word) {
      if hasOnlyNumberIDs, let number = PlaceID(wholeNumber: quoted) { return number }
      return PlaceID(quoted)
    }
    let number = PlaceID(wholeNumber: word)
    if hasOnlyNumberIDs {
      guard let number else { throw .invalidID(word) }
      return number
    }
    if let number, coordinator.model.places.contains(placeWithID: number) {
      return number
    }
    return PlaceID(word)
  }

  /// The place whose id `word` names, as ``id(typed:)`` reads it.
  ///
  /// - Throws: ``PlacesModelError/unknownPlace(_:)`` if no place has it.
  private func place(typed word: String) throws -> Place {
    let id = try id(typed: word)
    guard let place = coordinator.model.places.place(withID: id) else {
      throw PlacesModelError.unknownPlace(id)
    }
    return place
  }

  /// The cluster identity that `word` spells, `LEVEL/ID` as the map prints it, its id read as
  /// ``id(typed:)`` reads a place's.
  ///
  /// Any level written in digits is a form the map could print: one deeper than the map's
  /// levels names no cluster on it, as ``ViewModelError/unknownCluster(_:)`` then says.
  private func clusterID(typed word: String) throws(UsageError) -> MapClusterID {
    guard let slash = word.firstIndex(of: "/"),
      word[..<slash].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let level = Int(word[..<slash]), word.index(after: slash) < word.endIndex
    else { throw .invalidClusterID(word) }
    let typedID = String(word[word.index(after: slash)...])
    do {
      return MapClusterID(level: level, representative: try id(typed: typedID))
    } catch {
      throw .invalidClusterID(word)
    }
  }

  /// The id that `word`, as typed after `add`, gives a new place.
  ///
  /// A string in double quotes names that string; else it is the number `word` spells, if it
  /// spells one, else the string it is. In a catalog whose ids are all whole numbers, it must
  /// be a number.
  private func newID(typed word: String) throws(UsageError) -> PlaceID {
    let text = Self.unquoted(word) ?? word
    if let number = PlaceID(wholeNumber: text), Self.unquoted(word) == nil || hasOnlyNumberIDs {
      return number
    }
    guard !hasOnlyNumberIDs else { throw .invalidID(word) }
    return PlaceID(text)
  }

  /// The text inside `word` if it is wrapped in double quotes, else `nil`.
  ///
  /// Its escapes are read back as ``OutputValue`` writes a string (JSON's: `\"`, `\\`, `\n`,
  /// `\t`, `\u001b`, a pair of `\u` for a scalar past U+FFFF). A backslash before any other
  /// character stands for that character.
  private static func unquoted(_ word: String) -> String? {
    guard word.count >= 2, word.first == "\"", word.last == "\"" else { return nil }
    var scalars = Array(word.unicodeScalars.dropFirst().dropLast())[...]
    var text = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let escaped = scalars.popFirst() else {
        text.append(scalar)
        continue
      }
      switch escaped {
      case "n": text.append("\n")
      case "t": text.append("\t")
      case "r": text.append("\r")
      case "b": text.append("\u{08}")
      case "f": text.append("\u{0C}")
      case "u":
        guard let unit = hexUnit(&scalars) else {
          text.append(escaped)
          continue
        }
        if (0xD800..<0xDC00).contains(unit), scalars.starts(with: ["\\", "u"]) {
          var rest = scalars.dropFirst(2)
          if let low = hexUnit(&rest), (0xDC00..<0xE000).contains(low),
            let pair = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
          {
            text.append(pair)
            scalars = rest
            continue
          }
        }
        text.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
      default: text.append(escaped)
      }
    }
    return String(text)
  }

  /// The code unit the four hexadecimal digits at the start of `scalars` spell, taken from
  /// them; `nil`, taking nothing, if there are not four.
  private static func hexUnit(_ scalars: inout ArraySlice<Unicode.Scalar>) -> UInt32? {
    let digits = scalars.prefix(4)
    guard digits.count == 4, digits.allSatisfy(\.properties.isASCIIHexDigit),
      let unit = UInt32(String(String.UnicodeScalarView(digits)), radix: 16)
    else { return nil }
    scalars = scalars.dropFirst(4)
    return unit
  }

  // MARK: - Reloading

  /// The catalog the app holds now.
  var catalog: PlaceCatalog { coordinator.model.places }

  /// Applies `reload` to the model, and returns the reload's line followed by what the views
  /// printed in answer.
  ///
  /// - Throws: ``CatalogError`` if the model refused an edit; nothing is printed then and the
  ///   catalog is unchanged.
  func run(_ reload: CatalogReload) throws(CatalogError) -> String {
    let changes = reload.changes
    output.append(
      OutputRecord(
        heading: nil,
        fields: [
          ("file", .text(reload.file)), ("inserted", .integer(changes.inserted.count)),
          ("updated", .integer(changes.updated.count)),
          ("removed", .integer(changes.removed.count)),
          ("reordered", .boolean(!reload.isAppliedAsEdits)),
          ("count", .integer(reload.catalog.count)),
        ],
        event: "reload"))
    do {
      try reload.apply(to: coordinator.model)
    } catch {
      output.discard()
      throw error
    }
    hasOnlyNumberIDs = catalog.allSatisfy(\.id.isNumber)
    return output.take()
  }

  // MARK: - Clusters

  /// Taps the cluster `id` as the map would, then, given `page`, turns its spread to that page;
  /// when `page` is given and the spread of `id` is shown already, only turns it.
  ///
  /// - Throws: ``ViewModelError/unknownCluster(_:)`` if no cluster with that identity is on
  ///   the map, or ``ViewModelError/spreadPageOutOfRange(_:pageCount:)`` if the cluster is
  ///   not spread by a tap or its spread has no such page; nothing changes then.
  private func tapCluster(_ id: MapClusterID, page: Int?) throws(ViewModelError) {
    let map = coordinator.mapViewModel
    guard let page else {
      try map.clusterTapped(id: id)
      return
    }
    if map.spread?.clusterID == id {
      try map.spreadPageTapped(page)
      return
    }
    guard let pageCount = map.spreadPageCount(ofClusterWithID: id) else {
      throw .unknownCluster(id)
    }
    guard page < pageCount else { throw .spreadPageOutOfRange(page, pageCount: pageCount) }
    try map.clusterTapped(id: id)
    try map.spreadPageTapped(page)
  }

  /// Prints the summary of the cluster `id` and its places from `offset`, at most `limit`, in
  /// the cluster's order.
  ///
  /// - Throws: ``ViewModelError/unknownCluster(_:)`` if no cluster with that identity is on
  ///   the map.
  private func printCluster(_ id: MapClusterID, offset: Int, limit: Int) throws(ViewModelError) {
    let map = coordinator.mapViewModel
    guard let summary = map.cluster(withID: id),
      let places = map.places(inClusterWithID: id, offset: offset, limit: limit)
    else { throw .unknownCluster(id) }
    let categories = summary.countsByCategory.sorted { $0.key < $1.key }.map { category, count in
      [("category", OutputValue.text(category)), ("count", .integer(count))]
    }
    output.append(
      OutputRecord(
        heading: nil,
        fields: [
          ("cluster", .word(id.description)), ("at", .coordinate(summary.marker.coordinate)),
          ("count", .integer(summary.marker.count)),
          ("representative", .identifier(summary.representative.id)),
          ("splitZoom", .number(summary.splitZoom)),
          ("coincident", .boolean(summary.isCoincident)), ("categories", .list(categories)),
          ("offset", .integer(offset)), ("shown", .integer(places.count)),
        ],
        event: "cluster"))
    for place in places {
      var fields: [(name: String, value: OutputValue)] = [
        ("id", .identifier(place.id)), ("name", .text(place.name)),
      ]
      if let country = place.country {
        fields.append(("country", .text(country)))
      }
      if let population = place.population {
        fields.append(("population", .integer(population)))
      }
      output.append(OutputRecord(heading: nil, fields: fields))
    }
  }

  // MARK: - Listing

  /// Prints the first `limit` of the list's rows, or, given `near`, of the places nearest
  /// first from there; either way only the places the filter shows.
  ///
  /// `near` leaves the user's location alone; places at the same distance come in catalog
  /// order. Either way each row is found as it is printed, from the spatial index, without
  /// sorting the catalog by distance.
  private func printRows(near origin: Coordinate?, limit: Int) {
    let listViewModel = coordinator.listViewModel
    guard let origin, origin != listViewModel.location else {
      for row in listViewModel.rows.prefix(limit) {
        output.append(Self.record(for: row))
      }
      return
    }
    let filter = coordinator.categoryFilter
    let places = coordinator.model.places.placesByDistance(from: origin).lazy.filter {
      filter.shows($0.place)
    }
    for (place, distance) in places.prefix(limit) {
      let row = ListRow(id: place.id, name: place.name, country: place.country, distance: distance)
      output.append(Self.record(for: row))
    }
  }

  private static func record(for match: SearchMatch) -> OutputRecord {
    var fields: [(name: String, value: OutputValue)] = [
      ("id", .identifier(match.id)), ("name", .text(match.place.name)),
    ]
    if let country = match.place.country {
      fields.append(("country", .text(country)))
    }
    fields.append(("match", .word(match.kind.rawValue)))
    if let population = match.place.population {
      fields.append(("population", .integer(population)))
    }
    if let distance = match.distance {
      fields.append(("distanceKm", .number((distance / 100).rounded() / 10)))
    }
    return OutputRecord(heading: nil, fields: fields)
  }

  private static func record(for row: ListRow) -> OutputRecord {
    var fields: [(name: String, value: OutputValue)] = [
      ("id", .identifier(row.id)), ("name", .text(row.name)),
    ]
    if let country = row.country {
      fields.append(("country", .text(country)))
    }
    if let distance = row.distance {
      fields.append(("distanceKm", .number((distance / 100).rounded() / 10)))
    }
    return OutputRecord(heading: nil, fields: fields)
  }
}
