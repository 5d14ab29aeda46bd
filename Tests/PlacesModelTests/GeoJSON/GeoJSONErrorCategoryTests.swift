import Foundation
import Testing

@testable import PlacesModel

struct GeoJSONErrorCategoryTests {
  /// One error of each case, with the category a front end must see for it.
  static let everyCase: [(GeoJSONError, GeoJSONError.Category)] = [
    (.fileNotFound(file: "a"), .fileMissing),
    (.unreadable(file: "a", reason: "b"), .unreadable),
    (.empty(file: "a"), .notGeoJSON),
    (.malformedJSON(file: "a", line: 1, column: 1, reason: "b"), .notGeoJSON),
    (.notAFeatureCollection(file: "a", reason: "b"), .notGeoJSON),
    (
      .invalidFeatures(
        file: "a", failures: [.init(index: 0, line: 1, problem: .missingID(property: nil))]),
      .invalidPlaces
    ),
    (.projectedCoordinates(file: "a", crs: nil, index: 0, line: 1, value: 2e6), .invalidPlaces),
    (.nothingToPlace(file: "a", report: .init()), .invalidPlaces),
    (
      .duplicateIDAcrossFiles(file: "b", index: 0, id: 1, otherFile: "a", otherIndex: 0, count: 1),
      .invalidPlaces
    ),
  ]

  @Test func everyCaseHasItsCategory() {
    for (error, category) in Self.everyCase {
      #expect(error.category == category, "\(error)")
    }
    #expect(Set(Self.everyCase.map(\.1)) == Set(GeoJSONError.Category.allCases))
  }

  @Test func missingOrUnreadableIsTheFirstTwoCategories() {
    for (error, _) in Self.everyCase {
      #expect(
        error.isMissingOrUnreadable == [.fileMissing, .unreadable].contains(error.category))
    }
  }

  @Test func loadsThatFailAreClassified() {
    let reader = GeoJSONPlacesReader()
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-such-\(UUID().uuidString).geojson").path
    #expect(category { try reader.load(contentsOfFile: missing) } == .fileMissing)
    let folder = FileManager.default.temporaryDirectory.path
    #expect(category { try reader.load(contentsOfFile: folder) } == .unreadable)
    #expect(category { try reader.load(text: "", file: "t") } == .notGeoJSON)
    #expect(category { try reader.load(text: "{\"type\":", file: "t") } == .notGeoJSON)
    #expect(category { try reader.load(text: "[1, 2]", file: "t") } == .notGeoJSON)
  }

  private func category(_ load: () throws -> GeoJSONLoad) -> GeoJSONError.Category? {
    do {
      _ = try load()
      return nil
    } catch let error as GeoJSONError {
      return error.category
    } catch {
      return nil
    }
  }
}
