#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A point on the unit sphere, for bounding distances cheaply.
///
/// The squared straight-line distance between two such points grows with their great-circle
/// distance, so it tells cheaply which places are surely farther than another and, unlike a
/// dot product, keeps its precision between places a few metres apart. It is a bound, not a
/// second distance: orders use ``Coordinate/distance(to:)``.
struct UnitVector: Sendable {
  let x: Double
  let y: Double
  let z: Double

  /// The point of `coordinate`.
  init(_ coordinate: Coordinate) {
    let latitude = coordinate.latitude * .pi / 180
    let longitude = coordinate.longitude * .pi / 180
    let cosine = cos(latitude)
    x = cosine * cos(longitude)
    y = cosine * sin(longitude)
    z = sin(latitude)
  }

  /// The squared chord length to `other`: 0 for the same point, 4 for antipodes.
  func squaredDistance(to other: UnitVector) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    let dz = z - other.z
    return dx * dx + dy * dy + dz * dz
  }
}
