import Foundation
import PlacesModel

/// The places file as `Decodable` structs: the `JSONDecoder` baseline for loading.
struct DecodableFeatureCollection: Decodable {
  struct Feature: Decodable {
    let type: String
    let id: Int
    let geometry: Geometry
    let properties: Properties
  }

  struct Geometry: Decodable {
    let type: String
    let coordinates: [Double]
  }

  struct Properties: Decodable {
    let name: String
    let category: String?
    let country: String?
    let population: Int?
  }

  /// A feature that `JSONDecoder` read but that is not a valid place.
  struct InvalidFeature: Error {
    let index: Int
  }

  let type: String
  let features: [Feature]

  /// Reads the file at `path` with `Data(contentsOf:)` and `JSONDecoder`, then makes places.
  static func places(contentsOfFile path: String) throws -> [Place] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let collection = try JSONDecoder().decode(DecodableFeatureCollection.self, from: data)
    return try collection.features.enumerated().map { index, feature in
      let coordinates = feature.geometry.coordinates
      guard feature.geometry.type == "Point", coordinates.count >= 2 else {
        throw InvalidFeature(index: index)
      }
      let properties = feature.properties
      return Place(
        id: PlaceID(feature.id),
        name: properties.name,
        coordinate: try Coordinate(latitude: coordinates[1], longitude: coordinates[0]),
        category: properties.category,
        country: properties.country,
        population: properties.population
      )
    }
  }
}
