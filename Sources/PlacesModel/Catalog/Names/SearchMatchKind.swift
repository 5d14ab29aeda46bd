/// How a place's name matches a search query; matches are ranked in this order.
public enum SearchMatchKind: String, Comparable, CaseIterable, Sendable {
  /// The folded name is the folded query (`malmo` for `Malmö`).
  case exactName
  /// The folded name starts with the folded query (`stock` for `Stockholm`).
  case namePrefix
  /// A later word of the folded name starts with the folded query (`paulo` for `São Paulo`).
  case wordPrefix

  /// Whether `left` ranks before `right`: exact names first, then name prefixes.
  public static func < (left: SearchMatchKind, right: SearchMatchKind) -> Bool {
    left.order < right.order
  }

  private var order: Int {
    switch self {
    case .exactName: 0
    case .namePrefix: 1
    case .wordPrefix: 2
    }
  }
}
