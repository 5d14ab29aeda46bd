import Coordinators
import PlacesModel
import ViewModels

/// One page: its own model (selection, location), its own map, list, search and card view
/// models, and the views that turn their commands into JSON messages.
///
/// ## Isolation
/// A session is an actor, and its model, view models, views and outbox are non-`Sendable`
/// objects made in its initialiser and used only from its methods: confined to its isolation
/// domain, as the core asks (the main actor in an app, one actor per page here). Nothing in
/// it is shared, so no lock is held while a view model runs; sessions run on the cooperative
/// pool side by side. What crosses into it is `Sendable`: the text of a message, and the
/// shared catalog, an immutable value whose indexes the catalog builds once for every session.
///
/// Each call handles one input to the end (the view models answer synchronously), then sends
/// the messages written, as one frame, to ``output``, which the connection writes in order.
/// An edit suspends the session while the hub applies it; the new catalog reaches this
/// session, like every other, through ``install(_:version:categories:)``, and the edit's `done` follows.
package actor WebSession {
  /// The session's number, unique while the server runs.
  package nonisolated let id: Int
  private let coordinator: AppCoordinator
  private let listView: WebListView
  private let outbox: Outbox
  private let output: AsyncStream<String>.Continuation
  private let hub: CatalogHub
  private let allowsEdits: Bool
  /// The version of the catalog the model holds; older ones arriving late are ignored.
  private var catalogVersion: Int

  /// Creates the session of a page that has just connected, showing `catalog`, and sends
  /// the page its first state: `hello`, the catalog's `categories`, then what each view shows.
  init(
    id: Int, catalog: PlaceCatalog, categories: CatalogCategories, version: Int,
    hub: CatalogHub, allowsEdits: Bool,
    output: AsyncStream<String>.Continuation
  ) {
    let outbox = Outbox()
    let factory = WebViewFactory(outbox: outbox)
    let model = PlacesModel(
      catalog: catalog,
      onReentrancyLimitExceeded: { _ in
        // A cycle of listeners; none of this server's views changes the model from a
        // callback, so this does not happen. The change is undone and the session goes on.
      })
    let coordinator = AppCoordinator(model: model, viewFactory: factory)
    outbox.send("hello") {
      $0.member("edits", allowsEdits)
      $0.member("session", id)
      $0.member("count", catalog.count)
    }
    outbox.sendCategories(categories)
    coordinator.start()
    if let frame = outbox.take() { output.yield(frame) }
    self.id = id
    self.coordinator = coordinator
    self.listView = factory.listView
    self.outbox = outbox
    self.output = output
    self.hub = hub
    self.allowsEdits = allowsEdits
    self.catalogVersion = version
  }

  /// Handles one message from the page, then sends what the views wrote and `done` (or
  /// `error`), in one frame.
  package func receive(_ text: String) async {
    do {
      let message = try ClientMessage.decode(text)
      do {
        try await perform(message.action)
        outbox.send("done") { writer in
          writer.key("seq")
          if let seq = message.seq { writer.integer(seq) } else { writer.null() }
        }
      } catch {
        sendError(seq: message.seq, message: Self.describe(error))
      }
    } catch {
      sendError(seq: error.seq, message: error.problem.description)
    }
    flush()
  }

  /// Answers a binary frame, which the page never sends.
  package func receiveBinary() {
    sendError(seq: nil, message: "malformed message: binary frames are not read; send JSON text")
    flush()
  }

  /// Shows `revision`, the shared catalog's `version`, unless a newer one is shown already,
  /// and sends the page the catalog's `categories` when they changed (`nil`: they did not).
  ///
  /// - Complexity: O(1) for the model when it holds the revision's base (versions arrive in
  ///   order but for races between edits), plus what the screens update.
  package func install(
    _ revision: PlaceCatalogRevision, version: Int, categories: CatalogCategories? = nil
  ) {
    guard version > catalogVersion else { return }
    catalogVersion = version
    if let categories { outbox.sendCategories(categories) }
    coordinator.model.install(revision)
    flush()
  }

  /// Ends the session's output; the connection then closes.
  package func finish() {
    output.finish()
  }

  // MARK: - Inputs

  private func perform(_ action: ClientMessage.Action) async throws {
    switch action {
    case .camera(let camera, let size):
      coordinator.mapViewModel.cameraChanged(to: camera, viewSize: size)
    case .tapMarker(let id):
      try coordinator.mapViewModel.markerTapped(id: id)
    case .tapCluster(let id):
      try coordinator.mapViewModel.clusterTapped(id: id)
    case .tapMap:
      coordinator.mapViewModel.mapTapped()
    case .spreadPage(let page):
      try coordinator.mapViewModel.spreadPageTapped(page)
    case .rows(let from, let count):
      listView.sendRows(from: from, count: count)
    case .tapRow(let row):
      try coordinator.listViewModel.rowTapped(at: row)
    case .query(let text, let limit):
      coordinator.searchViewModel.queryChanged(text, limit: limit)
    case .chooseMatch(let index):
      try coordinator.searchViewModel.matchChosen(at: index)
    case .closeCard:
      coordinator.mapViewModel.mapTapped()
    case .locate(let coordinate):
      coordinator.model.location = coordinate
    case .filter(let filter):
      coordinator.categoryFilter = filter
    case .add, .move, .rename, .remove:
      guard allowsEdits else { throw ClientMessageError.Problem.editsNotAllowed }
      try await hub.edit(action)
    }
  }

  private func sendError(seq: Int?, message: String) {
    outbox.send("error") { writer in
      writer.key("seq")
      if let seq { writer.integer(seq) } else { writer.null() }
      writer.member("message", message)
    }
  }

  private func flush() {
    if let frame = outbox.take() { output.yield(frame) }
  }

  private static func describe(_ error: any Error) -> String {
    "\(error)"
  }
}
