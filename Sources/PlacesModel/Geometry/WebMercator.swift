import Foundation

/// The Web Mercator projection in world units: the world is a square 2^32 units on a side,
/// x growing east from longitude -180 and y growing south from latitude +85.0511°.
///
/// This is the package's one definition of the projection's maths: the fixed-point positions of
/// the catalog's clustering order and of a map viewport's region, and the points and coordinates
/// `MapViewport` (in `ViewModels`) gives in double precision, all derive from these functions.
///
/// Latitudes beyond ±``maximumLatitude`` (where the square ends) are projected onto its top or
/// bottom edge. A place's position in the cluster index is the floor of its projection, a
/// `UInt32` pair: one unit is about 9 mm at the equator. Longitude 180 wraps to x = 0.
package enum WebMercator {
  /// The side of the world square in units: 2^32.
  package static let worldSize: Double = 4_294_967_296

  /// The latitude where the square ends, in degrees: atan(sinh(π)).
  package static let maximumLatitude = 85.051_128_779_806_59

  /// The width of the world in points at `zoom`: 256 × 2^zoom.
  package static func pointsPerWorld(atZoom zoom: Double) -> Double {
    256 * exp2(zoom)
  }

  /// How many world units one point spans at `zoom`: 2^(24 - zoom).
  package static func unitsPerPoint(atZoom zoom: Double) -> Double {
    exp2(24 - zoom)
  }

  /// The x of `longitude`, in `0...worldSize`.
  package static func x(longitude: Double) -> Double {
    (longitude + 180) / 360 * worldSize
  }

  /// The y of `latitude`, in `0...worldSize`; latitudes beyond the square land on its edge.
  package static func y(latitude: Double) -> Double {
    let clamped = min(max(latitude, -maximumLatitude), maximumLatitude)
    let sine = sin(clamped * .pi / 180)
    let y = 0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)
    return min(max(y, 0), 1) * worldSize
  }

  /// The longitude of `x`, which may lie outside the square: it is wrapped into `-180...180`.
  package static func longitude(x: Double) -> Double {
    var fraction = (x / worldSize).truncatingRemainder(dividingBy: 1)
    if fraction < 0 { fraction += 1 }
    return min(max(fraction * 360 - 180, -180), 180)
  }

  /// The latitude of `y`, clamped to the square.
  package static func latitude(y: Double) -> Double {
    let fraction = min(max(y / worldSize, 0), 1)
    let latitude = atan(sinh(.pi * (1 - 2 * fraction))) * 180 / .pi
    return min(max(latitude, -maximumLatitude), maximumLatitude)
  }

  /// The fixed-point position of `coordinate`: the floor of its projection.
  package static func position(of coordinate: Coordinate) -> (x: UInt32, y: UInt32) {
    (fixedX(x(longitude: coordinate.longitude)), fixedY(y(latitude: coordinate.latitude)))
  }

  /// The column of `x`: rounded to a unit by `rule` and wrapped onto the square.
  ///
  /// An `x` any number of world widths east or west of the square gives the column of the
  /// same longitude; the world's east edge is column 0. The package's one conversion of an x
  /// to a column.
  package static func fixedX(_ x: Double, rounding rule: Rounding = .down) -> UInt32 {
    let whole = rule.round(x)
    guard whole.isFinite else { return 0 }
    // Exact for every whole x below 2^53 in size: the world's side is a power of two.
    let wrapped = whole - (whole / worldSize).rounded(.down) * worldSize
    return UInt32(min(max(wrapped, 0), worldSize - 1))
  }

  /// The row of `y`: rounded to a unit by `rule` and clamped into the square.
  ///
  /// A `y` beyond the square gives its edge row. The package's one conversion of a y to a
  /// row.
  package static func fixedY(_ y: Double, rounding rule: Rounding = .down) -> UInt32 {
    let whole = rule.round(y)
    guard !whole.isNaN else { return 0 }
    return UInt32(min(max(whole, 0), worldSize - 1))
  }

  /// The coordinate of the middle of the unit at the fixed-point `position`: what a marker at
  /// a fixed-point position shows.
  package static func coordinate(ofUnit position: (x: UInt32, y: UInt32)) -> Coordinate {
    coordinate(x: Double(position.x) + 0.5, y: Double(position.y) + 0.5)
  }

  /// The coordinate of a point of the square given in units; x may lie outside and wraps.
  package static func coordinate(x: Double, y: Double) -> Coordinate {
    // Valid by construction: latitude(y:) is clamped to ±maximumLatitude, and longitude(x:)
    // wraps into -180...180.
    Coordinate(uncheckedLatitude: latitude(y: y), longitude: longitude(x: x))
  }

  /// Which way a conversion to units rounds: the two a fixed-point rectangle needs.
  ///
  /// The package's own, not `FloatingPointRoundingRule`, whose every use outside the standard
  /// library asks the library which case it holds (a camera move converts four edges).
  package enum Rounding: Sendable {
    /// Toward negative infinity: a west or top edge, and a place's own unit.
    case down
    /// Toward positive infinity: an east or bottom edge.
    case up

    /// `value` rounded to a whole number this way.
    @inline(__always)
    func round(_ value: Double) -> Double {
      switch self {
      case .down: value.rounded(.down)
      case .up: value.rounded(.up)
      }
    }
  }
}
