import Foundation
import Testing

@testable import places_cli

struct FileWatcherTests {
  /// A file's states as a test scripts them, and a clock that moves only when told to.
  private final class ScriptedFile {
    let start = ContinuousClock.now
    var elapsed = Duration.zero
    var state = FileState.present(.stamp(size: 10))
    var statCalls = 0
  }

  /// A watcher of a scripted file.
  private final class Watch {
    let file = ScriptedFile()
    var watcher: FileWatcher

    init() {
      let file = self.file
      watcher = FileWatcher(
        path: "places.geojson", interval: .milliseconds(250),
        stateOfFile: { _ in
          file.statCalls += 1
          return file.state
        },
        now: { file.start + file.elapsed })
    }

    /// Moves the clock on by one interval and polls.
    func pollAfterInterval() -> FileState? {
      file.elapsed += .milliseconds(250)
      return watcher.poll()
    }
  }

  @Test func aChangeIsReportedOnceTwoPollsInARowAgree() {
    let watch = Watch()

    watch.file.state = .present(.stamp(size: 20))
    #expect(watch.pollAfterInterval() == nil, "still being written, for all it knows")
    #expect(watch.pollAfterInterval() == .present(.stamp(size: 20)))
  }

  @Test func aFileStillGrowingIsNotReportedUntilItStops() {
    let watch = Watch()

    for size in [20, 30, 40] {
      watch.file.state = .present(.stamp(size: size))
      #expect(watch.pollAfterInterval() == nil)
    }
    #expect(watch.pollAfterInterval() == .present(.stamp(size: 40)))
  }

  @Test func aStateThatGoesBackBeforeSettlingIsNoChange() {
    let watch = Watch()

    watch.file.state = .missing
    #expect(watch.pollAfterInterval() == nil)
    watch.file.state = .present(.stamp(size: 10))
    #expect(watch.pollAfterInterval() == nil)
    #expect(watch.pollAfterInterval() == nil)
  }

  @Test func noPollRunsBeforeTheIntervalHasPassed() {
    let watch = Watch()
    let callsAtStart = watch.file.statCalls

    watch.file.elapsed += .milliseconds(100)
    let state = watch.watcher.poll()
    #expect(state == nil)
    #expect(watch.file.statCalls == callsAtStart)
    #expect(watch.watcher.timeUntilNextPoll == .milliseconds(150))
    watch.file.elapsed += .milliseconds(150)
    _ = watch.watcher.poll()
    #expect(watch.file.statCalls == callsAtStart + 1)
  }

  @Test func aDisappearanceIsReportedOnceSettledAndTheReturnAfterIt() {
    let watch = Watch()

    watch.file.state = .missing
    _ = watch.pollAfterInterval()
    #expect(watch.pollAfterInterval() == .missing)
    let settled = watch.watcher.settle(on: .missing)
    #expect(settled)
    #expect(watch.pollAfterInterval() == nil, "reported once")

    watch.file.state = .present(.stamp(inode: 8, size: 10))
    _ = watch.pollAfterInterval()
    #expect(watch.pollAfterInterval() == .present(.stamp(inode: 8, size: 10)))
  }

  @Test func aReplacementByRenameIsAChangeEvenWithTheSameSizeAndTimes() {
    let watch = Watch()

    watch.file.state = .present(.stamp(inode: 8, size: 10))
    _ = watch.pollAfterInterval()
    #expect(watch.pollAfterInterval() == .present(.stamp(inode: 8, size: 10)))
  }

  @Test func aFileThatChangedWhileBeingReadIsNotSettledAndIsReportedAgain() {
    let watch = Watch()
    watch.file.state = .present(.stamp(size: 20))
    _ = watch.pollAfterInterval()
    let reported = watch.pollAfterInterval()

    watch.file.state = .present(.stamp(size: 30))  // written to while the caller read it
    let settled = reported.map { watch.watcher.settle(on: $0) }
    #expect(settled == false)
    #expect(watch.watcher.settledState == .present(.stamp(size: 10)))
    #expect(watch.pollAfterInterval() == .present(.stamp(size: 30)))
    let settledAgain = watch.watcher.settle(on: .present(.stamp(size: 30)))
    #expect(settledAgain)
    #expect(watch.pollAfterInterval() == nil)
  }

  @Test func theStateOfARealFileFollowsItsRewritesAndRemoval() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("one", to: "places.geojson")
    let first = FileState(ofFileAt: file.path)

    try folder.write("three", to: "places.geojson")
    let rewritten = FileState(ofFileAt: file.path)
    try "three".write(to: file, atomically: true, encoding: .utf8)
    let replaced = FileState(ofFileAt: file.path)
    try FileManager.default.removeItem(at: file)

    guard case .present(let firstStamp) = first, case .present(let rewrittenStamp) = rewritten,
      case .present(let replacedStamp) = replaced
    else {
      Issue.record("expected the file to be present: \(first), \(rewritten), \(replaced)")
      return
    }
    #expect(firstStamp.size == 3)
    #expect(rewrittenStamp.size == 5)
    #expect(rewrittenStamp.inode == firstStamp.inode)
    #expect(replacedStamp.inode != rewrittenStamp.inode)
    #expect(FileState(ofFileAt: file.path) == .missing)
    #expect(FileState(ofFileAt: file.path + "/inside") == .missing)
  }
}

extension FileState.Stamp {
  /// A stamp that differs from another in what is given.
  static func stamp(inode: UInt64 = 7, size: Int) -> Self {
    let time = FileState.Time(seconds: 1_700_000_000, nanoseconds: 0)
    return Self(device: 1, inode: inode, size: Int64(size), modified: time, statusChanged: time)
  }
}
