/// The catalog of places, the user's location and the selection, broadcast to listeners.
///
/// Each change of ``places``, ``location`` or ``selectedItem`` is broadcast to the listeners
/// registered with ``addDelegate(_:replayingState:)``, and only when the value really changed.
/// Listeners are held weakly and called in registration order; the re-entrancy rules of
/// ``MulticastDelegate`` apply, so a listener that changes the model from a callback has its
/// change broadcast after the one under way, and every listener sees the changes in the same
/// order.
///
/// The model is consistent whenever a callback runs: a selection always names a place in the
/// catalog. Replacing the catalog so that the selected place disappears installs the new
/// catalog and clears the selection together, then broadcasts both, `didSelectItem(nil)` then
/// `didChange(places:)`, as one group: a listener that answers either by selecting is checked
/// against the new catalog, and its change is heard after both.
///
/// The model never holds a value its listeners will not hear. If a cycle of listeners reaches
/// the re-entrancy limit given at creation, a change whose broadcast is dropped is undone at
/// once, so the model keeps the last value that was broadcast; the `onReentrancyLimitExceeded`
/// handler reports the cycle (by default it stops the program, in debug and release builds
/// alike).
///
/// ## Only the model broadcasts
/// The multicast the model broadcasts through is its own: a caller can add and remove its own
/// listeners, but cannot broadcast an event the model did not make, nor unregister listeners
/// it did not register. Every broadcast therefore describes the model's real state, and the
/// screens listening to it cannot be told different stories. A caller that must act in step
/// with the broadcasts (after the one under way, like a change made from a callback) uses
/// ``performInBroadcastOrder(_:)``.
///
/// The model is not `Sendable`: build and use it, and register its listeners, in one isolation
/// domain (the main actor in an app).
public final class PlacesModel {
  /// The listeners, held weakly; only the model broadcasts through it.
  let delegates: MulticastDelegate<any PlacesModelDelegate>

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

  /// Creates a model holding `places`, with no selection and no listeners.
  ///
  /// - Parameters:
  ///   - places: The catalog; identifiers must be unique.
  ///   - location: The user's location, if known.
  ///   - reentrancyLimit: The most broadcasts that listeners may start from within one
  ///     outermost broadcast (see ``MulticastDelegate/reentrancyLimit``); at least 1.
  ///   - onReentrancyLimitExceeded: Called on the broadcasting thread when a cycle of
  ///     listeners reached `reentrancyLimit` and broadcasts were dropped (and their changes
  ///     undone). The default stops the program with the diagnostic, in every build
  ///     configuration; pass a handler that logs it to carry on instead.
  /// - Throws: ``PlacesModelError/duplicateID(_:firstIndex:secondIndex:)``.
  /// - Complexity: O(*n* log *n*), for the spatial index.
  public init(
    places: [Place] = [],
    location: Coordinate? = nil,
    reentrancyLimit: Int = MulticastDelegate<any PlacesModelDelegate>.defaultReentrancyLimit,
    onReentrancyLimitExceeded: @escaping @Sendable (ReentrancyLimitExceeded) -> Void = {
      fatalError($0.description)
    }
  ) throws(PlacesModelError) {
    self.index = try PlaceIndex(places)
    self.spatialIndex = SpatialIndex(places: places)
    self.places = places
    self.location = location
    self.selectedItem = nil
    self.delegates = MulticastDelegate(
      reentrancyLimit: reentrancyLimit, onReentrancyLimitExceeded: onReentrancyLimitExceeded)
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

  // MARK: - Listeners

  /// Registers `delegate`, held weakly, after the listeners already registered, and, unless
  /// told otherwise, tells it the current state at once.
  ///
  /// The replay calls `didChange(places:)`, `didChange(location:)` and `didSelectItem(_:)`
  /// on `delegate` alone, in that order, with the values the model holds now; it lets a
  /// listener created after the data loaded show it. If a broadcast is queued at that moment,
  /// the delegate also receives it afterwards. Adding a registered delegate again keeps its
  /// place (it is replayed to again, if asked).
  ///
  /// - Complexity: Amortised O(1), plus the replay.
  public func addDelegate(_ delegate: any PlacesModelDelegate, replayingState: Bool = true) {
    delegates.add(delegate)
    guard replayingState else { return }
    delegate.didChange(places: places)
    delegate.didChange(location: location)
    delegate.didSelectItem(selectedItem)
  }

  /// Unregisters `delegate`; other listeners are untouched.
  ///
  /// Does nothing for a delegate that is not registered; safe to call from the delegate's
  /// `deinit` and from inside a callback, after which no broadcast calls it again, not even
  /// the rest of the one under way. A delegate need not be removed before it is released:
  /// the model holds it weakly and forgets it then.
  ///
  /// - Complexity: Amortised O(1).
  public func removeDelegate(_ delegate: any PlacesModelDelegate) {
    delegates.remove(delegate)
  }

  /// The number of registered listeners still alive, the view models' and change streams'
  /// included.
  ///
  /// - Complexity: O(*n*) in the number of registrations.
  public var delegateCount: Int {
    delegates.count
  }

  /// Runs `body` in step with the model's broadcasts: at once when no broadcast is being
  /// delivered on this thread, otherwise after the broadcast under way has reached every
  /// listener and after the broadcasts queued before it, exactly where a change made at this
  /// moment would be broadcast.
  ///
  /// A view model uses it for a reaction that does not come from the model (a camera report,
  /// a view attached) but whose view commands must stay in broadcast order with every other
  /// view's. Changes `body` makes to the model are queued behind it like any change made from
  /// a callback, and it counts as one broadcast towards the re-entrancy limit. It broadcasts
  /// nothing itself: listeners hear only what the model changes.
  ///
  /// - Returns: ``BroadcastOutcome/delivered`` if `body` ran before this returned,
  ///   ``BroadcastOutcome/queued`` if it will run later on this thread, or
  ///   ``BroadcastOutcome/dropped`` (it never runs) if a cycle reached the re-entrancy limit.
  @discardableResult
  public func performInBroadcastOrder(_ body: @escaping () -> Void) -> BroadcastOutcome {
    delegates.perform(inBroadcastOrder: body)
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
