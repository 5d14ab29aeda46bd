import Foundation
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

// MARK: - Fitting a panel

extension MapCamera {
  /// The zoom a place chosen from search, the list or a marker is shown at, at least: a city
  /// and its surroundings.
  static let placeZoom = 10.0

  /// The camera that shows the whole world once in a view of `size`: as wide as the view, or
  /// as tall where the view is taller than wide, so no copy repeats and no row is empty; the
  /// centre is at `centre` unless that would show beyond the top or bottom of the map.
  static func world(filling size: MapSize, centre: Coordinate) -> MapCamera {
    let zoom = log2(max(size.width, size.height) / 256)
    return clampedInsideMap(centre: centre, zoom: zoom, size: size)
  }

  /// The camera that shows the rectangle from `southWest` to `northEast` as large as fits in a
  /// view of `size`, at most at ``placeZoom`` (a single place is shown as a chosen one is).
  static func fitting(
    southWest: Coordinate, northEast: Coordinate, in size: MapSize
  ) -> MapCamera {
    let west = mercatorX(southWest.longitude)
    let east = mercatorX(northEast.longitude)
    let north = mercatorY(northEast.latitude)
    let south = mercatorY(southWest.latitude)
    // A fraction of the world each way, padded so places on the edge are not cut.
    let spanX = max(east - west, 1e-9) * 1.1
    let spanY = max(south - north, 1e-9) * 1.1
    let zoom = min(log2(min(size.width / spanX, size.height / spanY) / 256), placeZoom)
    let centre =
      (try? Coordinate(
        latitude: latitude(mercatorY: (north + south) / 2),
        longitude: (southWest.longitude + northEast.longitude) / 2)) ?? MapCamera.world.centre
    return clampedInsideMap(centre: centre, zoom: zoom, size: size)
  }

  /// `centre` moved north or south as little as keeps a view of `size` at `zoom` inside the
  /// map's square, where it fits.
  private static func clampedInsideMap(
    centre: Coordinate, zoom: Double, size: MapSize
  ) -> MapCamera {
    let zoom = min(
      max(zoom.isFinite ? zoom : 0, terminalZoomRange.lowerBound), terminalZoomRange.upperBound)
    let worldSize = 256 * pow(2, zoom)
    let half = size.height / 2 / worldSize
    var y = mercatorY(centre.latitude)
    if half < 0.5 {
      y = min(max(y, half), 1 - half)
    } else {
      y = 0.5
    }
    let latitude = latitude(mercatorY: y)
    let moved = (try? Coordinate(latitude: latitude, longitude: centre.longitude)) ?? centre
    return .clamped(centre: moved, zoom: zoom)
  }

  /// The Web Mercator x of `longitude`, from 0 (180°W) to 1 (180°E).
  private static func mercatorX(_ longitude: Double) -> Double {
    (longitude + 180) / 360
  }

  /// The Web Mercator y of `latitude`, from 0 (85.05°N) to 1 (85.05°S), clamped there.
  private static func mercatorY(_ latitude: Double) -> Double {
    let radians = min(max(latitude, -85.0511), 85.0511) * .pi / 180
    let y = 0.5 - log(tan(.pi / 4 + radians / 2)) / (2 * .pi)
    return min(max(y, 0), 1)
  }

  /// The latitude at Web Mercator y.
  private static func latitude(mercatorY y: Double) -> Double {
    atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
  }
}
