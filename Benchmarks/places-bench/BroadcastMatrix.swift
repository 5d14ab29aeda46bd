/// The cost per delegate per call of every broadcast implementation at every size.
struct BroadcastMatrix: Encodable {
  /// One implementation's figures, in the order of ``BroadcastMatrix/sizes``.
  struct Row: Encodable {
    let key: String
    let label: String
    let nanosecondsPerDelegateCall: [Double]
    /// Each figure divided by the strong loop's at the same size.
    let ratioToStrongLoop: [Double]
  }

  /// The numbers of delegates measured.
  let sizes: [Int]
  let rows: [Row]

  /// The figures of `implementation`, by size.
  func nanoseconds(_ implementation: BroadcastImplementation) -> [Double]? {
    rows.first { $0.key == implementation.rawValue }?.nanosecondsPerDelegateCall
  }

  /// The matrix as text: one line per implementation, one column per size.
  func table() -> String {
    let header = ["ns per delegate per call (x strong loop)"] + sizes.map { "\($0) delegates" }
    let body = rows.map { row in
      [row.label]
        + zip(row.nanosecondsPerDelegateCall, row.ratioToStrongLoop).map { nanoseconds, ratio in
          "\(Report.format(nanoseconds)) (\(Report.format(ratio))x)"
        }
    }
    return Report.layOut([header] + body, rightAligned: Set(1..<header.count))
  }

  /// The matrix as a Markdown table.
  func markdown() -> String {
    let header = ["ns per delegate per call (x strong loop)"] + sizes.map { "\($0)" }
    let body = rows.map { row in
      [row.label]
        + zip(row.nanosecondsPerDelegateCall, row.ratioToStrongLoop).map { nanoseconds, ratio in
          "\(Report.format(nanoseconds)) (\(Report.format(ratio))x)"
        }
    }
    return Report.markdownTable([header] + body)
  }
}
