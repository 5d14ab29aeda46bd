/// One line of the report: a measured value, what it is compared with, and its target.
struct Figure: Encodable {
  /// The group the figure belongs to, such as `broadcast`.
  let section: String
  /// What was measured.
  let name: String
  let value: Double?
  let unit: String
  let baselineName: String?
  let baselineValue: Double?
  /// How the value compares with the baseline; what it means is said in ``name``.
  let ratio: Double?
  let target: String?
  let met: Bool?
  /// Why the figure is missing or how to read it.
  let note: String?

  init(
    section: String,
    name: String,
    value: Double?,
    unit: String,
    baseline: (name: String, value: Double?)? = nil,
    ratio: Double? = nil,
    target: Target? = nil,
    note: String? = nil
  ) {
    self.section = section
    self.name = name
    self.value = value.flatMap(Self.finite)
    self.unit = unit
    self.baselineName = baseline?.name
    self.baselineValue = baseline?.value.flatMap(Self.finite)
    self.ratio = ratio.flatMap(Self.finite)
    self.target = target?.description(unit: unit)
    self.met = target?.isMet(value: self.value, ratio: self.ratio)
    self.note = note
  }

  /// A figure that could not be measured, with the reason.
  static func skipped(
    section: String, name: String, unit: String, target: Target? = nil, reason: String
  ) -> Figure {
    Figure(section: section, name: name, value: nil, unit: unit, target: target, note: reason)
  }

  /// `numerator / denominator`, or `nil` when either is missing or the denominator is zero.
  static func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
    guard let numerator, let denominator, denominator != 0 else { return nil }
    return numerator / denominator
  }

  /// Whether the figure repeats exactly from run to run (instructions and allocations counted
  /// by Valgrind), so that its target can be enforced, unlike a timing's.
  var isDeterministic: Bool {
    section == "instructions" || section == "allocations"
  }

  private static func finite(_ number: Double) -> Double? {
    number.isFinite ? number : nil
  }
}
