/// How the rows of the places list are ordered.
public enum ListOrder: String, Equatable, Sendable {
  /// By name, in Unicode order, then by identifier; used while the user's location is unknown.
  case name
  /// Nearest first from the user's location, then in catalog order.
  case distance
}
