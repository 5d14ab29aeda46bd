/// Carries the commands of the view model a screen state is attached to into the state: the
/// view that view model drives.
///
/// Internal, so no code outside this module can hold one: a screen state is written only by
/// the view model it is attached to. Each screen state's file makes the writer of that state
/// its view model's view (`extension ScreenStateWriter: ListViewDelegate where State ==
/// ListScreenState`), forwarding each command to the state.
///
/// The state holds its writer strongly, and the writer holds the state weakly. Only the latest
/// writer is held, so attaching the state to a view model detaches it from the one it was
/// attached to before: a state has one writer at a time.
final class ScreenStateWriter<State: AnyObject> {
  /// The state written, until it is released.
  private(set) weak var state: State?

  /// A writer of `state`.
  init(state: State) {
    self.state = state
  }
}

/// A screen state written through a ``ScreenStateWriter``: what the four screen states share.
protocol WrittenScreenState: AnyObject {
  /// The writer of the view model the state is attached to, if any; see ``makeWriter()``.
  var writer: ScreenStateWriter<Self>? { get set }
}

extension WrittenScreenState {
  /// Returns a new writer for a view model to drive, and lets go of the previous one, which
  /// detaches the view model that drove it.
  func makeWriter() -> ScreenStateWriter<Self> {
    let writer = ScreenStateWriter(state: self)
    self.writer = writer
    return writer
  }
}
