// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: map fixtures named for what they are.

import PlacesModel
import ViewModels

extension MapCamera {
  /// Western Europe at zoom 5: in a ``MapSize/square`` view, London, Paris, Rome, Stockholm and
  /// Zürich each have their own marker, as they keep centred on any one of them but Rome.
  public static let europe = MapCamera.fixture(.fixture(54, 9), zoom: 5)

  /// A camera from a centre and a zoom known to be valid.
  public static func fixture(_ centre: Coordinate, zoom: Double) -> MapCamera {
    do {
      return try MapCamera(centre: centre, zoom: zoom)
    } catch {
      preconditionFailure("invalid fixture camera: \(error)")
    }
  }
}

extension MapSize {
  /// A view size known to be valid.
  public static func fixture(_ width: Double, _ height: Double) -> MapSize {
    do {
      return try MapSize(width: width, height: height)
    } catch {
      preconditionFailure("invalid fixture size: \(error)")
    }
  }

  /// A square 1,000 points on a side.
  public static let square = MapSize.fixture(1_000, 1_000)
}

extension MapClusterOptions {
  /// Options known to be valid.
  public static func fixture(radius: Double, maximumZoom: Double = 20) -> MapClusterOptions {
    do {
      return try MapClusterOptions(radius: radius, maximumZoom: maximumZoom)
    } catch {
      preconditionFailure("invalid fixture options: \(error)")
    }
  }
}
