import Foundation
import Testing

@testable import places_cli

struct WatchedSessionTests {
  private static let three = WatchedSession.geoJSON([
    (1, "Uppsala", 59.86, 17.64), (2, "Visby", 57.64, 18.30), (3, "Kiruna", 67.86, 20.23),
  ])
  /// Uppsala removed, Visby renamed, Lund added at the end.
  private static let edited = WatchedSession.geoJSON([
    (2, "Visby C", 57.64, 18.30), (3, "Kiruna", 67.86, 20.23), (4, "Lund", 55.70, 13.19),
  ])
  private static let startUp = [
    "map: moveCamera to=0.0,0.0 zoom=0.0 animated=false",
    "map: showMarkers count=1 clusters=1",
    "list: reloadRows count=3 order=name",
  ]
  private static let threeListed = [
    #"id=3 name="Kiruna""#, #"id=1 name="Uppsala""#, #"id=2 name="Visby""#,
  ]

  /// What a session with nothing selected prints when the file becomes ``edited``: the
  /// reload's line, then the map's and the list's reactions.
  private static func editedReloaded(_ session: WatchedSession) -> [String] {
    [
      reloadLine(session, inserted: 1, updated: 1, removed: 1),
      "map: updateMarkers added=1 removed=1 count=1 clusters=1 split=1 merged=0",
      "list: updateRows count=3 order=name removed=2 inserted=2 reloaded=0",
    ]
  }

  private static func reloadLine(
    _ session: WatchedSession, inserted: Int, updated: Int, removed: Int,
    reordered: Bool = false, count: Int = 3
  ) -> String {
    "reload file=\"\(session.file.path)\" inserted=\(inserted) updated=\(updated) "
      + "removed=\(removed) reordered=\(reordered) count=\(count)"
  }

  @Test func aRewriteUnderARunningSessionPrintsTheDifferenceThenEachViewsReaction() throws {
    let session = try WatchedSession(file: Self.three)

    let status = session.run([.line("select 2"), .write(Self.edited), .wait, .line("list")])

    #expect(
      session.lines
        == Self.startUp + [
          "map: moveCamera to=57.64,18.3 zoom=0.0 animated=true",
          "map: updateMarkers added=2 removed=1 count=2 clusters=1",
          "map: selectMarker id=2",
          "list: highlightRow row=2",
          "list: scrollToRow row=2 animated=true",
          #"card: showDetails id=2 name="Visby""#,
          Self.reloadLine(session, inserted: 1, updated: 1, removed: 1),
          "map: updateMarkers added=2 removed=2 count=2 clusters=1 split=1 merged=0",
          "map: selectMarker id=2",
          "list: updateRows count=3 order=name removed=2 inserted=2 reloaded=0",
          "list: highlightRow row=2",
          #"card: showDetails id=2 name="Visby C""#,
          #"id=3 name="Kiruna""#, #"id=4 name="Lund""#, #"id=2 name="Visby C""#,
        ])
    #expect(session.standardError == "")
    #expect(status == .success)
  }

  @Test func anInvalidFileKeepsTheLastGoodCatalogAndAValidOneIsAppliedAfterIt() throws {
    let session = try WatchedSession(file: Self.three)

    let status = session.run([
      .write("{oops"), .wait, .line("list"), .write(Self.edited), .wait, .line("list"),
    ])

    #expect(
      session.lines
        == Self.startUp + Self.threeListed + Self.editedReloaded(session) + [
          #"id=3 name="Kiruna""#, #"id=4 name="Lund""#, #"id=2 name="Visby C""#,
        ])
    #expect(
      session.standardError
        == "places-cli: reload: \(session.file.path):1:2: malformed JSON: expected a member "
        + "name in double quotes; keeping the last good places (3)\n")
    #expect(status == .success, "the failed reload is withdrawn by the good one after it")
  }

  @Test func aFileRemovedThenRestoredIsReportedThenReloaded() throws {
    let session = try WatchedSession(file: Self.three)

    let status = session.run([
      .remove, .wait, .line("list"), .replace(Self.edited), .wait,
    ])

    #expect(
      session.lines
        == Self.startUp + Self.threeListed + Self.editedReloaded(session))
    #expect(
      session.standardError
        == "places-cli: reload: \(session.file.path): no such file; keeping the last good "
        + "places (3)\n")
    #expect(status == .success)
  }

  @Test func aFileReplacedByRenameIsReloaded() throws {
    let session = try WatchedSession(file: Self.three)

    _ = session.run([.replace(Self.edited), .wait])

    #expect(
      session.lines.dropFirst(3).first
        == Self.reloadLine(session, inserted: 1, updated: 1, removed: 1))
  }

  @Test func aFileStillBeingWrittenIsReadOnlyOnceItStopsChanging() throws {
    let session = try WatchedSession(file: Self.three)
    let half = String(Self.edited.prefix(Self.edited.count / 2))

    _ = session.run([.write(half), .write(Self.edited), .wait, .wait])

    #expect(session.standardError == "", "the half-written file was never read")
    #expect(session.lines.filter { $0.hasPrefix("reload ") }.count == 1)
  }

  @Test func aSaveWithoutChangesPrintsAReloadOfNothing() throws {
    let session = try WatchedSession(file: Self.three)

    _ = session.run([.write(Self.three + " "), .wait])

    #expect(
      session.lines == Self.startUp + [
        Self.reloadLine(session, inserted: 0, updated: 0, removed: 0)
      ]
    )
  }

  @Test func aNewOrderIsAppliedAsAReplacementAndSaysSo() throws {
    let session = try WatchedSession(file: Self.three)
    let reversed = WatchedSession.geoJSON([
      (3, "Kiruna", 67.86, 20.23), (2, "Visby", 57.64, 18.30), (1, "Uppsala", 59.86, 17.64),
    ])

    _ = session.run([.write(reversed), .wait])

    #expect(
      session.lines.dropFirst(3).first
        == Self.reloadLine(session, inserted: 0, updated: 0, removed: 0, reordered: true))
  }

  @Test(
    arguments: [
      ([.write("{oops"), .wait], 65),
      ([.remove, .wait], 66),
      ([.line("select 99"), .write("{oops"), .wait], 65),
      ([.write("{oops"), .wait, .line("select 99")], 1),
      ([.line("select x"), .write("{oops"), .wait, .write(edited), .wait], 64),
    ] as [([WatchedSession.Step], Int32)])
  func theStatusIsThatOfTheLastFailureLineOrReloadThatWasNotWithdrawn(
    steps: [WatchedSession.Step], status: Int32
  ) throws {
    let session = try WatchedSession(file: Self.three)

    #expect(session.run(steps).rawValue == status)
  }

  @Test func inJSONTheReloadIsAnObjectWithItsEvent() throws {
    let session = try WatchedSession(file: Self.three)

    _ = session.run([.write(Self.edited), .wait], options: ["--format", "json"])

    let reload = try JSONLine.object(from: session.lines[3])
    #expect(reload["event"] as? String == "reload")
    #expect(reload["file"] as? String == session.file.path)
    #expect(reload["inserted"] as? Int == 1)
    #expect(reload["updated"] as? Int == 1)
    #expect(reload["removed"] as? Int == 1)
    #expect(reload["reordered"] as? Bool == false)
    #expect(reload["count"] as? Int == 3)
    #expect(try JSONLine.object(from: session.lines[4])["view"] as? String == "map")
  }

  @Test func aReloadComesWhileTheSessionWaitsForALine() throws {
    let session = try WatchedSession(file: Self.three)

    // Waits and no line at all: the reload comes while the session waits for one.
    _ = session.run([.write(Self.edited), .wait, .wait])

    #expect(session.lines.contains { $0.hasPrefix("reload ") })
  }
}
