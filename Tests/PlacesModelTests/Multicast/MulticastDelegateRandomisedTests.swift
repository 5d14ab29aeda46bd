import PlacesModel
import PlacesModelTestSupport
import Testing

/// Random adds, removals, deallocations and broadcasts from inside callbacks, checked against
/// the promise that delegates observe broadcasts in one and the same order.
struct MulticastDelegateRandomisedTests {
  enum LogEntry: Equatable {
    case added(String)
    case gone(String)
    case heard(String, Int)
  }

  @Test(arguments: UInt64(1)...UInt64(25))
  func randomReentrantOperationsKeepOneOrderForEveryone(seed: UInt64) throws {
    let multicast = MulticastDelegate<any Listener>(reentrancyLimit: 10_000)
    var generator = SplitMix64(seed: seed)
    var log: [LogEntry] = []
    var alive: [String: Recorder] = [:]
    var nextName = 0
    var nextEvent = 1
    var broadcastBudget = 300

    func makeRecorder() -> Recorder {
      nextName += 1
      return Recorder("r\(nextName)") { recorder, event in
        log.append(.heard(recorder.name, event))
        react()
      }
    }
    func register(_ recorder: Recorder) {
      alive[recorder.name] = recorder
      multicast.add(recorder)
      log.append(.added(recorder.name))
    }
    func react() {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0, 1:
        register(makeRecorder())
      case 2:
        if let name = alive.keys.sorted().randomElement(using: &generator),
          let recorder = alive.removeValue(forKey: name)
        {
          multicast.remove(recorder)
          log.append(.gone(name))
        }
      case 3:
        if let name = alive.keys.sorted().randomElement(using: &generator) {
          log.append(.gone(name))
          alive[name] = nil  // deallocated, never removed
        }
      case 4, 5, 6:
        if broadcastBudget > 0 {
          broadcastBudget -= 1
          nextEvent += 1
          multicast.invoke(with: nextEvent) { $0.hear($1) }
        }
      default:
        break
      }
    }

    let sentinel = Recorder("sentinel") { recorder, event in
      log.append(.heard(recorder.name, event))
    }
    multicast.add(sentinel)
    for _ in 0..<5 { register(makeRecorder()) }
    while broadcastBudget > 0 {
      broadcastBudget -= 1
      nextEvent += 1
      multicast.invoke(with: nextEvent) { $0.hear($1) }
    }

    // The sentinel, first and never removed, sees every broadcast once: that is the order.
    let order = sentinel.events
    #expect(order.count == Set(order).count)
    #expect(Set(order) == Set(2...nextEvent))
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    let startOf = Dictionary(
      uniqueKeysWithValues: log.enumerated().compactMap { position, entry in
        if case .heard("sentinel", let event) = entry { return (event, position) }
        return nil
      })

    var registeredAt: [String: Int] = [:]
    var goneAt: [String: Int] = [:]
    var heardBy: [String: [Int]] = [:]
    for (position, entry) in log.enumerated() {
      switch entry {
      case .added(let name): registeredAt[name] = position
      case .gone(let name): goneAt[name] = position
      case .heard(let name, let event):
        guard name != "sentinel" else { continue }
        heardBy[name, default: []].append(event)
        // Never called before being added or after being removed or released.
        let added = try #require(registeredAt[name])
        #expect(added < position, "\(name) heard \(event) before it was added")
        #expect(goneAt[name] == nil, "\(name) heard \(event) after it was gone")
      }
    }
    for (name, events) in heardBy {
      // Each recorder's events follow the one order, without repeats.
      let ranks = events.compactMap { rank[$0] }
      #expect(ranks.count == events.count)
      #expect(ranks == ranks.sorted() && Set(ranks).count == ranks.count, "\(name): \(events)")
    }
    for (name, added) in registeredAt where goneAt[name] == nil {
      // Nothing lost: a recorder present for a whole delivery heard it.
      let expected = order.filter { (startOf[$0] ?? 0) > added }
      #expect(heardBy[name, default: []] == expected, "\(name) missed broadcasts")
    }
  }
}
