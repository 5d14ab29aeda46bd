import Foundation
import Testing

/// The README's performance table is `places-bench --markdown`'s figure table cut to the rows it
/// names, as `scripts/update-readme-figures.sh` writes it: the bench's columns, one figure a row.
///
/// The numbers vary from run to run and are not checked. CI checks the names against a run of
/// the bench (`scripts/update-readme-figures.sh --check`, after its `--quick` run).
struct ReadmeFiguresTests {
  /// The markers the script rewrites between.
  static let begin = "<!-- places-bench figures: begin (scripts/update-readme-figures.sh) -->"
  static let end = "<!-- places-bench figures: end -->"
  /// The columns of the bench's figure table (`Report.figureCells` in places-bench).
  static let columns = ["Figure", "Value", "Baseline", "Ratio", "Target", "Met"]

  /// The lines between the markers.
  static func tableLines() throws -> [Substring] {
    let readme = PlacesCLI.packageRoot.appendingPathComponent("README.md")
    let lines = try PlacesCLI.readText(of: readme).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count { $0 == begin } == 1, "the begin marker, once")
    #expect(lines.count { $0 == end } == 1, "the end marker, once")
    let first = try #require(lines.firstIndex { $0 == begin })
    let last = try #require(lines.firstIndex { $0 == end })
    try #require(first < last)
    return Array(lines[(first + 1)..<last])
  }

  /// The cells of a Markdown table row; an escaped bar (`\|`) stays inside its cell.
  static func cells(of row: Substring) -> [String] {
    guard row.hasPrefix("| "), row.hasSuffix(" |") else { return [] }
    var cells: [String] = []
    var cell = ""
    var previous: Character = " "
    for character in row.dropFirst(2).dropLast(2) {
      if character == "|" && previous != "\\" {
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        cell = ""
      } else {
        cell.append(character)
      }
      previous = character
    }
    cells.append(cell.trimmingCharacters(in: .whitespaces))
    return cells
  }

  @Test func theTableHasTheBenchsColumnsAndOneFigureARow() throws {
    let lines = try Self.tableLines()

    try #require(lines.count >= 3, "a header, a separator and at least one figure")
    #expect(Self.cells(of: lines[0]) == Self.columns)
    #expect(Self.cells(of: lines[1]) == Self.columns.map { _ in "---" })
    let rows = lines.dropFirst(2).map(Self.cells(of:))
    for (row, line) in zip(rows, lines.dropFirst(2)) {
      #expect(row.count == Self.columns.count, "\(line)")
      #expect(row.first.map { !$0.isEmpty } == true, "\(line)")
      #expect(["", "yes", "NO", "n/a"].contains(row.last ?? "?"), "\(line)")
    }
    let names = rows.compactMap(\.first)
    #expect(Set(names).count == names.count, "each figure once")
  }

  @Test func theScriptThatWritesTheTableIsThere() {
    let script = PlacesCLI.packageRoot.appendingPathComponent("scripts/update-readme-figures.sh")

    #expect(FileManager.default.isExecutableFile(atPath: script.path))
  }
}
