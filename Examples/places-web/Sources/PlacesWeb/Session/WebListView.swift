import PlacesModel
import ViewModels

/// The list screen of one page: tells the page how many rows there are and which changed, and
/// sends the rows it asks for, those on its screen, from the rows the list view model gave last.
final class WebListView: ListViewDelegate {
  private let outbox: Outbox
  /// The rows last given; they produce each row when read.
  private(set) var rows = ListRows()
  /// One more for each set of rows given, so that the page drops rows of an older set.
  private(set) var version = 0

  init(outbox: Outbox) {
    self.outbox = outbox
  }

  func reloadRows(_ rows: ListRows, order: ListOrder) {
    self.rows = rows
    version += 1
    outbox.send("list") {
      $0.member("version", version)
      $0.member("count", rows.count)
      $0.member("order", order.rawValue)
    }
  }

  /// Sends the rows that changed, as the list view model gives them, so that the page keeps
  /// every other row it holds: `listUpdate` with the new `version`, `count` and `order`, then
  /// `removed` (numbered in the previous rows), `inserted` and `reloaded` (in the new rows).
  func updateRows(_ rows: ListRows, order: ListOrder, changes: ListRowChanges) {
    self.rows = rows
    version += 1
    outbox.send("listUpdate") { writer in
      writer.member("version", version)
      writer.member("count", rows.count)
      writer.member("order", order.rawValue)
      writer.integers("removed", changes.removed)
      writer.integers("inserted", changes.inserted)
      writer.integers("reloaded", changes.reloaded)
    }
  }

  func highlightRow(at row: Int) {
    outbox.send("highlightRow") { $0.member("row", row) }
  }

  func scrollToRow(at row: Int, animated: Bool) {
    outbox.send("scrollToRow") {
      $0.member("row", row)
      $0.member("animated", animated)
    }
  }

  func clearHighlight() {
    outbox.send("clearRowHighlight")
  }

  /// Sends the rows from `start`, at most `count`, of the rows last given.
  ///
  /// - Complexity: O(*count* log *n*): only the rows asked for are produced.
  func sendRows(from start: Int, count: Int) {
    let end = min(rows.count, start + count)
    outbox.send("rows") { writer in
      writer.member("version", version)
      writer.member("from", start)
      writer.key("rows")
      writer.beginArray()
      if start < end {
        for index in start..<end {
          let row = rows[index]
          writer.beginObject()
          writer.key("id")
          writer.placeID(row.id)
          writer.member("name", row.name)
          if let country = row.country { writer.member("country", country) }
          if let distance = row.distance { writer.member("distance", distance) }
          writer.endObject()
        }
      }
      writer.endArray()
    }
  }
}
