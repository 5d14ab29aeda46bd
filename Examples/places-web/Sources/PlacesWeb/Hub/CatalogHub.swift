import PlacesModel

/// The catalog every page shows, and the sessions showing it.
///
/// An edit or a reload of the file is applied here once, to the one shared catalog value, as
/// a ``/PlacesModel/PlaceCatalogRevision`` (the new catalog derives its indexes once, and the
/// revision carries what changed); the revision is then handed to every session, whose model
/// installs it in O(1) and whose screens update only what changed. Sessions install revisions
/// by version, so one that arrives after a newer one is ignored.
package actor CatalogHub {
  /// The catalog every session shows.
  package private(set) var catalog: PlaceCatalog
  /// One more for each catalog installed.
  package private(set) var version = 0
  /// The categories of ``catalog``, for the pages' filters.
  package private(set) var categories: CatalogCategories
  /// The most sessions at once.
  package nonisolated let sessionLimit: Int
  /// Whether pages may edit.
  package nonisolated let allowsEdits: Bool

  private var sessions: [Int: WebSession] = [:]
  private var nextSessionID = 1
  /// The identifier the next place added gets: one more than the largest number in use.
  private var nextPlaceNumber: Int64

  /// Creates the hub of `catalog`.
  package init(catalog: PlaceCatalog, sessionLimit: Int, allowsEdits: Bool) {
    self.catalog = catalog
    categories = CatalogCategories(of: catalog)
    self.sessionLimit = sessionLimit
    self.allowsEdits = allowsEdits
    nextPlaceNumber = Self.nextNumber(after: catalog)
  }

  /// The number of sessions open.
  package var sessionCount: Int { sessions.count }

  /// Opens a session for a page that has just connected, writing its frames to `output`;
  /// `nil` when ``sessionLimit`` sessions are open.
  package func open(output: AsyncStream<String>.Continuation) -> WebSession? {
    guard sessions.count < sessionLimit else { return nil }
    let id = nextSessionID
    nextSessionID += 1
    let session = WebSession(
      id: id, catalog: catalog, categories: categories, version: version, hub: self,
      allowsEdits: allowsEdits,
      output: output)
    sessions[id] = session
    return session
  }

  /// Forgets the session `id`, whose page has gone, and ends its output.
  package func close(_ id: Int) async {
    guard let session = sessions.removeValue(forKey: id) else { return }
    await session.finish()
  }

  /// Closes every session: the server is stopping.
  package func closeAll() async {
    let all = sessions.values
    sessions.removeAll()
    for session in all {
      await session.finish()
    }
  }

  /// Applies an edit a page asked for to the shared catalog, then shows the new catalog on
  /// every page.
  ///
  /// - Throws: ``/PlacesModel/PlacesModelError`` when the catalog refuses the edit (an
  ///   unknown place, an empty name); nothing changes then.
  package func edit(_ action: ClientMessage.Action) async throws(PlacesModelError) {
    let current = catalog
    let edit: PlaceEdit
    switch action {
    case .add(let name, let coordinate):
      let id = PlaceID(nextPlaceNumber)
      nextPlaceNumber += 1
      edit = .insert(Place(id: id, name: name, coordinate: coordinate))
    case .move(let id, let coordinate):
      let place = try Self.place(id, in: current)
      edit = .update(place.with(name: place.name, coordinate: coordinate))
    case .rename(let id, let name):
      let place = try Self.place(id, in: current)
      edit = .update(place.with(name: name, coordinate: place.coordinate))
    case .remove(let id):
      edit = .remove(id)
    default:
      return
    }
    await publish(try catalog.revised(applying: [edit]))
  }

  /// Replaces the catalog by `places`, read again from the file, and shows it on every page.
  ///
  /// - Throws: ``/PlacesModel/PlacesModelError/duplicateID(_:firstIndex:secondIndex:)``;
  ///   nothing changes then.
  package func replace(with places: [Place]) async throws(PlacesModelError) {
    let revision = try catalog.revised(replacingWith: places)
    nextPlaceNumber = max(nextPlaceNumber, Self.nextNumber(after: revision.catalog))
    await publish(revision)
  }

  /// Installs `revision`'s catalog here and hands the revision, as the next version, to every
  /// session, side by side.
  private func publish(_ revision: PlaceCatalogRevision) async {
    guard !revision.changes.isEmpty else { return }
    catalog = revision.catalog
    version += 1
    let version = version
    let previousCategories = categories
    categories = categories.following(revision)
    let changedCategories = categories == previousCategories ? nil : categories
    let sessions = Array(sessions.values)
    await withTaskGroup(of: Void.self) { group in
      for session in sessions {
        group.addTask {
          await session.install(revision, version: version, categories: changedCategories)
        }
      }
    }
  }

  private static func place(_ id: PlaceID, in catalog: PlaceCatalog) throws(PlacesModelError)
    -> Place
  {
    guard let place = catalog.place(withID: id) else { throw .unknownPlace(id) }
    return place
  }

  private static func nextNumber(after catalog: PlaceCatalog) -> Int64 {
    (catalog.lazy.compactMap(\.id.integerValue).max() ?? 0) + 1
  }
}

extension Place {
  /// The same place with another name and coordinate.
  func with(name: String, coordinate: Coordinate) -> Place {
    Place(
      id: id, name: name, coordinate: coordinate, category: category, country: country,
      population: population)
  }
}
