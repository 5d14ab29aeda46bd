import Foundation
import Testing

/// Session lines found wrong while fuzzing the session grammar (`scripts/fuzz.sh`), each kept
/// so that it stays fixed.
struct SessionFuzzRegressionTests {
  /// A NUL character ends the text `Double(_:)` reads, so `1<NUL>garbage` once passed as 1.
  ///
  /// The lines are written with `␀` (U+2400) where the NUL character goes, so that the test's
  /// output stays readable.
  @Test(arguments: [
    ("locate 1␀garbage 2", "invalid latitude '1␀garbage'"),
    ("locate 1 2␀", "invalid longitude '2␀'"),
    ("list --near 3␀x,4", "invalid latitude '3␀x'"),
    ("list --near=3,4␀.5", "invalid longitude '4␀.5'"),
  ])
  func numberWithNULCharacterIsRefused(line: String, message: String) async throws {
    let run = try await PlacesCLI.run(["session"], input: withNUL(line) + "\n")

    #expect(run.lines.count == SelectCommandTests.startUp.count, "only the start-up lines")
    // The message shows the NUL character escaped, as JSON would write it.
    let shown = message.replacingOccurrences(of: "␀", with: #"\u0000"#)
    #expect(
      run.standardError == "places-cli: line 1: \(shown): expected a number in degrees\n")
    #expect(run.status == 64)
  }

  /// Returns `text` with each `␀` replaced by a NUL character.
  private func withNUL(_ text: String) -> String {
    String(text.map { $0 == "␀" ? "\u{0}" : $0 })
  }
}
