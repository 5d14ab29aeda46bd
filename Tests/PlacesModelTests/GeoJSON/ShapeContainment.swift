import Foundation
import PlacesModel

/// Whether a coordinate lies on a GeoJSON geometry, decided from the geometry's JSON by brute
/// force, independently of the reader: inside a polygon by the even-odd rule over its rings.
enum ShapeContainment {
  /// The polygons of a decoded `Polygon` or `MultiPolygon` geometry, each a list of rings of
  /// `[longitude, latitude]` vertices.
  static func polygons(ofGeometry geometry: [String: Any]) -> [[[[Double]]]] {
    switch geometry["type"] as? String {
    case "Polygon":
      return [rings(geometry["coordinates"])]
    case "MultiPolygon":
      return (geometry["coordinates"] as? [Any] ?? []).map(rings)
    default:
      return []
    }
  }

  /// Whether `coordinate` is inside any of `polygons` (inside the exterior, outside the holes).
  static func isInside(_ coordinate: Coordinate, _ polygons: [[[[Double]]]]) -> Bool {
    polygons.contains { polygon in
      var inside = false
      for ring in polygon {
        var previous = ring.count - 1
        for current in ring.indices {
          let (ax, ay) = (ring[current][0], ring[current][1])
          let (bx, by) = (ring[previous][0], ring[previous][1])
          let y = coordinate.latitude
          let x = coordinate.longitude
          if (ay > y) != (by > y), x < (bx - ax) * (y - ay) / (by - ay) + ax {
            inside.toggle()
          }
          previous = current
        }
      }
      return inside
    }
  }

  private static func rings(_ value: Any?) -> [[[Double]]] {
    (value as? [Any] ?? []).map { ring in
      (ring as? [Any] ?? []).map { position in
        (position as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
      }
    }
  }

  /// The features of a GeoJSON FeatureCollection file, decoded by Foundation.
  static func features(ofFile path: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let collection = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return collection?["features"] as? [[String: Any]] ?? []
  }
}
