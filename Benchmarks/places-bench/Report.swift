import Foundation

/// Everything one run measured, printed as a table, Markdown or JSON.
struct Report: Encodable {
  let machine: MachineInfo
  /// The command line the figures came from.
  let command: String
  let quick: Bool
  var broadcastMatrix: BroadcastMatrix?
  var instructionMatrix: BroadcastMatrix?
  var figures: [Figure] = []
  /// Remarks on method and on skipped figures, in the order they were made.
  var notes: [String] = []
  /// Measured paths that failed to run; the bench exits with status 1 when there is one.
  var failures: [String] = []

  init(machine: MachineInfo, command: String, quick: Bool) {
    self.machine = machine
    self.command = command
    self.quick = quick
  }

  mutating func add(_ figure: Figure) {
    figures.append(figure)
  }

  // MARK: - Output

  /// The report as plain text for a terminal.
  func text() -> String {
    var lines = ["places-bench\(quick ? " --quick (smoke test: figures are not meaningful)" : "")"]
    lines.append("Machine: \(machine.summary)")
    lines.append("Command: \(command)")
    for matrix in [broadcastMatrix, instructionMatrix].compactMap({ $0 }) {
      lines += ["", matrix.table()]
    }
    lines += ["", Self.layOut(figureCells(), rightAligned: [1, 3])]
    lines += summaryLines()
    return lines.joined(separator: "\n")
  }

  /// The report as Markdown, for the README.
  func markdown() -> String {
    var lines = ["Machine: \(machine.summary)", "", "Command: `\(command)`", ""]
    for matrix in [broadcastMatrix, instructionMatrix].compactMap({ $0 }) {
      lines += [matrix.markdown(), ""]
    }
    lines.append(Self.markdownTable(figureCells()))
    lines += summaryLines()
    return lines.joined(separator: "\n")
  }

  /// The report as one JSON object, with a summary of the targets.
  func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(JSONReport(report: self)) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The targets checked, and the names of the figures that missed theirs.
  fileprivate var targetSummary: TargetSummary {
    let checked = figures.filter { $0.met != nil }
    return TargetSummary(
      checked: checked.count,
      met: checked.filter { $0.met == true }.count,
      missed: checked.filter { $0.met == false }.map(\.name),
      notMeasured: figures.filter { $0.target != nil && $0.met == nil }.map(\.name))
  }

  private func figureCells() -> [[String]] {
    let header = ["Figure", "Value", "Baseline", "Ratio", "Target", "Met"]
    let rows = figures.map { figure -> [String] in
      var value = "skipped"
      if let number = figure.value {
        value = "\(Self.format(number)) \(figure.unit)"
      }
      var baseline = figure.baselineName ?? ""
      if let number = figure.baselineValue {
        baseline += ": \(Self.format(number)) \(figure.unit)"
      }
      let ratio = figure.ratio.map { "\(Self.format($0))x" } ?? ""
      var met = figure.target == nil || quick ? "" : "n/a"
      if let isMet = figure.met, !quick {
        met = isMet ? "yes" : "NO"
      }
      return [figure.name, value, baseline, ratio, figure.target ?? "", met]
    }
    return [header] + rows
  }

  private func summaryLines() -> [String] {
    var lines = [""]
    if quick {
      lines.append("Targets are not checked in --quick: the sizes are too small to mean anything.")
    } else {
      let summary = targetSummary
      lines.append("Targets met: \(summary.met) of \(summary.checked).")
      lines += summary.missed.map { "Missed: \($0)" }
      lines += summary.notMeasured.map { "Not measured: \($0)" }
    }
    let figureNotes = figures.compactMap { figure in figure.note.map { "\(figure.name): \($0)" } }
    if !(notes + figureNotes).isEmpty {
      lines += ["", "Notes:"] + (notes + figureNotes).map { "- \($0)" }
    }
    lines += failures.map { "FAILED: \($0)" }
    return lines
  }

  // MARK: - Formatting

  /// `number` with three or so significant digits.
  static func format(_ number: Double) -> String {
    let magnitude = abs(number)
    switch magnitude {
    case 0: return "0"
    case 100...: return String(format: "%.0f", number)
    case 10..<100: return String(format: "%.1f", number)
    case 1..<10: return String(format: "%.2f", number)
    default: return String(format: "%.3f", number)
    }
  }

  /// `rows` as aligned columns; the first row is the header.
  static func layOut(_ rows: [[String]], rightAligned: Set<Int>) -> String {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in
      rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    return rows.map { row in
      row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }
      .joined(separator: "  ")
      .trimmingCharacters(in: .whitespaces)
    }
    .joined(separator: "\n")
  }

  /// `rows` as a Markdown table; the first row is the header.
  static func markdownTable(_ rows: [[String]]) -> String {
    guard let header = rows.first else { return "" }
    let separator = header.map { _ in "---" }
    return ([header, separator] + rows.dropFirst()).map { row in
      "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ")
        + " |"
    }
    .joined(separator: "\n")
  }
}

/// How many targets were checked and met, and which were missed.
private struct TargetSummary: Encodable {
  let checked: Int
  let met: Int
  let missed: [String]
  /// Figures with a target that were skipped.
  let notMeasured: [String]
}

/// The JSON form of a ``Report``: the report's fields and a summary of its targets.
private struct JSONReport: Encodable {
  let report: Report
  let targets: TargetSummary

  init(report: Report) {
    self.report = report
    self.targets = report.targetSummary
  }

  func encode(to encoder: any Encoder) throws {
    try report.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(targets, forKey: .targets)
  }

  private enum CodingKeys: String, CodingKey {
    case targets
  }
}
