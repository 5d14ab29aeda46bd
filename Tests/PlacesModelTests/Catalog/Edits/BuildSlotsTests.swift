import Dispatch
import Foundation
import PlacesModel
import PlacesModelTestSupport
import Testing

/// A catalog's background builds run at most a few at once (``BuildSlots``): the others wait,
/// the builds the edits wait on first, and a build gives its slot back only once what it read
/// is released.
struct BuildSlotsTests {
  /// Counts the builds running at once, and the most seen.
  final class Overlap: Sendable {
    private let state = Locked((running: 0, most: 0))

    func run(for duration: Duration) {
      state.withLock { state in
        state.running += 1
        state.most = max(state.most, state.running)
      }
      let until = ContinuousClock.now + duration
      while ContinuousClock.now < until {}
      state.withLock { $0.running -= 1 }
    }

    var most: Int { state.withLock { $0.most } }
  }

  /// Records, when it is freed, how many builds of `slots` hold a slot.
  final class ReleaseWitness: Sendable {
    let slots: BuildSlots
    let seen: Locked<Int?>

    init(slots: BuildSlots, seen: Locked<Int?>) {
      self.slots = slots
      self.seen = seen
    }

    deinit {
      let running = slots.runningCount
      seen.withLock { $0 = running }
    }
  }

  /// Waits until `slots` has `count` builds waiting.
  static func wait(untilWaiting count: Int, in slots: BuildSlots) {
    while slots.waitingCount < count {
      Thread.sleep(forTimeInterval: 0.0002)
    }
  }

  /// Starts a thread that asks `slots` for a slot with `ticket`; the function returned waits,
  /// at most a minute, for the thread's answer: whether it holds a slot.
  static func acquiring(
    _ slots: BuildSlots, waitedOn: Bool, ticket: BuildSlots.Ticket
  ) -> () throws -> Bool {
    let got = Locked<Bool?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      let holds = slots.acquire(waitedOn: waitedOn, ticket: ticket)
      got.withLock { $0 = holds }
      done.signal()
    }.start()
    return {
      try #require(done.wait(timeout: .now() + .seconds(60)) == .success)
      return try #require(got.withLock { $0 } as Bool?)
    }
  }

  /// The longest a test waits for a build that should finish.
  static let patience = Duration.seconds(60)

  @Test(arguments: [1, 2])
  func noMoreBuildsRunAtOnceThanTheLimit(limit: Int) {
    // No build overtakes here: the waited-on ones would after this long.
    let slots = BuildSlots(limit: limit, overtakingDelay: .seconds(600))
    let overlap = Overlap()
    let builds = (0..<8).map { index in
      IndexRebuild(waitedOn: index.isMultiple(of: 3), slots: slots) {
        overlap.run(for: .milliseconds(3))
        return index
      }
    }
    for build in builds { build.waitUntilFinished() }
    #expect(builds.map(\.finished) == (0..<8).map { $0 })
    #expect(overlap.most <= limit)
    #expect(slots.runningCount == 0 && slots.waitingCount == 0)
  }

  @Test func theLimitIsAtLeastOne() {
    #expect(BuildSlots(limit: 0).limit == 1)
    #expect(BuildSlots(limit: -3).limit == 1)
    #expect(BuildSlots(limit: 3).limit == 3)
  }

  /// With the one slot taken, three builds ask in turn, an ordinary one, one the edits wait
  /// on and another ordinary one: the slot goes to the waited-on one first, then to the others
  /// in the order they asked.
  @Test func theBuildsTheEditsWaitOnTakeTheNextSlotFirst() {
    let slots = BuildSlots(limit: 1, overtakingDelay: .seconds(600))
    let order = Locked<[String]>([])
    slots.acquire(waitedOn: false)
    let group = DispatchGroup()
    for (count, (name, waitedOn)) in [("first", false), ("waited on", true), ("last", false)]
      .enumerated()
    {
      group.enter()
      Thread {
        slots.acquire(waitedOn: waitedOn)
        order.withLock { $0.append(name) }
        slots.release()
        group.leave()
      }.start()
      Self.wait(untilWaiting: count + 1, in: slots)
    }
    #expect(slots.runningCount == 1)
    slots.release()
    group.wait()
    #expect(order.withLock { $0 } == ["waited on", "first", "last"])
    #expect(slots.runningCount == 0 && slots.waitingCount == 0)
  }

  /// A build held back by its gate holds no slot: another build of the same slots runs and
  /// finishes meanwhile.
  @Test func aBuildHeldByItsGateHoldsNoSlot() throws {
    let slots = BuildSlots(limit: 1)
    let gate = DispatchSemaphore(value: 0)
    let held = IndexRebuild(waitedOn: true, slots: slots, after: { gate.wait() }, { 1 })
    let other = IndexRebuild(slots: slots) { 2 }
    try #require(other.waitUntilFinished(timeout: Self.patience))
    #expect(other.finished == 2)
    #expect(held.finished == nil)
    gate.signal()
    held.waitUntilFinished()
    #expect(held.finished == 1)
  }

  /// A build given up while it waits for a slot never runs: it leaves the queue at once,
  /// without a slot, and releases what it captured while the slot is still taken; the build
  /// behind it moves up and runs once the slot is given back.
  @Test func aBuildGivenUpWhileItWaitsForASlotLeavesTheQueue() throws {
    let slots = BuildSlots(limit: 1)
    slots.acquire(waitedOn: false)
    let ran = Locked<[String]>([])
    let seen = Locked<Int?>(nil)
    let witness = ReleaseWitness(slots: slots, seen: seen)
    let givenUp = IndexRebuild(slots: slots) { [witness] in
      withExtendedLifetime(witness) { ran.withLock { $0.append("given up") } }
      return 1
    }
    _ = consume witness
    Self.wait(untilWaiting: 1, in: slots)
    let next = IndexRebuild(slots: slots) {
      ran.withLock { $0.append("next") }
      return 2
    }
    Self.wait(untilWaiting: 2, in: slots)
    givenUp.cancel()
    // The slot is still taken: the build given up ends without it.
    try #require(givenUp.waitUntilFinished(timeout: Self.patience))
    #expect(givenUp.finished == nil)
    #expect(slots.waitingCount == 1 && slots.runningCount == 1)
    #expect(seen.withLock { $0 } == 1)
    slots.release()
    try #require(next.waitUntilFinished(timeout: Self.patience))
    #expect(next.finished == 2)
    #expect(ran.withLock { $0 } == ["next"])
    #expect(slots.runningCount == 0 && slots.waitingCount == 0)
  }

  /// A build withdrawn while it waits wakes without a slot, whether it is waited on or not,
  /// and the slots count it nowhere.
  @Test(arguments: [false, true])
  func aWithdrawnBuildLeavesTheQueueWithoutASlot(waitedOn: Bool) throws {
    let slots = BuildSlots(limit: 1, overtakingDelay: .seconds(600))
    slots.acquire(waitedOn: false)
    let ticket = BuildSlots.Ticket()
    let answer = Self.acquiring(slots, waitedOn: waitedOn, ticket: ticket)
    Self.wait(untilWaiting: 1, in: slots)
    slots.withdraw(ticket)
    #expect(try answer() == false)
    #expect(slots.runningCount == 1 && slots.waitingCount == 0)
    slots.release()
    #expect(slots.runningCount == 0)
  }

  /// A ticket withdrawn before its build asks gets no slot, even a free one, and never waits;
  /// one withdrawn after its build was handed a slot leaves the slot with the build.
  @Test func aWithdrawalTakesNoSlotABuildHolds() throws {
    let slots = BuildSlots(limit: 1)
    let early = BuildSlots.Ticket()
    slots.withdraw(early)
    #expect(!slots.acquire(waitedOn: true, ticket: early))
    #expect(slots.runningCount == 0 && slots.waitingCount == 0)

    slots.acquire(waitedOn: false)
    let late = BuildSlots.Ticket()
    let answer = Self.acquiring(slots, waitedOn: false, ticket: late)
    Self.wait(untilWaiting: 1, in: slots)
    slots.release()
    let holds = try answer()
    slots.withdraw(late)
    #expect(holds)
    #expect(slots.runningCount == 1 && slots.waitingCount == 0)
    slots.release()
    #expect(slots.runningCount == 0)
  }

  /// Builds that ask, overtake, are handed slots and are withdrawn all at once, in many
  /// rounds with fixed seeds: each build that was told it holds a slot gives it back, every
  /// other one was withdrawn, and no slot is left taken or build left waiting.
  @Test func withdrawalsRacingHandoversAndOvertakesLeaveNoSlotTaken() throws {
    var generator = SplitMix64(seed: 31)
    for _ in 0..<200 {
      let slots = BuildSlots(limit: 1, overtakingDelay: .microseconds(Int(generator.next() % 50)))
      slots.acquire(waitedOn: false)
      let builds = (0..<4).map { _ in
        (ticket: BuildSlots.Ticket(), waitedOn: generator.next() % 2 == 0)
      }
      let outcomes = Locked<[Bool]>([])
      let group = DispatchGroup()
      for build in builds {
        group.enter()
        Thread {
          let holds = slots.acquire(waitedOn: build.waitedOn, ticket: build.ticket)
          outcomes.withLock { $0.append(holds) }
          if holds { slots.release() }
          group.leave()
        }.start()
      }
      let withdrawn = builds.indices.filter { _ in generator.next() % 2 == 0 }
      for index in withdrawn { slots.withdraw(builds[index].ticket) }
      slots.release()
      try #require(group.wait(timeout: .now() + .seconds(60)) == .success)
      let results = outcomes.withLock { $0 }
      #expect(results.count == builds.count)
      // A build not withdrawn always gets a slot.
      #expect(results.filter { !$0 }.count <= withdrawn.count)
      #expect(slots.runningCount == 0 && slots.waitingCount == 0)
    }
  }

  /// A build given up before its turn to ask for a slot never asks, and releases what it
  /// captured; a build given up once finished keeps its index.
  @Test func aBuildGivenUpBeforeItsTurnAsksForNoSlot() throws {
    let slots = BuildSlots(limit: 1)
    slots.acquire(waitedOn: false)
    let seen = Locked<Int?>(nil)
    let go = DispatchSemaphore(value: 0)
    let givenUp = Self.startBuild(
      capturing: ReleaseWitness(slots: slots, seen: seen), in: slots, after: go)
    givenUp.cancel()
    go.signal()
    // The slot stays taken: the build neither waits for it nor runs.
    try #require(givenUp.waitUntilFinished(timeout: Self.patience))
    #expect(givenUp.finished == nil)
    #expect(slots.waitingCount == 0)
    #expect(seen.withLock { $0 } == 1)
    slots.release()
    let finished = IndexRebuild(slots: slots) { 3 }
    finished.waitUntilFinished()
    finished.cancel()
    #expect(finished.finished == 3)
  }

  /// What a build captured is released while it still holds its slot, so that freeing what
  /// only the build held counts against the limit too.
  @Test func aBuildReleasesWhatItCapturedBeforeItGivesItsSlotBack() {
    let slots = BuildSlots(limit: 1)
    let seen = Locked<Int?>(nil)
    // The build starts once this thread no longer holds the witness.
    let go = DispatchSemaphore(value: 0)
    let build = Self.startBuild(
      capturing: ReleaseWitness(slots: slots, seen: seen), in: slots, after: go)
    go.signal()
    build.waitUntilFinished()
    #expect(build.finished == 7)
    #expect(seen.withLock { $0 } == 1)
  }

  /// A build that alone holds `witness`, started once `go` is signalled.
  private static func startBuild(
    capturing witness: consuming ReleaseWitness, in slots: BuildSlots,
    after go: DispatchSemaphore
  ) -> IndexRebuild<Int> {
    let captured = witness
    return IndexRebuild(
      slots: slots, after: { go.wait() }, { withExtendedLifetime(captured) { 7 } })
  }

  /// A build the edits wait on runs beside the others once it waited the overtaking delay for
  /// a slot; an ordinary build waits for one however long.
  @Test func aBuildTheEditsWaitOnOvertakesAfterTheDelay() throws {
    let slots = BuildSlots(limit: 1, overtakingDelay: .milliseconds(5))
    slots.acquire(waitedOn: false)
    let ordinary = IndexRebuild(slots: slots) { 1 }
    Self.wait(untilWaiting: 1, in: slots)
    let waitedOn = IndexRebuild(waitedOn: true, slots: slots) { slots.runningCount }
    try #require(waitedOn.waitUntilFinished(timeout: Self.patience))
    #expect(waitedOn.finished == 2)
    #expect(ordinary.finished == nil)
    #expect(slots.runningCount == 1 && slots.waitingCount == 1)
    slots.release()
    try #require(ordinary.waitUntilFinished(timeout: Self.patience))
    #expect(ordinary.finished == 1)
    #expect(slots.runningCount == 0 && slots.waitingCount == 0)
  }

  /// A slot given back while overtaking builds hold more than the limit is not handed on.
  @Test func aSlotGivenBackOverTheLimitIsNotHandedOn() throws {
    let slots = BuildSlots(limit: 1, overtakingDelay: .milliseconds(5))
    slots.acquire(waitedOn: false)
    slots.acquire(waitedOn: true)
    #expect(slots.runningCount == 2)
    let ordinary = IndexRebuild(slots: slots) { 1 }
    Self.wait(untilWaiting: 1, in: slots)
    slots.release()
    #expect(slots.runningCount == 1 && slots.waitingCount == 1)
    slots.release()
    try #require(ordinary.waitUntilFinished(timeout: Self.patience))
    #expect(ordinary.finished == 1)
  }

  /// Every catalog of one line of edits takes the same slots, also once its handles are
  /// renumbered; a catalog made afresh, and the edits of the empty catalog, slots of their own.
  @Test func aCatalogsEditsShareItsBuildSlots() throws {
    let places = (0..<400).map {
      Place(id: PlaceID($0), name: "p\($0)", coordinate: .fixture(1, 1))
    }
    let catalog = try PlaceCatalog(places)
    let edited = try catalog.applying([.remove(PlaceID(3))]).catalog
    // A quarter of the places removed or more: the edit renumbers every handle.
    let renumbered = try edited.applying((10..<120).map { .remove(PlaceID($0)) }).catalog
    #expect(edited.buildSlots === catalog.buildSlots)
    #expect(renumbered.buildSlots === catalog.buildSlots)
    #expect(try PlaceCatalog(places).buildSlots !== catalog.buildSlots)
    let first = try PlaceCatalog.empty.applying([.insert(places[0])]).catalog
    let second = try PlaceCatalog.empty.applying([.insert(places[1])]).catalog
    #expect(first.buildSlots !== second.buildSlots)
  }
}
