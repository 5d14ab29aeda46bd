import ViewModels

/// Filling polygons given in points on a map view: a dot stands for
/// ``TerminalMapScale/pointsPerDot`` points each way, so dot (x, y) covers the points from
/// (4x, 4y) to (4x + 4, 4y + 4).
extension BrailleCanvas {
  /// Fills the polygon made of `rings` (an outer ring and its holes, in any winding, in points
  /// on the view) by the even-odd rule: a dot is set when its centre is inside an odd number of
  /// rings.
  ///
  /// Rings are closed implicitly. Only the dot rows the polygon spans are scanned.
  ///
  /// - Complexity: O(*r* × *e*) for *r* dot rows spanned and *e* edges, plus the dots set.
  mutating func fillPolygon(_ rings: [[MapPoint]]) {
    let dot = TerminalMapScale.pointsPerDot
    var minimumY = Double.infinity
    var maximumY = -Double.infinity
    for ring in rings {
      for point in ring {
        minimumY = min(minimumY, point.y)
        maximumY = max(maximumY, point.y)
      }
    }
    guard minimumY.isFinite, maximumY.isFinite else { return }
    let firstRow = max(Int((minimumY / dot - 0.5).rounded(.up)), 0)
    let lastRow = min(Int((maximumY / dot - 0.5).rounded(.down)), dotHeight - 1)
    guard firstRow <= lastRow else { return }
    var crossings: [Double] = []
    for row in firstRow...lastRow {
      let y = (Double(row) + 0.5) * dot
      crossings.removeAll(keepingCapacity: true)
      for ring in rings where ring.count >= 3 {
        var previous = ring[ring.count - 1]
        for point in ring {
          if (previous.y <= y) != (point.y <= y) {
            let t = (y - previous.y) / (point.y - previous.y)
            crossings.append((previous.x + t * (point.x - previous.x)) / dot)
          }
          previous = point
        }
      }
      crossings.sort()
      var index = 0
      while index + 1 < crossings.count {
        let first = max(Int((crossings[index] - 0.5).rounded(.up)), 0)
        let last = min(Int((crossings[index + 1] - 0.5).rounded(.up)) - 1, dotWidth - 1)
        if first <= last {
          for column in first...last {
            setDot(x: column, y: row)
          }
        }
        index += 2
      }
    }
  }
}
