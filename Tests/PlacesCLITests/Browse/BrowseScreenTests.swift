import PlacesModel
import Testing
import ViewModels

@testable import places_cli

struct BrowseScreenTests {
  private static let places = [
    Place(
      id: 42, name: "Stockholm", coordinate: .fixture(59.32938, 18.06871), country: "SE",
      population: 1_515_017),
    Place(
      id: 150, name: "São Paulo", coordinate: .fixture(-23.5475, -46.63611), country: "BR",
      population: 12_400_232),
    Place(
      id: 9, name: "東京", coordinate: .fixture(35.6895, 139.69171), country: "JP",
      population: 8_336_599),
  ]

  private static func makeScreen() throws -> (BrowseScreen, PlacesModel, SearchViewModel) {
    let model = try PlacesModel(places: places)
    let search = SearchViewModel(model: model)
    let screen = BrowseScreen(search: search, camera: Browse.startCamera)
    return (screen, model, search)
  }

  private static func render(_ screen: BrowseScreen, columns: Int = 80, rows: Int = 24)
    -> [String]
  {
    var buffer = ScreenBuffer(width: columns, height: rows)
    screen.draw(into: &buffer)
    return buffer.lines
  }

  private static func type(_ text: String, into screen: BrowseScreen) {
    for character in text {
      #expect(screen.handle(.character(character)) == nil)
    }
  }

  @Test func theFirstScreenShowsTheTitleTheLandAndTheKeys() throws {
    let (screen, _, _) = try Self.makeScreen()

    let lines = Self.render(screen)

    #expect(lines[0].hasPrefix(" places-cli browse"))
    #expect(lines[0].hasSuffix("zoom 1.3  20.0°N 10.0°E "))
    #expect(lines[23].hasPrefix(" arrows/hjkl pan  +/- zoom  / search  ? keys  q quit"))
    let braille = lines[1..<23].joined().unicodeScalars.filter {
      (0x2801...0x28FF).contains($0.value)
    }
    #expect(braille.count > 300, "land is drawn")
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 80 })
  }

  @Test func typingASearchListsItsMatchesInThePanel() throws {
    let (screen, _, _) = try Self.makeScreen()

    #expect(screen.handle(.character("/")) == nil)
    Self.type("sao", into: screen)
    let lines = Self.render(screen)

    #expect(lines[1].hasSuffix(" / sao▏                           "))
    #expect(lines[2].contains(" São Paulo BR"))
    #expect(lines[2].hasSuffix("12.4M "))
    #expect(lines[23].hasPrefix(" type to search"))
  }

  @Test func choosingAMatchSelectsItsPlaceAndCentresTheMap() throws {
    let (screen, model, _) = try Self.makeScreen()
    _ = screen.handle(.character("/"))
    Self.type("STOCK", into: screen)

    #expect(screen.handle(.enter) == nil)
    let lines = Self.render(screen)

    #expect(model.selectedItem == 42)
    #expect(screen.camera.center == Self.places[0].coordinate)
    #expect(screen.camera.zoom == 5)
    #expect(lines[0].contains("browse  Stockholm, SE"))
    #expect(lines[0].hasSuffix("zoom 5.0  59.3°N 18.1°E "))
    #expect(lines.contains { $0.contains("◉ Stockholm") })
    #expect(lines[23].hasPrefix(" arrows/hjkl pan"), "back on the map")
  }

  @Test func aNewSearchStartsFromAnEmptyQuery() throws {
    let (screen, _, search) = try Self.makeScreen()
    _ = screen.handle(.character("/"))
    Self.type("sao", into: screen)
    _ = screen.handle(.enter)

    _ = screen.handle(.character("/"))
    let lines = Self.render(screen)

    #expect(search.query == "")
    #expect(lines[1].hasSuffix(" / ▏                              "))
  }

  @Test func wideNamesKeepThePanelsLayout() throws {
    let (screen, _, _) = try Self.makeScreen()
    _ = screen.handle(.character("/"))
    Self.type("東", into: screen)

    let lines = Self.render(screen)

    #expect(lines[2].contains(" 東京 JP"))
    #expect(lines[2].hasSuffix("8.3M "))
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 80 })
  }

  @Test func keysPanAndZoomTheMap() throws {
    let (screen, _, _) = try Self.makeScreen()
    let start = screen.camera

    _ = screen.handle(.right)
    _ = screen.handle(.character("l"))
    _ = screen.handle(.character("+"))
    _ = screen.handle(.character("k"))

    #expect(screen.camera.zoom == start.zoom + 1)
    #expect(screen.camera.center.longitude > start.center.longitude)
    #expect(screen.camera.center.latitude > start.center.latitude)
  }

  @Test func questionMarkShowsTheKeysAndAnyKeyHidesThem() throws {
    let (screen, _, _) = try Self.makeScreen()

    _ = screen.handle(.character("?"))
    let shown = Self.render(screen)
    _ = screen.handle(.escape)
    let hidden = Self.render(screen)

    #expect(shown.contains { $0.contains("+ and -        zoom in and out") })
    #expect(!hidden.contains { $0.contains("zoom in and out") })
  }

  @Test func aResizeDrawsTheSameScreenAtTheNewSize() throws {
    let (screen, _, _) = try Self.makeScreen()

    let large = Self.render(screen, columns: 120, rows: 40)
    let tiny = Self.render(screen, columns: 10, rows: 3)

    #expect(large.count == 40)
    #expect(large[39].hasPrefix(" arrows/hjkl pan"))
    #expect(large[0].hasSuffix("zoom 1.3  20.0°N 10.0°E "))
    #expect(tiny[0] == "Enlarge t…")
  }

  @Test(arguments: [
    (KeyEvent.character("q"), places_cli.ExitStatus.success), (.control("c"), .interrupted),
  ])
  func quittingKeysEndTheScreen(key: KeyEvent, status: places_cli.ExitStatus) throws {
    let (screen, _, _) = try Self.makeScreen()

    #expect(screen.handle(key) == status)
  }

  @Test func inASearchQIsTypedAndControlCStillQuits() throws {
    let (screen, _, _) = try Self.makeScreen()
    _ = screen.handle(.character("/"))

    #expect(screen.handle(.character("q")) == nil)
    #expect(screen.handle(.control("c")) == .interrupted)
  }
}

extension Coordinate {
  /// A coordinate from literal degrees known to be valid.
  fileprivate static func fixture(_ latitude: Double, _ longitude: Double) -> Coordinate {
    do {
      return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      preconditionFailure("invalid coordinate: \(error)")
    }
  }
}
