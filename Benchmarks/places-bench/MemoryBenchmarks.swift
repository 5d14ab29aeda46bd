import BenchSupport
import PlacesModel

/// Heap bytes per registered delegate, the delegates themselves not counted.
enum MemoryBenchmarks {
  /// Registers `count` delegates allocated beforehand and reports the heap growth per delegate:
  /// once in all, including the side table Swift allocates for an object's first weak
  /// reference, and once for the registry's own storage, with the side tables made beforehand.
  static func run(count: Int, report: inout Report) {
    let name = "Memory per registered delegate (\(count)), weak side table included"
    let ownName = "Memory per registered delegate (\(count)), registry storage only"
    guard MemoryProbe.heapBytesInUse() != nil else {
      let reason = "the allocator's statistics are unavailable (glibc only)"
      report.add(
        .skipped(
          section: "memory", name: ownName, unit: "bytes", target: .valueAtMost(64),
          reason: reason))
      return
    }
    let total = bytesPerDelegate(count: count, formingSideTablesFirst: false) {
      registerWithMulticast($0)
    }
    let multicastOwn = bytesPerDelegate(count: count, formingSideTablesFirst: true) {
      registerWithMulticast($0)
    }
    let weakBoxTotal = bytesPerDelegate(count: count, formingSideTablesFirst: false) {
      registerWithWeakBoxes($0)
    }
    let weakBoxOwn = bytesPerDelegate(count: count, formingSideTablesFirst: true) {
      registerWithWeakBoxes($0)
    }
    report.add(
      Figure(
        section: "memory", name: name, value: total, unit: "bytes",
        baseline: (name: "[WeakBox]", value: weakBoxTotal),
        ratio: Figure.ratio(total, weakBoxTotal),
        note: "heap bytes in use after registering minus before, over \(count) delegates "
          + "allocated beforehand; amortised growth slack included"))
    report.add(
      Figure(
        section: "memory", name: ownName, value: multicastOwn, unit: "bytes",
        baseline: (name: "[WeakBox]", value: weakBoxOwn),
        ratio: Figure.ratio(multicastOwn, weakBoxOwn),
        target: .valueAtMost(64),
        note: "the same, after a weak reference to each delegate had made its side table; "
          + "the target is taken here because the side table is part of the delegate itself: "
          + "the runtime makes it on the object's first weak reference from anywhere, shares "
          + "it among all of them and frees it with the object"))
  }

  /// The heap growth per delegate while `register` holds `count` new delegates.
  private static func bytesPerDelegate(
    count: Int, formingSideTablesFirst: Bool, register: ([CountingDelegate]) -> AnyObject
  ) -> Double? {
    let delegates = CountingDelegate.make(count: count)
    if formingSideTablesFirst {
      let references = delegates.map { WeakObject(object: $0) }
      withExtendedLifetime(references) {}
    }
    // The registries hold the delegates weakly: they must outlive the second reading.
    return withExtendedLifetime(delegates) { () -> Double? in
      guard let before = MemoryProbe.heapBytesInUse() else { return nil }
      let registry = register(delegates)
      guard let after = MemoryProbe.heapBytesInUse() else { return nil }
      withExtendedLifetime(registry) {}
      return Double(after - before) / Double(count)
    }
  }

  private static func registerWithMulticast(_ delegates: [CountingDelegate]) -> AnyObject {
    let multicast = MulticastDelegate<any BenchDelegate>()
    for delegate in delegates {
      multicast.add(delegate)
    }
    return multicast
  }

  private static func registerWithWeakBoxes(_ delegates: [CountingDelegate]) -> AnyObject {
    let multicast = WeakBoxMulticast()
    for delegate in delegates {
      multicast.add(delegate)
    }
    return multicast
  }
}

/// A weak reference made only to give an object its side table before it is registered.
private struct WeakObject {
  weak var object: AnyObject?
}
