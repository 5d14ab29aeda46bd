// Test support: how large the largest tests run, so that CI's sanitizer steps can run them
// smaller.

import Foundation

/// How large the tests run: whole, or reduced where the environment sets
/// `PLACES_TEST_SIZE=reduced`, as CI's sanitizer steps do.
///
/// A sanitizer looks for a race or a bad access on each code path, and a test costs 4 to 5
/// times as much under one. A reduced run takes a quarter of each long randomized history
/// (whose first quarter takes every path its steps take) and skips the tests at scale (a
/// 100 MB file of 480,000 places), whose paths smaller tests take. Every other `swift test`
/// runs them whole, CI's two plain test steps (release, and debug in a clone) included.
public enum TestSize {
  /// Whether the environment asks for reduced tests.
  public static var isReduced: Bool {
    ProcessInfo.processInfo.environment["PLACES_TEST_SIZE"] == "reduced"
  }

  /// `full` steps, or a quarter of them (at least 1) when ``isReduced``.
  public static func steps(_ full: Int) -> Int {
    isReduced ? max(1, full / 4) : full
  }
}
