import PlacesModel
import ViewModels

/// The screen of `browse`: a map of the land that pans and zooms, a search panel, and a status
/// line with the keys.
///
/// Typing a search shows its matches on the map and in the panel; choosing one selects its
/// place through the ``SearchViewModel``, and the map centres on it when the selection comes
/// back as the match's highlight, as every front end's screens react to the model.
final class BrowseScreen: TerminalScreen {
  private enum Mode {
    case map
    case search
  }

  /// What the map shows.
  private(set) var camera: TerminalMapCamera
  private let search: SearchViewModel
  private let panel = TerminalSearchPanel()
  private let land: LandLayer
  private var mode = Mode.map
  private var query = ""
  private var selected: SearchMatch?
  private var isShowingKeys = false
  private var matchRows: [Int: Int] = [:]

  /// The widest the search panel gets, in columns.
  private static let panelWidth = 34
  private static let landStyle = TextStyle(foreground: .basic(2))
  private static let barStyle = TextStyle(isInverse: true)

  /// Creates the screen, driving `search` and drawing `land` at `camera`.
  init(search: SearchViewModel, camera: TerminalMapCamera, land: LandLayer = .world) {
    self.search = search
    self.camera = camera
    self.land = land
    search.matchLimit = 20
    search.view = panel
    panel.onHighlight = { [weak self] match in
      self?.centre(on: match)
    }
  }

  // MARK: - Drawing

  func draw(into screen: inout ScreenBuffer) {
    let width = screen.width
    let height = screen.height
    guard width >= 20, height >= 6 else {
      screen.draw("Enlarge the terminal", x: 0, y: 0, maxWidth: width)
      return
    }
    let showsPanel = mode == .search || !panel.matches.isEmpty
    let panelWidth = showsPanel ? min(Self.panelWidth, width / 2) : 0
    let mapWidth = width - panelWidth
    let mapHeight = height - 2
    drawMap(into: &screen, x: 0, y: 1, columns: mapWidth, rows: mapHeight)
    if showsPanel {
      matchRows = panel.draw(
        query: query, isEditing: mode == .search, into: &screen,
        x: mapWidth, y: 1, width: panelWidth, height: mapHeight)
    } else {
      matchRows = [:]
    }
    drawTitle(into: &screen)
    drawStatus(into: &screen)
    if isShowingKeys {
      drawKeys(into: &screen)
    }
  }

  private func drawMap(into screen: inout ScreenBuffer, x: Int, y: Int, columns: Int, rows: Int) {
    var canvas = BrailleCanvas(columns: columns, rows: rows)
    land.draw(into: &canvas, camera: camera)
    canvas.draw(into: &screen, x: x, y: y, style: Self.landStyle)
    let width = Double(columns) * TerminalMapCamera.pointsPerColumn
    let height = Double(rows) * TerminalMapCamera.pointsPerRow
    func cell(of coordinate: Coordinate) -> (Int, Int)? {
      let point = camera.viewportPoint(of: coordinate, width: width, height: height)
      let column = Int((point.x / TerminalMapCamera.pointsPerColumn).rounded(.down))
      let row = Int((point.y / TerminalMapCamera.pointsPerRow).rounded(.down))
      guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
      return (x + column, y + row)
    }
    for match in panel.matches.reversed() where match.id != selected?.id {
      if let (column, row) = cell(of: match.place.coordinate) {
        screen.put("•", x: column, y: row, style: TextStyle(foreground: .bright(3), isBold: true))
      }
    }
    if let selected, let (column, row) = cell(of: selected.place.coordinate) {
      screen.put("◉", x: column, y: row, style: TextStyle(foreground: .bright(1), isBold: true))
      screen.draw(
        " " + selected.place.name, x: column + 1, y: row, maxWidth: columns - (column - x) - 1,
        style: TextStyle(isBold: true))
    }
  }

  private func drawTitle(into screen: inout ScreenBuffer) {
    screen.fill(x: 0, y: 0, width: screen.width, height: 1, style: Self.barStyle)
    let center = camera.center
    let position =
      "zoom \(Self.oneDecimal(camera.zoom))  "
      + "\(Self.degrees(center.latitude, positive: "N", negative: "S")) "
      + "\(Self.degrees(center.longitude, positive: "E", negative: "W"))"
    let positionWidth = DisplayWidth.of(position)
    screen.draw(" places-cli browse", x: 0, y: 0, style: Self.barStyle)
    if let selected {
      var details = selected.place.name
      if let country = selected.place.country { details += ", " + country }
      screen.draw(
        details, x: 20, y: 0, maxWidth: screen.width - 23 - positionWidth, style: Self.barStyle)
    }
    screen.draw(
      position, x: screen.width - positionWidth - 1, y: 0, maxWidth: positionWidth,
      style: Self.barStyle)
  }

  private func drawStatus(into screen: inout ScreenBuffer) {
    let row = screen.height - 1
    screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Self.barStyle)
    let keys =
      mode == .search
      ? " type to search  ↑↓ move  Enter choose  Esc map  Ctrl-C quit"
      : " arrows/hjkl pan  +/- zoom  / search  ? keys  q quit"
    screen.draw(keys, x: 0, y: row, style: Self.barStyle)
  }

  private func drawKeys(into screen: inout ScreenBuffer) {
    let lines = [
      "Keys", "",
      "←↑↓→ or hjkl   pan the map",
      "+ and -        zoom in and out",
      "/              search places by name",
      "↑↓ then Enter  choose a match",
      "Esc            back to the map",
      "?              show or hide this",
      "q, Ctrl-C      quit",
    ]
    let width = min(38, screen.width - 2)
    let height = min(lines.count + 2, screen.height - 2)
    let x = max((screen.width - width) / 2, 0)
    let y = max((screen.height - height) / 2, 1)
    let style = TextStyle(background: .basic(4))
    screen.fill(x: x, y: y, width: width, height: height, style: style)
    for (index, line) in lines.enumerated() where index + 1 < height - 1 {
      screen.draw(line, x: x + 2, y: y + 1 + index, maxWidth: width - 4, style: style)
    }
  }

  // MARK: - Keys

  func handle(_ event: KeyEvent) -> ExitStatus? {
    if case .control("c") = event { return .interrupted }
    if isShowingKeys, event != .character("?") {
      isShowingKeys = false
      if event == .escape { return nil }
    }
    switch mode {
    case .map: return handleOnMap(event)
    case .search: return handleInSearch(event)
    }
  }

  private func handleOnMap(_ event: KeyEvent) -> ExitStatus? {
    switch event {
    case .character("q"): return .success
    case .left, .character("h"): camera = camera.panned(columns: -8, rows: 0)
    case .right, .character("l"): camera = camera.panned(columns: 8, rows: 0)
    case .up, .character("k"): camera = camera.panned(columns: 0, rows: -4)
    case .down, .character("j"): camera = camera.panned(columns: 0, rows: 4)
    case .character("+"), .character("="): camera = camera.zoomed(by: 1)
    case .character("-"), .character("_"): camera = camera.zoomed(by: -1)
    case .character("/"):
      mode = .search
      query = ""
      search.queryChanged("")
    case .character("?"): isShowingKeys.toggle()
    case .escape:
      query = ""
      search.queryChanged("")
    case .mouse(let mouse):
      handleClick(mouse)
    default:
      break
    }
    return nil
  }

  private func handleInSearch(_ event: KeyEvent) -> ExitStatus? {
    switch event {
    case .character(let character):
      query.append(character)
      search.queryChanged(query)
    case .backspace:
      if !query.isEmpty {
        query.removeLast()
        search.queryChanged(query)
      }
    case .up: panel.moveCursor(by: -1)
    case .down, .tab: panel.moveCursor(by: 1)
    case .pageUp: panel.moveCursor(by: -10)
    case .pageDown: panel.moveCursor(by: 10)
    case .enter: choose(panel.cursorIndex)
    case .escape: mode = .map
    case .mouse(let mouse): handleClick(mouse)
    default: break
    }
    return nil
  }

  private func handleClick(_ mouse: MouseEvent) {
    guard mouse.button == .left, !mouse.isRelease else { return }
    if let index = matchRows.first(where: { $0.value == mouse.y })?.key {
      choose(index)
    }
  }

  private func choose(_ index: Int) {
    // The map centres when the selection comes back as a highlight (onHighlight).
    try? search.matchChosen(at: index)
  }

  private func centre(on match: SearchMatch) {
    selected = match
    mode = .map
    camera = TerminalMapCamera(center: match.place.coordinate, zoom: max(camera.zoom, 5))
  }

  // MARK: - Formatting

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
  }

  private static func degrees(_ value: Double, positive: String, negative: String) -> String {
    "\(oneDecimal(abs(value)))°\(value < 0 ? negative : positive)"
  }
}
