/// A command to move a map's camera, kept by a ``MapScreenState`` until its view carries it out.
///
/// Each request made by one screen state has a larger ``id`` than the one before, so two
/// requests for the same camera are still different values: a view that acts when the request
/// changes (SwiftUI's `onChange(of:)`) acts on each once.
public struct MapCameraMoveRequest: Identifiable, Hashable, Sendable {
  /// The request's number: 1 for a screen state's first, then one more for each request.
  public let id: Int
  /// Where the camera is to look.
  public let camera: MapCamera
  /// Whether the camera is to fly there, rather than jump.
  public let isAnimated: Bool

  /// Creates the request numbered `id` to move to `camera`.
  package init(id: Int, camera: MapCamera, isAnimated: Bool) {
    self.id = id
    self.camera = camera
    self.isAnimated = isAnimated
  }
}
