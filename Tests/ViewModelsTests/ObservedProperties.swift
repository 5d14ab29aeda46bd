import Observation
import Synchronization

/// The names of the properties of `object` that Observation reports changed while `body` ran.
///
/// Each property is tracked on its own, as a view that reads only it would track it, so the
/// result says which readers would be told to redraw.
func changedProperties<Object: AnyObject>(
  of object: Object, among properties: [String: PartialKeyPath<Object>],
  during body: () throws -> Void
) rethrows -> Set<String> {
  let log = ChangedNames()
  for (name, property) in properties {
    withObservationTracking {
      _ = object[keyPath: property]
    } onChange: {
      log.insert(name)
    }
  }
  try body()
  return log.names
}

/// The names recorded by Observation's change handlers, which may run on any thread.
private final class ChangedNames: Sendable {
  private let storage = Mutex<Set<String>>([])

  var names: Set<String> { storage.withLock { $0 } }

  func insert(_ name: String) {
    storage.withLock { _ = $0.insert(name) }
  }
}
