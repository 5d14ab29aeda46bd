/// The rows that changed between two sets of rows of the places list, for a view that updates
/// only those (a table view's batch updates).
///
/// Deleting the rows at ``removed`` from the previous rows, from the last to the first, then
/// inserting the new rows at ``inserted``, from the first to the last, gives the new rows; the
/// rows at ``reloaded`` then show new values in place (a new country, say, or a new distance
/// for a place that moved but kept its row). A place whose row moves (a new name in name
/// order, a new coordinate in distance order) is removed and inserted. Every other row shows
/// exactly what it showed, in the same order: a row whose values changed is always among
/// those named, whether or not its place changed rank.
public struct ListRowChanges: Equatable, Sendable {
  /// The rows removed, numbered in the previous rows, ascending.
  public let removed: [Int]
  /// The rows inserted, numbered in the new rows, ascending.
  public let inserted: [Int]
  /// The rows whose values changed in place, numbered in the new rows, ascending.
  public let reloaded: [Int]

  /// Creates the changes from their parts, each in ascending order.
  package init(removed: [Int], inserted: [Int], reloaded: [Int]) {
    self.removed = removed
    self.inserted = inserted
    self.reloaded = reloaded
  }

  /// Whether no row changed.
  public var isEmpty: Bool {
    removed.isEmpty && inserted.isEmpty && reloaded.isEmpty
  }
}
