// Must NOT compile: a multicast whose delegate type is not `Sendable` is not `Sendable`
// either, so it cannot be sent to a task on another thread, where it would call delegates
// (main-actor-isolated ones, say) outside their isolation domain. `.ci/run` checks that the
// compiler rejects this in the Swift 6 language mode; with `Delegate: Sendable` it compiles.
import PlacesModel

protocol ScreenListener: AnyObject {
  func selectionChanged(to id: Int?)
}

func broadcastFromAnotherThread(_ delegates: MulticastDelegate<any ScreenListener>) {
  Task.detached {
    delegates.invoke { $0.selectionChanged(to: nil) }
  }
}
