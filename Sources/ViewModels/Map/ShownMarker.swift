/// A marker that the layers showing it share: a pan that keeps it copies one reference, not
/// the marker's identity and title.
final class ShownMarker: Sendable {
  let marker: MapMarker

  init(_ marker: MapMarker) {
    self.marker = marker
  }
}
