/// The catalog of places, the user's location and the selection, broadcast to listeners.
///
/// Each change of ``places``, ``location`` or ``selectedItem`` is broadcast through
/// ``delegates``, and only when the value really changed. Listeners are held weakly and
/// called in registration order; the re-entrancy rules of ``MulticastDelegate`` apply, so a
/// listener that changes the model from a callback has its change broadcast after the one
/// under way, and every listener sees the changes in the same order.
///
/// The model is consistent whenever a callback runs: a selection always names a place in the
/// catalog. Replacing the catalog so that the selected place disappears installs the new
/// catalog and clears the selection together, then broadcasts both, `didSelectItem(nil)` then
/// `didChange(places:)`, as one group: a listener that answers either by selecting is checked
/// against the new catalog, and its change is heard after both.
///
/// The model never holds a value its listeners will not hear. If a cycle of listeners reaches
/// the multicast's ``MulticastDelegate/reentrancyLimit``, a change whose broadcast is dropped
/// is undone at once, so the model keeps the last value that was broadcast; the multicast's
/// `onReentrancyLimitExceeded` handler reports the cycle (by default it stops the program, in
/// debug and release builds alike).
///
/// The model is not `Sendable`, and neither are its ``delegates``: build and use them in one
/// isolation domain (the main actor in an app).
public final class PlacesModel {
  /// The listeners, held weakly.
  ///
  /// Register with ``addDelegate(_:replayingState:)`` to be brought up to date at once.
  public let delegates: MulticastDelegate<any PlacesModelDelegate>

  /// The catalog, in the order it was given; identifiers are unique.
  public private(set) var places: [Place]

  /// The user's location, or `nil` when unknown.
  public var location: Coordinate? {
    didSet {
      guard location != oldValue else { return }
      placesByDistanceCache = nil
      if delegates.invoke(with: location, { $0.didChange(location: $1) }) == .dropped {
        location = oldValue  // Never heard: undone (this assignment broadcasts nothing).
      }
    }
  }

  /// The identifier of the selected place, or `nil` when nothing is selected.
  ///
  /// Change it with ``select(_:)`` and ``deselect()``, which keep it within the catalog.
  public private(set) var selectedItem: Place.ID? {
    didSet {
      guard selectedItem != oldValue, broadcastsSelection else { return }
      if delegates.invoke(with: selectedItem, { $0.didSelectItem($1) }) == .dropped {
        selectedItem = oldValue  // Never heard: undone (this assignment broadcasts nothing).
      }
    }
  }

  /// The spatial index of ``places``: which places lie in a rectangle, which are nearest a
  /// point, and each place's rank by distance.
  ///
  /// Built when a catalog is installed, by the initialiser and by ``replacePlaces(_:)``, before
  /// any listener hears of the catalog, so it always indexes ``places`` (positions in it are
  /// positions in ``places``), and neither a selection nor a location change ever waits for
  /// it. Building it costs O(*n* log *n*); it holds 20 bytes per place.
  public private(set) var spatialIndex: SpatialIndex

  /// Whether setting ``selectedItem`` broadcasts; off while a catalog is being installed.
  private var broadcastsSelection = true

  private var index: PlaceIndex
  /// The listeners of the open ``changes(replayingState:bufferingPolicy:)`` streams.
  let changeStreams = ChangeStreams()
  private var placesByDistanceCache: [Place]?

  /// Creates a model holding `places`, with no selection.
  ///
  /// - Parameters:
  ///   - places: The catalog; identifiers must be unique.
  ///   - location: The user's location, if known.
  ///   - delegates: The multicast to broadcast through; pass one to choose its re-entrancy
  ///     limit and diagnostic handler.
  /// - Throws: ``PlacesModelError/duplicateID(_:firstIndex:secondIndex:)``.
  /// - Complexity: O(*n* log *n*), for the spatial index.
  public init(
    places: [Place] = [],
    location: Coordinate? = nil,
    delegates: MulticastDelegate<any PlacesModelDelegate> = MulticastDelegate()
  ) throws(PlacesModelError) {
    self.index = try PlaceIndex(places)
    self.spatialIndex = SpatialIndex(places: places)
    self.places = places
    self.location = location
    self.selectedItem = nil
    self.delegates = delegates
  }

  // MARK: - Changes

  /// Replaces the catalog, clearing the selection if its place is not in `newPlaces`.
  ///
  /// The new catalog and the cleared selection are installed together before any listener
  /// runs; then `didSelectItem(nil)` (if the selection was cleared) and `didChange(places:)`
  /// are broadcast, in that order, as one group, so that changes listeners make in answer are
  /// heard after both. An equal catalog changes and broadcasts nothing.
  ///
  /// - Throws: ``PlacesModelError/duplicateID(_:firstIndex:secondIndex:)``; the model is then
  ///   unchanged and nothing is broadcast.
  /// - Complexity: O(*n* log *n*), for the spatial index.
  public func replacePlaces(_ newPlaces: [Place]) throws(PlacesModelError) {
    let newIndex = try PlaceIndex(newPlaces)
    guard newPlaces != places else { return }
    let newSpatialIndex = SpatialIndex(places: newPlaces)
    let old = (
      places: places, index: index, spatialIndex: spatialIndex, selection: selectedItem
    )
    let clearsSelection = selectedItem.map { newIndex.position(of: $0) == nil } ?? false
    // Install everything before any listener runs, so that each sees the new catalog with a
    // selection inside it.
    index = newIndex
    spatialIndex = newSpatialIndex
    places = newPlaces
    placesByDistanceCache = nil
    if clearsSelection {
      broadcastsSelection = false
      selectedItem = nil
      broadcastsSelection = true
    }
    delegates.withBroadcastsQueued {
      let selectionHeard =
        !clearsSelection
        || delegates.invoke(with: Place.ID?.none, { $0.didSelectItem($1) }) != .dropped
      let placesHeard = delegates.invoke(with: newPlaces, { $0.didChange(places: $1) }) != .dropped
      // Dropped by a cycle at the re-entrancy limit: undo what listeners will not hear. Drops
      // only ever follow drops, so the catalog is undone whenever the selection is.
      if !placesHeard {
        index = old.index
        spatialIndex = old.spatialIndex
        places = old.places
        placesByDistanceCache = nil
      }
      if !selectionHeard, let selection = old.selection, index.position(of: selection) != nil {
        broadcastsSelection = false
        selectedItem = selection
        broadcastsSelection = true
      }
    }
  }

  /// Selects the place with identifier `id`; selecting the selected place again does nothing.
  ///
  /// - Throws: ``PlacesModelError/unknownPlace(_:)`` if no place has `id`; the selection is
  ///   then unchanged.
  public func select(_ id: Place.ID) throws(PlacesModelError) {
    guard index.position(of: id) != nil else {
      throw .unknownPlace(id)
    }
    selectedItem = id
  }

  /// Clears the selection; does nothing if nothing is selected.
  public func deselect() {
    selectedItem = nil
  }

  /// Registers `delegate` and, unless told otherwise, tells it the current state at once.
  ///
  /// The replay calls `didChange(places:)`, `didChange(location:)` and `didSelectItem(_:)`
  /// on `delegate` alone, in that order, with the values the model holds now; it lets a
  /// listener created after the data loaded show it. If a broadcast is queued at that moment,
  /// the delegate also receives it afterwards.
  public func addDelegate(_ delegate: any PlacesModelDelegate, replayingState: Bool = true) {
    delegates.add(delegate)
    guard replayingState else { return }
    delegate.didChange(places: places)
    delegate.didChange(location: location)
    delegate.didSelectItem(selectedItem)
  }

  // MARK: - Lookups

  /// The position of the place with identifier `id` in ``places``, or `nil`.
  ///
  /// - Complexity: O(1) on average.
  public func position(ofPlaceWithID id: Place.ID) -> Int? {
    index.position(of: id)
  }

  /// The place with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(1) on average.
  public func place(withID id: Place.ID) -> Place? {
    index.position(of: id).map { places[$0] }
  }

  /// The coordinate of the place with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(1) on average.
  public func coordinate(ofPlaceWithID id: Place.ID) -> Coordinate? {
    place(withID: id)?.coordinate
  }

  /// The selected place, or `nil`.
  public var selectedPlace: Place? {
    selectedItem.flatMap(place(withID:))
  }

  /// The places nearest first from ``location``, or `nil` when the location is unknown.
  ///
  /// Places at the same distance keep their catalog order. The order is computed once per
  /// catalog and location and then kept.
  ///
  /// - Complexity: O(*n* log *n*) the first time after a change, O(1) after that.
  public func placesByDistance() -> [Place]? {
    guard let location else { return nil }
    if let placesByDistanceCache {
      return placesByDistanceCache
    }
    let sorted = places(byDistanceFrom: location)
    placesByDistanceCache = sorted
    return sorted
  }

  /// The places nearest first from `origin`, which need not be the user's location; places at
  /// the same distance keep their catalog order.
  ///
  /// Nothing is cached: use ``placesByDistance()`` for the order from ``location``.
  ///
  /// - Complexity: O(*n* log *n*).
  public func places(byDistanceFrom origin: Coordinate) -> [Place] {
    let distances = places.map { origin.distance(to: $0.coordinate) }
    let order = places.indices.sorted { left, right in
      distances[left] != distances[right] ? distances[left] < distances[right] : left < right
    }
    return order.map { places[$0] }
  }
}
