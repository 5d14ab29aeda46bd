import PlacesModel
import Testing
import ViewModels

@testable import places_cli

struct ExitStatusTests {
  @Test(
    arguments: [
      (PlacesModelError.unknownPlace(7) as any Error, places_cli.ExitStatus.noSuchPlace),
      (ViewModelError.modelRefused(.unknownPlace(7)), .noSuchPlace),
      (PlacesModelError.duplicateID(7, firstIndex: 0, secondIndex: 1), .invalidData),
      (ViewModelError.modelRefused(.duplicateID(7, firstIndex: 0, secondIndex: 1)), .invalidData),
      (ViewModelError.rowOutOfRange(5, rowCount: 3), .usage),
      (ViewModelError.matchOutOfRange(1, matchCount: 0), .usage),
    ])
  func anUnknownPlaceIsTheSameFailureWhoeverReportsIt(
    error: any Error, status: places_cli.ExitStatus
  ) {
    #expect(places_cli.ExitStatus(for: error) == status)
  }
}
