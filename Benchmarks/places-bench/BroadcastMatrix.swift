import BenchSupport

/// The cost per delegate per call of every broadcast implementation at every size, in one
/// unit: nanoseconds, or instructions counted by Callgrind.
struct BroadcastMatrix: Encodable {
  /// One implementation's figures, in the order of ``BroadcastMatrix/sizes``.
  struct Row: Encodable {
    let key: String
    let label: String
    let perDelegateCall: [Double]
    /// Each figure divided by the strong loop's at the same size.
    let ratioToStrongLoop: [Double]
  }

  /// What one figure is, such as `ns per delegate per call`.
  let unit: String
  /// The numbers of delegates measured.
  let sizes: [Int]
  let rows: [Row]

  /// A matrix of `figures`, one row per implementation in `implementations`, whose first row
  /// is the strong loop's.
  init(unit: String, sizes: [Int], implementations: [BroadcastImplementation], figures: [[Double]])
  {
    self.unit = unit
    self.sizes = sizes
    let strong = figures.first ?? []
    rows = zip(implementations, figures).map { implementation, values in
      Row(
        key: implementation.rawValue, label: implementation.label, perDelegateCall: values,
        ratioToStrongLoop: zip(values, strong).map { $0 / $1 })
    }
  }

  /// The figures of `implementation`, by size.
  func values(_ implementation: BroadcastImplementation) -> [Double]? {
    rows.first { $0.key == implementation.rawValue }?.perDelegateCall
  }

  /// The matrix as text: one line per implementation, one column per size.
  func table() -> String {
    let header = ["\(unit) (x strong loop)"] + sizes.map { "\($0) delegates" }
    return Report.layOut([header] + body(), rightAligned: Set(1..<header.count))
  }

  /// The matrix as a Markdown table.
  func markdown() -> String {
    let header = ["\(unit) (x strong loop)"] + sizes.map { "\($0)" }
    return Report.markdownTable([header] + body())
  }

  private func body() -> [[String]] {
    rows.map { row in
      [row.label]
        + zip(row.perDelegateCall, row.ratioToStrongLoop).map { value, ratio in
          "\(Report.format(value)) (\(Report.format(ratio))x)"
        }
    }
  }
}
