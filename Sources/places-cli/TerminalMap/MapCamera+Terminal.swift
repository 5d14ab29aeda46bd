import PlacesModel
import ViewModels

/// The terminal's camera is the view models' ``MapCamera``; these keep its zoom in the range
/// the terminal map offers. Panning and projecting go through ``MapViewport``.
extension MapCamera {
  /// The zooms the terminal map takes: from the whole world to a street.
  static let terminalZoomRange = 0.0...20.0

  /// A camera looking at `centre` from `zoom` clamped to ``terminalZoomRange``.
  static func clamped(centre: Coordinate, zoom: Double) -> MapCamera {
    let zoom = zoom.isFinite ? zoom : 0
    let clampedZoom = min(max(zoom, terminalZoomRange.lowerBound), terminalZoomRange.upperBound)
    return (try? MapCamera(centre: centre, zoom: clampedZoom)) ?? .world
  }

  /// The camera zoomed in by `steps` (out when negative), keeping the centre, within
  /// ``terminalZoomRange``.
  func zoomed(by steps: Double) -> MapCamera {
    .clamped(centre: centre, zoom: zoom + steps)
  }
}
