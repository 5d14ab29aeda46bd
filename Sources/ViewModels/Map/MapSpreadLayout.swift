import Foundation

/// Where a spread's markers go around their spot: on a circle while they are few, else on a
/// spiral, each at least ``spacing`` points from every other and from the spot, and inside
/// the view.
///
/// Positions are tried in a fixed order and each is kept only if it lies in the view (inset by
/// half the spacing) and no kept position, the spot included, is within the spacing of it; so
/// no two positions are ever too close, whatever the geometry, and the order is the same for
/// every page of one spread.
package struct MapSpreadLayout {
  /// The most places a circle holds: more go on a spiral, as Leaflet.markercluster does.
  package static let circleLimit = 8

  /// The least distance between two positions, in points.
  package let spacing: Double
  /// The spot, in points on the view.
  package let centre: MapPoint
  /// The view's size.
  package let viewSize: MapSize

  /// A layout `spacing` points apart around `centre` in a view of `viewSize`.
  package init(spacing: Double, centre: MapPoint, viewSize: MapSize) {
    self.spacing = spacing
    self.centre = centre
    self.viewSize = viewSize
  }

  /// The offsets from the spot, at most `count` of them.
  ///
  /// The circle when it holds `count` inside the view, else as many spiral positions as fit
  /// in the view, up to `count`. When none fits (a view smaller than the spacing), the circle
  /// of up to ``circleLimit``, wherever it falls.
  ///
  /// - Complexity: O(*p*) for *p* positions tried: about the view's area over the spacing's
  ///   square.
  package func offsets(count: Int) -> [MapPoint] {
    guard count > 0 else { return [] }
    if count <= Self.circleLimit {
      let circle = circleOffsets(count: count)
      if circle.allSatisfy(isInView) { return circle }
    }
    let spiral = spiralOffsets(limit: count)
    return spiral.isEmpty ? circleOffsets(count: min(count, Self.circleLimit)) : spiral
  }

  /// `count` offsets evenly on the smallest circle that keeps them the spacing apart and away
  /// from the spot, the first straight above it.
  private func circleOffsets(count: Int) -> [MapPoint] {
    let step = 2 * Double.pi / Double(count)
    // Neighbours on a circle of radius r are 2 r sin(step / 2) apart.
    let chordRadius = count > 1 ? spacing / (2 * sin(step / 2)) : spacing
    let radius = max(spacing, chordRadius) * (1 + 1e-9)
    return (0..<count).map { index in
      let angle = -Double.pi / 2 + step * Double(index)
      return MapPoint(x: radius * cos(angle), y: radius * sin(angle))
    }
  }

  /// Up to `limit` offsets along an Archimedean spiral whose turns lie a little more than the
  /// spacing apart, from the spacing out to the view's farthest corner, each kept only if it
  /// is in the view and the spacing away from all kept before it.
  private func spiralOffsets(limit: Int) -> [MapPoint] {
    let growth = spacing * 1.1 / (2 * Double.pi)
    let farthest =
      [
        MapPoint(x: 0, y: 0), MapPoint(x: viewSize.width, y: 0),
        MapPoint(x: 0, y: viewSize.height), MapPoint(x: viewSize.width, y: viewSize.height),
      ].map(centre.distance(to:)).max() ?? 0
    var kept = SpacedPoints(spacing: spacing)
    kept.insert(MapPoint(x: 0, y: 0))
    var offsets: [MapPoint] = []
    var angle = 0.0
    var radius = spacing
    while offsets.count < limit, radius <= farthest + spacing {
      let offset = MapPoint(x: radius * cos(angle), y: radius * sin(angle))
      if isInView(offset), kept.isClear(offset) {
        kept.insert(offset)
        offsets.append(offset)
      }
      // A step along the curve of a quarter of the spacing: fine enough to miss no gap.
      angle += spacing / 4 / radius
      radius = spacing + growth * angle
    }
    return offsets
  }

  /// Whether a marker at `offset` from the spot lies wholly in the view.
  private func isInView(_ offset: MapPoint) -> Bool {
    let (x, y) = (centre.x + offset.x, centre.y + offset.y)
    let half = spacing / 2
    return x >= half && x <= viewSize.width - half && y >= half && y <= viewSize.height - half
  }
}

/// Points kept at least a spacing apart, found by a grid of cells as wide as the spacing.
private struct SpacedPoints {
  package let spacing: Double
  private var cells: [Cell: [MapPoint]] = [:]

  private struct Cell: Hashable {
    let column: Int
    let row: Int
  }

  init(spacing: Double) {
    self.spacing = spacing
  }

  private func cell(of point: MapPoint) -> Cell {
    Cell(
      column: Int((point.x / spacing).rounded(.down)), row: Int((point.y / spacing).rounded(.down)))
  }

  /// Whether no point kept is closer than the spacing to `point`.
  func isClear(_ point: MapPoint) -> Bool {
    let home = cell(of: point)
    for column in home.column - 1...home.column + 1 {
      for row in home.row - 1...home.row + 1 {
        for other in cells[Cell(column: column, row: row)] ?? []
        where other.distance(to: point) < spacing {
          return false
        }
      }
    }
    return true
  }

  mutating func insert(_ point: MapPoint) {
    cells[cell(of: point), default: []].append(point)
  }
}
