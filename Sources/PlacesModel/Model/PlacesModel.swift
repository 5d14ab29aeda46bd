/// The catalog of places, the user's location and the selection, broadcast to listeners.
///
/// Each change of ``places``, ``location`` or ``selectedItem`` is broadcast to the listeners
/// registered with ``addDelegate(_:replayingState:)``, and only when the value really changed.
/// Listeners are held weakly and called in registration order; the re-entrancy rules of
/// ``MulticastDelegate`` apply, so a listener that changes the model from a callback has its
/// change broadcast after the one under way, and every listener sees the changes in the same
/// order.
///
/// The catalog is one ``PlaceCatalog`` value: its places and every index of them, built once
/// and shared by every listener, which reads the catalog its `didChange(places:)` carries.
///
/// The model is consistent whenever a callback runs: a selection always names a place in the
/// catalog. Replacing the catalog so that the selected place disappears installs the new
/// catalog and clears the selection together, then broadcasts both, `didSelectItem(nil)` then
/// `didChange(places:)`, as one group: both callbacks run with the new catalog installed, a
/// listener that answers either by selecting is checked against the new catalog, and its
/// change is heard after both.
///
/// The model never holds a value its listeners will not hear. If a cycle of listeners reaches
/// the re-entrancy limit given at creation, a change whose broadcast is dropped is undone at
/// once, so the model keeps the last value that was broadcast; the `onReentrancyLimitExceeded`
/// handler reports the cycle (by default it stops the program, in debug and release builds
/// alike).
///
/// A change of the catalog (an edit, a replacement) is applied whole or not at all, with the
/// selection it clears: its group of broadcasts is never cut in two. Made outside any
/// broadcast, it is the outermost broadcast, at any limit: it is applied and its listeners hear
/// all of it, and the changes they make in answer may take the whole limit. Made from a
/// callback, it is queued whole if the limit leaves room for all its broadcasts, and otherwise
/// dropped whole and undone, reported with each of its broadcasts counted as dropped.
///
/// ## Only the model broadcasts
/// The multicast the model broadcasts through is its own: a caller can add and remove its own
/// listeners, but cannot broadcast an event the model did not make, nor unregister listeners
/// it did not register. Every broadcast therefore describes the model's real state, and the
/// screens listening to it cannot be told different stories.
///
/// The model is not `Sendable`: build and use it, and register its listeners, in one isolation
/// domain (the main actor in an app).
public final class PlacesModel {
  /// The listeners, held weakly; only the model broadcasts through it.
  let delegates: MulticastDelegate<any PlacesModelDelegate>

  /// The catalog: the places, in the order given, with unique identifiers, and their indexes.
  ///
  /// Setting it installs the new catalog, clears the selection if its place is not in it, and
  /// broadcasts `didSelectItem(nil)` (if the selection was cleared) and
  /// `didChange(places:changes:)`, with the difference by identifier,
  /// in that order, as one group, so that changes listeners make in answer are heard after
  /// both; both callbacks run with the new catalog and the cleared selection in place. The
  /// group is heard whole or, only when set from a callback past the re-entrancy limit, not at
  /// all (see the type). An equal catalog changes and broadcasts nothing.
  ///
  /// - Complexity: O(1) for copies of one value; otherwise O(*n*) to compare the catalogs and
  ///   work out the difference by identifier. The new catalog's indexes are built by the
  ///   catalog, once, on first use.
  public var places: PlaceCatalog {
    didSet {
      let knownChanges = changesOfNextCatalog
      changesOfNextCatalog = nil
      guard knownChanges.map({ !$0.isEmpty }) ?? (places != oldValue) else { return }
      let changes = knownChanges ?? PlaceCatalogChanges(from: oldValue, to: places)
      if !broadcastInstalledCatalog(changes: changes) {
        places = oldValue  // Unheard: undone (this assignment broadcasts nothing).
      }
    }
  }

  /// The user's location, or `nil` when unknown.
  public var location: Coordinate? {
    didSet {
      guard location != oldValue else { return }
      if delegates.invoke(with: location, { $0.didChange(location: $1) }) == .dropped {
        location = oldValue  // Unheard: undone (this assignment broadcasts nothing).
      }
    }
  }

  /// The identifier of the selected place, or `nil` when nothing is selected.
  ///
  /// Change it with ``select(_:)`` and ``deselect()``, which keep it within the catalog.
  public private(set) var selectedItem: Place.ID? {
    didSet {
      guard selectedItem != oldValue else { return }
      if delegates.invoke(with: selectedItem, { $0.didSelectItem($1) }) == .dropped {
        selectedItem = oldValue  // Unheard: undone (this assignment broadcasts nothing).
      }
    }
  }

  /// How the catalog about to be assigned to ``places`` differs from the one it replaces, when
  /// the edit that made it already knows; read and cleared by the next assignment.
  ///
  /// Only a shortcut: an assignment without it works the difference out by comparing the
  /// catalogs, so a writer that does not set it is still right, only slower.
  private var changesOfNextCatalog: PlaceCatalogChanges?

  /// The listeners of the open ``changes(replayingState:bufferingPolicy:)`` streams.
  let changeStreams = ChangeStreams()

  /// Creates a model holding `catalog`, with no selection and no listeners.
  ///
  /// - Parameters:
  ///   - catalog: The places and their indexes.
  ///   - location: The user's location, if known.
  ///   - reentrancyLimit: The most broadcasts that listeners may start from within one
  ///     outermost broadcast (see ``MulticastDelegate/reentrancyLimit``); a value below 1
  ///     counts as 1.
  ///   - onReentrancyLimitExceeded: Called on the broadcasting thread when a cycle of
  ///     listeners reached `reentrancyLimit` and broadcasts were dropped (and their changes
  ///     undone). The default stops the program with the diagnostic, in every build
  ///     configuration; pass a handler that logs it to carry on instead.
  public init(
    catalog: PlaceCatalog = .empty,
    location: Coordinate? = nil,
    reentrancyLimit: Int = MulticastDelegate<any PlacesModelDelegate>.defaultReentrancyLimit,
    onReentrancyLimitExceeded: @escaping @Sendable (ReentrancyLimitExceeded) -> Void = {
      fatalError($0.description)
    }
  ) {
    self.places = catalog
    self.location = location
    self.selectedItem = nil
    self.delegates = MulticastDelegate(
      reentrancyLimit: reentrancyLimit, onReentrancyLimitExceeded: onReentrancyLimitExceeded)
  }

  /// Creates a model holding the catalog of `places`, with no selection and no listeners.
  ///
  /// The same as ``init(catalog:location:reentrancyLimit:onReentrancyLimitExceeded:)`` with
  /// `PlaceCatalog(places)`.
  ///
  /// - Throws: ``PlacesModelError/duplicateID(_:firstIndex:secondIndex:)``.
  /// - Complexity: O(*n*), for the catalog's index by identifier.
  public convenience init(
    places: [Place],
    location: Coordinate? = nil,
    reentrancyLimit: Int = MulticastDelegate<any PlacesModelDelegate>.defaultReentrancyLimit,
    onReentrancyLimitExceeded: @escaping @Sendable (ReentrancyLimitExceeded) -> Void = {
      fatalError($0.description)
    }
  ) throws(PlacesModelError) {
    self.init(
      catalog: try PlaceCatalog(places), location: location, reentrancyLimit: reentrancyLimit,
      onReentrancyLimitExceeded: onReentrancyLimitExceeded)
  }

  // MARK: - Changes

  /// Replaces the catalog by one holding `newPlaces`, in their order, and broadcasts the
  /// difference by identifier, as setting ``places`` to `PlaceCatalog(newPlaces)` does.
  ///
  /// Where it is cheaper, the difference is applied as edits: when the places both catalogs
  /// have keep their order and the new ones come after them, the new catalog is the old one
  /// edited (see ``PlaceCatalog/applying(_:)``), which keeps the indexes an edit keeps, so
  /// sending a whole catalog again with a few places renamed costs little more than renaming
  /// them. Places equal to the catalog's, in the same order, change and broadcast nothing. A
  /// place equal (`==`) to the catalog's keeps the catalog's value, as an edit to an equal place
  /// does (a name written with other but canonically equivalent Unicode scalars, say).
  ///
  /// - Throws: ``PlacesModelError/duplicateID(_:firstIndex:secondIndex:)``; the model is then
  ///   unchanged and nothing is broadcast.
  /// - Complexity: O(*n* + *m*) on average, for the new places' index by identifier and the
  ///   difference, plus an edit's cost when it is applied as edits.
  public func replacePlaces(_ newPlaces: [Place]) throws(PlacesModelError) {
    let (catalog, changes) = places.replaced(by: try PlaceCatalog(newPlaces))
    install(catalog, changes: changes)
  }

  /// Applies `edits`, in order, as one change: inserts, updates and removes places, and
  /// broadcasts the new catalog with what changed.
  ///
  /// The batch is all or nothing (see ``PlaceCatalog/applying(_:)``, which also says where
  /// inserted places go). Like setting ``places``, it installs the new catalog, clears the
  /// selection if its place was removed, and broadcasts `didSelectItem(nil)` (if the selection
  /// was cleared) and `didChange(places:changes:)`, in that order, as one group, under the
  /// ordering and re-entrancy rules of every broadcast: an edit made from a callback is applied
  /// at once to the model's newest catalog and broadcast after the broadcast under way. A
  /// batch that changes nothing broadcasts nothing.
  ///
  /// The batch's broadcasts are heard whole: called outside any broadcast, at any re-entrancy
  /// limit; called from a callback, when the limit leaves room for all of them, and otherwise
  /// the batch is undone and nothing of it is heard (the cycle is reported; see the type).
  ///
  /// - Throws: ``PlacesModelError/invalidEdit(at:id:problem:)`` for the first edit refused; the
  ///   model is then unchanged and nothing is broadcast.
  /// - Complexity: That of ``PlaceCatalog/applying(_:)`` for the batch, which copies only what
  ///   the edits write and updates the indexes already built rather than building them again,
  ///   plus O(*d*) to broadcast to *d* listeners, and their reactions.
  public func apply(_ edits: [PlaceEdit]) throws(PlacesModelError) {
    let (catalog, changes) = try places.applying(edits)
    install(catalog, changes: changes)
  }

  /// Inserts `place` after the catalog's places: the same as `apply([.insert(place)])`.
  ///
  /// - Throws: ``PlacesModelError/invalidEdit(at:id:problem:)`` if a place has its identifier
  ///   or its name is empty; nothing changes then.
  /// - Complexity: That of ``apply(_:)`` with one edit.
  public func insert(_ place: Place) throws(PlacesModelError) {
    try apply([.insert(place)])
  }

  /// Replaces the place with `place`'s identifier by `place`, in the same position.
  ///
  /// The same as `apply([.update(place)])`: an equal place changes and broadcasts nothing.
  ///
  /// - Throws: ``PlacesModelError/invalidEdit(at:id:problem:)`` if no place has its identifier
  ///   or its name is empty; nothing changes then.
  /// - Complexity: That of ``apply(_:)`` with one edit.
  public func update(_ place: Place) throws(PlacesModelError) {
    try apply([.update(place)])
  }

  /// Removes the place with identifier `id`: the same as `apply([.remove(id)])`.
  ///
  /// - Throws: ``PlacesModelError/invalidEdit(at:id:problem:)`` if no place has `id`; nothing
  ///   changes then.
  /// - Complexity: That of ``apply(_:)`` with one edit.
  public func remove(placeWithID id: Place.ID) throws(PlacesModelError) {
    try apply([.remove(id)])
  }

  /// Installs `catalog`, which `changes` says how it differs from ``places``, and broadcasts
  /// it as setting ``places`` does, without comparing the catalogs; nothing if nothing changed.
  func install(_ catalog: PlaceCatalog, changes: PlaceCatalogChanges) {
    guard !changes.isEmpty else { return }
    changesOfNextCatalog = changes
    places = catalog
  }

  /// Broadcasts the catalog just installed in ``places``, clearing the selection first if its
  /// place is gone, as one group: whole, or, when a cycle of listeners left too little room
  /// under the re-entrancy limit, not at all.
  ///
  /// - Returns: Whether the group was heard; when it was not, the caller undoes the change.
  private func broadcastInstalledCatalog(changes: PlaceCatalogChanges) -> Bool {
    let newCatalog = places
    let clearsSelection = selectedItem.map { !newCatalog.contains(placeWithID: $0) } ?? false
    // Only an edit made from a callback, past the limit, is refused: then nobody hears it.
    return delegates.withBroadcastGroup(of: clearsSelection ? 2 : 1) {
      // Install everything before any listener runs, so that each sees the new catalog with a
      // selection inside it: inside the group the broadcasts are queued, and none is dropped.
      if clearsSelection {
        selectedItem = nil  // Its didSet queues didSelectItem(nil) first in the group.
      }
      delegates.invoke(
        with: (newCatalog, changes), { $0.didChange(places: $1.0, changes: $1.1) })
    }
  }

  /// Selects the place with identifier `id`; selecting the selected place again does nothing.
  ///
  /// - Throws: ``PlacesModelError/unknownPlace(_:)`` if no place has `id`; the selection is
  ///   then unchanged.
  public func select(_ id: Place.ID) throws(PlacesModelError) {
    guard places.contains(placeWithID: id) else {
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
  package var delegateCount: Int {
    delegates.count
  }

  /// Runs `body` in step with the model's broadcasts: at once when no broadcast is being
  /// delivered on this thread, otherwise after the broadcast under way has reached every
  /// listener and after the broadcasts queued before it, exactly where a change made at this
  /// moment would be broadcast.
  ///
  /// The map view model uses it for a reaction that does not come from the model (a camera
  /// report, a view attached) but whose view commands must stay in broadcast order with every
  /// other view's. Changes `body` makes to the model are queued behind it like any change made
  /// from a callback, and it counts as one broadcast towards the re-entrancy limit. It
  /// broadcasts nothing itself: listeners hear only what the model changes.
  ///
  /// - Returns: ``BroadcastOutcome/delivered`` if `body` ran before this returned,
  ///   ``BroadcastOutcome/queued`` if it will run later on this thread, or
  ///   ``BroadcastOutcome/dropped`` (it never runs) if a cycle reached the re-entrancy limit.
  @discardableResult
  package func performInBroadcastOrder(_ body: @escaping () -> Void) -> BroadcastOutcome {
    delegates.perform(inBroadcastOrder: body)
  }

  /// Runs `body` in step with the model's broadcasts, as ``performInBroadcastOrder(_:)`` does,
  /// making the closure to run later with `makeQueued` only when a broadcast is being
  /// delivered: a camera move outside any broadcast allocates no closure.
  ///
  /// - Returns: As ``performInBroadcastOrder(_:)``.
  @discardableResult
  package func performInBroadcastOrder(
    _ body: () -> Void, queueing makeQueued: () -> () -> Void
  ) -> BroadcastOutcome {
    delegates.perform(inBroadcastOrder: body, queueing: makeQueued)
  }

  // MARK: - Lookups

  /// The selected place, or `nil`.
  ///
  /// - Complexity: O(1) on average.
  public var selectedPlace: Place? {
    selectedItem.flatMap(places.place(withID:))
  }
}
