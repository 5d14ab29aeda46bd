// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// Test support: the spies' members mirror the documented view protocols one for one.

import PlacesModel
import ViewModels

/// A list view that records the commands it receives; rows are recorded by place identifier.
public final class ListViewSpy: ListViewDelegate {
  public enum Command: Equatable, Sendable {
    case reloadRows([Place.ID], order: ListOrder)
    case highlightRow(Int)
    case scrollToRow(Int, animated: Bool)
    case clearHighlight
  }

  public private(set) var commands: [Command] = []
  public private(set) var rows: [ListRow] = []
  private let log: CommandLog?

  public init(log: CommandLog? = nil) {
    self.log = log
  }

  private func record(_ command: Command) {
    commands.append(command)
    log?.append(.list(command))
  }

  public func reloadRows(_ rows: [ListRow], order: ListOrder) {
    self.rows = rows
    record(.reloadRows(rows.map(\.id), order: order))
  }
  public func highlightRow(at row: Int) { record(.highlightRow(row)) }
  public func scrollToRow(at row: Int, animated: Bool) {
    record(.scrollToRow(row, animated: animated))
  }
  public func clearHighlight() { record(.clearHighlight) }
}
