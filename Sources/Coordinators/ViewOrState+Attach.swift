extension ViewOrState {
  /// Hands the screen to its view model, a view through `setView` and a screen state through
  /// `attach`, and returns it for the flow to keep alive.
  func attach(view setView: (View) -> Void, state attach: (State) -> Void) -> AnyObject {
    switch self {
    case .view(let view):
      setView(view)
      return view as AnyObject
    case .state(let state):
      attach(state)
      return state
    }
  }
}
