import PlacesModel

extension Coordinate {
  /// A coordinate from literal degrees that are known to be valid.
  static func fixture(_ latitude: Double, _ longitude: Double) -> Coordinate {
    do {
      return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      preconditionFailure("invalid fixture coordinate: \(error)")
    }
  }
}

extension Place {
  static let london = Place(
    id: 1, name: "London", coordinate: .fixture(51.50853, -0.12574), category: "city",
    country: "GB", population: 8_961_989)
  static let paris = Place(
    id: 2, name: "Paris", coordinate: .fixture(48.85341, 2.3488), category: "city",
    country: "FR", population: 2_138_551)
  static let rome = Place(
    id: 3, name: "Rome", coordinate: .fixture(41.89193, 12.51133), category: "city",
    country: "IT", population: 2_318_895)
  static let stockholm = Place(
    id: 42, name: "Stockholm", coordinate: .fixture(59.32938, 18.06871), category: "city",
    country: "SE", population: 1_515_017)
}

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

  func didChange(places: [Place]) { events.append(.places(places.map(\.id))) }
  func didChange(location: Coordinate?) { events.append(.location(location)) }
  func didSelectItem(_ id: Place.ID?) {
    events.append(.selection(id))
    onSelection?(id)
  }
}
