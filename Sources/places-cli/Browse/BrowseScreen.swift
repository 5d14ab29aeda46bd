import Coordinators
import Foundation
import PlacesModel
import ViewModels

/// The screen of `browse`: a map panel, a list panel, the selected place's card and a status
/// line with the keys, all views of one ``AppCoordinator``.
///
/// Every tap (a key or a click on a marker, a cluster, a row or a match) goes to a view
/// model's input. Each panel draws from a screen state attached as its view model's view
/// (``MapScreenState``, ``ListScreenState``, ``PlaceCardScreenState``, ``SearchScreenState``),
/// the one store of what it shows, so the map, the list and the card stay in step exactly as in
/// `select` and in the view models' tests. After each key the panels follow the events their
/// states hold: the map carries out a camera move and reports each camera it shows to the
/// ``MapViewModel`` with its size in points, the list carries out a scroll.
final class BrowseScreen: TerminalScreen {
  /// The panel the keys act on.
  enum Focus: Equatable {
    case map
    case list
  }

  /// The app: model, view models and the card flow.
  let coordinator: AppCoordinator
  /// The map panel.
  let mapView: TerminalMapView
  /// The list panel.
  let listView: TerminalListView
  /// The card panel.
  let cardView: TerminalCardView
  /// The search panel, shown in place of the list while searching.
  let searchPanel: TerminalSearchPanel
  /// The panel the keys act on.
  private(set) var focus = Focus.map
  /// Whether a search is being typed.
  private(set) var isSearching = false
  private var field = SearchField()
  /// The text being searched for.
  private var query: String { field.text }
  private var isShowingKeys = false
  /// A problem to show on the status line until the next key.
  private var notice: String?
  /// The places files reloaded when they change (`browse --watch`), one watch each.
  private let watches: [PlacesFileWatch]
  /// What the last reload of the watched file says on the status line: a problem stays until
  /// the file loads again, a reload until the next key.
  private var reloadStatus: (text: String, isProblem: Bool)?
  private var layout: BrowseLayout
  private var matchRows: [Int: Int] = [:]
  /// Whether the map zooms in on the place selected by the key being handled.
  private var zoomsToSelection = false
  /// Where the left button went down on the map, and where the pointer last was while it is
  /// held; `hasMoved` once the pointer moved, which makes it a drag rather than a click.
  private var mapPress: (x: Int, y: Int, hasMoved: Bool)?

  private static let barStyle = TextStyle(isInverse: true)
  private static let noticeStyle = TextStyle(foreground: .bright(7), background: .basic(1))

  /// Creates the screen for `model`, its map looking through `camera`, laid out for a
  /// terminal of `columns` by `rows` until it is first drawn; with `watches`, the places are
  /// reloaded into `model` when a file changes (see ``tick()``); the map clusters with
  /// `mapOptions`, and every view shows the places `categoryFilter` shows.
  init(
    model: PlacesModel, camera: MapCamera, land: LandLayer = .world,
    detailedLand: LandLayer? = .detailed, columns: Int = 80, rows: Int = 24,
    watches: [PlacesFileWatch] = [], mapOptions: MapClusterOptions = .standard,
    categoryFilter: CategoryFilter = .all
  ) {
    self.watches = watches
    layout = BrowseLayout(width: columns, height: rows)
    let viewSize = TerminalMapScale.viewSize(
      columns: max(layout.mapColumns, 1), rows: max(layout.mapRows, 1))
    mapView = TerminalMapView(
      camera: camera, viewSize: viewSize ?? .tile, land: land, detailedLand: detailedLand)
    listView = TerminalListView()
    cardView = TerminalCardView()
    searchPanel = TerminalSearchPanel()
    let factory = TerminalViewFactory(
      mapView: mapView, listView: listView, cardView: cardView, searchPanel: searchPanel)
    coordinator = AppCoordinator(model: model, viewFactory: factory, mapOptions: mapOptions)
    mapView.viewModel = coordinator.mapViewModel
    listView.placeWithID = { [weak model] id in model?.places.place(withID: id) }
    coordinator.categoryFilter = categoryFilter
    coordinator.start()
    // Attaching replayed the view model's camera; the screen starts where it was asked to.
    _ = mapView.state.takePendingCameraMove()
    mapView.show(camera)
    listView.resize(visibleRows: layout.listRows - 1)
    followStates()
  }

  /// Lets the panels carry out what their screen states hold for them: a camera move for the
  /// map, a scroll for the list.
  private func followStates() {
    mapView.carryOutPendingCameraMove()
    listView.followState()
  }

  // MARK: - Drawing

  func draw(into screen: inout ScreenBuffer) {
    followStates()
    relayout(width: screen.width, height: screen.height)
    guard layout.isLargeEnough else {
      drawTooSmall(into: &screen)
      return
    }
    mapView.draw(into: &screen, x: 0, y: 1)
    drawDivider(into: &screen)
    if isSearching {
      matchRows = searchPanel.draw(
        field: field, isEditing: true, into: &screen, x: layout.sideX, y: 1,
        width: layout.sideWidth, height: layout.listRows)
    } else {
      matchRows = [:]
      listView.draw(
        into: &screen, x: layout.sideX, y: 1, width: layout.sideWidth, height: layout.listRows,
        isFocused: focus == .list)
    }
    cardView.draw(
      into: &screen, x: layout.sideX, y: layout.cardY, width: layout.sideWidth,
      height: layout.cardRows)
    drawTitle(into: &screen)
    drawStatus(into: &screen)
    if isShowingKeys {
      drawKeys(into: &screen)
    }
  }

  /// Lays the panels out for a terminal of `width` by `height`, telling the map and list
  /// panels their new sizes when they changed.
  private func relayout(width: Int, height: Int) {
    guard width != layout.width || height != layout.height else { return }
    layout = BrowseLayout(width: width, height: height)
    guard layout.isLargeEnough else { return }
    mapView.resize(columns: layout.mapColumns, rows: layout.mapRows)
    listView.resize(visibleRows: layout.listRows - 1)
  }

  private func drawDivider(into screen: inout ScreenBuffer) {
    let style = TextStyle(isDim: true)
    for row in 1...layout.mapRows {
      screen.put("│", x: layout.mapColumns, y: row, style: style)
    }
  }

  /// What a terminal below the minimum size shows: the size it needs, how to quit, and its
  /// size now, as much as fits, most important first.
  private func drawTooSmall(into screen: inout ScreenBuffer) {
    let minimum = "\(BrowseLayout.minimumSize.width)x\(BrowseLayout.minimumSize.height)"
    let now = "\(screen.width)x\(screen.height)"
    let lines =
      if screen.height == 1 {
        ["Need \(minimum); q quits"]
      } else if screen.width >= 32 {
        ["Enlarge the terminal to \(minimum).", "q quits.", "It is \(now) now."]
      } else {
        ["Need \(minimum)", "q quits", "now \(now)"]
      }
    for (row, line) in lines.prefix(screen.height).enumerated() {
      screen.draw(line, x: 0, y: row, maxWidth: screen.width)
    }
  }

  private func drawTitle(into screen: inout ScreenBuffer) {
    screen.fill(x: 0, y: 0, width: screen.width, height: 1, style: Self.barStyle)
    let camera = mapView.camera
    let decimals = Self.decimals(atZoom: camera.zoom)
    let position =
      "zoom \(Self.oneDecimal(camera.zoom))  "
      + "\(Self.degrees(camera.centre.latitude, decimals: decimals, positive: "N", negative: "S")) "
      + "\(Self.degrees(camera.centre.longitude, decimals: decimals, positive: "E", negative: "W"))"
    let positionWidth = DisplayWidth.of(position)
    let focusName = isSearching ? "search" : (focus == .map ? "map" : "list")
    // The tool's name goes first when the title would not leave room for the position.
    var title = " places-cli browse  [\(focusName)]"
    if DisplayWidth.of(title) + 2 + positionWidth + 1 > screen.width {
      title = " [\(focusName)]"
    }
    let titleWidth = DisplayWidth.of(title)
    screen.draw(title, x: 0, y: 0, style: Self.barStyle)
    let nameWidth = screen.width - titleWidth - 2 - positionWidth - 3
    if let place = cardView.state.place, nameWidth >= 4 {
      screen.draw(
        place.name, x: titleWidth + 2, y: 0, maxWidth: nameWidth, style: Self.barStyle)
    }
    screen.draw(
      position, x: max(screen.width - positionWidth - 1, titleWidth + 1), y: 0,
      maxWidth: positionWidth, style: Self.barStyle)
  }

  /// The status line: the keys of the moment and the list's order, as many as fit, most
  /// important first, and at its right end, always, how to quit and how to see every key.
  private func drawStatus(into screen: inout ScreenBuffer) {
    let row = screen.height - 1
    if let notice {
      screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Self.noticeStyle)
      screen.draw(" " + notice, x: 0, y: row, maxWidth: screen.width, style: Self.noticeStyle)
      return
    }
    if let reloadStatus {
      // The reload's words first, then how to quit and see the keys, as ever.
      let style = reloadStatus.isProblem ? Self.noticeStyle : Self.barStyle
      let essentials = "? keys  q quit "
      let essentialsWidth = DisplayWidth.of(essentials)
      screen.fill(x: 0, y: row, width: screen.width, height: 1, style: style)
      screen.draw(
        " " + reloadStatus.text, x: 0, y: row,
        maxWidth: max(screen.width - essentialsWidth - 1, 0), style: style)
      screen.draw(
        essentials, x: max(screen.width - essentialsWidth, 0), y: row, maxWidth: screen.width,
        style: style)
      return
    }
    screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Self.barStyle)
    let (hints, essentials) =
      if isSearching {
        (["type to search", "↑↓ move", "Enter choose"], "Esc back  Ctrl-C quit ")
      } else if focus == .map {
        (
          ["hjkl pan", "+- zoom", "Enter select"] + orderHints + [
            "Tab list", "/ search", ". here",
          ],
          "? keys  q quit "
        )
      } else {
        (
          ["↑↓ move", "Enter select"] + orderHints + ["Esc deselect", "Tab map", "/ search"],
          "? keys  q quit "
        )
      }
    let essentialsWidth = DisplayWidth.of(essentials)
    var line = ""
    for hint in hints {
      let candidate = line + " " + hint + " "
      guard DisplayWidth.of(candidate) + 1 + essentialsWidth <= screen.width else { break }
      line = candidate
    }
    screen.draw(line, x: 0, y: row, style: Self.barStyle)
    screen.draw(
      essentials, x: max(screen.width - essentialsWidth, 0), y: row, maxWidth: screen.width,
      style: Self.barStyle)
  }

  /// What the status line says of the list's order, and how to change it.
  private var orderHints: [String] {
    coordinator.model.location == nil
      ? ["list: by name"] : ["list: nearest first", "x by name"]
  }

  /// The keys, as `?` shows them; the first line is the heading and the last two always show.
  static let keyLines = [
    "Keys", "",
    "←↑↓→ or hjkl   pan the map",
    "+ - or wheel   zoom in and out",
    "drag           pan the map",
    "Tab            map or list",
    "↑↓ PgUp PgDn   move in the list",
    "Home End       first or last row",
    "Enter          select, cluster: zoom",
    "n              next page of a spread",
    "Esc            deselect",
    "/              search by name",
    ".              you are at the centre",
    "x              forget where you are",
    "click          select marker or row",
    "Ctrl-Z         suspend",
    "?              show or hide this",
    "q, Ctrl-C      quit",
  ]

  /// The lines of the keys that fit in `rows`: the blank line goes first, then the keys
  /// before the last two, which always show.
  static func keyLines(fitting rows: Int) -> [String] {
    guard keyLines.count > rows else { return keyLines }
    let lines = keyLines.filter { !$0.isEmpty }
    guard lines.count > rows else { return lines }
    return Array(lines.prefix(max(rows - 2, 0))) + lines.suffix(min(2, rows))
  }

  private func drawKeys(into screen: inout ScreenBuffer) {
    let width = min(44, screen.width - 2)
    let height = min(Self.keyLines.count + 2, screen.height - 2)
    let lines = Self.keyLines(fitting: height - 2)
    let margin = width >= 40 ? 2 : 1
    let x = max((screen.width - width) / 2, 0)
    let y = max((screen.height - height) / 2, 1)
    let style = TextStyle(background: .basic(4))
    screen.fill(x: x, y: y, width: width, height: height, style: style)
    for (index, line) in lines.enumerated() {
      screen.draw(
        line, x: x + margin, y: y + 1 + index, maxWidth: width - 2 * margin, style: style)
    }
  }

  // MARK: - Keys

  func handle(_ event: KeyEvent) -> ExitStatus? {
    let status = respond(to: event)
    followStates()
    if zoomsToSelection {
      zoomsToSelection = false
      zoomToSelection()
    }
    return status
  }

  /// Shows the selected place at ``MapCamera/placeZoom`` at least, after the view model has
  /// centred the map on it: a place chosen at a world's zoom is shown with its surroundings.
  private func zoomToSelection() {
    guard let id = coordinator.model.selectedItem,
      let place = coordinator.model.places.place(withID: id)
    else { return }
    mapView.show(
      .clamped(centre: place.coordinate, zoom: max(mapView.camera.zoom, MapCamera.placeZoom)))
  }

  private func respond(to event: KeyEvent) -> ExitStatus? {
    if case .control("c") = event { return .interrupted }
    notice = nil
    if reloadStatus?.isProblem == false {
      reloadStatus = nil
    }
    if isShowingKeys, event != .character("?") {
      isShowingKeys = false
      if event == .escape { return nil }
    }
    if isSearching {
      handleInSearch(event)
      return nil
    }
    switch event {
    case .character("q"): return .success
    case .tab, .backTab: focus = focus == .map ? .list : .map
    case .character("/"):
      isSearching = true
      search(SearchField())
    case .character("?"): isShowingKeys.toggle()
    case .character("+"), .character("="): mapView.show(mapView.camera.zoomed(by: 1))
    case .character("-"), .character("_"): mapView.show(mapView.camera.zoomed(by: -1))
    case .character("."): coordinator.model.location = mapView.camera.centre
    case .character("x"): coordinator.model.location = nil
    case .character("n"): nextSpreadPage()
    case .escape: coordinator.mapViewModel.mapTapped()
    case .mouse(let mouse): handleMouse(mouse)
    default:
      if focus == .map {
        handleOnMap(event)
      } else {
        handleInList(event)
      }
    }
    return nil
  }

  private func handleOnMap(_ event: KeyEvent) {
    switch event {
    case .left, .character("h"): pan(columns: -8, rows: 0)
    case .right, .character("l"): pan(columns: 8, rows: 0)
    case .up, .character("k"): pan(columns: 0, rows: -4)
    case .down, .character("j"): pan(columns: 0, rows: 4)
    case .enter:
      if let marker = mapView.markerNearestCentre() {
        tap(marker)
      } else {
        notice = "No marker on the map: pan or zoom out."
      }
    default: break
    }
  }

  private func handleInList(_ event: KeyEvent) {
    switch event {
    case .up, .character("k"): listView.moveCursor(by: -1)
    case .down, .character("j"): listView.moveCursor(by: 1)
    case .pageUp: listView.moveCursor(by: -listView.visibleRowCount)
    case .pageDown: listView.moveCursor(by: listView.visibleRowCount)
    case .home: listView.moveCursor(by: -listView.state.rows.count)
    case .end: listView.moveCursor(by: listView.state.rows.count)
    case .left, .character("h"): pan(columns: -8, rows: 0)
    case .right, .character("l"): pan(columns: 8, rows: 0)
    case .enter: tapRow(listView.cursorRow)
    default: break
    }
  }

  private func handleInSearch(_ event: KeyEvent) {
    switch event {
    case .character, .backspace, .delete, .left, .right, .home, .end, .control:
      var edited = field
      guard edited.handle(event) else { return }
      if edited.text != field.text {
        search(edited)
      } else {
        field = edited
      }
    case .up: searchPanel.moveCursor(by: -1)
    case .down, .tab: searchPanel.moveCursor(by: 1)
    case .pageUp: searchPanel.moveCursor(by: -10)
    case .pageDown: searchPanel.moveCursor(by: 10)
    case .enter: choose(searchPanel.cursorIndex)
    case .escape: isSearching = false
    case .mouse(let mouse):
      guard mouse.button == .left, !mouse.isRelease,
        let index = searchPanel.match(onRow: mouse.y, rows: matchRows)
      else { return }
      choose(index)
    default: break
    }
  }

  private func handleMouse(_ mouse: MouseEvent) {
    let inMap = mouse.x < layout.mapColumns && (1...layout.mapRows).contains(mouse.y)
    let inList = mouse.x >= layout.sideX && (2..<1 + layout.listRows).contains(mouse.y)
    switch mouse.button {
    case .wheelUp, .wheelDown:
      let step = mouse.button == .wheelUp ? -1 : 1
      if inMap {
        mapView.zoom(by: -Double(step), atColumn: mouse.x, row: mouse.y - 1)
      } else if inList {
        listView.moveCursor(by: step * 3)
      }
    case .left where mouse.isMotion:
      // A drag pans the map with the pointer, cell by cell.
      guard let press = mapPress else { return }
      pan(columns: Double(press.x - mouse.x), rows: Double(press.y - mouse.y))
      mapPress = (mouse.x, mouse.y, true)
    case .left where mouse.isRelease:
      // A press and release without a drag between is a click on the map.
      defer { mapPress = nil }
      guard let press = mapPress, !press.hasMoved, inMap else { return }
      if let marker = mapView.marker(nearColumn: mouse.x, row: mouse.y - 1) {
        tap(marker)
      } else {
        coordinator.mapViewModel.mapTapped()
      }
    case .left:
      if inMap {
        focus = .map
        mapPress = (mouse.x, mouse.y, false)
      } else if inList, let row = listView.row(onLine: mouse.y - 2) {
        focus = .list
        tapRow(row)
      }
    default: break
    }
  }

  // MARK: - Watching

  /// How long until a watched file's next check; `nil` without `--watch`.
  var nextTickDelay: Duration? { watches.map(\.timeUntilNextPoll).min() }

  /// Checks each watched file and applies a settled change to one to the model, each file's
  /// alone.
  ///
  /// The places read go to the model as ``CatalogReload`` says, so the map, the list and the
  /// card update in place, and the status line says how many places were inserted, updated
  /// and removed, until the next key. A file that cannot be loaded changes nothing: the status
  /// line shows the problem until the file loads again.
  ///
  /// - Returns: Whether the screen must be drawn again.
  func tick() -> Bool {
    var changed = false
    for watch in watches {
      if let reload = watch.check() {
        apply(reload, of: watch.path)
        changed = true
      }
    }
    return changed
  }

  /// Applies what reading the watched `file` again gave, and says so on the status line.
  private func apply(_ reload: PlacesFileWatch.Reload, of file: String) {
    // The status line is short: the file goes by its name, without the folders.
    let name = file.split(separator: "/").last.map(String.init) ?? file
    do {
      let (places, _) = try reload.get()
      let difference = try CatalogReload(from: coordinator.model.places, to: places, file: file)
      try difference.apply(to: coordinator.model)
      let changes = difference.changes
      reloadStatus = (
        "Reloaded \(name): \(changes.inserted.count) inserted, \(changes.updated.count) "
          + "updated, \(changes.removed.count) removed.",
        false
      )
    } catch {
      let problem = "\(error)".replacingOccurrences(of: file, with: name)
      reloadStatus = ("\(problem); showing the last good places.", true)
    }
    followStates()
  }

  // MARK: - Taps

  /// Takes `edited` as the search field and sends its text to the search's view model as the
  /// query, and puts the search panel's cursor on its matches.
  private func search(_ edited: SearchField) {
    field = edited
    coordinator.searchViewModel.queryChanged(edited.text)
    searchPanel.resetCursor()
  }

  /// Shows the next page of the spread shown, after the last the first; says so when no
  /// spread is shown.
  private func nextSpreadPage() {
    guard let spread = mapView.state.spread else {
      notice = "No spread: tap a cluster whose places lie at one spot."
      return
    }
    do {
      try coordinator.mapViewModel.spreadPageTapped((spread.page + 1) % spread.pageCount)
    } catch {
      notice = "No spread: tap a cluster whose places lie at one spot."
    }
  }

  private func pan(columns: Double, rows: Double) {
    mapView.pan(columns: columns, rows: rows)
  }

  /// Sends a tap on `marker` to the map's view model: a place is selected, a cluster zoomed
  /// into or, when its places lie at one spot, spread.
  private func tap(_ marker: MapMarker) {
    do {
      switch marker.id {
      case .place(let id):
        try coordinator.mapViewModel.markerTapped(id: id)
        // A place of a spread is shown already: zooming would gather the spread.
        zoomsToSelection = !mapView.isSpread(marker)
      case .cluster(let id): try coordinator.mapViewModel.clusterTapped(id: id)
      }
    } catch {
      notice = Self.placeGoneNotice
    }
  }

  private func tapRow(_ row: Int) {
    guard !listView.state.rows.isEmpty else { return }
    do {
      try coordinator.listViewModel.rowTapped(at: row)
      zoomsToSelection = true
    } catch {
      notice = Self.placeGoneNotice
    }
  }

  private func choose(_ index: Int) {
    guard coordinator.searchViewModel.matches.indices.contains(index) else {
      notice =
        query.isEmpty
        ? "Type part of a name first." : "No place's name matches \u{201C}\(query)\u{201D}."
      return
    }
    do {
      try coordinator.searchViewModel.matchChosen(at: index)
      isSearching = false
      zoomsToSelection = true
    } catch {
      notice = Self.placeGoneNotice
    }
  }

  /// The notice when a place chosen is no longer in the catalog.
  private static let placeGoneNotice = "That place is no longer in the catalog."

  // MARK: - Formatting

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
  }

  /// The decimals of a degree the title shows at `zoom`: enough that a pan by a column
  /// changes the last one, so every pan shows (1 at a continent's zoom, 3 at a city's).
  static func decimals(atZoom zoom: Double) -> Int {
    let degreesPerColumn = 360 * TerminalMapScale.pointsPerColumn / (256 * pow(2, zoom))
    return min(max(Int((-log10(degreesPerColumn)).rounded(.up)), 1), 6)
  }

  /// `value`'s magnitude in degrees with `decimals` decimals and the hemisphere's letter.
  static func degrees(
    _ value: Double, decimals: Int, positive: String, negative: String
  ) -> String {
    let scale = pow(10, Double(decimals))
    let units = Int((abs(value) * scale).rounded())
    let whole = units / Int(scale)
    let fraction = String(units % Int(scale))
    let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
    return "\(whole).\(padded)°\(value < 0 && units > 0 ? negative : positive)"
  }
}
