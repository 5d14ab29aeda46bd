// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: random catalogs and cameras for the map, repeatable from a seed.

import PlacesModel
import ViewModels

/// Random catalogs and cameras for the clustering invariants, reproducible from a seed.
///
/// Catalogs mix what real data has: places spread over the world, dense blobs (a city's
/// suburbs), places sharing one coordinate, places either side of the antimeridian, and places
/// beyond Web Mercator's ±85.0511° (polar stations).
public enum RandomMapScenes {
  public static func catalog(count: Int, using generator: inout SplitMix64) -> [Place] {
    let blobCentres = (0..<6).map { _ in
      (
        Double.random(in: -60...70, using: &generator),
        Double.random(in: -180...180, using: &generator)
      )
    }
    var coordinates: [Coordinate] = []
    for _ in 0..<count {
      let kind = Int.random(in: 0..<20, using: &generator)
      switch kind {
      case 0..<7:
        coordinates.append(
          .fixture(
            Double.random(in: -90...90, using: &generator),
            Double.random(in: -180...180, using: &generator)))
      case 7..<15:
        let centre = blobCentres[Int.random(in: 0..<blobCentres.count, using: &generator)]
        let spread = [0.01, 0.2, 3][Int.random(in: 0..<3, using: &generator)]
        coordinates.append(
          .fixture(
            min(max(centre.0 + Double.random(in: -spread...spread, using: &generator), -90), 90),
            wrapped(centre.1 + Double.random(in: -spread...spread, using: &generator))))
      case 15..<17 where !coordinates.isEmpty:
        coordinates.append(coordinates[Int.random(in: 0..<coordinates.count, using: &generator)])
      case 15..<18:
        let side: Double = Bool.random(using: &generator) ? 1 : -1
        coordinates.append(
          .fixture(
            Double.random(in: -30...30, using: &generator),
            side * Double.random(in: 179...180, using: &generator)))
      default:
        let side: Double = Bool.random(using: &generator) ? 1 : -1
        coordinates.append(
          .fixture(
            side * Double.random(in: 84...90, using: &generator),
            Double.random(in: -180...180, using: &generator)))
      }
    }
    return coordinates.enumerated().map { index, coordinate in
      Place(id: Place.ID(index + 1), name: "Place \(index + 1)", coordinate: coordinate)
    }
  }

  public static func viewport(near places: [Place], using generator: inout SplitMix64)
    -> MapViewport
  {
    let centre: Coordinate
    if !places.isEmpty, Bool.random(using: &generator) {
      centre = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
    } else {
      centre = .fixture(
        Double.random(in: -89...89, using: &generator),
        Double.random(in: -180...180, using: &generator))
    }
    let zoom = Double.random(in: 0...21, using: &generator)
    return MapViewport(
      camera: .fixture(centre, zoom: zoom),
      size: .fixture(
        Double.random(in: 300...1_200, using: &generator),
        Double.random(in: 300...1_200, using: &generator)))
  }

  private static func wrapped(_ longitude: Double) -> Double {
    longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
  }
}
