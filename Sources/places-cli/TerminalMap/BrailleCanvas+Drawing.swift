/// Filling polygons and drawing lines, in dot coordinates (dot (x, y) covers x..<x+1,
/// y..<y+1).
extension BrailleCanvas {
  /// Fills the polygon made of `rings` (an outer ring and its holes, in any winding) by the
  /// even-odd rule: a dot is set when its centre is inside an odd number of rings.
  ///
  /// Rings are closed implicitly. Only the dot rows the polygon spans are scanned.
  ///
  /// - Complexity: O(*r* × *e*) for *r* dot rows spanned and *e* edges, plus the dots set.
  mutating func fillPolygon(_ rings: [[TerminalMapPoint]]) {
    var minimumY = Double.infinity
    var maximumY = -Double.infinity
    for ring in rings {
      for point in ring {
        minimumY = min(minimumY, point.y)
        maximumY = max(maximumY, point.y)
      }
    }
    guard minimumY.isFinite, maximumY.isFinite else { return }
    let firstRow = max(Int((minimumY - 0.5).rounded(.up)), 0)
    let lastRow = min(Int((maximumY - 0.5).rounded(.down)), dotHeight - 1)
    guard firstRow <= lastRow else { return }
    var crossings: [Double] = []
    for row in firstRow...lastRow {
      let y = Double(row) + 0.5
      crossings.removeAll(keepingCapacity: true)
      for ring in rings where ring.count >= 3 {
        var previous = ring[ring.count - 1]
        for point in ring {
          if (previous.y <= y) != (point.y <= y) {
            let t = (y - previous.y) / (point.y - previous.y)
            crossings.append(previous.x + t * (point.x - previous.x))
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

  /// Sets the dots along the segment from `start` to `end`, one per step along its longer
  /// axis; the parts outside the canvas are skipped.
  mutating func drawLine(from start: TerminalMapPoint, to end: TerminalMapPoint) {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let steps = Int(max(abs(dx), abs(dy)).rounded(.up))
    guard steps > 0, steps < 1 << 20 else {
      setDot(x: Int(start.x.rounded(.down)), y: Int(start.y.rounded(.down)))
      return
    }
    for step in 0...steps {
      let t = Double(step) / Double(steps)
      setDot(x: Int((start.x + t * dx).rounded(.down)), y: Int((start.y + t * dy).rounded(.down)))
    }
  }

  /// Draws the outline of the closed ring through `points`.
  mutating func strokeRing(_ points: [TerminalMapPoint]) {
    guard var previous = points.last else { return }
    for point in points {
      drawLine(from: previous, to: point)
      previous = point
    }
  }
}
