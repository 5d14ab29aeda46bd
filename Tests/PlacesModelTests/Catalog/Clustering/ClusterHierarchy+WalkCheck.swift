import PlacesModel

extension ClusterHierarchy {
  /// The entries of `asked` (entries of `level`, in any order, repeats allowed) whose places
  /// the walk over all of them together (``forEachPlace(ofEach:at:_:)``) finds otherwise than
  /// the walk over each alone (``forEachPlace(of:at:_:)``): other handles, or other positions.
  func entriesWalkedOtherwiseTogether(_ asked: [Int], at level: Int) -> [Int] {
    var together = [[[UInt32]]](repeating: [], count: asked.count)
    forEachPlace(ofEach: asked, at: level) { owner, handle, x, y in
      together[owner].append([handle, x, y])
    }
    return asked.enumerated().compactMap { owner, entry in
      var alone: [[UInt32]] = []
      forEachPlace(of: entry, at: level) { alone.append([$0, $1, $2]) }
      let agree = together[owner].sorted { $0[0] < $1[0] } == alone.sorted { $0[0] < $1[0] }
      return agree ? nil : entry
    }
  }
}

extension ClusterHierarchy {
  /// The entries of `asked` (distinct entries of `level`) whose places the owners of every
  /// entry of the place level (``placeOwners(ofEach:at:)``) give otherwise than the walk over
  /// each entry alone (``forEachPlace(of:at:_:)``); and whether a live entry of the place
  /// level that none of them holds has an owner.
  func entriesOwnedOtherwise(_ asked: [Int], at level: Int) -> (entries: [Int], strays: Int) {
    let owners = placeOwners(ofEach: asked, at: level)
    let places = self.level(placeLevel)
    var alone = [[UInt32]](repeating: [], count: asked.count)
    for (owner, entry) in asked.enumerated() {
      forEachPlace(of: entry, at: level) { handle, _, _ in alone[owner].append(handle) }
    }
    let held = Set(alone.joined())
    var owned = [[UInt32]](repeating: [], count: asked.count)
    var strays = 0
    for entry in places.liveEntries where owners[entry] != .max {
      let handle = places.representative(entry)
      owned[Int(owners[entry])].append(handle)
      if !held.contains(handle) { strays += 1 }
    }
    let entries = asked.indices.compactMap { owner in
      owned[owner].sorted() == alone[owner].sorted() ? nil : asked[owner]
    }
    return (entries, strays)
  }
}
