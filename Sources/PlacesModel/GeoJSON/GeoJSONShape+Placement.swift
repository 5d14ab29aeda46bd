import Foundation

/// A longitude and a latitude in degrees, as a geometry is placed.
typealias GeoJSONPosition = (longitude: Double, latitude: Double)

extension GeoJSONShape {
  // MARK: - A point on the geometry

  /// A point on the geometry, as ``GeoJSONPlacesReader/NonPointGeometry/representativePoint``
  /// describes: inside its largest polygon, else at the middle of its longest line, else at the
  /// point nearest the middle of its points; `nil` when it has no position.
  ///
  /// - Complexity: O(*n*) for *n* positions, except inside a polygon, where the search for the
  ///   pole of inaccessibility costs up to O(*p* *n*) for a bounded number *p* of probes.
  func representativePoint() -> GeoJSONPosition? {
    guard let dimension = parts.map(\.dimension).max() else { return nil }
    switch dimension {
    case .area:
      if let point = pointInLargestPolygon() {
        return point
      }
      // Polygons without area: their outlines, as lines.
      return middleOfLongestLine(in: parts.map { $0.rings.lowerBound })
    case .line:
      return middleOfLongestLine(in: parts.filter { $0.dimension == .line }.map(\.rings.lowerBound))
    case .point:
      return pointNearestTheMiddle()
    }
  }

  /// Inside the polygon of greatest area: its pole of inaccessibility, in a plane where a
  /// degree of longitude is as long as at the polygon's middle latitude.
  private func pointInLargestPolygon() -> GeoJSONPosition? {
    var largest: (part: Part, area: Double)?
    for part in parts where part.dimension == .area {
      let area = equalArea(of: part)
      if area > largest?.area ?? 0 {
        largest = (part, area)
      }
    }
    guard let part = largest?.part else { return nil }

    var longitudes: [Double] = []
    var latitudes: [Double] = []
    var ringEnds: [Int] = []
    var reference: Double?
    for ring in rings[part.rings] {
      let unwrapped = unwrappedLongitudes(of: ring, near: reference)
      reference = reference ?? unwrapped.first
      longitudes += unwrapped
      latitudes += ring.map(latitude(at:))
      ringEnds.append(longitudes.count)
    }
    let exterior = 0..<(ringEnds.first ?? 0)
    let west = exterior.map { longitudes[$0] }.min() ?? 0
    let east = exterior.map { longitudes[$0] }.max() ?? 0
    let south = exterior.map { latitudes[$0] }.min() ?? 0
    let north = exterior.map { latitudes[$0] }.max() ?? 0
    let middle = (west + east) / 2
    // Degrees of longitude shrink with the cosine of the latitude.
    let scale = max(cos((south + north) / 2 * .pi / 180), 1e-6)
    let polygon = PlanarPolygon(
      xs: longitudes.map { ($0 - middle) * scale }, ys: latitudes, ringEnds: ringEnds)
    let size = max((east - west) * scale, north - south)
    // Enough probes to place any shape well, few enough that a huge ring stays cheap.
    let probes = min(max(20_000_000 / max(longitudes.count, 1), 64), 4_096)
    guard
      let (x, y) = polygon.poleOfInaccessibility(precision: size / 1_000, maximumProbes: probes)
    else { return nil }
    return (Self.normalized(x / scale + middle), min(max(y, -90), 90))
  }

  /// The area of a polygon, holes taken out, in square radians of the cylindrical equal-area
  /// projection: comparable from one polygon to another wherever they are.
  private func equalArea(of part: Part) -> Double {
    var area = 0.0
    var reference: Double?
    for (offset, ring) in rings[part.rings].enumerated() {
      let longitudes = unwrappedLongitudes(of: ring, near: reference)
      reference = reference ?? longitudes.first
      var sum = 0.0
      var previous = ring.count - 1
      for current in 0..<ring.count {
        let x1 = longitudes[previous] * .pi / 180
        let x2 = longitudes[current] * .pi / 180
        let y1 = sin(latitude(at: ring.lowerBound + previous) * .pi / 180)
        let y2 = sin(latitude(at: ring.lowerBound + current) * .pi / 180)
        sum += x1 * y2 - x2 * y1
        previous = current
      }
      area += offset == 0 ? abs(sum) / 2 : -abs(sum) / 2
    }
    return area
  }

  /// The middle by length of the longest of the lines that start at the given rings: the
  /// point halfway along it, measured with ``Coordinate/distance(to:)``.
  private func middleOfLongestLine(in ringIndices: [Int]) -> GeoJSONPosition? {
    var longest: (ring: Range<Int>, length: Double)?
    for index in ringIndices {
      let ring = rings[index]
      let length = segmentLengths(of: ring).reduce(0, +)
      if longest == nil || length > longest?.length ?? 0 {
        longest = (ring, length)
      }
    }
    guard let (ring, length) = longest, let first = ring.first else { return nil }
    var remaining = length / 2
    let lengths = segmentLengths(of: ring)
    for (offset, segment) in lengths.enumerated() where segment > 0 {
      guard remaining <= segment else {
        remaining -= segment
        continue
      }
      let start = ring.lowerBound + offset
      let fraction = remaining / segment
      let longitudeStep = Self.shortestStep(
        from: longitude(at: start), to: longitude(at: start + 1))
      return (
        Self.normalized(longitude(at: start) + longitudeStep * fraction),
        latitude(at: start) + (latitude(at: start + 1) - latitude(at: start)) * fraction
      )
    }
    return (longitude(at: first), latitude(at: first))
  }

  /// The great-circle length of each segment of a ring read as a line.
  private func segmentLengths(of ring: Range<Int>) -> [Double] {
    guard ring.count > 1 else { return [] }
    return (ring.lowerBound..<ring.upperBound - 1).map { index in
      guard let start = coordinate(at: index), let end = coordinate(at: index + 1) else {
        return 0
      }
      return start.distance(to: end)
    }
  }

  /// The point, among every point of the points' parts, nearest the middle of them all on the
  /// sphere; the first such point on a tie.
  private func pointNearestTheMiddle() -> GeoJSONPosition? {
    var indices: [Int] = []
    for part in parts where part.dimension == .point {
      for ring in rings[part.rings] {
        indices += ring
      }
    }
    guard let first = indices.first else { return nil }
    var sum = (x: 0.0, y: 0.0, z: 0.0)
    for index in indices {
      let vector = Self.unitVector(at: index, in: self)
      sum = (sum.x + vector.x, sum.y + vector.y, sum.z + vector.z)
    }
    var best = (index: first, closeness: -Double.infinity)
    for index in indices {
      let vector = Self.unitVector(at: index, in: self)
      let closeness = vector.x * sum.x + vector.y * sum.y + vector.z * sum.z
      if closeness > best.closeness {
        best = (index, closeness)
      }
    }
    return (longitude(at: best.index), latitude(at: best.index))
  }

  private static func unitVector(
    at index: Int, in shape: GeoJSONShape
  ) -> (x: Double, y: Double, z: Double) {
    let latitude = shape.latitude(at: index) * .pi / 180
    let longitude = shape.longitude(at: index) * .pi / 180
    return (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
  }

  // MARK: - The centre of the bounding box

  /// The centre of the smallest box of latitude and longitude around every position.
  ///
  /// The box crosses the antimeridian when that makes it narrower; `nil` when there is no
  /// position.
  ///
  /// - Complexity: O(*n* log *n*) for *n* positions.
  func boundingBoxCentre() -> GeoJSONPosition? {
    var longitudes: [Double] = []
    var south = Double.infinity
    var north = -Double.infinity
    for part in parts {
      for ring in rings[part.rings] {
        for index in ring {
          longitudes.append(Self.normalized(longitude(at: index)))
          south = min(south, latitude(at: index))
          north = max(north, latitude(at: index))
        }
      }
    }
    guard !longitudes.isEmpty else { return nil }
    longitudes.sort()
    // The box leaves out the widest gap between neighbouring longitudes, going round.
    var gapEnd = 0
    var widestGap = longitudes[0] + 360 - longitudes[longitudes.count - 1]
    for index in 1..<longitudes.count where longitudes[index] - longitudes[index - 1] > widestGap {
      widestGap = longitudes[index] - longitudes[index - 1]
      gapEnd = index
    }
    let west = longitudes[gapEnd]
    let east = longitudes[(gapEnd + longitudes.count - 1) % longitudes.count]
    let width = east >= west ? east - west : east + 360 - west
    return (Self.normalized(west + width / 2), (south + north) / 2)
  }

  // MARK: - The antimeridian

  /// The longitudes of a ring with every edge taken the short way round.
  ///
  /// An edge spanning more than 180° crosses the antimeridian. The first longitude is moved by
  /// whole turns to lie within 180° of `reference`, so that a polygon's holes lie beside its
  /// exterior.
  private func unwrappedLongitudes(of ring: Range<Int>, near reference: Double?) -> [Double] {
    guard let first = ring.first else { return [] }
    var previous = longitude(at: first)
    var current = previous
    if let reference {
      current += (360 * ((reference - current) / 360).rounded())
    }
    var result = [current]
    result.reserveCapacity(ring.count)
    for index in ring.dropFirst() {
      let next = longitude(at: index)
      current += Self.shortestStep(from: previous, to: next)
      previous = next
      result.append(current)
    }
    return result
  }

  /// The change of longitude from `start` to `end` the short way round, in -180...180.
  private static func shortestStep(from start: Double, to end: Double) -> Double {
    var step = end - start
    if step > 180 {
      step -= 360
    } else if step < -180 {
      step += 360
    }
    return step
  }

  /// `longitude` moved by whole turns into -180...180.
  static func normalized(_ longitude: Double) -> Double {
    var result = longitude
    while result > 180 { result -= 360 }
    while result < -180 { result += 360 }
    return result
  }

  /// The position at `index` as a coordinate; `nil` if it is out of range, which a checked
  /// shape never is.
  private func coordinate(at index: Int) -> Coordinate? {
    try? Coordinate(latitude: latitude(at: index), longitude: longitude(at: index))
  }
}
