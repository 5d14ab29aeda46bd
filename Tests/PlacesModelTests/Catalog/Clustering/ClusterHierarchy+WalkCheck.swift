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
