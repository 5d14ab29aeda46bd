import Foundation
import PlacesModel
import PlacesModelTestSupport
import Testing

@testable import places_cli

struct BrowseWatchTests {
  private static let uppsala = Place(id: 1, name: "Uppsala", coordinate: .fixture(59.86, 17.64))
  private static let visby = Place(id: 2, name: "Visby", coordinate: .fixture(57.64, 18.30))
  private static let lund = Place(id: 3, name: "Lund", coordinate: .fixture(55.70, 13.19))

  /// A watched file whose states and contents a test scripts, and a clock that moves only
  /// when the test ticks.
  private final class ScriptedFile {
    let start = ContinuousClock.now
    var elapsed = Duration.zero
    var size = 1
    var contents: Result<[Place], GeoJSONError> = .success([])
    var loads = 0

    func makeWatch() -> PlacesFileWatch {
      let watcher = FileWatcher(
        path: "places.geojson", interval: .milliseconds(250),
        stateOfFile: { [unowned self] _ in
          let time = FileState.Time(seconds: 0, nanoseconds: 0)
          return .present(
            .init(device: 1, inode: 1, size: Int64(size), modified: time, statusChanged: time))
        },
        now: { [unowned self] in start + elapsed })
      return PlacesFileWatch(watcher: watcher) { [unowned self] in
        loads += 1
        return (try contents.get(), nil)
      }
    }

    /// Changes the file to `contents` and lets the screen tick until the change has settled.
    func change(to contents: Result<[Place], GeoJSONError>, ticking screen: BrowseScreen) {
      self.contents = contents
      size += 1
      for _ in 0..<2 {
        elapsed += .milliseconds(250)
        _ = screen.tick()
      }
    }
  }

  private static func render(_ screen: BrowseScreen) -> [String] {
    var buffer = ScreenBuffer(width: 80, height: 24)
    screen.draw(into: &buffer)
    return buffer.lines
  }

  @Test func aChangedFileUpdatesTheListAndTheCardInPlaceAndSaysWhatChanged() throws {
    let file = ScriptedFile()
    let screen = BrowseScreen(
      model: try PlacesModel(places: [Self.uppsala, Self.visby]), camera: Browse.startCamera,
      watches: [file.makeWatch()])
    try screen.coordinator.model.select(2)
    let renamed = Self.visby.with(name: "Visby C", coordinate: Self.visby.coordinate)

    file.change(to: .success([renamed, Self.lund]), ticking: screen)
    let lines = Self.render(screen)

    #expect(file.loads == 1)
    #expect(lines[1].contains("Places by name (2)"))
    #expect(lines[2].contains(" Lund"))
    #expect(lines[3].contains(" Visby C"))
    #expect(screen.cardView.state.place == renamed, "the selection stays on its place")
    #expect(
      lines[23].hasPrefix(
        " Reloaded places.geojson: 1 inserted, 1 updated, 1 removed."))
    #expect(lines[23].hasSuffix("? keys  q quit "))

    _ = screen.handle(.character("j"))
    #expect(!Self.render(screen)[23].contains("Reloaded"), "said until the next key")
  }

  @Test func anInvalidFileKeepsTheLastGoodPlacesAndTheProblemOnTheStatusLine() throws {
    let file = ScriptedFile()
    let screen = BrowseScreen(
      model: try PlacesModel(places: [Self.uppsala, Self.visby]), camera: Browse.startCamera,
      watches: [file.makeWatch()])
    let invalid = GeoJSONError.malformedJSON(
      file: "places.geojson", line: 1, column: 2, reason: "expected a value")

    file.change(to: .failure(invalid), ticking: screen)
    _ = screen.handle(.character("j"))
    let lines = Self.render(screen)

    #expect(lines[2].contains(" Uppsala"))
    #expect(lines[3].contains(" Visby"))
    #expect(lines[23].hasPrefix(" places.geojson:1:2: malformed JSON"), "kept after a key")

    file.change(to: .success([Self.lund]), ticking: screen)
    let fixed = Self.render(screen)

    #expect(fixed[1].contains("Places by name (1)"))
    #expect(fixed[23].hasPrefix(" Reloaded places.geojson: 1 inserted, 0 updated, 2 removed."))
  }

  @Test func withoutAWatchTheScreenNeverTicks() throws {
    let screen = BrowseScreen(
      model: try PlacesModel(places: [Self.uppsala]), camera: Browse.startCamera)

    #expect(screen.nextTickDelay == nil)
    #expect(!screen.tick())
  }
}
