import Foundation
import Testing

/// The version a user sees in three places: `places-cli --version`, the latest release in
/// CHANGELOG.md and the install line of README.md.
struct ReleaseVersionTests {

  /// Whether the package's CHANGELOG.md and README.md are beside the tests, as in a clone.
  static let documentsArePresent = ["CHANGELOG.md", "README.md"].allSatisfy {
    FileManager.default.fileExists(atPath: PlacesCLI.packageRoot.appendingPathComponent($0).path)
  }

  @Test(.enabled(if: documentsArePresent, "CHANGELOG.md or README.md is not beside the tests"))
  func versionLineChangelogReleaseAndReadmeInstallLineAgree() async throws {
    let versionLine = try #require(try await PlacesCLI.run(["--version"]).lines.first)
    let changelog = try PlacesCLI.readText(
      of: PlacesCLI.packageRoot.appendingPathComponent("CHANGELOG.md"))
    let readme = try PlacesCLI.readText(
      of: PlacesCLI.packageRoot.appendingPathComponent("README.md"))

    let toolVersion = try #require(versionLine.wholeMatch(of: /places-cli (\S+)/)?.1)
    // The first release heading, such as "## [0.1.0] - 2026-11-22"; "## Unreleased" is none.
    let release = try #require(
      changelog.firstMatch(of: /(?m)^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/)?.1,
      "CHANGELOG.md has no release heading like '## [0.1.0] - 2026-11-22'")
    let installed = try #require(
      readme.firstMatch(of: /\.package\(url: "[^"]+", from: "([^"]+)"\)/)?.1,
      "README.md has no install line like '.package(url: \"...\", from: \"0.1.0\")'")

    #expect(toolVersion == release, "places-cli --version and CHANGELOG.md's latest release")
    #expect(installed == release, "README.md's install line and CHANGELOG.md's latest release")
    #expect(changelog.contains("\n## Unreleased\n"), "CHANGELOG.md has no '## Unreleased' section")
  }
}
