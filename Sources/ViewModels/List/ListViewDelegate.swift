import PlacesModel

/// The commands a list screen carries out.
///
/// A ``ListViewModel`` calls these on the isolation domain that owns it; the screen only draws.
/// At most one row is highlighted at a time. Row numbers refer to the rows of the last
/// `reloadRows`.
public protocol ListViewDelegate: AnyObject {
  /// Replaces every row with `rows`, shown in `order`, leaving none highlighted.
  ///
  /// `rows` produces each row when it is read: keep it, and read `rows.count` and the rows on
  /// screen, as a table view asks its data source, rather than every row.
  func reloadRows(_ rows: ListRows, order: ListOrder)
  /// Replaces the rows with `rows`, shown in `order`, where only the rows `changes` names
  /// differ from those shown, leaving none highlighted.
  ///
  /// The default reloads every row with ``reloadRows(_:order:)``; a table view implements it
  /// with batch updates, animating the rows that changed.
  func updateRows(_ rows: ListRows, order: ListOrder, changes: ListRowChanges)
  /// Highlights the row at `row`, removing the highlight from any other.
  func highlightRow(at row: Int)
  /// Scrolls until the row at `row` is visible.
  func scrollToRow(at row: Int, animated: Bool)
  /// Removes the highlight, leaving no row highlighted.
  func clearHighlight()
}

extension ListViewDelegate {
  /// Calls ``reloadRows(_:order:)``.
  public func updateRows(_ rows: ListRows, order: ListOrder, changes: ListRowChanges) {
    reloadRows(rows, order: order)
  }
}
