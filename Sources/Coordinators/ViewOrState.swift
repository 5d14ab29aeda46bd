/// A screen a ``ViewFactory`` supplies: a view of the front end's own, which carries out a view
/// model's commands, or an observable screen state of the `ViewModels` module, which keeps what
/// they say for a SwiftUI view to read.
///
/// A coordinator attaches either to the screen's view model and keeps it for as long as the
/// screen's flow lasts. A screen state is attached with its view model's `attach(_:)`, so that
/// the view model is the only code that writes it.
public enum ViewOrState<View, State: AnyObject> {
  /// A view that carries out the commands: a view controller, a printer, a spy.
  case view(View)
  /// A screen state that keeps what the commands say, such as a
  /// ``/ViewModels/MapScreenState``; one state may serve every card, since a card is dismissed
  /// before the next is shown.
  case state(State)
}
