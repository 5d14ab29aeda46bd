/// The delegate behind one change stream: it turns each callback into a ``PlacesModelChange``
/// and yields it, without waiting, into the stream's buffer.
///
/// Registered with the model like any delegate, so it hears the broadcasts in broadcast order
/// and the re-entrancy rules of ``MulticastDelegate`` hold for it. It holds neither the model
/// nor the multicast; ``ChangeStreams`` keeps it alive while its stream is open.
final class ChangeStreamListener: PlacesModelDelegate, Sendable {
  let continuation: AsyncStream<PlacesModelChange>.Continuation

  init(continuation: AsyncStream<PlacesModelChange>.Continuation) {
    self.continuation = continuation
  }

  func didChange(places: PlaceCatalog) {
    continuation.yield(.places(places, changes: nil))
  }

  func didChange(places: PlaceCatalog, changes: PlaceCatalogChanges) {
    continuation.yield(.places(places, changes: changes))
  }

  func didChange(location: Coordinate?) {
    continuation.yield(.location(location))
  }

  func didSelectItem(_ id: Place.ID?) {
    continuation.yield(.selection(id))
  }
}
