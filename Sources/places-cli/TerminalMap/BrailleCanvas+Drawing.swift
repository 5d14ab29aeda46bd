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

extension BrailleCanvas {
  /// Sets the dots along the segment from `start` to `end` (in points on the view), clipped to
  /// the canvas first, so a segment far larger than the canvas costs only the dots it crosses.
  ///
  /// - Complexity: O(dots along the clipped segment).
  mutating func drawLine(from start: MapPoint, to end: MapPoint) {
    let dot = TerminalMapScale.pointsPerDot
    var x0 = start.x / dot
    var y0 = start.y / dot
    var x1 = end.x / dot
    var y1 = end.y / dot
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
    // Liang–Barsky clipping to the canvas, in dots.
    let dx = x1 - x0
    let dy = y1 - y0
    var entering = 0.0
    var leaving = 1.0
    let edges = [
      (-dx, x0), (dx, Double(dotWidth) - x0), (-dy, y0), (dy, Double(dotHeight) - y0),
    ]
    for (p, q) in edges {
      if p == 0 {
        if q < 0 { return }
        continue
      }
      let t = q / p
      if p < 0 {
        entering = max(entering, t)
      } else {
        leaving = min(leaving, t)
      }
      if entering > leaving { return }
    }
    (x0, y0, x1, y1) = (
      x0 + entering * dx, y0 + entering * dy, x0 + leaving * dx, y0 + leaving * dy
    )
    let steps = Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up))
    for step in 0...max(steps, 0) {
      let t = steps == 0 ? 0 : Double(step) / Double(steps)
      let x = Int((x0 + t * (x1 - x0)).rounded(.down))
      let y = Int((y0 + t * (y1 - y0)).rounded(.down))
      if (0..<dotWidth).contains(x), (0..<dotHeight).contains(y) {
        setDot(x: x, y: y)
      }
    }
  }
}
