/// A goal a figure must reach, checked against its value or its ratio.
enum Target: Sendable {
  /// The ratio must be at most this.
  case ratioAtMost(Double)
  /// The ratio must be at least this.
  case ratioAtLeast(Double)
  /// The ratio must be above this.
  case ratioAbove(Double)
  /// The value must be at most this, in the figure's unit.
  case valueAtMost(Double)
  /// The value must be below this, in the figure's unit.
  case valueBelow(Double)
  /// The value must be at least this, in the figure's unit.
  case valueAtLeast(Double)

  /// The target as the table shows it, such as `<= 5x`.
  func description(unit: String) -> String {
    switch self {
    case .ratioAtMost(let limit): "<= \(Report.format(limit))x"
    case .ratioAtLeast(let limit): ">= \(Report.format(limit))x"
    case .ratioAbove(let limit): "> \(Report.format(limit))x"
    case .valueAtMost(let limit): "<= \(Report.format(limit)) \(unit)"
    case .valueBelow(let limit): "< \(Report.format(limit)) \(unit)"
    case .valueAtLeast(let limit): ">= \(Report.format(limit)) \(unit)"
    }
  }

  /// Whether the target is met, or `nil` when the figure lacks what it is checked against.
  func isMet(value: Double?, ratio: Double?) -> Bool? {
    switch self {
    case .ratioAtMost(let limit): ratio.map { $0 <= limit }
    case .ratioAtLeast(let limit): ratio.map { $0 >= limit }
    case .ratioAbove(let limit): ratio.map { $0 > limit }
    case .valueAtMost(let limit): value.map { $0 <= limit }
    case .valueBelow(let limit): value.map { $0 < limit }
    case .valueAtLeast(let limit): value.map { $0 >= limit }
    }
  }
}
