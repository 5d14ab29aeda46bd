import PlacesModel

/// The markers a map shows: the entries of one level of the catalog's cluster hierarchy whose
/// positions lie in the viewport widened by a margin or any of whose places lie in the
/// viewport, and the selected place on its own: every place in view is counted by exactly
/// one marker.
///
/// Nothing here depends on where the view is except which entries are in it, so at one level a
/// pan only adds the entries that come into view and removes those that leave.
struct MapMarkerLayer {
  /// The hierarchy level shown.
  let level: Int
  /// The entries of ``level`` in view, ascending.
  let entries: [Int]
  /// The marker of each entry of ``entries``, in the same order; `nil` for the selected place's
  /// own entry.
  let entryMarkers: [ShownMarker?]
  /// The selected place's marker, when it is in view.
  let selectedMarker: MapMarker?
  /// The handle of the selected place, taken out of its cluster.
  var selected: UInt32? = nil
  /// The state of the hierarchy whose level the entries index.
  var source: ClusterHierarchy.Version? = nil

  /// The markers, in entry order, the selected place's last.
  var markers: [MapMarker] {
    entryMarkers.compactMap { $0?.marker } + (selectedMarker.map { [$0] } ?? [])
  }

  /// Whether this layer shows the same markers as `other`, made from the same level of the
  /// same hierarchy: the same entries with the same selection (a pan that brought nothing into
  /// view and took nothing out).
  func shows(sameMarkersAs other: MapMarkerLayer) -> Bool {
    source === other.source && level == other.level && selected == other.selected
      && entries == other.entries
      && selectedMarker == other.selectedMarker
  }

  /// No level, no markers: before the first catalog.
  static let empty = MapMarkerLayer(level: 0, entries: [], entryMarkers: [], selectedMarker: nil)
}

/// Makes the ``MapMarkerLayer`` of a viewport from a catalog's cluster hierarchy.
///
/// A class, immutable, so that a camera move holding it retains one reference, not each of
/// the hierarchy's arrays.
final class MapMarkerSource {
  let catalog: PlaceCatalog
  let hierarchy: ClusterHierarchy
  let options: MapClusterOptions
  /// The places of each cluster in the clusters' order, for pages of them; ordered on first use.
  private(set) lazy var clusterPlaceOrder = ClusterPlaceOrder(
    catalog: catalog, hierarchy: hierarchy)

  /// How far past the view's edges, in points, a marker's position may lie and the marker
  /// still be shown: the clustering radius, so that a marker drawn as wide as the radius
  /// around its position never pops in at the edge.
  var margin: Double { options.radius }

  /// The extra zoom past a level's boundary before zooming in switches to the deeper level.
  static let hysteresis = 0.25

  init(catalog: PlaceCatalog, options: MapClusterOptions) {
    self.catalog = catalog
    self.options = options
    hierarchy = catalog.clusterHierarchy(
      radius: options.radius, maximumLevel: options.maximumLevel)
  }

  // MARK: - Levels

  /// The level to show at `zoom`, coming from `current`.
  ///
  /// The level is never deeper than `floor(zoom)`, so no two markers are closer than the
  /// radius on screen. Zooming out drops to it as soon as the zoom falls below the current
  /// level; zooming in by less than a level past the next boundary goes deeper only once the
  /// zoom passes it by ``hysteresis``, so a pinch back and forth across one boundary does not
  /// flap. A jump of more levels, or a commanded move (`current` `nil`), takes `floor(zoom)`.
  func level(forZoom zoom: Double, current: Int?) -> Int {
    let natural = hierarchy.level(forZoom: zoom)
    if let current, natural == current + 1, zoom < Double(natural) + Self.hysteresis {
      return current
    }
    return natural
  }

  // MARK: - Layers

  /// The layer of `viewport` at `level`, with the place with handle `selected` (if any) taken out of its cluster and given a marker of its own.
  ///
  /// The markers of entries that `previous` shows too are taken from it when it is of the same
  /// level of the same hierarchy, with the same selection (a pan): only the entries that came
  /// into view are made.
  func layer(
    for viewport: MapViewport, level: Int, selected: UInt32?,
    reusing previous: MapMarkerLayer? = nil
  ) -> MapMarkerLayer {
    let (view, margin) = fixedView(of: viewport)
    let region = view.widened(by: margin)
    let entries = hierarchy.entries(atLevel: level, inView: view, margin: margin)
    let version = hierarchy.version
    let entryMarkers: [ShownMarker?]
    if let previous, previous.source === version, previous.level == level,
      previous.selected == selected
    {
      entryMarkers =
        entries == previous.entries
        ? previous.entryMarkers
        : markers(of: entries, at: level, selected: selected, reusing: previous)
    } else {
      entryMarkers = markers(of: entries, at: level, selected: selected, reusing: nil)
    }
    var selectedMarker: MapMarker?
    if let selected {
      let place = catalog.place(withHandle: selected)
      if region.contains(WebMercator.position(of: place.coordinate)) {
        selectedMarker = MapMarker(place: place)
      }
    }
    return MapMarkerLayer(
      level: level, entries: entries, entryMarkers: entryMarkers, selectedMarker: selectedMarker,
      selected: selected, source: version)
  }

  /// The markers of `entries` of `level`, taken from `previous` for the entries it shows
  /// (when it is of the same level and selection).
  private func markers(
    of entries: [Int], at level: Int, selected: UInt32?, reusing previous: MapMarkerLayer?
  ) -> [ShownMarker?] {
    let node = hierarchy.level(level)
    let selectedEntry = selected.map { selectedAncestor(of: $0, at: level) }
    let shownEntries = previous?.entries ?? []
    let shownMarkers = previous?.entryMarkers ?? []
    var markers: [ShownMarker?] = []
    markers.reserveCapacity(entries.count)
    var shown = 0
    for entry in entries {
      while shown < shownEntries.count, shownEntries[shown] < entry { shown += 1 }
      if shown < shownEntries.count, shownEntries[shown] == entry {
        markers.append(shownMarkers[shown])
      } else {
        markers.append(
          marker(of: entry, at: level, selected: selected, ancestor: selectedEntry, node: node)
            .map(ShownMarker.init))
      }
    }
    return markers
  }

  /// The marker of `entry` at `level` (whose entries are `node`); `nil` for the selected
  /// place's own entry, whose marker comes last.
  func marker(
    of entry: Int, at level: Int, selected: UInt32?, ancestor: Int?, node: ClusterLevelReader
  ) -> MapMarker? {
    let count = Int(node.count(entry))
    let representative = catalog.place(withHandle: node.representative(entry))
    guard count > 1 || (selected != nil && entry == ancestor) else {
      return MapMarker(
        placeID: representative.id, title: representative.name,
        coordinate: representative.coordinate)
    }
    let id = MapClusterID(level: Int(node.formedLevel(entry)), representative: representative.id)
    if let selected, entry == ancestor {
      guard count > 1 else { return nil }
      if count == 2 {
        let other = hierarchy.places(of: entry, at: level).first { $0 != selected } ?? selected
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

  /// The identifier of the representative place of `entry` at `level`.
  func representative(of entry: Int, at level: Int) -> Place.ID {
    catalog.place(withHandle: hierarchy.level(level).representative(entry)).id
  }

  /// The entry at `level` holding the place `id`, if the catalog has it.
  func entry(holding id: Place.ID, at level: Int) -> Int? {
    catalog.handle(ofPlaceWithID: id).map { selectedAncestor(of: $0, at: level) }
  }

  /// The entry at `level` holding the place with `handle`.
  func selectedAncestor(of handle: UInt32, at level: Int) -> Int {
    hierarchy.ancestor(
      of: Int(hierarchy.entryOfPlace[Int(handle)]), at: hierarchy.placeLevel, to: level)
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
