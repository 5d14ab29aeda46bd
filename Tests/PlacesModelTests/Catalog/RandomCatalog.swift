import PlacesModel
import PlacesModelTestSupport

/// Random coordinates that stress a spatial index, repeatable from a seed: dense clusters (one
/// at the North Pole, one astride the antimeridian), exact duplicates (ties in distance), the
/// poles and both names of the antimeridian exactly, and places spread over the whole Earth.
enum RandomCatalog {
  static func coordinates(count: Int, seed: UInt64) -> [Coordinate] {
    var generator = SplitMix64(seed: seed)
    let centres: [(latitude: Double, longitude: Double)] = [
      (89.5, 40), (-10, 179.8), (48.8, 2.3), (-33.9, 18.4), (0, -179.95),
    ]
    var result: [Coordinate] = []
    result.reserveCapacity(count)
    while result.count < count {
      let kind = Int.random(in: 0..<20, using: &generator)
      let coordinate: Coordinate
      switch kind {
      case 0..<7:
        let centre = centres.randomElement(using: &generator) ?? centres[0]
        let spread = ([0.01, 0.3, 3] as [Double]).randomElement(using: &generator) ?? 1
        coordinate = clamped(
          latitude: centre.latitude + Double.random(in: -spread...spread, using: &generator),
          longitude: centre.longitude + Double.random(in: -spread...spread, using: &generator))
      case 7..<9 where !result.isEmpty:
        coordinate = result.randomElement(using: &generator) ?? result[0]
      case 9:
        coordinate = clamped(
          latitude: ([90, -90, 0, 45] as [Double]).randomElement(using: &generator) ?? 0,
          longitude: ([180, -180, 0, 90] as [Double]).randomElement(using: &generator) ?? 0)
      default:
        coordinate = clamped(
          latitude: Double.random(in: -90...90, using: &generator),
          longitude: Double.random(in: -180...180, using: &generator))
      }
      result.append(coordinate)
    }
    return result
  }

  /// A random point, sometimes one of the awkward ones: a pole, the antimeridian, the
  /// antipode of a cluster.
  static func origin(using generator: inout SplitMix64) -> Coordinate {
    switch Int.random(in: 0..<8, using: &generator) {
    case 0: clamped(latitude: 90, longitude: 0)
    case 1: clamped(latitude: -90, longitude: 123)
    case 2: clamped(latitude: -48.8, longitude: -177.7)  // opposite the cluster at Paris
    case 3: clamped(latitude: Double.random(in: -60...60, using: &generator), longitude: 180)
    case 4: clamped(latitude: -89.5, longitude: -140)  // opposite the polar cluster
    default:
      clamped(
        latitude: Double.random(in: -90...90, using: &generator),
        longitude: Double.random(in: -180...180, using: &generator))
    }
  }

  /// A random rectangle: small or large, crossing the antimeridian or not, sometimes reaching a
  /// pole or ending on longitude -180 or 180.
  static func bounds(using generator: inout SplitMix64) -> CoordinateBounds {
    let height = ([0.05, 1, 20, 100, 180] as [Double]).randomElement(using: &generator) ?? 1
    var south = Double.random(in: -90...90, using: &generator)
    var north = min(90, south + height)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: north = 90
    case 1: south = -90
    default: break
    }
    let width = ([0.05, 1, 30, 200, 360] as [Double]).randomElement(using: &generator) ?? 1
    var west = Double.random(in: -180...180, using: &generator)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: west = 179.5
    case 1: west = -180
    case 2: west = 170
    default: break
    }
    var east = west + width
    if east > 180 { east -= 360 }
    if Int.random(in: 0..<8, using: &generator) == 0 { east = 180 }
    do {
      return try CoordinateBounds(
        south: min(south, north), west: west, north: north, east: max(-180, min(180, east)))
    } catch {
      preconditionFailure("random bounds out of range: \(error)")
    }
  }

  /// The catalog's places in order of distance from `origin` by a stable sort: what the index
  /// must reproduce.
  static func sortedByDistance(_ coordinates: [Coordinate], from origin: Coordinate)
    -> [SpatialIndex.Neighbour]
  {
    coordinates.enumerated()
      .map {
        SpatialIndex.Neighbour(position: $0.offset, distance: origin.distance(to: $0.element))
      }
      .sorted { left, right in
        left.distance != right.distance
          ? left.distance < right.distance : left.position < right.position
      }
  }

  private static func clamped(latitude: Double, longitude: Double) -> Coordinate {
    var longitude = longitude
    if longitude > 180 { longitude -= 360 }
    if longitude < -180 { longitude += 360 }
    do {
      return try Coordinate(latitude: max(-90, min(90, latitude)), longitude: longitude)
    } catch {
      preconditionFailure("random coordinate out of range: \(error)")
    }
  }
}
