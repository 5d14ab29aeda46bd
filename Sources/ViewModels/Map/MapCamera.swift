import PlacesModel

/// Where a map looks: the coordinate at the centre of the view and the zoom.
///
/// The zoom is that of web maps (MapKit, Google Maps, OpenStreetMap tiles): at zoom 0 the whole
/// Web Mercator world is 256 points wide, and each step up doubles the scale, so at zoom *z*
/// the world is 256 × 2^*z* points wide. Fractional zooms are allowed, as a pinch produces them.
/// Roughly: 1 shows the world, 4 a continent, 6 a country, 11 a city, 16 a street.
public struct MapCamera: Hashable, Sendable {
  /// The largest zoom a camera accepts: at 24 one point is about a centimetre at the equator.
  public static let maximumZoom = 24.0

  /// The whole world: centred on latitude 0 and longitude 0, at zoom 0.
  public static let world = MapCamera(uncheckedCentre: Coordinate.origin, zoom: 0)

  /// The coordinate at the centre of the view.
  public let centre: Coordinate
  /// The zoom, in `0...MapCamera.maximumZoom`.
  public let zoom: Double

  /// Creates a camera looking at `centre` from `zoom`.
  ///
  /// - Throws: ``MapGeometryError/invalidZoom(_:)`` if `zoom` is not finite or lies outside
  ///   `0...MapCamera.maximumZoom`.
  public init(centre: Coordinate, zoom: Double) throws(MapGeometryError) {
    guard Self.isValid(zoom: zoom) else { throw .invalidZoom(zoom) }
    self.init(uncheckedCentre: centre, zoom: zoom)
  }

  /// Whether a camera can have `zoom`: finite, in `0...maximumZoom`.
  static func isValid(zoom: Double) -> Bool {
    zoom.isFinite && (0...maximumZoom).contains(zoom)
  }

  package init(uncheckedCentre centre: Coordinate, zoom: Double) {
    self.centre = centre
    self.zoom = zoom
  }

  /// The same zoom, centred on `coordinate`.
  public func centred(on coordinate: Coordinate) -> MapCamera {
    MapCamera(uncheckedCentre: coordinate, zoom: zoom)
  }

  /// The width of the whole world in points at this zoom: 256 × 2^``zoom``.
  public var worldWidthInPoints: Double {
    WebMercator.pointsPerWorld(atZoom: zoom)
  }
}

extension MapCamera: CustomStringConvertible {
  /// The camera as `latitude,longitude@zoom`, for example `59.32938,18.06871@11.0`.
  public var description: String { "\(centre)@\(zoom)" }
}

extension Coordinate {
  /// Latitude 0, longitude 0.
  static let origin = Coordinate(uncheckedLatitude: 0, longitude: 0)
}
