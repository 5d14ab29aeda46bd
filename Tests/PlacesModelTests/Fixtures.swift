import PlacesModel

/// A delegate protocol for testing the multicast on its own.
protocol Listener: AnyObject {
  func hear(_ event: Int)
  func answer() -> String
}

/// A listener that records what it hears and can react from inside the callback.
final class Recorder: Listener {
  let name: String
  private(set) var events: [Int] = []
  var reaction: ((Recorder, Int) -> Void)?

  init(_ name: String, reaction: ((Recorder, Int) -> Void)? = nil) {
    self.name = name
    self.reaction = reaction
  }

  func hear(_ event: Int) {
    events.append(event)
    reaction?(self, event)
  }

  func answer() -> String { name }
}

/// Records every callback of a places model, in order.
final class ModelEventRecorder: PlacesModelDelegate {
  enum Event: Equatable {
    case places([Place.ID])
    case location(Coordinate?)
    case selection(Place.ID?)
  }

  private(set) var events: [Event] = []
  var onSelection: ((Place.ID?) -> Void)?

  func didChange(places: PlaceCatalog) { events.append(.places(places.map(\.id))) }
  func didChange(location: Coordinate?) { events.append(.location(location)) }
  func didSelectItem(_ id: Place.ID?) {
    events.append(.selection(id))
    onSelection?(id)
  }
}
