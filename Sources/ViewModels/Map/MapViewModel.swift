import PlacesModel

/// Turns the map's camera and taps into markers and selections, and model changes into map
/// commands.
///
/// ## The camera is an input
/// The screen reports what it shows with ``cameraChanged(to:viewSize:)`` whenever the user
/// pans or zooms (and once when it appears). The view model answers with the markers of that
/// region only, clustered with ``options`` by a ``MapClusterIndex`` built once per catalog (see
/// ``MapClustering`` for what the markers guarantee). Until the screen reports, the camera
/// and size given at creation are used.
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
/// | catalog | `updateMarkers` |
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
/// the model's broadcasts, through ``/PlacesModel/PlacesModel/performInBroadcastOrder(_:)``:
/// made from inside a callback (by a listener, or by a screen that reports its camera from inside
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
/// marker is shown.
///
/// - Complexity: A camera move or a selection costs one clustering, O(markers in view) and
///   independent of the catalog's size; a catalog change O(*n*) to rebuild the index.
public final class MapViewModel {
  /// The view being driven, held weakly; setting it replays the current state into it.
  public weak var view: (any MapViewDelegate)? {
    didSet { sequence(.replay) }
  }

  /// How markers are clustered.
  public let options: MapClusterOptions
  /// What the map shows: the camera and the view's size, as last reported or commanded.
  public private(set) var viewport: MapViewport
  /// The markers for ``viewport``, and which places each stands for.
  public private(set) var clustering: MapClustering
  /// The identifier of the selected place, as last broadcast by the model.
  public private(set) var selectedID: Place.ID?
  /// The user's location, as last broadcast by the model.
  public private(set) var userLocation: Coordinate?

  private let model: PlacesModel
  /// Hears the model for this view model; the model holds it weakly, this strongly.
  private let listener = MapModelListener()
  private var index: MapClusterIndex
  /// The catalog position of the selected place in ``index``.
  private var selectedPosition: Int?
  /// The position in ``markers`` of each marker the view shows, by identity.
  private var markerPositionByID: [MapMarker.ID: Int] = [:]

  /// Creates a view model that listens to `model`, starting from its current state.
  ///
  /// - Parameters:
  ///   - model: The model to listen to and to change.
  ///   - camera: Where the map looks until its screen reports a camera.
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
    index = MapClusterIndex(places: [])
    clustering = index.clustering(for: viewport, options: options)
    listener.viewModel = self
    model.addDelegate(listener)
  }

  /// Attaches `state` as the screen this view model drives, replacing ``view``, and brings it up
  /// to date, as setting ``view`` does.
  ///
  /// The state is held weakly, like a view: keep it for as long as the screen shows. From then
  /// on this view model is the state's only writer; attaching the state to another view model
  /// detaches it from this one.
  public func attach(_ state: MapScreenState) {
    view = state.makeWriter()
  }

  // MARK: - State

  /// Where the map looks.
  public var camera: MapCamera { viewport.camera }

  /// The latitude and longitude rectangle the map shows.
  public var visibleRegion: CoordinateBounds { viewport.visibleRegion }

  /// The markers the map shows, in the order of ``MapClustering/markers``.
  public var markers: [MapMarker] { clustering.markers }

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
  /// it (``MapClustering/cameraSplitting(clusterWithID:)``).
  ///
  /// - Throws: ``ViewModelError/unknownCluster(_:)`` if no cluster with that identity is on
  ///   the map; nothing changes.
  /// - Complexity: One clustering per zoom step tried, usually one or two.
  public func clusterTapped(id: MapClusterID) throws(ViewModelError) {
    guard let camera = clustering.cameraSplitting(clusterWithID: id) else {
      throw .unknownCluster(id)
    }
    sequence(.camera(MapViewport(camera: camera, size: viewport.size), isCommanded: true))
  }

  /// Handles a tap on the map away from any marker by clearing the selection.
  public func mapTapped() {
    model.deselect()
  }

  // MARK: - Sequencing

  /// A reaction that does not come from the model's broadcast.
  private enum Reaction {
    /// Bring a newly attached view up to date.
    case replay
    /// Show `viewport`; when commanded, tell the view to move there first.
    case camera(MapViewport, isCommanded: Bool)
  }

  /// Performs `reaction` now, or after the model's broadcast under way on this thread.
  ///
  /// The model queues it behind a broadcast being delivered and otherwise runs it at once; a
  /// reaction still queued when this view model is released is never performed.
  private func sequence(_ reaction: Reaction) {
    model.performInBroadcastOrder { [weak self] in
      self?.perform(reaction)
    }
  }

  private func perform(_ reaction: Reaction) {
    switch reaction {
    case .replay:
      replayState()
    case .camera(let newViewport, let isCommanded):
      guard newViewport != viewport else { return }
      viewport = newViewport
      if isCommanded {
        view?.moveCamera(to: newViewport.camera, animated: true)
      }
      updateMarkers()
    }
  }

  // MARK: - Commands

  private func replayState() {
    guard let view else { return }
    view.moveCamera(to: viewport.camera, animated: false)
    view.showMarkers(clustering.markers)
    if let userLocation {
      view.showUserLocation(userLocation)
    }
    if let selectedID, markerPositionByID[.place(selectedID)] != nil {
      view.selectMarker(id: selectedID)
    }
  }

  /// Clusters the current viewport again and sends the view the difference, then reselects
  /// the selected place's marker if it was added.
  ///
  /// - Returns: Whether `selectMarker` was sent.
  @discardableResult
  private func updateMarkers() -> Bool {
    let previous = clustering.markers
    clustering = index.clustering(
      for: viewport, options: options, unclusteredPlaceAt: selectedPosition)
    let current = clustering.markers
    // One lookup and one insertion per marker: a marker found unchanged keeps its old one.
    var isKept = [Bool](repeating: false, count: previous.count)
    var positionByID = [MapMarker.ID: Int](minimumCapacity: current.count)
    var added: [MapMarker] = []
    for (position, marker) in current.enumerated() {
      positionByID[marker.id] = position
      if let old = markerPositionByID[marker.id], previous[old] == marker {
        isKept[old] = true
      } else {
        added.append(marker)
      }
    }
    markerPositionByID = positionByID
    let removed = previous.indices.lazy.filter { !isKept[$0] }.map { previous[$0].id }
    guard let view, !(added.isEmpty && removed.isEmpty) else { return false }
    view.updateMarkers(removing: Array(removed), adding: added)
    guard let selectedID, added.contains(where: { $0.id == .place(selectedID) }) else {
      return false
    }
    view.selectMarker(id: selectedID)
    return true
  }

  /// The position of `id` in `places`: the model's index answers when it describes the same
  /// catalog, which it does unless a newer catalog is queued behind this callback.
  private func position(of id: Place.ID, in places: [Place]) -> Int? {
    if let position = model.position(ofPlaceWithID: id), places.indices.contains(position),
      places[position].id == id
    {
      return position
    }
    return places.firstIndex { $0.id == id }
  }
}

// MARK: - Model changes

extension MapViewModel {
  /// Rebuilds the cluster index for `places` and sends the markers that changed.
  fileprivate func didChange(places: [Place]) {
    index = MapClusterIndex(places: places)
    selectedPosition = selectedID.flatMap { position(of: $0, in: places) }
    if selectedPosition == nil {
      selectedID = nil
    }
    updateMarkers()
  }

  /// Shows or hides the user's location.
  fileprivate func didChange(location: Coordinate?) {
    userLocation = location
    guard let view else { return }
    if let location {
      view.showUserLocation(location)
    } else {
      view.hideUserLocation()
    }
  }

  /// Centres the camera on the selected place at the same zoom, sends the markers of the new
  /// region and selects the place's own marker; or, on deselection, deselects the marker and
  /// lets the place rejoin its cluster.
  fileprivate func didSelectItem(_ id: Place.ID?) {
    let previousID = selectedID
    let newPosition = id.flatMap { position(of: $0, in: index.places) }
    selectedPosition = newPosition
    guard let newPosition else {
      selectedID = nil
      if let previousID, markerPositionByID[.place(previousID)] != nil {
        view?.deselectMarker(id: previousID)
      }
      updateMarkers()
      return
    }
    let place = index.places[newPosition]
    selectedID = place.id
    viewport = MapViewport(
      camera: viewport.camera.centred(on: place.coordinate), size: viewport.size)
    view?.moveCamera(to: viewport.camera, animated: true)
    if !updateMarkers() {
      // The place's marker was already shown, unchanged: it still has to be selected.
      view?.selectMarker(id: place.id)
    }
  }
}

/// Hears the model's broadcasts for one ``MapViewModel`` and hands them to it, so that its
/// reactions are no part of its public API.
private final class MapModelListener: PlacesModelDelegate {
  weak var viewModel: MapViewModel?

  func didChange(places: [Place]) {
    viewModel?.didChange(places: places)
  }

  func didChange(location: Coordinate?) {
    viewModel?.didChange(location: location)
  }

  func didSelectItem(_ id: Place.ID?) {
    viewModel?.didSelectItem(id)
  }
}
