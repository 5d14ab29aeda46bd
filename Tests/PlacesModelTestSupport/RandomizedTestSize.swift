// Test support: how long the longest randomized histories run, so that CI's sanitizer steps
// can take a shorter one.

import Foundation

/// The number of steps a long randomized history takes.
///
/// All of them, unless the environment sets `PLACES_TEST_SIZE=reduced`, as CI's sanitizer steps
/// do: then a quarter (at least one). A sanitizer looks for a race or a bad access on each
/// code path, and the first quarter of a history takes every path its steps take; under a
/// sanitizer a step costs 4 to 5 times as much. Every other `swift test` runs the whole
/// history, CI's two plain test steps included.
public enum RandomizedTestSize {
  /// Whether the environment asks for reduced histories.
  public static var isReduced: Bool {
    ProcessInfo.processInfo.environment["PLACES_TEST_SIZE"] == "reduced"
  }

  /// `full` steps, or a quarter of them (at least 1) when ``isReduced``.
  public static func steps(_ full: Int) -> Int {
    isReduced ? max(1, full / 4) : full
  }
}
