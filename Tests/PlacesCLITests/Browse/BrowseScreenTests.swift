import Foundation
import PlacesModel
import PlacesModelTestSupport
import Testing
import ViewModels

@testable import places_cli

struct BrowseScreenTests {
  private static let places = [
    Place(
      id: 42, name: "Stockholm", coordinate: .fixture(59.32938, 18.06871), category: "city",
      country: "SE", population: 1_515_017),
    Place(
      id: 150, name: "São Paulo", coordinate: .fixture(-23.5475, -46.63611), country: "BR",
      population: 12_400_232),
    Place(
      id: 9, name: "東京", coordinate: .fixture(35.6895, 139.69171), country: "JP",
      population: 8_336_599),
  ]

  /// Four places within a few kilometres of each other in Stockholm, one cluster at zoom 1.
  private static let stockholmSuburbs = [
    Place(id: 1, name: "Solna", coordinate: .fixture(59.36, 18.00)),
    Place(id: 2, name: "Sundbyberg", coordinate: .fixture(59.36, 17.97)),
    Place(id: 3, name: "Nacka", coordinate: .fixture(59.31, 18.16)),
    Place(id: 4, name: "Lidingö", coordinate: .fixture(59.36, 18.13)),
  ]

  private static func makeScreen(
    places: [Place] = places, camera: MapCamera = Browse.startCamera
  ) throws -> BrowseScreen {
    BrowseScreen(model: try PlacesModel(places: places), camera: camera)
  }

  private static func render(_ screen: BrowseScreen, columns: Int = 80, rows: Int = 24)
    -> ScreenBuffer
  {
    var buffer = ScreenBuffer(width: columns, height: rows)
    screen.draw(into: &buffer)
    return buffer
  }

  private static func press(_ keys: KeyEvent..., on screen: BrowseScreen) {
    for key in keys {
      #expect(screen.handle(key) == nil)
    }
  }

  private static func type(_ text: String, into screen: BrowseScreen) {
    for character in text {
      #expect(screen.handle(.character(character)) == nil)
    }
  }

  /// The row of the side panel (from its first column to the edge) showing `text`.
  private static func sideRow(showing text: String, in buffer: ScreenBuffer) -> Int? {
    let layout = BrowseLayout(width: buffer.width, height: buffer.height)
    return buffer.lines.indices.first { row in
      String(buffer.lines[row].dropFirst(layout.sideX)).contains(text)
    }
  }

  @Test func aCategoryFilterShowsOnlyItsPlacesInTheList() throws {
    let screen = BrowseScreen(
      model: try PlacesModel(places: Self.places), camera: Browse.startCamera,
      categoryFilter: CategoryFilter(showing: ["city"]))

    let lines = Self.render(screen).lines

    #expect(lines[1].contains("Places by name (1)"))
    #expect(lines[2].contains(" Stockholm"))
    #expect(!lines.contains { $0.contains("São Paulo") })
  }

  @Test func theFirstScreenShowsTheMapTheListTheCardAndTheKeys() throws {
    let screen = try Self.makeScreen()

    let buffer = Self.render(screen)
    let lines = buffer.lines

    #expect(lines[0].hasPrefix(" places-cli browse  [map]"))
    #expect(lines[0].hasSuffix("zoom 1.0  20.0°N 10.0°E "))
    #expect(lines[23].hasPrefix(" hjkl pan  +- zoom  Enter select  list: by name  Tab list"))
    #expect(lines[23].contains("q quit"))
    #expect(lines[1].contains("Places by name (3)"))
    #expect(lines[2].contains(" Stockholm") && lines[2].hasSuffix(" SE "))
    #expect(lines[3].contains(" São Paulo"))
    #expect(lines[4].contains(" 東京"))
    #expect(lines.contains { $0.contains("│ Card") })
    let braille = lines[1..<23].joined().unicodeScalars.filter {
      (0x2801...0x28FF).contains($0.value)
    }
    #expect(braille.count > 200, "land is drawn")
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 80 })
  }

  @Test func theMapPanelReportsItsCameraAndSizeInPoints() throws {
    let screen = try Self.makeScreen()
    let layout = BrowseLayout(width: 80, height: 24)

    _ = Self.render(screen)
    let viewport = screen.coordinator.mapViewModel.viewport

    #expect(viewport.camera == Browse.startCamera)
    #expect(viewport.size.width == Double(layout.mapColumns) * 8)
    #expect(viewport.size.height == Double(layout.mapRows) * 16)
  }

  @Test func eachPlaceMarkerTheViewModelIssuesIsDrawnWhereItLies() throws {
    let screen = try Self.makeScreen()

    let buffer = Self.render(screen)

    #expect(screen.mapView.state.markers.count == 3)
    for place in Self.places {
      let cell = try #require(screen.mapView.cell(of: place.coordinate))
      #expect(buffer[cell.column, 1 + cell.row].character == "•", "\(place.name)")
    }
  }

  @Test func aSelectionInTheListIsHighlightedThereMarkedOnTheMapAndShownInTheCard() throws {
    let screen = try Self.makeScreen()
    _ = Self.render(screen)

    Self.press(.tab, .down, .enter, on: screen)  // the second row by name: São Paulo
    let buffer = Self.render(screen)
    let lines = buffer.lines

    #expect(screen.coordinator.model.selectedItem == 150)
    let row = try #require(Self.sideRow(showing: "São Paulo", in: buffer))
    let layout = BrowseLayout(width: 80, height: 24)
    #expect(buffer[layout.sideX + 2, row].style.isInverse, "the row is highlighted")
    #expect(!buffer[layout.sideX + 2, row - 1].style.isInverse, "only that row")
    #expect(lines.contains { $0.contains("◉ São Paulo") }, "the map marks it")
    let cardRow = try #require(lines.firstIndex { $0.contains("│ Card ") })
    #expect(lines[cardRow + 1].contains("│ São Paulo"))
    #expect(lines[cardRow + 2].contains("│ BR"))
    #expect(lines[cardRow + 3].contains("│ population 12,400,232"))
    #expect(lines[cardRow + 4].contains("│ 23.5475°S 46.6361°W"))
    #expect(lines[0].contains("São Paulo"))
    let selected = try #require(screen.mapView.cell(of: Self.places[1].coordinate))
    #expect(selected.column == layout.mapColumns / 2, "the map centres on it")
  }

  @Test func aClusterShowsItsCountAndEnterOnItZoomsIn() throws {
    let screen = try Self.makeScreen(places: Self.stockholmSuburbs)
    let buffer = Self.render(screen)
    let cluster = try #require(screen.mapView.state.markers.values.first)
    let cell = try #require(screen.mapView.cell(of: cluster.coordinate))

    #expect(screen.mapView.state.markers.count == 1)
    #expect(cluster.count == 4)
    #expect(buffer[cell.column, 1 + cell.row].character == "4")
    #expect(buffer[cell.column, 1 + cell.row].style.background == .bright(6))

    Self.press(.enter, on: screen)

    #expect(screen.mapView.camera.zoom > Browse.startCamera.zoom)
    #expect(screen.coordinator.mapViewModel.camera == screen.mapView.camera)
    #expect(screen.coordinator.model.selectedItem == nil, "a cluster is not a selection")
  }

  @Test func enterOnTheMapSelectsTheMarkerNearestTheCentre() throws {
    let tokyo = MapCamera.clamped(centre: .fixture(30, 135), zoom: 3)
    let screen = try Self.makeScreen(camera: tokyo)
    _ = Self.render(screen)

    Self.press(.enter, on: screen)
    let lines = Self.render(screen).lines

    #expect(screen.coordinator.model.selectedItem == 9)
    #expect(lines.contains { $0.contains("◉ 東京") })
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 80 })
  }

  @Test func escapeDeselects() throws {
    let screen = try Self.makeScreen()
    _ = Self.render(screen)
    Self.press(.tab, .enter, .escape, on: screen)

    let lines = Self.render(screen).lines

    #expect(screen.coordinator.model.selectedItem == nil)
    #expect(!lines.contains { $0.contains("◉") })
    #expect(lines.contains { $0.contains("│ Enter or a click selects") })
  }

  @Test func aSearchChoiceSelectsItsMatchEverywhere() throws {
    let screen = try Self.makeScreen()
    _ = Self.render(screen)

    Self.press(.character("/"), on: screen)
    Self.type("sao", into: screen)
    let typing = Self.render(screen).lines
    Self.press(.enter, on: screen)
    let chosen = Self.render(screen).lines

    #expect(typing[1].contains("│ / sao▏"))
    #expect(typing[2].contains(" São Paulo BR"))
    #expect(typing[23].hasPrefix(" type to search"))
    #expect(screen.coordinator.model.selectedItem == 150)
    #expect(!screen.isSearching)
    #expect(chosen.contains { $0.contains("◉ São Paulo") })
    #expect(chosen.contains { $0.contains("│ population 12,400,232") })
    #expect(chosen[1].contains("Places by name (3)"), "the list is back")
  }

  @Test func inASearchQIsTypedAndControlCStillQuits() throws {
    let screen = try Self.makeScreen()
    _ = screen.handle(.character("/"))

    #expect(screen.handle(.character("q")) == nil)
    #expect(screen.handle(.control("c")) == .interrupted)
  }

  @Test func dotPutsTheUserAtTheCentreAndTheListGoesNearestFirst() throws {
    let camera = MapCamera.clamped(centre: .fixture(59, 18), zoom: 4)
    let screen = try Self.makeScreen(camera: camera)
    _ = Self.render(screen)

    Self.press(.character("."), on: screen)
    let buffer = Self.render(screen)
    let lines = buffer.lines
    let layout = BrowseLayout(width: 80, height: 24)

    #expect(screen.coordinator.model.location == camera.centre)
    #expect(lines[1].contains("Places, nearest first (3)"))
    #expect(lines[2].contains(" Stockholm") && lines[2].hasSuffix(" 37 km "))
    #expect(buffer[layout.mapColumns / 2, 1 + layout.mapRows / 2].character == "@")
  }

  @Test func xForgetsTheLocationAndTheStatusLineSaysTheOrder() throws {
    let screen = try Self.makeScreen(camera: .clamped(centre: .fixture(59, 18), zoom: 4))
    let byName = Self.render(screen, columns: 120, rows: 30).lines

    Self.press(.character("."), on: screen)
    let nearest = Self.render(screen, columns: 120, rows: 30).lines
    Self.press(.character("x"), on: screen)
    let forgotten = Self.render(screen, columns: 120, rows: 30).lines

    #expect(byName[29].contains("list: by name"))
    #expect(nearest[29].contains("list: nearest first  x by name"))
    #expect(nearest[1].contains("Places, nearest first (3)"))
    #expect(screen.coordinator.model.location == nil)
    #expect(forgotten[1].contains("Places by name (3)"))
    #expect(forgotten[29].contains("list: by name"))
  }

  @Test func aNewOrderPutsTheListCursorOnTheSelectedRow() throws {
    let places = [
      Place(id: 1, name: "Alpha", coordinate: .fixture(0, 20)),
      Place(id: 2, name: "Bravo", coordinate: .fixture(0, 0)),
      Place(id: 3, name: "Charlie", coordinate: .fixture(0, 10)),
    ]
    let screen = try Self.makeScreen(
      places: places, camera: .clamped(centre: .fixture(0, 0), zoom: 4))
    _ = Self.render(screen)
    Self.press(.tab, .enter, on: screen)  // Alpha, the first row by name; the map centres on it
    #expect(screen.listView.cursorRow == 0)

    // 16 columns west is 11.25° at zoom 4: nearest first from there, Alpha is last.
    // Back out to zoom 4 from the zoom a chosen place is shown at.
    Self.press(
      .character("-"), .character("-"), .character("-"), .character("-"), .character("-"),
      .character("-"), on: screen)
    Self.press(.tab, .character("h"), .character("h"), .character("."), on: screen)
    let buffer = Self.render(screen)

    #expect(screen.listView.state.order == .distance)
    #expect(screen.listView.state.highlightedRow == 2)
    #expect(screen.listView.cursorRow == 2)
    let row = try #require(Self.sideRow(showing: "Alpha", in: buffer))
    #expect(row == 4)
    #expect(buffer[BrowseLayout(width: 80, height: 24).sideX + 2, row].style.isInverse)
  }

  @Test func typingPutsTheSearchCursorBackOnTheFirstMatch() throws {
    let screen = try Self.makeScreen()
    _ = Self.render(screen)
    Self.press(.character("/"), on: screen)
    Self.type("s", into: screen)  // Stockholm and São Paulo
    let matchCount = screen.searchPanel.state.matches.count
    Self.press(.down, on: screen)
    #expect(matchCount > 1)
    #expect(screen.searchPanel.cursorIndex == 1)

    Self.type("t", into: screen)

    #expect(screen.searchPanel.state.matches.map(\.place.name) == ["Stockholm"])
    #expect(screen.searchPanel.cursorIndex == 0)
  }

  @Test func aClickOnARowOrAMarkerSelectsIt() throws {
    let screen = try Self.makeScreen()
    let layout = BrowseLayout(width: 80, height: 24)
    _ = Self.render(screen)

    Self.press(
      .mouse(MouseEvent(button: .left, x: layout.sideX + 3, y: 4, isRelease: false)), on: screen)
    #expect(screen.coordinator.model.selectedItem == 9, "the third row")
    #expect(screen.focus == .list)
    #expect(screen.mapView.camera.zoom == MapCamera.placeZoom, "the map zooms in on it")
    for _ in 0..<9 {
      Self.press(.character("-"), on: screen)
    }

    _ = Self.render(screen)
    let stockholm = try #require(screen.mapView.cell(of: Self.places[0].coordinate))
    Self.press(
      .mouse(
        MouseEvent(button: .left, x: stockholm.column, y: 1 + stockholm.row, isRelease: false)),
      .mouse(
        MouseEvent(button: .left, x: stockholm.column, y: 1 + stockholm.row, isRelease: true)),
      on: screen)
    #expect(screen.coordinator.model.selectedItem == 42)
    #expect(screen.focus == .map)
  }

  @Test func aDragPansTheMapWithThePointerAndSelectsNothing() throws {
    let camera = MapCamera.clamped(centre: .fixture(0, 0), zoom: 2)
    let screen = try Self.makeScreen(camera: camera)
    _ = Self.render(screen)
    let before = screen.mapView.viewport.coordinate(at: MapPoint(x: 84, y: 88))

    Self.press(
      .mouse(MouseEvent(button: .left, x: 10, y: 6, isRelease: false)),
      .mouse(MouseEvent(button: .left, x: 12, y: 6, isRelease: false, isMotion: true)),
      .mouse(MouseEvent(button: .left, x: 13, y: 7, isRelease: false, isMotion: true)),
      .mouse(MouseEvent(button: .left, x: 13, y: 7, isRelease: true)),
      on: screen)
    // The place under the cell at column 10, row 5 of the panel is now under 13, 6.
    let after = screen.mapView.viewport.coordinate(at: MapPoint(x: 108, y: 104))

    #expect(abs(after.longitude - before.longitude) < 1e-6)
    #expect(abs(after.latitude - before.latitude) < 1e-6)
    #expect(screen.coordinator.model.selectedItem == nil)
  }

  @Test func theWheelZoomsAtThePointer() throws {
    let screen = try Self.makeScreen(camera: .clamped(centre: .fixture(0, 0), zoom: 2))
    _ = Self.render(screen)
    let pointer = MapPoint(x: 10.5 * 8, y: 5.5 * 16)
    let before = screen.mapView.viewport.coordinate(at: pointer)

    Self.press(.mouse(MouseEvent(button: .wheelUp, x: 10, y: 6, isRelease: false)), on: screen)
    let after = screen.mapView.viewport.coordinate(at: pointer)

    #expect(screen.mapView.camera.zoom == 3)
    #expect(abs(after.longitude - before.longitude) < 1e-6)
    #expect(abs(after.latitude - before.latitude) < 1e-6)
  }

  @Test func keysPanAndZoomAndTheViewModelHearsEachCamera() throws {
    let screen = try Self.makeScreen()
    _ = Self.render(screen)
    let start = screen.mapView.camera

    Self.press(.right, .character("l"), .character("+"), .character("k"), on: screen)

    let camera = screen.mapView.camera
    #expect(camera.zoom == start.zoom + 1)
    #expect(camera.centre.longitude > start.centre.longitude)
    #expect(camera.centre.latitude > start.centre.latitude)
    #expect(screen.coordinator.mapViewModel.camera == camera)
  }

  @Test func listKeysMoveTheCursorAndScrollTheRowsIntoView() throws {
    let places = (0..<60).map { index in
      Place(
        id: PlaceID(index), name: "Place \(index + 100)",
        coordinate: .fixture(Double(index) - 30, Double(index) * 2))
    }
    let screen = try Self.makeScreen(places: places)
    _ = Self.render(screen)

    Self.press(.tab, .pageDown, .pageDown, .down, .enter, on: screen)
    let buffer = Self.render(screen)

    let row = screen.listView.cursorRow
    #expect(row > screen.listView.visibleRowCount, "moved past the first screen of rows")
    #expect(screen.coordinator.model.selectedItem == PlaceID(row))
    let shown = try #require(Self.sideRow(showing: "Place \(row + 100)", in: buffer))
    #expect(buffer[BrowseLayout(width: 80, height: 24).sideX + 2, shown].style.isInverse)
  }

  @Test func aResizeLaysTheScreenOutAgainAndReportsTheNewSize() throws {
    let screen = try Self.makeScreen()
    _ = Self.render(screen)

    let large = Self.render(screen, columns: 120, rows: 40).lines
    let layout = BrowseLayout(width: 120, height: 40)
    let size = screen.coordinator.mapViewModel.viewport.size
    let tiny = Self.render(screen, columns: 10, rows: 3).lines

    #expect(large.count == 40)
    #expect(large[39].hasPrefix(" hjkl pan"))
    #expect(large[0].hasSuffix("zoom 1.0  20.0°N 10.0°E "))
    #expect(large.allSatisfy { DisplayWidth.of($0) == 120 })
    #expect(size.width == Double(layout.mapColumns) * 8)
    #expect(size.height == Double(layout.mapRows) * 16)
    #expect(tiny == ["Need 40x12", "q quits   ", "now 10x3  "])
  }

  @Test func questionMarkShowsTheKeysAndAnyKeyHidesThem() throws {
    let screen = try Self.makeScreen()

    _ = screen.handle(.character("?"))
    let shown = Self.render(screen).lines
    _ = screen.handle(.escape)
    let hidden = Self.render(screen).lines

    #expect(shown.contains { $0.contains("+ - or wheel   zoom in and out") })
    #expect(!hidden.contains { $0.contains("zoom in and out") })
  }

  @Test(arguments: [(40, 12), (44, 14), (48, 16), (60, 16), (80, 24), (120, 40), (200, 60)])
  func theWayToQuitAndToSeeTheKeysShowsAtEverySize(columns: Int, rows: Int) throws {
    let screen = try Self.makeScreen()
    Self.press(.tab, .enter, on: screen)  // a selection puts a name in the title

    let lines = Self.render(screen, columns: columns, rows: rows).lines
    _ = screen.handle(.character("?"))
    let keys = Self.render(screen, columns: columns, rows: rows).lines
    _ = screen.handle(.escape)
    _ = screen.handle(.character("/"))
    let searching = Self.render(screen, columns: columns, rows: rows).lines

    #expect(lines[rows - 1].hasSuffix("? keys  q quit "))
    #expect(!lines[rows - 1].contains("…"), "whole hints only")
    #expect(lines[0].contains("[list]"))
    #expect(lines[0].hasSuffix("zoom 10.0  59.33°N 18.07°E "), "the position is whole")
    #expect(keys.contains { $0.contains("q, Ctrl-C      quit") }, "the keys say how to quit")
    #expect(keys.contains { $0.contains("?              show or hide this") })
    let shownKeys = BrowseScreen.keyLines(fitting: min(BrowseScreen.keyLines.count, rows - 4))
    for line in shownKeys where !line.isEmpty {
      #expect(keys.contains { $0.contains(line) }, "no key line is cut: \(line)")
    }
    #expect(searching[rows - 1].hasSuffix("Esc back  Ctrl-C quit "))
  }

  @Test(arguments: [(39, 12), (40, 11), (10, 3), (31, 2), (60, 1)])
  func aTooSmallTerminalNamesTheSizeNeededAndHowToQuit(columns: Int, rows: Int) throws {
    let screen = try Self.makeScreen()

    let text = Self.render(screen, columns: columns, rows: rows).lines.joined(separator: "\n")

    #expect(text.contains("40x12"))
    #expect(text.contains("q quits"))
    #expect(screen.handle(.character("q")) == .success)
  }

  @Test(arguments: ["", "zzzz"])
  func enterOnAnEmptyOrUnmatchedSearchSaysSoInUserWords(query: String) throws {
    let screen = try Self.makeScreen()

    Self.press(.character("/"), on: screen)
    Self.type(query, into: screen)
    Self.press(.enter, on: screen)
    let status = try #require(Self.render(screen).lines.last)

    #expect(
      status.hasPrefix(
        query.isEmpty ? " Type part of a name first." : " No place's name matches “zzzz”."))
    #expect(!status.contains("0"), "no view model's wording")
  }

  @Test(arguments: [
    (KeyEvent.character("q"), places_cli.ExitStatus.success), (.control("c"), .interrupted),
  ])
  func quittingKeysEndTheScreen(key: KeyEvent, status: places_cli.ExitStatus) throws {
    let screen = try Self.makeScreen()

    #expect(screen.handle(key) == status)
  }

  @Test(arguments: [(80, 24), (120, 40), (200, 60)])
  func theFirstViewShowsTheWorldOnceFillingTheMapPanel(columns: Int, rows: Int) throws {
    let camera = Browse.startCamera(
      for: Self.places, isBuiltIn: true, columns: columns, rows: rows)
    let layout = BrowseLayout(width: columns, height: rows)
    let width = Double(layout.mapColumns) * TerminalMapScale.pointsPerColumn
    let height = Double(layout.mapRows) * TerminalMapScale.pointsPerRow
    let viewport = MapViewport(camera: camera, size: try MapSize(width: width, height: height))
    let worldSize = 256 * pow(2, camera.zoom)

    #expect(abs(worldSize - max(width, height)) < 1, "one world across, or down")
    #expect(worldSize >= height - 1, "no empty rows above or below")
    #expect(viewport.coordinate(at: MapPoint(x: 0, y: 0)).latitude <= 85.06)
    #expect(viewport.coordinate(at: MapPoint(x: 0, y: height)).latitude >= -85.06)
  }

  @Test func theFirstViewOfAFileShowsItsPlacesLarge() throws {
    let camera = Browse.startCamera(
      for: Self.stockholmSuburbs, isBuiltIn: false, columns: 80, rows: 24)
    let screen = try Self.makeScreen(places: Self.stockholmSuburbs, camera: camera)
    _ = Self.render(screen)

    #expect(camera.zoom > 9)
    for place in Self.stockholmSuburbs {
      #expect(screen.mapView.cell(of: place.coordinate) != nil, "\(place.name) is in view")
    }
  }

  @Test func aSearchChoiceZoomsInOnThePlace() throws {
    let screen = try Self.makeScreen()
    _ = Self.render(screen)

    Self.press(.character("/"), on: screen)
    Self.type("são", into: screen)
    Self.press(.enter, on: screen)

    #expect(screen.mapView.camera.zoom == MapCamera.placeZoom)
    #expect(abs(screen.mapView.camera.centre.latitude - -23.5475) < 1e-6)
  }

  @Test func aClusterCountAtTheEdgeStaysInsideThePanel() throws {
    let places = (0..<12).map { index in
      Place(
        id: PlaceID(index), name: "Place \(index)",
        coordinate: .fixture(59.3 + Double(index) * 0.01, 18.0))
    }
    // At zoom 1 a column is 5.625° wide: the places fall in the panel's last column.
    let layout = BrowseLayout(width: 80, height: 24)
    let columnsEast = Double(layout.mapColumns) / 2 - 0.5
    let camera = MapCamera.clamped(
      centre: .fixture(59.3, 18.0 - columnsEast * 5.625), zoom: 1)
    let screen = try Self.makeScreen(places: places, camera: camera)
    _ = Self.render(screen)  // the first frame reports the panel's size; the markers follow

    let buffer = Self.render(screen)
    let cluster = try #require(screen.mapView.state.markers.values.first)
    let cell = try #require(screen.mapView.cell(of: cluster.coordinate))
    let line = Array(buffer.lines[1 + cell.row])

    #expect(cluster.count == 12)

    #expect(cell.column == layout.mapColumns - 1)
    #expect(String(line[(layout.mapColumns - 2)..<layout.mapColumns]) == "12")
    #expect(line[layout.mapColumns] == "│")
  }

  @Test func singlePlacesAreLabelledWhereTheirNameFitsWithoutCoveringAMarker() throws {
    let places = [
      Place(id: 1, name: "Alphaville", coordinate: .fixture(59.3, 18.0)),
      Place(id: 2, name: "Bravo", coordinate: .fixture(59.3, 18.4)),
      Place(id: 3, name: "Charlie", coordinate: .fixture(59.0, 18.0)),
    ]
    let screen = try Self.makeScreen(
      places: places, camera: .clamped(centre: .fixture(59.2, 18.2), zoom: 8))

    let map = Self.render(screen).lines.map {
      String($0.prefix(BrowseLayout(width: 80, height: 24).mapColumns))
    }
    let alpha = try #require(screen.mapView.cell(of: places[0].coordinate))
    let bravo = try #require(screen.mapView.cell(of: places[1].coordinate))

    #expect(
      alpha.row == bravo.row && bravo.column - alpha.column < 11,
      "Alphaville's name would cover Bravo")
    #expect(map[1 + alpha.row].contains("• Bravo"))
    #expect(!map.joined().contains("Alphaville"), "a name that does not fit is left out")
    #expect(map.joined().contains("• Charlie"))
  }

  @Test func theLandIsOutlinedWhenZoomedIn() throws {
    let far = try Self.makeScreen(camera: .clamped(centre: .fixture(59.3, 18.0), zoom: 2))
    let near = try Self.makeScreen(camera: .clamped(centre: .fixture(59.3, 18.0), zoom: 8))

    func fullCells(_ screen: BrowseScreen) -> Int {
      Self.render(screen).lines[1..<23].joined().filter { $0 == "⣿" }.count
    }
    let nearDots = Self.render(near).lines[1..<23].joined().unicodeScalars.filter {
      (0x2801...0x28FF).contains($0.value)
    }

    #expect(fullCells(far) > 100, "a fill while the land reads as shapes")
    #expect(fullCells(near) < 20, "not a solid block at zoom 8")
    #expect(nearDots.count > 20, "the coast is drawn")
  }

  @Test(arguments: [(1.0, 1), (4.0, 1), (8.0, 2), (10.0, 2), (12.0, 3), (16.0, 4)])
  func theTitlesPrecisionFollowsTheZoom(zoom: Double, decimals: Int) {
    #expect(BrowseScreen.decimals(atZoom: zoom) == decimals)
  }

  @Test func aPanChangesTheTitleAtAStreetsZoom() throws {
    let screen = try Self.makeScreen(camera: .clamped(centre: .fixture(59.3, 18.0), zoom: 16))
    let before = Self.render(screen).lines[0]

    Self.press(.character("l"), on: screen)
    let after = Self.render(screen).lines[0]

    #expect(before.hasSuffix("59.3000°N 18.0000°E "))
    #expect(before != after)
  }

  @Test func theSearchFieldIsEditedWithTheCursorKeys() throws {
    let screen = try Self.makeScreen()
    _ = Self.render(screen)

    Self.press(.character("/"), on: screen)
    Self.type("xx stock", into: screen)
    Self.press(.control("u"), on: screen)
    Self.type("stxx", into: screen)
    Self.press(.backspace, .backspace, .home, .character("s"), .delete, .end, on: screen)
    Self.type("ock", into: screen)
    let lines = Self.render(screen).lines

    #expect(screen.searchPanel.state.matches.map(\.place.name) == ["Stockholm"])
    #expect(lines.contains { $0.contains("/ stock▏") })
  }

  @Test func placesOfTheSameNameShowWhereTheyAre() throws {
    let places = [
      Place(id: 1, name: "London", coordinate: .fixture(42.98, -81.25), country: "CA"),
      Place(id: 2, name: "London", coordinate: .fixture(37.13, -84.08), country: "US"),
      Place(id: 3, name: "London", coordinate: .fixture(39.89, -83.45), country: "US"),
      Place(id: 4, name: "Paris", coordinate: .fixture(48.85, 2.35), country: "FR"),
    ]
    let screen = try Self.makeScreen(places: places)
    let list = Self.render(screen).lines

    Self.press(.character("/"), on: screen)
    Self.type("london", into: screen)
    let search = Self.render(screen).lines

    #expect(list.contains { $0.hasSuffix(" 43°N 81°W CA ") })
    #expect(list.contains { $0.hasSuffix(" 37°N 84°W US ") })
    #expect(list.contains { $0.hasSuffix(" 40°N 83°W US ") })
    #expect(
      list.contains { $0.contains("Paris") && $0.hasSuffix(" FR ") }, "a unique name as before")
    #expect(search.contains { $0.contains("London US") && $0.hasSuffix(" 37°N 84°W ") })
    #expect(search.contains { $0.contains("London US") && $0.hasSuffix(" 40°N 83°W ") })
    #expect(search.contains { $0.contains("London CA") && !$0.contains("°") })
  }

  @Test func clusterCountsAreShortenedToFourCharacters() {
    #expect(TerminalMapView.compactCount(7) == "7")
    #expect(TerminalMapView.compactCount(999) == "999")
    #expect(TerminalMapView.compactCount(12_345) == "12k")
    #expect(TerminalMapView.compactCount(3_400_000) == "3M")
  }
}
