/// The bytes of the last feature read in the usual form, as literal runs between the values
/// that vary: a program that writes a places file writes nearly every feature with the same
/// bytes between its values, so the next feature is checked against those runs, each in a few
/// word comparisons, and only its values are read.
///
/// The runs are kept as extents of the input the feature was read from, which outlives the
/// template, so that learning copies nothing.
struct GeoJSONFeatureTemplate {
  /// What a value between two runs is.
  enum Slot: UInt8 {
    case id
    case longitude
    case latitude
    case name
    case category
    case country
    case population
    /// A value of any kind, skipped, whose contents are one level deeper than a property's.
    case skippedProperty
    /// A value of any kind, skipped, whose contents are one level deeper than a feature's
    /// member's.
    case skippedMember
    /// A value of any kind, skipped, whose contents are one level deeper than a geometry's
    /// member's.
    case skippedGeometryMember
    /// A number after a position's first two, skipped.
    case skippedNumber
    /// The end of the feature, after its last run.
    case end
  }

  /// A literal run of the input, then a value.
  struct Token {
    /// The offset of the run in the input.
    var start: Int
    /// The number of bytes in the run.
    var count: Int
    /// The value that follows.
    var slot: Slot
  }

  /// The runs and values of the feature, in order; empty when nothing has been learnt.
  private(set) var tokens: [Token] = []
  /// The tokens of the feature being learnt.
  private var learning: [Token] = []
  /// The offset just after the last value learnt.
  private var learntEnd = 0

  // MARK: - Learning

  /// Starts learning the feature that starts at `offset`.
  @inline(__always)
  mutating func startLearning(at offset: Int) {
    learning.removeAll(keepingCapacity: true)
    learntEnd = offset
  }

  /// Notes that the value `slot` of the feature being learnt lies from `start` up to `end`.
  @inline(__always)
  mutating func learn(_ slot: Slot, from start: Int, to end: Int) {
    learning.append(Token(start: learntEnd, count: start - learntEnd, slot: slot))
    learntEnd = end
  }

  /// Makes the feature being learnt, which ends just before `end`, the template.
  mutating func finishLearning(at end: Int) {
    learn(.end, from: end, to: end)
    swap(&tokens, &learning)
  }
}
