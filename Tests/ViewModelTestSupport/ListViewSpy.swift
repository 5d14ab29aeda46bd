// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: the spies' members mirror the documented view protocols one for one.

import PlacesModel
import ViewModels

/// A list view that records the commands it receives; rows are read in full when reloaded and
/// recorded by place identifier, as they were when the command came.
public final class ListViewSpy: ListViewDelegate {
  public enum Command: Equatable, Sendable {
    case reloadRows([Place.ID], order: ListOrder)
    case updateRows(ListRowChanges, order: ListOrder)
    case highlightRow(Int)
    case scrollToRow(Int, animated: Bool)
    case clearHighlight
  }

  public private(set) var commands: [Command] = []
  public private(set) var rows = ListRows()
  /// The rows a table view would show: read in full on a reload, and on an update changed only
  /// where the update says, as a table view's batch update changes them.
  public private(set) var shownRows: [ListRow] = []
  /// The row a table view would highlight, after the commands so far.
  public private(set) var highlightedRow: Int?
  /// Runs after each command is recorded, like a screen that forwards a gesture while it is
  /// still updating.
  public var onCommand: ((Command) -> Void)?
  private let log: CommandLog?

  public init(log: CommandLog? = nil) {
    self.log = log
  }

  private func record(_ command: Command) {
    commands.append(command)
    log?.append(.list(command))
    onCommand?(command)
  }

  public func reloadRows(_ rows: ListRows, order: ListOrder) {
    self.rows = rows
    shownRows = Array(rows)
    highlightedRow = nil
    record(.reloadRows(rows.map(\.id), order: order))
  }
  public func updateRows(_ rows: ListRows, order: ListOrder, changes: ListRowChanges) {
    self.rows = rows
    for row in changes.removed.reversed() { shownRows.remove(at: row) }
    for row in changes.inserted { shownRows.insert(rows[row], at: row) }
    for row in changes.reloaded { shownRows[row] = rows[row] }
    highlightedRow = nil
    record(.updateRows(changes, order: order))
  }
  public func highlightRow(at row: Int) {
    highlightedRow = row
    record(.highlightRow(row))
  }
  public func scrollToRow(at row: Int, animated: Bool) {
    record(.scrollToRow(row, animated: animated))
  }
  public func clearHighlight() {
    highlightedRow = nil
    record(.clearHighlight)
  }
}
