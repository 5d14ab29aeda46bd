import ViewModels

/// A list screen that prints each command it receives as a line naming the view `list`.
///
/// Rows are printed as their count and order, so that a catalog of any size takes one line;
/// like a screen, it reads no row it does not show, and it shows none.
final class ConsoleListView: ListViewDelegate {
  private let output: OutputBuffer

  /// Creates a view that prints into `output`.
  init(output: OutputBuffer) {
    self.output = output
  }

  private func emit(_ command: String, _ fields: (name: String, value: OutputValue)...) {
    output.append(OutputRecord(heading: ("list", command), fields: fields))
  }

  func reloadRows(_ rows: ListRows, order: ListOrder) {
    emit("reloadRows", ("count", .integer(rows.count)), ("order", .word(order.rawValue)))
  }

  func updateRows(_ rows: ListRows, order: ListOrder, changes: ListRowChanges) {
    emit(
      "updateRows", ("count", .integer(rows.count)), ("order", .word(order.rawValue)),
      ("removed", .integer(changes.removed.count)), ("inserted", .integer(changes.inserted.count)),
      ("reloaded", .integer(changes.reloaded.count)))
  }

  func highlightRow(at row: Int) {
    emit("highlightRow", ("row", .integer(row)))
  }

  func scrollToRow(at row: Int, animated: Bool) {
    emit("scrollToRow", ("row", .integer(row)), ("animated", .boolean(animated)))
  }

  func clearHighlight() {
    emit("clearHighlight")
  }
}
