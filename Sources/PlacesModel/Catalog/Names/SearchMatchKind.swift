/// How a place's name matches a search query; matches are ranked in this order.
public enum SearchMatchKind: String, Comparable, CaseIterable, Sendable {
  /// The folded name is the folded query (`malmo` for `Malmö`).
  case exactName
  /// The folded name starts with the folded query (`stock` for `Stockholm`).
  case namePrefix
  /// A later word of the folded name starts with the folded query (`paulo` for `São Paulo`).
  case wordPrefix
  /// The folded name, or a later word of it on, matches the folded query with typos
  /// (`stokholm` for `Stockholm`, `san fransisco` for `San Francisco`): up to one in each
  /// word of 5 to 8 letters of the query, two from 9, none in shorter words, a typo at a
  /// word's first letter counting two. Ranked after every match without typos, fewest typos
  /// first. <doc:SearchingByName> gives the rules in full.
  case typo

  /// Whether `left` ranks before `right`: exact names first, then name prefixes, then word
  /// prefixes, then matches with typos.
  public static func < (left: SearchMatchKind, right: SearchMatchKind) -> Bool {
    left.order < right.order
  }

  private var order: Int {
    switch self {
    case .exactName: 0
    case .namePrefix: 1
    case .wordPrefix: 2
    case .typo: 3
    }
  }
}
