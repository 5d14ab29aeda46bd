/// The identity of a cluster marker: the grid cell its clustering started from.
///
/// A cluster's identity is the cell, at the grid level its zoom uses, where its seed lies
/// (see <doc:TheViewportAndClusteringModel>). The same cell at the same level names the same
/// cluster while the camera pans, so a view can match the markers of two updates by identity.
/// Identities are unique among the markers of one update; they mean nothing across catalogs.
public struct MapClusterID: Hashable, Sendable {
  /// The grid level: the world square is divided into 2^`level` columns and as many rows.
  public let level: Int
  /// The cell's column, counted from the antimeridian eastwards, in `0..<2^level`.
  public let column: Int
  /// The cell's row, counted from the north edge southwards, in `0..<2^level`.
  public let row: Int
  /// 1 for the second of two clusters from one cell, else 0.
  ///
  /// When a view is almost as wide as the world, one cell can be cut by the view's two edges,
  /// its west part shown at the view's east edge and its east part at the west edge: two
  /// clusters, told apart by this number (1 for the one on the copy of the world further east).
  public let copy: Int

  /// Creates the identity of the cell at `level`, `column`, `row`, as printed by
  /// ``description``.
  public init(level: Int, column: Int, row: Int, copy: Int = 0) {
    self.level = level
    self.column = column
    self.row = row
    self.copy = copy
  }
}

extension MapClusterID {
  /// Feeds the identity to `hasher` in two words: markers are diffed by identity on every
  /// camera move.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(UInt64(truncatingIfNeeded: column) | UInt64(truncatingIfNeeded: row) << 32)
    hasher.combine(level << 1 | copy)
  }
}

extension MapClusterID: CustomStringConvertible {
  /// The identity as `level/column/row`, like a web map tile, for example `7/68/37`, with
  /// `+1` after it for the second copy of a cell.
  public var description: String {
    "\(level)/\(column)/\(row)" + (copy == 0 ? "" : "+\(copy)")
  }
}
