extension ClusterHierarchy {
  /// The hierarchy with `changes` applied; this one is left as it is.
  ///
  /// The changes are applied one place at a time, in order: each place leaves the entries on
  /// its path up the levels and joins entries on its new path.
  ///
  /// ## What an edit keeps
  /// Every invariant of the levels holds after an edit as after a build: every place is in
  /// exactly one entry of each level, an entry's children hold its places, no two entries of
  /// a level are within the radius of each other, a representative is its entry's most
  /// populous place (then the first in catalog order), and an entry's identity is its only
  /// child's, or (its level, its representative) when it has two or more. What an edit
  /// changes is local:
  /// - A removed place leaves each entry on its path: counts and exact sums, so means, follow
  ///   (``PositionSum``), an entry left empty goes; the rectangle that holds its places
  ///   (``EntryBounds``) stays, and grows with each place that joins.
  /// - An inserted place, from the deepest level up, joins the nearest entry within the
  ///   radius of its position, and from there that entry's ancestors; at a level where none
  ///   is that close it is carried up alone.
  /// - A moved place, or one given another population, is removed and inserted again.
  /// - Where a changed mean brings two entries of a level within the radius, they merge (the
  ///   one with the lower index absorbs the other), and so do their ancestors up to the one
  ///   they share, so that each entry still has one parent.
  ///
  /// An entry no edit reaches keeps its index, its position and its identity; an entry that
  /// gains or loses places keeps its identity while its representative and its number of
  /// children (one, or more) do. So the levels depend on the catalog's history of edits, not
  /// only on its places: the same history gives the same levels.
  ///
  /// - Parameters:
  ///   - changes: The places that left, moved, changed population or came, by handle.
  ///   - population: The population of the place with a handle, 0 when unknown.
  /// - Returns: The edited hierarchy, with a new ``ClusterHierarchy/version``.
  /// - Complexity: O(*L* · (*c* + *s*)) per place for *L* levels, *c* children an entry on
  ///   the path has and *s* the cost of finding an entry's neighbours: the built level's
  ///   search plus the entries edits added to the level in the cells around it. Once the entries edits added
  ///   outnumber an eighth of the built ones (at least 4,096), the levels are built again
  ///   from the entries as they are, in O(*n*) per level, keeping every cluster.
  func applying(
    _ changes: [PlaceHandleChange], population: @escaping (UInt32) -> Int
  ) -> ClusterHierarchy {
    var editor = ClusterHierarchyEditor(self, population: population)
    for change in changes {
      if let old = change.old {
        editor.remove(handle: change.handle, at: WebMercator.position(of: old.coordinate))
      }
      if let new = change.new {
        editor.insert(handle: change.handle, at: WebMercator.position(of: new.coordinate))
      }
    }
    editor.mergeCloseEntries()
    var edited = self
    edited.patches = editor.patches
    edited.entryOfPlace = editor.entryOfPlace
    edited.version = Version()
    edited.hasEdits = true
    let added = edited.patches.reduce(0) { $0 + $1.added.count }
    let built = levels.reduce(0) { $0 + $1.entryCount }
    return added > max(4_096, built / 8) ? edited.compacted() : edited
  }
}
