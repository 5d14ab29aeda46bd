import ViewModels

/// How a terminal map panel measures the view models' points: a terminal cell stands for
/// ``pointsPerColumn`` by ``pointsPerRow`` points (8 by 16, the shape of a typical character
/// cell, so a panel of 80 by 24 cells is 640 by 384 points), and each of a braille character's
/// 2 by 4 dots for ``pointsPerDot`` by ``pointsPerDot`` points: square dots, so shapes keep
/// their proportions.
enum TerminalMapScale {
  /// The points a terminal column stands for.
  static let pointsPerColumn = 8.0
  /// The points a terminal row stands for.
  static let pointsPerRow = 16.0
  /// The points a braille dot stands for, in both directions.
  static let pointsPerDot = 4.0

  /// The size in points of a panel of `columns` by `rows` cells; `nil` when either is not
  /// positive or the panel is larger than a map view may be.
  static func viewSize(columns: Int, rows: Int) -> MapSize? {
    try? MapSize(width: Double(columns) * pointsPerColumn, height: Double(rows) * pointsPerRow)
  }
}
