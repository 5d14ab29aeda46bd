import PlacesModel
import ViewModels

/// A list view that records the commands it receives; rows are recorded by place identifier.
final class ListViewSpy: ListViewDelegate {
  enum Command: Equatable {
    case reloadRows([Place.ID], order: ListOrder)
    case highlightRow(Int)
    case scrollToRow(Int, animated: Bool)
    case clearHighlight
  }

  private(set) var commands: [Command] = []
  private(set) var rows: [ListRow] = []
  private let log: CommandLog?

  init(log: CommandLog? = nil) {
    self.log = log
  }

  private func record(_ command: Command) {
    commands.append(command)
    log?.append(.list(command))
  }

  func reloadRows(_ rows: [ListRow], order: ListOrder) {
    self.rows = rows
    record(.reloadRows(rows.map(\.id), order: order))
  }
  func highlightRow(at row: Int) { record(.highlightRow(row)) }
  func scrollToRow(at row: Int, animated: Bool) { record(.scrollToRow(row, animated: animated)) }
  func clearHighlight() { record(.clearHighlight) }
}
