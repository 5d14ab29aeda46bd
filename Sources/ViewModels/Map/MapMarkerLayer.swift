import PlacesModel

/// The markers a map shows: the entries of one level of the catalog's cluster hierarchies whose
/// positions lie in the viewport widened by a margin or any of whose places lie in the
/// viewport, of the categories the filter shows, and the selected place on its own: every
/// place of a shown category in view is counted by exactly one marker.
///
/// Nothing here depends on where the view is except which entries are in it, so at one level a
/// pan only adds the entries that come into view and removes those that leave.
///
/// A class, immutable, so that a camera move that reads the layer shown and hands it on
/// retains one reference, not each of its arrays.
final class MapMarkerLayer: Sendable {
  /// The hierarchy level shown.
  let level: Int
  /// The entries of ``level`` in view, ascending, as keys of their group and entry (see
  /// ``MapMarkerSource/key(group:entry:)``).
  let entries: [Int]
  /// The marker of each entry of ``entries``, in the same order; `nil` for the selected place's
  /// own entry and for an entry none of whose places the filter shows.
  let entryMarkers: [ShownMarker?]
  /// The selected place's marker, when it is in view.
  let selectedMarker: MapMarker?
  /// The handle of the selected place, taken out of its cluster.
  let selected: UInt32?
  /// The source whose hierarchies' levels the entries index.
  let source: MapMarkerSource.Token?
  /// The categories shown.
  let filter: CategoryFilter
  /// The view in fixed point and the margin ``entries`` were found for
  /// (``MapMarkerSource/fixedView(of:)``); `nil` for a layer made otherwise.
  let query: (view: MercatorRect, margin: UInt32)?

  init(
    level: Int, entries: [Int], entryMarkers: [ShownMarker?], selectedMarker: MapMarker?,
    selected: UInt32? = nil, source: MapMarkerSource.Token? = nil, filter: CategoryFilter = .all,
    query: (view: MercatorRect, margin: UInt32)? = nil
  ) {
    self.level = level
    self.entries = entries
    self.entryMarkers = entryMarkers
    self.selectedMarker = selectedMarker
    self.selected = selected
    self.source = source
    self.filter = filter
    self.query = query
  }

  /// The markers, in entry order, the selected place's last.
  var markers: [MapMarker] {
    entryMarkers.compactMap { $0?.marker } + (selectedMarker.map { [$0] } ?? [])
  }

  /// The marker of entry `entry` (a key, as in ``entries``), if the layer holds the entry and
  /// shows a marker for it: found by binary search.
  func marker(ofEntry entry: Int) -> MapMarker? {
    let index = entries.indices.partitioningIndex { entries[$0] >= entry }
    guard index < entries.count, entries[index] == entry else { return nil }
    return entryMarkers[index]?.marker
  }

  /// Whether this layer shows the same markers as `other`, made from the same level of the
  /// same hierarchy: the same entries with the same selection (a pan that brought nothing into
  /// view and took nothing out).
  func shows(sameMarkersAs other: MapMarkerLayer) -> Bool {
    source === other.source && level == other.level && selected == other.selected
      && filter == other.filter && entries == other.entries
      && selectedMarker == other.selectedMarker
  }

  /// Whether this layer's markers equal `other`'s, one by one in entry order, and its
  /// selected place's marker `other`'s: the same ``markers``, compared without making them.
  func hasMarkers(equalTo other: MapMarkerLayer) -> Bool {
    selectedMarker == other.selectedMarker
      && entryMarkers.lazy.compactMap { $0?.marker }.elementsEqual(
        other.entryMarkers.lazy.compactMap { $0?.marker })
  }

  /// Calls `body` once for each entry of this layer or of `next` (both ascending, so walked
  /// together), with the entry's key, its marker here and in `next` (`nil` where it has none
  /// or is not in that layer) and whether both layers hold the entry.
  func forEachEntry(
    alongside next: MapMarkerLayer,
    _ body: (_ entry: Int, _ old: ShownMarker?, _ new: ShownMarker?, _ inBoth: Bool) -> Void
  ) {
    var (old, new) = (0, 0)
    while old < entries.count || new < next.entries.count {
      if new == next.entries.count || (old < entries.count && entries[old] < next.entries[new]) {
        body(entries[old], entryMarkers[old], nil, false)
        old += 1
      } else if old == entries.count || next.entries[new] < entries[old] {
        body(next.entries[new], nil, next.entryMarkers[new], false)
        new += 1
      } else {
        body(entries[old], entryMarkers[old], next.entryMarkers[new], true)
        (old, new) = (old + 1, new + 1)
      }
    }
  }

  /// Whether no two of the layer's ``markers`` have one identifier, as a layer makes them:
  /// a check for debug builds.
  var hasMarkersOfDistinctIDs: Bool {
    let ids = markers.map(\.id)
    return Set(ids).count == ids.count
  }

  /// No level, no markers: before the first catalog.
  static let empty = MapMarkerLayer(level: 0, entries: [], entryMarkers: [], selectedMarker: nil)
}

/// Makes the ``MapMarkerLayer`` of a viewport from a catalog's cluster hierarchies: the one
/// that clusters every place together, or, when the options cluster by category, one per
/// category (``/PlacesModel/CategoryClusterHierarchies``).
///
/// An entry of a layer is named by a key, its group (the hierarchy: 0 when there is one) and
/// its index in that hierarchy's level, so that keys ascend with the group, then the index.
///
/// ## Filters
/// With clustering by category, a filter queries only the shown categories' hierarchies: their
/// markers are exactly those of the unfiltered map. With one hierarchy, the entries in view
/// are found as without a filter, and an entry with places of hidden categories shows the
/// places it has of shown categories: as many, at their exact mean (for an entry narrower than
/// half the world, as the entry's own mean), named by the most populous of them (then the
/// first in catalog order) and the level its entry formed at; one such place shows as its own
/// marker, none as no marker. The first time a filter shows an entry, its places are read
/// (O(*k*) for *k* places) into its composition by category (``CategoryComposition``), kept
/// for this source and carried to the next catalog's for the entries an edit left with the
/// same places: later filters, and the same filter after an edit elsewhere, show it in
/// O(categories). The markers so moved
/// toward their shown places may lie closer than the radius to each other (never to a marker
/// of an entry without hidden places that they did not already neighbour by more than the
/// entry's reach).
///
/// A class, immutable, so that a camera move holding it retains one reference, not each of
/// the hierarchy's arrays.
final class MapMarkerSource {
  /// Stands for one source, so that a layer can tell which source made it without holding it.
  final class Token: Sendable {}

  /// This source's identity.
  let token = Token()
  let catalog: PlaceCatalog
  let options: MapClusterOptions
  /// The hierarchy of each group: every place in one, or one per category.
  let hierarchies: [ClusterHierarchy]
  /// The category of each group when clustering by category; `nil` otherwise.
  let groupCategories: [String?]?
  /// With one hierarchy, the composition by category of each entry a filter has shown,
  /// carried from the source of the catalog before (see
  /// ``init(catalog:options:carrying:changes:)``).
  private var compositions = ClusterCompositions()
  /// The layer the last filter change replaced: a change back takes its markers again.
  private var replaced: MapMarkerLayer?
  /// The places of each group's clusters in the clusters' order, for pages of them; each
  /// ordered on first use.
  private var clusterPlaceOrders: [Int: ClusterPlaceOrder] = [:]

  /// How far past the view's edges, in points, a marker's position may lie and the marker
  /// still be shown: the clustering radius, so that a marker drawn as wide as the radius
  /// around its position never pops in at the edge.
  var margin: Double { options.radius }

  /// The extra zoom past a level's boundary before zooming in switches to the deeper level.
  static let hysteresis = 0.25

  /// The source of `catalog` clustered with `options`, taking from `previous` (the source of
  /// the catalog before, with the same options) the compositions its filters read, brought
  /// across `changes` (from that catalog to this one; see ``ClusterCompositions``).
  init(
    catalog: PlaceCatalog, options: MapClusterOptions, carrying previous: MapMarkerSource? = nil,
    changes: PlaceCatalogChanges? = nil
  ) {
    self.catalog = catalog
    self.options = options
    if options.clustersByCategory {
      let byCategory = catalog.categoryClusterHierarchies(
        radius: options.radius, maximumLevel: options.maximumLevel)
      hierarchies = byCategory.hierarchies
      groupCategories = byCategory.categories
    } else {
      hierarchies = [
        catalog.clusterHierarchy(radius: options.radius, maximumLevel: options.maximumLevel)
      ]
      groupCategories = nil
    }
    if let previous, groupCategories == nil, previous.groupCategories == nil,
      options == previous.options
    {
      // Taken: the previous source reads none of them again.
      compositions = previous.compositions
      previous.compositions = ClusterCompositions()
      compositions.carry(
        from: (previous.catalog, previous.hierarchies[0]), to: (catalog, hierarchies[0]),
        changes: changes)
    }
  }

  // MARK: - Keys

  /// The key of `entry` of the hierarchy of `group`.
  static func key(group: Int, entry: Int) -> Int { group << 32 | entry }

  /// The group and entry of `key`.
  static func split(_ key: Int) -> (group: Int, entry: Int) { (key >> 32, key & 0xFFFF_FFFF) }

  /// The hierarchy of `key`'s group.
  func hierarchy(of key: Int) -> ClusterHierarchy { hierarchies[key >> 32] }

  /// The bytes the orders of the clusters' places hold now.
  var clusterPlaceOrderByteCount: Int {
    clusterPlaceOrders.values.reduce(0) { $0 + $1.byteCount }
  }

  /// The order of the places of `group`'s clusters, made on first use.
  func clusterPlaceOrder(ofGroup group: Int) -> ClusterPlaceOrder {
    if let order = clusterPlaceOrders[group] { return order }
    let order = ClusterPlaceOrder(catalog: catalog, hierarchy: hierarchies[group])
    clusterPlaceOrders[group] = order
    return order
  }

  /// The group of the place with `handle`.
  func group(ofPlaceWithHandle handle: UInt32) -> Int {
    guard let groupCategories else { return 0 }
    let category = catalog.place(withHandle: handle).category
    return groupCategories.firstIndex(of: category) ?? 0
  }

  /// Whether `filter` shows the places of `group`: always, with one hierarchy, where each
  /// entry's places are filtered one by one.
  private func shows(group: Int, filter: CategoryFilter) -> Bool {
    guard let groupCategories else { return true }
    return filter.shows(category: groupCategories[group])
  }

  /// Whether entries' places must be filtered one by one: a filter on one hierarchy.
  func filtersPlaces(_ filter: CategoryFilter) -> Bool {
    groupCategories == nil && !filter.showsEveryPlace
  }

  // MARK: - Levels

  /// The level that holds every place alone.
  var placeLevel: Int { options.maximumLevel + 1 }

  /// The level to show at `zoom`, coming from `current`.
  ///
  /// The level is never deeper than `floor(zoom)`, so no two markers are closer than the
  /// radius on screen. Zooming out drops to it as soon as the zoom falls below the current
  /// level; zooming in by less than a level past the next boundary goes deeper only once the
  /// zoom passes it by ``hysteresis``, so a pinch back and forth across one boundary does not
  /// flap. A jump of more levels, or a commanded move (`current` `nil`), takes `floor(zoom)`.
  func level(forZoom zoom: Double, current: Int?) -> Int {
    let natural = zoom.isFinite && zoom > 0 ? min(Int(zoom.rounded(.down)), placeLevel) : 0
    if let current, natural == current + 1, zoom < Double(natural) + Self.hysteresis {
      return current
    }
    return natural
  }

  /// The handles of the places of `key` at `level` that `filter` shows, ascending.
  func places(of key: Int, at level: Int, filter: CategoryFilter) -> [UInt32] {
    let (group, entry) = Self.split(key)
    let places = hierarchies[group].places(of: entry, at: level)
    guard filtersPlaces(filter) else { return places }
    return places.filter { filter.shows(catalog.place(withHandle: $0)) }
  }

  /// Whether the places of `key` at `level` lie at one spot, closer than any zoom tells apart
  /// (``/PlacesModel/ClusterHierarchy/isCoincident(_:at:)``).
  func isCoincident(_ key: Int, at level: Int) -> Bool {
    let (group, entry) = Self.split(key)
    return hierarchies[group].isCoincident(entry, at: level)
  }

  /// The level at which `key` at `level` first shows as two entries or more; `nil` for one
  /// place.
  func splitLevel(of key: Int, at level: Int) -> Int? {
    let (group, entry) = Self.split(key)
    return hierarchies[group].splitLevel(of: entry, at: level)
  }

  /// The key at `target` (at most `level`) of the entry `key` of `level` belongs to.
  func ancestor(of key: Int, at level: Int, to target: Int) -> Int {
    let (group, entry) = Self.split(key)
    return Self.key(
      group: group, entry: hierarchies[group].ancestor(of: entry, at: level, to: target))
  }

  /// The shallowest level at which the place with `handle` has an entry of its own.
  func levelAlone(ofPlaceWithHandle handle: UInt32) -> Int {
    hierarchies[group(ofPlaceWithHandle: handle)].levelAlone(ofPlaceWithHandle: handle)
  }

  // MARK: - Layers

  /// The layer of `viewport` at `level` under `filter`, with the place with handle `selected`
  /// (if any, whatever its category) taken out of its cluster and given a marker of its own.
  ///
  /// The markers of entries that `previous` shows too are taken from it when it is of the same
  /// level of the same source, with the same selection and filter (a pan): only the entries
  /// that came into view are made. When they are the same entries, `previous` itself is
  /// returned. A filter change back to the filter of the layer the last filter change
  /// replaced, with the same entries, level and selection, returns that layer. At the same
  /// level of this source with the view unchanged (a filter change, a deselection), each
  /// group's entries are those `previous`, or else the layer the last filter change
  /// replaced, found for it: only the groups neither shows are queried.
  func layer(
    for viewport: MapViewport, level: Int, selected: UInt32?, filter: CategoryFilter = .all,
    reusing previous: MapMarkerLayer? = nil
  ) -> MapMarkerLayer {
    let (view, margin) = fixedView(of: viewport)
    let region = view.widened(by: margin)
    let entries = self.entries(
      atLevel: level, inView: view, margin: margin, filter: filter, previous: previous)
    var selectedMarker: MapMarker?
    if let selected {
      let place = catalog.place(withHandle: selected)
      if region.contains(WebMercator.position(of: place.coordinate)) {
        selectedMarker = MapMarker(place: place)
      }
    }
    // Whether `layer` is of this source, level and selection: its markers can be taken.
    func sharesLevelAndSelection(_ layer: MapMarkerLayer) -> Bool {
      layer.source === token && layer.level == level && layer.selected == selected
    }
    // Whether `layer` is the very layer asked for: every marker as it would be made.
    func isTheLayerAskedFor(_ layer: MapMarkerLayer) -> Bool {
      sharesLevelAndSelection(layer) && layer.filter == filter && layer.entries == entries
        && layer.selectedMarker == selectedMarker
    }
    if let previous, isTheLayerAskedFor(previous) {
      // A pan that brought nothing into view and took nothing out: the same layer.
      return previous
    }
    let entryMarkers: [ShownMarker?]
    if let previous, sharesLevelAndSelection(previous) {
      if previous.filter == filter {
        entryMarkers =
          entries == previous.entries
          ? previous.entryMarkers
          : markers(of: entries, at: level, selected: selected, filter: filter, reusing: previous)
      } else {
        if let replaced, isTheLayerAskedFor(replaced) {
          // A change back to the filter the last change replaced, nothing else changed: its
          // layer again, every marker as it was.
          self.replaced = previous
          return replaced
        }
        // A filter change: the markers that show the same places under both filters are kept,
        // from the layer shown and from the one the last filter change replaced.
        let selectedKey = selected.map { selectedAncestor(of: $0, at: level) }
        var earlier: (keys: [Int], markers: [ShownMarker]) = ([], [])
        if let replaced, sharesLevelAndSelection(replaced) {
          let shownByBoth = categoryTest(showingIn: [replaced.filter, filter])
          for (key, shown) in zip(replaced.entries, replaced.entryMarkers)
          where key != selectedKey && showsWhole(key, at: level, where: shownByBoth) {
            if let shown {
              earlier.keys.append(key)
              earlier.markers.append(shown)
            }
          }
        }
        let shownByBoth = categoryTest(showingIn: [previous.filter, filter])
        entryMarkers = markers(
          of: entries, at: level, selected: selected, filter: filter, reusing: previous,
          earlier: earlier
        ) { key in
          key != selectedKey && self.showsWhole(key, at: level, where: shownByBoth)
        }
        replaced = previous
      }
    } else {
      entryMarkers = markers(
        of: entries, at: level, selected: selected, filter: filter, reusing: nil)
    }
    return MapMarkerLayer(
      level: level, entries: entries, entryMarkers: entryMarkers, selectedMarker: selectedMarker,
      selected: selected, source: token, filter: filter, query: (view, margin))
  }

  /// The keys of the entries of `level` in `view` widened by `margin`, ascending, of the
  /// groups `filter` shows.
  ///
  /// A group's entries are taken from `previous`, or else from the layer the last filter
  /// change replaced, when that layer was found for the same view and margin at the same
  /// level of this source and shows the group too (a filter change that left the camera
  /// where it was); the other groups' are queried.
  private func entries(
    atLevel level: Int, inView view: MercatorRect, margin: UInt32, filter: CategoryFilter,
    previous: MapMarkerLayer?
  ) -> [Int] {
    // A layer found for this view at this level of this source.
    func foundHere(_ layer: MapMarkerLayer?) -> MapMarkerLayer? {
      guard let layer, layer.source === token, layer.level == level,
        let query = layer.query, query.view == view, query.margin == margin
      else { return nil }
      return layer
    }
    let (shown, earlier) = (foundHere(previous), foundHere(replaced))
    // The layer found here that shows `group`, if any.
    func found(showing group: Int) -> MapMarkerLayer? {
      if let shown, shows(group: group, filter: shown.filter) { return shown }
      if let earlier, shows(group: group, filter: earlier.filter) { return earlier }
      return nil
    }
    if hierarchies.count == 1 {
      // One group: its keys are its entries, so the hierarchy's list is the layer's.
      guard shows(group: 0, filter: filter) else { return [] }
      if let layer = found(showing: 0) { return layer.entries }
      return hierarchies[0].entries(atLevel: level, inView: view, margin: margin)
    }
    var entries: [Int] = []
    for (group, hierarchy) in hierarchies.enumerated() where shows(group: group, filter: filter) {
      if let layer = found(showing: group) {
        // Keys ascend with their group: the group's run in that layer.
        let keys = layer.entries
        let start = keys.indices.partitioningIndex { keys[$0] >> 32 >= group }
        let end = (start..<keys.count).partitioningIndex { keys[$0] >> 32 > group }
        entries.append(contentsOf: keys[start..<end])
        continue
      }
      let groupEntries = hierarchy.entries(atLevel: level, inView: view, margin: margin)
      entries.reserveCapacity(entries.count + groupEntries.count)
      for entry in groupEntries { entries.append(Self.key(group: group, entry: entry)) }
    }
    return entries
  }

  /// The markers of `entries` of `level`, taken from `previous` for the entries it shows
  /// that `isKept` keeps (when it is of the same level and selection), or from `earlier`
  /// (keys ascending, as `entries`).
  private func markers(
    of entries: [Int], at level: Int, selected: UInt32?, filter: CategoryFilter,
    reusing previous: MapMarkerLayer?,
    earlier: (keys: [Int], markers: [ShownMarker]) = ([], []),
    keeping isKept: (Int) -> Bool = { _ in true }
  ) -> [ShownMarker?] {
    let selectedKey = selected.map { selectedAncestor(of: $0, at: level) }
    let nodes = hierarchies.map { $0.level(level) }
    let shownEntries = previous?.entries ?? []
    let shownMarkers = previous?.entryMarkers ?? []
    let filtersPlaces = filtersPlaces(filter)
    let isShown = filtersPlaces ? categoryTest(showingIn: [filter]) : { _ in true }
    // Whether the marker of each of `entries` that `previous` shows is kept, decided before
    // the compositions are read (below), as the loop after would decide it.
    var keptFromPrevious: [Bool] = []
    var made: (keys: [Int], compositions: [CategoryComposition]) = ([], [])
    if filtersPlaces, groupCategories == nil, let node = nodes.first {
      // The compositions of the entries whose markers are made, read together.
      keptFromPrevious = [Bool](repeating: false, count: entries.count)
      var (shown, kept) = (0, 0)
      for (index, key) in entries.enumerated() {
        while shown < shownEntries.count, shownEntries[shown] < key { shown += 1 }
        if shown < shownEntries.count, shownEntries[shown] == key, isKept(key) {
          keptFromPrevious[index] = true
          continue
        }
        while kept < earlier.keys.count, earlier.keys[kept] < key { kept += 1 }
        if kept < earlier.keys.count, earlier.keys[kept] == key { continue }
        // The selected place's cluster is made of the others: its own composition is not used.
        if key != selectedKey { made.keys.append(key) }
      }
      made.compositions = compositions.compositions(
        of: made.keys, at: level, node: node, hierarchy: hierarchies[0], catalog: catalog)
    }
    var madeIndex = 0
    var markers: [ShownMarker?] = []
    markers.reserveCapacity(entries.count)
    var shown = 0
    var kept = 0
    var index = 0
    // Keys ascend with their group: each group's level reader is bound once for its run of
    // entries, not copied (a retain of each of its tables) for every entry.
    while index < entries.count {
      let group = entries[index] >> 32
      let node = nodes[group]
      while index < entries.count, entries[index] >> 32 == group {
        let key = entries[index]
        index += 1
        while shown < shownEntries.count, shownEntries[shown] < key { shown += 1 }
        if shown < shownEntries.count, shownEntries[shown] == key,
          keptFromPrevious.isEmpty ? isKept(key) : keptFromPrevious[index - 1]
        {
          markers.append(shownMarkers[shown])
          continue
        }
        while kept < earlier.keys.count, earlier.keys[kept] < key { kept += 1 }
        if kept < earlier.keys.count, earlier.keys[kept] == key {
          markers.append(earlier.markers[kept])
          continue
        }
        while madeIndex < made.keys.count, made.keys[madeIndex] < key { madeIndex += 1 }
        let composition =
          madeIndex < made.keys.count && made.keys[madeIndex] == key
          ? made.compositions[madeIndex] : nil
        let marker =
          filtersPlaces
          ? filteredMarker(
            of: key, at: level, selected: selected, filter: filter, isShown: isShown, node: node,
            composition: composition)
          : self.marker(of: key, at: level, selected: selected, ancestor: selectedKey, node: node)
        markers.append(marker.map(ShownMarker.init))
      }
    }
    return markers
  }

  /// Whether `key` at `level` shows every one of its places under two filters, whose test
  /// of a category number (``categoryTest(showingIn:)``) is `shownByBoth`, so that its marker
  /// is the same under both (the selected place's entry aside): always when clustering by
  /// category (a hidden category's entries are not in a layer); with one hierarchy, when the
  /// entry's composition is known and each of its categories is shown by both.
  private func showsWhole(_ key: Int, at level: Int, where shownByBoth: (Int) -> Bool) -> Bool {
    guard groupCategories == nil else { return true }
    guard let composition = compositions.current(Self.split(key).entry, at: level) else {
      return false
    }
    return composition.shares.allSatisfy { shownByBoth($0.category) }
  }

  /// A test of whether every filter of `filters` shows a category, given its number.
  ///
  /// The answers for the categories of ``categoryNames`` are a table made once, so that a
  /// filter change looks each category up by name once rather than once per entry; a category
  /// numbered after the table was made is looked up by name.
  private func categoryTest(showingIn filters: [CategoryFilter]) -> (Int) -> Bool {
    let categoryNames = compositions.categoryNames
    let table = categoryNames.map { name in filters.allSatisfy { $0.shows(category: name) } }
    return { [unowned self] number in
      number < table.count
        ? table[number]
        : filters.allSatisfy { $0.shows(category: self.compositions.categoryNames[number]) }
    }
  }

  /// The marker of `key` at `level` (whose entries are `node`); `nil` for the selected
  /// place's own entry, whose marker comes last.
  func marker(
    of key: Int, at level: Int, selected: UInt32?, ancestor: Int?, node: ClusterLevelReader
  ) -> MapMarker? {
    let entry = Self.split(key).entry
    let count = Int(node.count(entry))
    let representative = catalog.place(withHandle: node.representative(entry))
    guard count > 1 || (selected != nil && key == ancestor) else {
      return MapMarker(
        placeID: representative.id, title: representative.name,
        coordinate: representative.coordinate)
    }
    let id = MapClusterID(level: Int(node.formedLevel(entry)), representative: representative.id)
    if let selected, key == ancestor {
      guard count > 1 else { return nil }
      if count == 2 {
        let other =
          hierarchy(of: key).places(of: entry, at: level).first { $0 != selected } ?? selected
        return MapMarker(place: catalog.place(withHandle: other))
      }
      // The selected place leaves its cluster: one fewer, at the exact mean of the others.
      var others = node.sum(entry)
      others.remove(place: WebMercator.position(of: catalog.place(withHandle: selected).coordinate))
      let mean = others.mean
      return MapMarker(
        cluster: id, count: count - 1, coordinate: WebMercator.coordinate(ofUnit: (mean.x, mean.y)))
    }
    return MapMarker(
      cluster: id, count: count,
      coordinate: WebMercator.coordinate(ofUnit: (node.x(entry), node.y(entry))))
  }

  /// The marker of the places of `key` at `level` that `filter` shows, the selected place
  /// aside (see the type's discussion); `nil` when there are none.
  ///
  /// `isShown` is `filter`'s test of a category number (``categoryTest(showingIn:)``);
  /// `known` is the entry's composition when the caller has it (never for the entry of the
  /// selected place, whose cluster is made of the others).
  ///
  /// - Complexity: O(*c*) for an entry of *c* categories once its composition is known; O(*k*)
  ///   for an entry of *k* places the first time, or when it holds the selected place.
  private func filteredMarker(
    of key: Int, at level: Int, selected: UInt32?, filter: CategoryFilter,
    isShown: (Int) -> Bool, node: ClusterLevelReader, composition known: CategoryComposition?
  ) -> MapMarker? {
    let entry = Self.split(key).entry
    let x = node.x(entry)
    guard node.count(entry) > 1 else {
      let handle = node.representative(entry)
      let place = catalog.place(withHandle: handle)
      if known == nil {
        // Read, so that a later filter change can keep its marker (``showsWhole``).
        _ = compositions.composition(
          of: entry, at: level, node: node, hierarchy: hierarchies[0], catalog: catalog)
      }
      return handle == selected || !filter.shows(place) ? nil : MapMarker(place: place)
    }
    let composition: CategoryComposition
    if let known {
      composition = known
    } else if let selected, selectedAncestor(of: selected, at: level) == key {
      // The selected place has its own marker: its cluster is made of the others.
      var others: [(UInt32, (x: UInt32, y: UInt32))] = []
      hierarchy(of: key).forEachPlace(of: entry, at: level) { handle, x, y in
        if handle != selected { others.append((handle, (x, y))) }
      }
      composition = compositions.composition(of: others, x: x, catalog: catalog)
    } else {
      composition = compositions.composition(
        of: entry, at: level, node: node, hierarchy: hierarchies[0], catalog: catalog)
    }
    if selected == nil || selectedAncestor(of: selected ?? 0, at: level) != key,
      composition.shares.allSatisfy({ isShown($0.category) })
    {
      // Every place shown: the entry's own marker, at its own mean.
      return marker(of: key, at: level, selected: nil, ancestor: nil, node: node)
    }
    guard let shown = composition.shown(where: isShown) else { return nil }
    let representative = catalog.place(withHandle: shown.representative)
    guard shown.count > 1 else { return MapMarker(place: representative) }
    return MapMarker(
      cluster: MapClusterID(level: Int(node.formedLevel(entry)), representative: representative.id),
      count: shown.count, coordinate: WebMercator.coordinate(ofUnit: (shown.x, shown.y)))
  }

  /// The identifier of the representative place of `key` at `level`.
  func representative(of key: Int, at level: Int) -> Place.ID {
    let (group, entry) = Self.split(key)
    return catalog.place(withHandle: hierarchies[group].level(level).representative(entry)).id
  }

  /// The key at `level` of the entry holding the place `id`, if the catalog has it.
  func entry(holding id: Place.ID, at level: Int) -> Int? {
    catalog.handle(ofPlaceWithID: id).map { selectedAncestor(of: $0, at: level) }
  }

  /// The key at `level` of the entry holding the place with `handle`.
  func selectedAncestor(of handle: UInt32, at level: Int) -> Int {
    let group = group(ofPlaceWithHandle: handle)
    let hierarchy = hierarchies[group]
    let entry = hierarchy.ancestor(
      of: Int(hierarchy.entryOfPlace[Int(handle)]), at: hierarchy.placeLevel, to: level)
    return Self.key(group: group, entry: entry)
  }

  // MARK: - Regions

  /// The viewport's region (``MapViewport/contains(_:)``) in fixed-point Web Mercator units,
  /// its edges rounded outwards so that it holds every position in view (every column when it
  /// is about as wide as the world), and ``margin`` in those units at its zoom.
  func fixedView(of viewport: MapViewport) -> (view: MercatorRect, margin: UInt32) {
    let (unitsPerPoint, centreX, centreY) =
      (viewport.unitsPerPoint, viewport.centreX, viewport.centreY)
    let halfWidth = viewport.size.width / 2 * unitsPerPoint
    let halfHeight = viewport.size.height / 2 * unitsPerPoint
    let margin = UInt32(min((margin * unitsPerPoint).rounded(.up), Double(UInt32.max / 2)))
    let top = WebMercator.fixedY(centreY - halfHeight, rounding: .down)
    let bottom = WebMercator.fixedY(centreY + halfHeight, rounding: .up)
    // Nearly the whole world is the whole world: two edges rounded apart could meet.
    guard 2 * halfWidth + 2 < WebMercator.worldSize - 2 else {
      return (MercatorRect(west: 0, east: .max, y: top...bottom), margin)
    }
    let view = MercatorRect(
      west: WebMercator.fixedX(centreX - halfWidth, rounding: .down),
      east: WebMercator.fixedX(centreX + halfWidth, rounding: .up), y: top...bottom)
    return (view, margin)
  }
}
