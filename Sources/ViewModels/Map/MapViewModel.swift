import PlacesModel

/// Turns the map's camera and taps into markers and selections, and model changes into map
/// commands.
///
/// ## The camera is an input
/// The screen reports what it shows with ``cameraChanged(to:viewSize:)`` whenever the user
/// pans or zooms (and once when it appears). The view model answers with the markers of that
/// region only, clustered with ``options`` from the catalog's own index, built once per
/// catalog (see <doc:TheViewportAndClusteringModel> for what the markers guarantee). Until the
/// screen reports, the camera and size given at creation are used.
///
/// ## Commands
/// Marker changes are sent as differences: `updateMarkers(removing:adding:)` names the markers
/// that went away and the ones that came, never the unchanged ones, so a screen with thousands
/// of annotations is not rebuilt on each pan. Nothing is sent when nothing changed.
///
/// | Event | Commands |
/// |---|---|
/// | camera reported | `updateMarkers` |
/// | cluster tapped | `moveCamera(animated: true)` to the camera that splits it, `updateMarkers` |
/// | coincident cluster tapped | `spreadMarkers` (after `gatherSpreadMarkers` of a spread shown) |
/// | spread page tapped | `spreadMarkers` |
/// | camera moved, map tapped, catalog, with a spread shown | `gatherSpreadMarkers` first |
/// | catalog | `updateMarkers` |
/// | category filter set (``categoryFilter``) | `updateMarkers`, with lineage |
/// | location | `showUserLocation`, or `hideUserLocation` when it became unknown |
/// | selection of a place | `moveCamera(animated: true)` centred on it, same zoom; `updateMarkers`; `selectMarker` |
/// | deselection | `deselectMarker` if its marker is shown, `updateMarkers` |
///
/// After any `updateMarkers` that adds the selected place's marker again (it came back into
/// view, or changed), `selectMarker` follows. The selected place always has its own marker,
/// counted in no cluster (MapKit's "required" display priority); the user's location is not a
/// marker and is never clustered. The bottom card is not the map's: the coordinator presents
/// it.
///
/// ## Order and re-entrancy
/// An input that changes the model (a marker or map tap) only changes it; the commands come
/// from the model's broadcast, so this view model, like every other listener, reacts once, in
/// broadcast order. Each callback uses the value it carries (and the catalog this view model
/// last heard of), never the model's newer state, so under queued broadcasts every view shows
/// the same sequence of states.
///
/// A camera report, a cluster tap and the replay when a view is attached are sequenced with
/// the model's broadcasts: made from inside a callback (by a listener, or by a screen that reports its camera from inside
/// `moveCamera`), they are applied after the broadcast under way has reached every listener,
/// exactly like a model change made there. The view commands of every view therefore stay in
/// broadcast order.
///
/// The view model hears the model through a listener of its own, not as a
/// ``/PlacesModel/PlacesModelDelegate`` itself: only the model's broadcasts drive it, and no
/// caller can make it show a state the model does not hold.
///
/// ## The view
/// The view is held weakly. Setting ``view`` (even to the view already set) replays the
/// current state into it: `moveCamera(animated: false)`, `showMarkers`, then
/// `showUserLocation` if the location is known, then `selectMarker` if the selected place's
/// marker is shown, then `spreadMarkers` if a spread is shown.
///
/// ## Places at one spot
/// A cluster whose places no zoom tells apart (``MapClusterSummary/isCoincident``) is spread
/// when tapped: its places, as many as fit in the view, each get a marker of their own around
/// the spot (``MapSpread``), and ``spreadPageTapped(_:)`` shows the others. A selection keeps
/// the spread; the next camera move (one the screen reports and this view model did not
/// command), a tap on the map or a new catalog gathers it.
///
/// - Complexity: A camera move or a selection costs one clustering, O(markers in view) and
///   independent of the catalog's size; a catalog change reads the catalog's
///   clustering order, built once per catalog (O(*n*) the first time any screen needs it).
public final class MapViewModel {
  /// The view being driven, held weakly; setting it replays the current state into it.
  ///
  /// `nil` while a screen state is attached with ``attach(_:)``: the state is read through
  /// itself, and only this view model writes it.
  public var view: (any MapViewDelegate)? {
    get { target is ScreenStateWriter<MapScreenState> ? nil : target }
    set {
      target = newValue
      sequence(.replay)
    }
  }
  /// What the commands go to: the view set, or the writer of the attached screen state, which
  /// never leaves this view model.
  private weak var target: (any MapViewDelegate)?

  /// How markers are clustered.
  public let options: MapClusterOptions
  /// What the map shows: the camera and the view's size, as last reported or commanded.
  public private(set) var viewport: MapViewport
  /// The markers for ``viewport``: one level of the catalog's cluster hierarchy.
  private var layer = MapMarkerLayer.empty
  /// The identifier of the selected place, as last broadcast by the model.
  public private(set) var selectedItem: Place.ID?
  /// The user's location, as last broadcast by the model.
  public private(set) var location: Coordinate?

  private let model: PlacesModel
  /// Hears the model for this view model; the model holds it weakly, this strongly.
  private var listener: ModelListener?
  /// The catalog last heard of, and its cluster hierarchy for ``options``.
  private var source: MapMarkerSource
  /// The catalog position of the selected place in ``index``.
  private var selectedHandle: UInt32?
  /// The places of a cluster spread around their spot, as last sent to the view; `nil` when
  /// none is shown.
  public private(set) var spread: MapSpread?
  /// The categories shown (see ``categoryFilter``).
  private(set) var filter = CategoryFilter.all

  /// Creates a view model that listens to `model`, starting from its current state.
  ///
  /// - Parameters:
  ///   - model: The model to listen to and to change.
  ///   - camera: Where the map looks until its screen reports a camera; centred on the
  ///     model's selected place, if there is one, as every selection centres the camera.
  ///   - viewSize: The size of the screen until it reports one; by default one 256-point tile,
  ///     which shows exactly the whole world at zoom 0.
  ///   - options: How markers are clustered.
  public init(
    model: PlacesModel,
    camera: MapCamera = .world,
    viewSize: MapSize = .tile,
    options: MapClusterOptions = .standard
  ) {
    self.model = model
    self.options = options
    viewport = MapViewport(camera: camera, size: viewSize)
    source = MapMarkerSource(catalog: .empty, options: options)
    listener = ModelListener(model: model) { [weak self] in self?.apply($0) }
  }

  /// Attaches `state` as the screen this view model drives, replacing ``view``, and brings it up
  /// to date, as setting ``view`` does.
  ///
  /// The state is held weakly, like a view: keep it for as long as the screen shows. From then
  /// on this view model is the state's only writer; attaching the state to another view model
  /// detaches it from this one.
  public func attach(_ state: MapScreenState) {
    target = state.makeWriter()
    sequence(.replay)
  }

  // MARK: - State

  /// Where the map looks.
  public var camera: MapCamera { viewport.camera }

  /// The latitude and longitude rectangle the map shows.
  public var visibleRegion: CoordinateBounds { viewport.visibleRegion }

  /// The markers the map shows, in the order of their entries in the cluster levels (by
  /// category first when clustering by category; then by grid row from north to south and by
  /// column eastwards, and the entries edits made after); the selected place's marker, when
  /// shown, last.
  public var markers: [MapMarker] { layer.markers }

  /// The identifiers of the places the marker `id` stands for, or `nil` if no marker on the
  /// map has that identity: for a cluster, every place it counts (in catalog order); for a
  /// place, that place.
  ///
  /// - Complexity: O(*m* + *k* log *k*) for *m* markers on the map and *k* places.
  public func placeIDs(inMarkerWithID id: MapMarker.ID) -> [Place.ID]? {
    guard let (index, marker) = markerEntry(id) else { return nil }
    guard let entry = index else { return marker.placeID.map { [$0] } }
    // The selected place has a marker of its own: its cluster's places are the others.
    let selected = selectedHandle
    return source.places(of: entry, at: layer.level, filter: layer.filter).filter { $0 != selected }
      .map { source.catalog.place(withHandle: $0).id }
  }

  /// The cluster marker `id` on the map: its representative place, its counts by category and
  /// the zoom at which it splits; `nil` if no cluster with that identity is on the map.
  ///
  /// - Complexity: O(*k*) for a cluster of *k* places.
  public func cluster(withID id: MapClusterID) -> MapClusterSummary? {
    guard let (index, marker) = markerEntry(.cluster(id)), let entry = index else { return nil }
    let places = (placeIDs(inMarkerWithID: marker.id) ?? []).compactMap(
      source.catalog.place(withID:))
    var counts: [String: Int] = [:]
    for place in places {
      counts[place.category ?? "", default: 0] += 1
    }
    let representative = source.catalog.place(withID: id.representative) ?? places[0]
    let split = source.splitLevel(of: entry, at: layer.level).map(Double.init)
    return MapClusterSummary(
      marker: marker, representative: representative, countsByCategory: counts,
      splitZoom: split ?? Double(source.placeLevel),
      isCoincident: source.isCoincident(entry, at: layer.level))
  }

  /// A page of the places the cluster marker `id` counts, in a stated order.
  ///
  /// The order: the most populous first (places without a population after all those with
  /// one), then by name, then by identifier. The places are those of
  /// ``placeIDs(inMarkerWithID:)``: the selected place, which has a marker of its own, is not
  /// among them. A spread shows them in this order too.
  ///
  /// - Parameters:
  ///   - id: The cluster marker's identity.
  ///   - offset: How many places of that order to skip; past the end, the page is empty.
  ///   - limit: The most places to return.
  /// - Returns: The page, or `nil` if no cluster with that identity is on the map.
  /// - Complexity: O(*page* + log *k*) for a cluster of *k* places, not O(*k*): the places of
  ///   every cluster of a level are kept in this order, each cluster's together, made by the
  ///   first page asked of that level for a catalog (O(*n*) for *n* places, times the levels
  ///   below it; 4 bytes a place a level, 8 bytes a place for the order). A cluster of at most
  ///   256 places is sorted instead, O(*k* log *k*).
  public func places(inClusterWithID id: MapClusterID, offset: Int = 0, limit: Int = .max)
    -> [Place]?
  {
    guard let (index, _) = markerEntry(.cluster(id)), let entry = index else { return nil }
    return source.places(
      of: entry, at: layer.level, filter: layer.filter, excluding: selectedHandle, offset: offset,
      limit: limit
    ).places
  }

  /// The smallest zoom at which the place `id` has a marker of its own, not in a cluster; `nil`
  /// if no place has that identifier.
  public func zoomAlone(ofPlaceWithID id: Place.ID) -> Double? {
    source.catalog.handle(ofPlaceWithID: id).map {
      Double(source.levelAlone(ofPlaceWithHandle: $0))
    }
  }

  /// The entry (`nil` for the selected place's own marker) and marker shown for `id`.
  private func markerEntry(_ id: MapMarker.ID) -> (Int?, MapMarker)? {
    if let index = layer.entryMarkers.firstIndex(where: { $0?.marker.id == id }),
      let marker = layer.entryMarkers[index]?.marker
    {
      return (layer.entries[index], marker)
    }
    if let marker = layer.selectedMarker, marker.id == id { return (nil, marker) }
    return nil
  }

  // MARK: - Inputs

  /// Handles the screen's report that it now shows `camera` at `viewSize`, after a pan, a
  /// zoom, a rotation to another size or a `moveCamera`.
  ///
  /// The markers of the new region follow as a difference; nothing is sent if the camera and
  /// size are those already known. Sequenced with the model's broadcasts (see the type's
  /// discussion).
  public func cameraChanged(to camera: MapCamera, viewSize: MapSize) {
    sequence(.camera(MapViewport(camera: camera, size: viewSize), isCommanded: false))
  }

  /// Handles a tap on the marker of the place `id` by selecting the place.
  ///
  /// The commands arrive through the model's broadcast, like every other view's.
  ///
  /// - Throws: ``/PlacesModel/PlacesModelError/unknownPlace(_:)`` if no place has `id`;
  ///   nothing changes.
  public func markerTapped(id: Place.ID) throws(PlacesModelError) {
    try model.select(id)
  }

  /// Handles a tap on the cluster marker `id` by moving the camera to the region that splits
  /// it: centred on the cluster's places, at the cluster's ``MapClusterSummary/splitZoom``.
  ///
  /// A cluster whose places lie at one spot (``MapClusterSummary/isCoincident``), or whose
  /// split zoom lies past ``MapCamera/maximumZoom``, is spread instead, the camera left where it
  /// is: `spreadMarkers` with the first page of its places (see ``MapSpread``). A tap on the
  /// cluster of the spread shown gathers it.
  ///
  /// - Throws: ``ViewModelError/unknownCluster(_:)`` if no cluster with that identity is on
  ///   the map; nothing changes.
  /// - Complexity: One clustering; a spread, a page of its places (see
  ///   ``places(inClusterWithID:offset:limit:)``) and O(*p*) for *p* positions in the view.
  public func clusterTapped(id: MapClusterID) throws(ViewModelError) {
    guard let (index, marker) = markerEntry(.cluster(id)), let entry = index else {
      throw .unknownCluster(id)
    }
    if spreads(entry) {
      sequence(spread?.clusterID == id ? .gather : .spread(id, page: 0))
      return
    }
    let split = source.splitLevel(of: entry, at: layer.level) ?? layer.level + 1
    let zoom = min(Double(split), MapCamera.maximumZoom)
    let camera = MapCamera(uncheckedCentre: marker.coordinate, zoom: zoom)
    sequence(.camera(MapViewport(camera: camera, size: viewport.size), isCommanded: true))
  }

  /// Handles a tap on the control that turns the spread shown to `page` (from 0): its places
  /// there replace those shown, in the same positions.
  ///
  /// - Throws: ``ViewModelError/spreadPageOutOfRange(_:pageCount:)`` if no spread is shown or
  ///   it has no such page; nothing changes.
  /// - Complexity: A page of the cluster's places (see
  ///   ``places(inClusterWithID:offset:limit:)``) and O(*p*) for *p* positions in the view.
  public func spreadPageTapped(_ page: Int) throws(ViewModelError) {
    guard let spread, (0..<spread.pageCount).contains(page) else {
      throw .spreadPageOutOfRange(page, pageCount: spread?.pageCount ?? 0)
    }
    sequence(.spread(spread.clusterID, page: page))
  }

  /// Handles a tap on the map away from any marker by gathering the spread shown, if any, and
  /// clearing the selection.
  public func mapTapped() {
    if spread != nil {
      sequence(.gather)
    }
    model.deselect()
  }

  /// The bytes the order of the clusters' places holds for the catalog shown (see
  /// ``places(inClusterWithID:offset:limit:)``): for the bench.
  package var clusterPlaceOrderByteCount: Int { source.clusterPlaceOrderByteCount }

  /// How many pages a tap on the cluster marker `id` would spread its places over now: 0 if a
  /// tap flies into it instead; `nil` if no cluster with that identity is on the map.
  ///
  /// - Complexity: O(*k* + *p*) for a cluster of *k* places and *p* positions in the view.
  package func spreadPageCount(ofClusterWithID id: MapClusterID) -> Int? {
    guard let (index, marker) = markerEntry(.cluster(id)), let entry = index else { return nil }
    guard spreads(entry) else { return 0 }
    return spreadPages(of: entry, marker: marker).pageCount
  }

  /// Whether a tap on `entry` of the level shown spreads it: its places lie at one spot, or
  /// it splits only past the deepest zoom.
  private func spreads(_ entry: Int) -> Bool {
    let split = source.splitLevel(of: entry, at: layer.level) ?? layer.level + 1
    return source.isCoincident(entry, at: layer.level)
      || Double(split) > MapCamera.maximumZoom
  }

  /// The positions of a spread of `entry`, whose marker is `marker`, in the viewport, and how
  /// many places it spreads and on how many pages.
  private func spreadPages(of entry: Int, marker: MapMarker) -> (
    offsets: [MapPoint], total: Int, pageCount: Int
  ) {
    let (_, total) = source.places(
      of: entry, at: layer.level, filter: layer.filter, excluding: selectedHandle, offset: 0,
      limit: 0)
    let layout = MapSpreadLayout(
      spacing: MapSpread.markerSpacing, centre: viewport.point(for: marker.coordinate),
      viewSize: viewport.size)
    let offsets = layout.offsets(count: total)
    let pageSize = max(1, offsets.count)
    return (offsets, total, max(1, (total + pageSize - 1) / pageSize))
  }

  // MARK: - Sequencing

  /// A reaction that does not come from the model's broadcast.
  enum Reaction {
    /// Bring a newly attached view up to date.
    case replay
    /// Show `viewport`; when commanded, tell the view to move there first.
    case camera(MapViewport, isCommanded: Bool)
    /// Spread the places of the cluster `id` on the map, showing `page` of them.
    case spread(MapClusterID, page: Int)
    /// Gather the spread shown.
    case gather
    /// Show the places of the categories `filter` shows.
    case filter(CategoryFilter)
  }

  /// Performs `reaction` now, or after the model's broadcast under way on this thread.
  ///
  /// The model queues it behind a broadcast being delivered and otherwise runs it at once; a
  /// reaction still queued when this view model is released is never performed.
  func sequence(_ reaction: Reaction) {
    model.performInBroadcastOrder(
      { perform(reaction) },
      queueing: { { [weak self] in self?.perform(reaction) } })
  }

  private func perform(_ reaction: Reaction) {
    switch reaction {
    case .replay:
      replayState()
    case .camera(let newViewport, let isCommanded):
      guard newViewport != viewport else { return }
      gatherSpread()
      viewport = newViewport
      if isCommanded {
        target?.moveCamera(to: newViewport.camera, animated: true)
      }
      updateMarkers(
        level: source.level(
          forZoom: newViewport.camera.zoom, current: isCommanded ? nil : layer.level))
    case .spread(let id, let page):
      spreadCluster(id, page: page)
    case .gather:
      gatherSpread()
    case .filter(let newFilter):
      guard newFilter != filter else { return }
      filter = newFilter
      updateMarkers(filterChanged: true)
    }
  }

  // MARK: - Spreads

  /// Spreads `page` of the places of the cluster `id`, if it is still on the map, replacing
  /// the spread shown (gathered first when it is another cluster's).
  private func spreadCluster(_ id: MapClusterID, page: Int) {
    guard let (index, marker) = markerEntry(.cluster(id)), let entry = index else { return }
    if let shown = spread, shown.clusterID != id {
      gatherSpread()
    }
    let (offsets, total, _) = spreadPages(of: entry, marker: marker)
    let pageSize = max(1, offsets.count)
    let (places, _) = source.places(
      of: entry, at: layer.level, filter: layer.filter, excluding: selectedHandle,
      offset: page * pageSize,
      limit: pageSize)
    let markers = zip(places, offsets).map { place, offset in
      MapSpread.Marker(marker: MapMarker(place: place), offset: offset)
    }
    let newSpread = MapSpread(
      cluster: marker, clusterID: id, markers: markers, page: page, pageSize: pageSize,
      totalCount: total)
    guard newSpread != spread else { return }
    spread = newSpread
    target?.spreadMarkers(newSpread)
  }

  /// Gathers the spread shown, if any, back into its cluster.
  private func gatherSpread() {
    guard let shown = spread else { return }
    spread = nil
    target?.gatherSpreadMarkers(shown)
  }

  // MARK: - Commands

  private func replayState() {
    guard let target else { return }
    target.moveCamera(to: viewport.camera, animated: false)
    target.showMarkers(layer.markers)
    if let location {
      target.showUserLocation(location)
    }
    if let selectedItem, layer.selectedMarker != nil {
      target.selectMarker(id: selectedItem)
    }
    if let spread {
      target.spreadMarkers(spread)
    }
  }

  /// Shows the markers of `level` for ``viewport`` (the current level by default), sending
  /// the difference, with lineage when the level or the catalog changed (`previousSource`,
  /// the source the markers shown were made from, or the filter changed: `filterChanged`);
  /// then selects the selected place's marker if it was added.
  ///
  /// - Returns: Whether the selected place's marker was added (and so selected).
  @discardableResult
  private func updateMarkers(
    level: Int? = nil, selectionChanged: Bool = false, filterChanged: Bool = false,
    reusingMarkers: Bool = true, previousSource: MapMarkerSource? = nil
  ) -> Bool {
    let newLevel = level ?? layer.level
    let newLayer = source.layer(
      for: viewport, level: newLevel, selected: selectedHandle, filter: filter,
      reusing: reusingMarkers ? layer : nil)
    let isPan = newLevel == layer.level && !selectionChanged && !filterChanged
    // The layer shown holds the same markers: keep it, and send nothing.
    if isPan, newLayer === layer || newLayer.shows(sameMarkersAs: layer) { return false }
    // A new catalog that left every marker shown as it was (an edit out of view): the update
    // would be empty, so it is not worked out.
    if previousSource != nil, !filterChanged, newLevel == layer.level,
      newLayer.hasMarkers(equalTo: layer)
    {
      layer = newLayer
      return false
    }
    let previous = layer
    layer = newLayer
    let update =
      isPan
      ? Self.panUpdate(from: previous, to: layer)
      : filterChanged
        ? Self.filterUpdate(from: previous, to: layer)
        : lineageUpdate(from: previous, to: layer, previousSource: previousSource)
    guard let target, !(update.added.isEmpty && update.removed.isEmpty) else { return false }
    target.updateMarkers(update)
    guard let selectedItem,
      update.added.contains(where: { $0.marker.id == .place(selectedItem) })
    else { return false }
    target.selectMarker(id: selectedItem)
    return true
  }

  /// The difference between two layers of one level with the same selection.
  ///
  /// The entries that left and came, by a merge of the two sorted lists; an entry in both is
  /// unchanged.
  private static func panUpdate(
    from previous: MapMarkerLayer, to current: MapMarkerLayer
  ) -> MapMarkerUpdate {
    var removed: [MapMarkerUpdate.Removal] = []
    var added: [MapMarkerUpdate.Addition] = []
    previous.forEachEntry(alongside: current) { _, old, new, inBoth in
      guard !inBoth else { return }
      if let old { removed.append(.init(id: old.marker.id)) }
      if let new { added.append(.init(marker: new.marker)) }
    }
    if previous.selectedMarker != current.selectedMarker {
      if let marker = previous.selectedMarker { removed.append(.init(id: marker.id)) }
      if let marker = current.selectedMarker { added.append(.init(marker: marker)) }
    }
    return MapMarkerUpdate(removed: removed, added: added)
  }

  /// The difference between two layers compared by marker, with lineage: an added marker
  /// names its ancestor that was shown, a removed one its ancestor now shown.
  ///
  /// When the catalog changed (`previousSource`, the source of the markers shown before, is
  /// given), entries of the two hierarchies are related through places: an added marker names
  /// the marker shown before that held its place (a place's marker) or its representative
  /// place (a cluster's), a removed marker the marker shown now that holds it, each where the
  /// level did not go the other way.
  ///
  /// The two layers are walked together by entry key first: an entry both show with an equal
  /// marker is neither added nor removed (a layer's markers have identifiers of their own, so
  /// no other marker can be equal to it), and only the markers of the other entries, with the
  /// selected ones, go into tables by identifier. A layer's marker of an entry is found by
  /// binary search in its ascending entries.
  private func lineageUpdate(
    from previous: MapMarkerLayer, to current: MapMarkerLayer, previousSource: MapMarkerSource?
  ) -> MapMarkerUpdate {
    assert(
      previous.hasMarkersOfDistinctIDs && current.hasMarkersOfDistinctIDs,
      "a layer's markers have identifiers of their own")
    var previousChanged: [(entry: Int, marker: MapMarker)] = []
    var currentChanged: [(entry: Int, marker: MapMarker)] = []
    previous.forEachEntry(alongside: current) { entry, old, new, _ in
      guard old?.marker != new?.marker else { return }
      if let marker = old?.marker { previousChanged.append((entry, marker)) }
      if let marker = new?.marker { currentChanged.append((entry, marker)) }
    }
    var previousByID: [MapMarker.ID: MapMarker] = [:]
    for (_, marker) in previousChanged { previousByID[marker.id] = marker }
    if let marker = previous.selectedMarker { previousByID[marker.id] = marker }
    var currentByID: [MapMarker.ID: MapMarker] = [:]
    for (_, marker) in currentChanged { currentByID[marker.id] = marker }
    if let marker = current.selectedMarker { currentByID[marker.id] = marker }
    let previousSide = (level: previous.level, source: previousSource ?? source)
    let currentSide = (level: current.level, source: source)
    let throughPlaces = previousSource != nil
    var added: [MapMarkerUpdate.Addition] = []
    for (entry, marker) in currentChanged where previousByID[marker.id] != marker {
      let from = Self.relative(
        of: marker, entry: entry, at: currentSide, in: previous, at: previousSide,
        throughPlaces: throughPlaces)
      added.append(.init(marker: marker, from: from))
    }
    if let marker = current.selectedMarker, previousByID[marker.id] != marker {
      added.append(.init(marker: marker))
    }
    var removed: [MapMarkerUpdate.Removal] = []
    for (entry, marker) in previousChanged where currentByID[marker.id] != marker {
      let into = Self.relative(
        of: marker, entry: entry, at: previousSide, in: current, at: currentSide,
        throughPlaces: throughPlaces)
      removed.append(.init(id: marker.id, into: into))
    }
    if let marker = previous.selectedMarker, currentByID[marker.id] != marker {
      removed.append(.init(id: marker.id))
    }
    return MapMarkerUpdate(removed: removed, added: added)
  }
}

extension MapViewModel {
  /// One side of a change of markers: a level of a source's hierarchy.
  fileprivate typealias Side = (level: Int, source: MapMarkerSource)

  /// The marker of `layer` (the entries of `other` shown) that `marker`, of `entry` on `side`,
  /// split from or merged into; `nil` when it is `marker` itself, is not shown, or `other` is
  /// deeper, where markers split and merge the other way.
  ///
  /// The two are related through a place when the catalog changed (`throughPlaces`): the
  /// place a place's marker shows (it may stand for a pair whose representative is the
  /// selected place, which has a marker of its own), or a cluster's representative place.
  /// Otherwise, when `other` is shallower, through the hierarchy: `entry`'s ancestor there.
  fileprivate static func relative(
    of marker: MapMarker, entry: Int, at side: Side, in layer: MapMarkerLayer,
    at other: Side, throughPlaces: Bool
  ) -> MapMarker? {
    guard other.level <= side.level else { return nil }
    let relative: Int?
    if throughPlaces {
      let place = marker.placeID ?? side.source.representative(of: entry, at: side.level)
      relative = other.source.entry(holding: place, at: other.level)
    } else if other.level < side.level {
      relative = side.source.ancestor(of: entry, at: side.level, to: other.level)
    } else {
      relative = nil
    }
    return relative.flatMap(layer.marker(ofEntry:)).flatMap { $0.id == marker.id ? nil : $0 }
  }
}

// MARK: - Model changes (private: only the model's broadcast reaches them)

extension MapViewModel {
  /// Hands a change of the model to its reaction: a catalog's changes aside, since every
  /// marker is made anew for a new catalog.
  private func apply(_ change: PlacesModelChange) {
    switch change {
    case .places(let catalog, let changes): catalogDidChange(to: catalog, changes: changes)
    case .location(let location): locationDidChange(to: location)
    case .selection(let id): selectionDidChange(to: id)
    }
  }

  /// Clusters the new catalog, from its own index, and sends the markers that changed; what
  /// the filter read of the entries `changes` leave as they were is kept.
  private func catalogDidChange(to catalog: PlaceCatalog, changes: PlaceCatalogChanges?) {
    gatherSpread()
    let previousSource = source
    source = MapMarkerSource(
      catalog: catalog, options: options, carrying: previousSource, changes: changes)
    selectedHandle = selectedItem.flatMap(catalog.handle(ofPlaceWithID:))
    if selectedHandle == nil {
      selectedItem = nil
    }
    // A new catalog can name or place the same entries differently: every marker is made anew,
    // at the level shown (a catalog change is no zoom: the hysteresis holds).
    let current = layer.source == nil ? nil : layer.level
    updateMarkers(
      level: source.level(forZoom: viewport.camera.zoom, current: current),
      selectionChanged: true, reusingMarkers: false, previousSource: previousSource)
  }

  /// Shows or hides the user's location.
  private func locationDidChange(to location: Coordinate?) {
    self.location = location
    guard let target else { return }
    if let location {
      target.showUserLocation(location)
    } else {
      target.hideUserLocation()
    }
  }

  /// Centres the camera on the selected place at the same zoom, sends the markers of the new
  /// region and selects the place's own marker; or, on deselection, deselects the marker and
  /// lets the place rejoin its cluster.
  private func selectionDidChange(to id: Place.ID?) {
    let previousID = selectedItem
    let newHandle = id.flatMap(source.catalog.handle(ofPlaceWithID:))
    selectedHandle = newHandle
    guard let newHandle else {
      selectedItem = nil
      if let previousID, layer.selectedMarker?.id == .place(previousID) {
        target?.deselectMarker(id: previousID)
      }
      updateMarkers(selectionChanged: true)
      return
    }
    let place = source.catalog.place(withHandle: newHandle)
    selectedItem = place.id
    viewport = MapViewport(
      camera: viewport.camera.centred(on: place.coordinate), size: viewport.size)
    target?.moveCamera(to: viewport.camera, animated: true)
    if !updateMarkers(selectionChanged: true) {
      // The place's marker was already shown, unchanged: it still has to be selected.
      target?.selectMarker(id: place.id)
    }
  }
}
