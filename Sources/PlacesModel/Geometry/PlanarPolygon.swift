/// A polygon in the plane, its exterior ring first and its holes after, and the points found
/// inside it: a point on its surface and its pole of inaccessibility.
///
/// Rings need not repeat their first vertex at the end; each is closed implicitly. Inside means
/// inside by the even-odd rule, so a hole's inside is outside the polygon.
struct PlanarPolygon {
  /// The vertices' x and y, every ring after the other.
  private let xs: [Double]
  private let ys: [Double]
  /// Ring *k* is vertices `ringEnds[k - 1]..<ringEnds[k]` (from 0 for the first).
  private let ringEnds: [Int]

  /// Creates the polygon whose vertices are (`xs[i]`, `ys[i]`), ring *k* ending before
  /// `ringEnds[k]`; the first ring is the exterior.
  init(xs: [Double], ys: [Double], ringEnds: [Int]) {
    self.xs = xs
    self.ys = ys
    self.ringEnds = ringEnds
  }

  /// The bounding box of the exterior ring.
  private var exteriorBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let end = ringEnds.first ?? 0
    var box = (
      minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity,
      maxY: -Double.infinity
    )
    for index in 0..<end {
      box.minX = min(box.minX, xs[index])
      box.maxX = max(box.maxX, xs[index])
      box.minY = min(box.minY, ys[index])
      box.maxY = max(box.maxY, ys[index])
    }
    return box
  }

  // MARK: - Distance

  /// The distance from (x, y) to the nearest edge: positive inside the polygon, negative
  /// outside.
  ///
  /// - Complexity: O(*n*) in the number of vertices.
  func signedDistance(x: Double, y: Double) -> Double {
    var isInside = false
    var nearest = Double.infinity
    var ringStart = 0
    for ringEnd in ringEnds {
      guard ringEnd > ringStart else { continue }
      var previous = ringEnd - 1
      for current in ringStart..<ringEnd {
        let (ax, ay) = (xs[current], ys[current])
        let (bx, by) = (xs[previous], ys[previous])
        if (ay > y) != (by > y), x < (bx - ax) * (y - ay) / (by - ay) + ax {
          isInside.toggle()
        }
        nearest = min(nearest, Self.squaredDistance(x, y, toSegment: ax, ay, bx, by))
        previous = current
      }
      ringStart = ringEnd
    }
    let distance = nearest.squareRoot()
    return isInside ? distance : -distance
  }

  /// The squared distance from (x, y) to the segment from (ax, ay) to (bx, by).
  @inline(__always)
  private static func squaredDistance(
    _ x: Double, _ y: Double, toSegment ax: Double, _ ay: Double, _ bx: Double, _ by: Double
  ) -> Double {
    var px = ax
    var py = ay
    let dx = bx - ax
    let dy = by - ay
    if dx != 0 || dy != 0 {
      let t = ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)
      if t > 1 {
        px = bx
        py = by
      } else if t > 0 {
        px += dx * t
        py += dy * t
      }
    }
    let ex = x - px
    let ey = y - py
    return ex * ex + ey * ey
  }

  // MARK: - A point on the surface

  /// A point inside the polygon, found as GEOS and GDAL find a point on a surface: the
  /// middle of the widest stretch of the polygon along a horizontal line through the middle
  /// of its height, placed between vertices so that it crosses edges cleanly; `nil` for a
  /// polygon without area.
  ///
  /// - Complexity: O(*n* log *n*) in the number of vertices.
  func pointOnSurface() -> (x: Double, y: Double)? {
    let box = exteriorBox
    guard box.minY < box.maxY else { return nil }
    let middle = (box.minY + box.maxY) / 2
    // The nearest vertex heights either side of the middle, so that no vertex lies on the line.
    var below = box.minY
    var above = box.maxY
    for y in ys {
      if y <= middle {
        below = max(below, y)
      } else {
        above = min(above, y)
      }
    }
    let lineY = (below + above) / 2
    var crossings: [Double] = []
    var ringStart = 0
    for ringEnd in ringEnds {
      guard ringEnd > ringStart else { continue }
      var previous = ringEnd - 1
      for current in ringStart..<ringEnd {
        let (ax, ay) = (xs[current], ys[current])
        let (bx, by) = (xs[previous], ys[previous])
        if (ay > lineY) != (by > lineY) {
          crossings.append(ax + (lineY - ay) * (bx - ax) / (by - ay))
        }
        previous = current
      }
      ringStart = ringEnd
    }
    crossings.sort()
    var best: (x: Double, width: Double)?
    var index = 0
    while index + 1 < crossings.count {
      let width = crossings[index + 1] - crossings[index]
      if width > 0, width > best?.width ?? 0 {
        best = ((crossings[index] + crossings[index + 1]) / 2, width)
      }
      index += 2
    }
    return best.map { ($0.x, lineY) }
  }

  // MARK: - The pole of inaccessibility

  /// The point inside the polygon farthest from its edges, found to within `precision` by the
  /// search Mapbox's polylabel made known: cover the polygon with square cells, and split the
  /// cell that could hold a farther point than the best so far, until none can by more than
  /// `precision`.
  ///
  /// The search starts from the polygon's centroid, the centre of its box and a point on its
  /// surface, so the result is inside the polygon whenever the polygon has an inside; it looks
  /// at most `maximumProbes` points, so its cost is bounded for any polygon.
  ///
  /// - Returns: The point, or `nil` for a polygon without area.
  /// - Complexity: O(*p* *n*) for *n* vertices and *p* points looked at.
  func poleOfInaccessibility(precision: Double, maximumProbes: Int) -> (x: Double, y: Double)? {
    let box = exteriorBox
    let width = box.maxX - box.minX
    let height = box.maxY - box.minY
    guard width > 0, height > 0, let surface = pointOnSurface() else { return nil }

    var best = Cell(x: surface.x, y: surface.y, halfSize: 0, polygon: self)
    var probes = 1
    for candidate in [centroid, ((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)] {
      guard let (x, y) = candidate else { continue }
      let cell = Cell(x: x, y: y, halfSize: 0, polygon: self)
      probes += 1
      if cell.distance > best.distance {
        best = cell
      }
    }

    // Square cells covering the box; fewer, larger ones for a long thin box.
    var cellSize = min(width, height)
    let cellBudget = Double(max(maximumProbes / 4, 1))
    if (width / cellSize) * (height / cellSize) > cellBudget {
      cellSize = (width * height / cellBudget).squareRoot()
    }
    var cells = MinimumHeap<Cell>()
    var x = box.minX
    while x < box.maxX {
      var y = box.minY
      while y < box.maxY {
        cells.insert(
          Cell(x: x + cellSize / 2, y: y + cellSize / 2, halfSize: cellSize / 2, polygon: self))
        probes += 1
        y += cellSize
      }
      x += cellSize
    }

    while let cell = cells.popMinimum() {
      if cell.distance > best.distance {
        best = cell
      }
      guard cell.potential - best.distance > precision, probes + 4 <= maximumProbes else {
        continue
      }
      let half = cell.halfSize / 2
      for (dx, dy) in [(-half, -half), (half, -half), (-half, half), (half, half)] {
        cells.insert(Cell(x: cell.x + dx, y: cell.y + dy, halfSize: half, polygon: self))
      }
      probes += 4
    }
    return best.distance > 0 ? (best.x, best.y) : surface
  }

  /// The centroid of the polygon's area, holes taken out; `nil` without area.
  private var centroid: (Double, Double)? {
    var area = 0.0
    var cx = 0.0
    var cy = 0.0
    var ringStart = 0
    for ringEnd in ringEnds {
      guard ringEnd > ringStart else { continue }
      var previous = ringEnd - 1
      for current in ringStart..<ringEnd {
        let cross = xs[previous] * ys[current] - xs[current] * ys[previous]
        cx += (xs[previous] + xs[current]) * cross
        cy += (ys[previous] + ys[current]) * cross
        area += cross
        previous = current
      }
      ringStart = ringEnd
    }
    guard area != 0 else { return nil }
    return (cx / (3 * area), cy / (3 * area))
  }

  /// A square cell of the search: its centre, its distance to the polygon and the farthest any
  /// point in it can be.
  ///
  /// Ordered so that a ``MinimumHeap`` gives the most promising first.
  private struct Cell: Comparable {
    let x: Double
    let y: Double
    let halfSize: Double
    let distance: Double
    /// The farthest from the edges a point of the cell can be.
    let potential: Double

    init(x: Double, y: Double, halfSize: Double, polygon: PlanarPolygon) {
      self.x = x
      self.y = y
      self.halfSize = halfSize
      distance = polygon.signedDistance(x: x, y: y)
      potential = distance + halfSize * 2.0.squareRoot()
    }

    static func < (left: Cell, right: Cell) -> Bool {
      left.potential > right.potential
    }

    static func == (left: Cell, right: Cell) -> Bool {
      left.potential == right.potential
    }
  }
}
