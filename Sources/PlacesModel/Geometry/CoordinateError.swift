/// Why a latitude or longitude was rejected.
public enum CoordinateError: Error, Equatable, Sendable {
  /// The latitude is not finite or lies outside `-90...90`.
  case invalidLatitude(Double)
  /// The longitude is not finite or lies outside `-180...180`.
  case invalidLongitude(Double)
}

extension CoordinateError: CustomStringConvertible {
  /// A message that names the rejected value and the valid range.
  public var description: String {
    switch self {
    case .invalidLatitude(let value):
      "latitude \(value) is not a finite number in -90...90"
    case .invalidLongitude(let value):
      "longitude \(value) is not a finite number in -180...180"
    }
  }
}
