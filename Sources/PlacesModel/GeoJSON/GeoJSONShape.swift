/// The positions of one feature's geometry, kept while the feature is read so that it can be
/// placed: its points, lines and polygons, as parts made of rings.
///
/// The buffers are reused from one feature to the next, so reading a file allocates them only
/// while they grow.
struct GeoJSONShape {
  /// What a part is, which decides how it is placed.
  enum Dimension: Comparable {
    /// Points: a Point, or all the points of a MultiPoint, as one ring.
    case point
    /// A line: a LineString, or one line of a MultiLineString, as one ring.
    case line
    /// A polygon: its exterior ring, then its holes.
    case area
  }

  /// One point, line or polygon of the geometry.
  struct Part {
    var dimension: Dimension
    /// The part's rings, as positions in ``rings``.
    var rings: Range<Int>
  }

  /// Longitudes and latitudes, alternately, in the order they were read.
  private(set) var coordinates: [Double] = []
  /// Each ring's positions, as positions in ``coordinates`` (position *i* is
  /// `coordinates[2 * i]`, `coordinates[2 * i + 1]`).
  private(set) var rings: [Range<Int>] = []
  /// The parts, in the order their geometries ended.
  private(set) var parts: [Part] = []
  /// The arrays of `coordinates` closed so far, as their nesting level (0 for `coordinates`
  /// itself) and the number of positions read when they closed.
  private(set) var closedArrays: [(level: Int, positionCount: Int)] = []

  /// The number of positions read.
  var positionCount: Int { coordinates.count / 2 }

  /// Forgets every position, keeping the buffers' capacity.
  mutating func removeAll() {
    coordinates.removeAll(keepingCapacity: true)
    rings.removeAll(keepingCapacity: true)
    parts.removeAll(keepingCapacity: true)
    closedArrays.removeAll(keepingCapacity: true)
  }

  /// The longitude of position `index`.
  @inline(__always)
  func longitude(at index: Int) -> Double { coordinates[2 * index] }

  /// The latitude of position `index`.
  @inline(__always)
  func latitude(at index: Int) -> Double { coordinates[2 * index + 1] }

  // MARK: - Reading

  /// Records a position.
  @inline(__always)
  mutating func append(longitude: Double, latitude: Double) {
    coordinates.append(longitude)
    coordinates.append(latitude)
  }

  /// Records that an array of `coordinates` at `level` closed, unless it held positions
  /// directly.
  @inline(__always)
  mutating func closeArray(level: Int) {
    closedArrays.append((level, positionCount))
  }

  /// Turns what one geometry's `coordinates` held into parts, once its type is known.
  ///
  /// - Parameters:
  ///   - positions: The positions its `coordinates` added.
  ///   - arrays: The arrays its `coordinates` closed, as positions in ``closedArrays``.
  ///   - positionDepth: How many arrays hold its positions: 0 for a Point, up to 3 for a
  ///     MultiPolygon.
  ///   - isLine: Whether positions at depth 1 form a line (a LineString) rather than points (a
  ///     MultiPoint); whether those at depth 2 form lines (a MultiLineString) rather than one
  ///     polygon's rings.
  mutating func addParts(
    positions: Range<Int>, arrays: Range<Int>, positionDepth: Int, isLine: Bool
  ) {
    guard !positions.isEmpty else { return }
    switch positionDepth {
    case 0:
      addPart(.point, ring: positions)
    case 1:
      addPart(isLine ? .line : .point, ring: positions)
    case 2:
      // Arrays at level 1 end rings (or lines).
      let ringsStart = rings.count
      var ringStart = positions.lowerBound
      for index in arrays where closedArrays[index].level == 1 {
        let end = closedArrays[index].positionCount
        if end > ringStart {
          rings.append(ringStart..<end)
          if isLine {
            parts.append(Part(dimension: .line, rings: rings.count - 1..<rings.count))
          }
        }
        ringStart = end
      }
      if !isLine, rings.count > ringsStart {
        parts.append(Part(dimension: .area, rings: ringsStart..<rings.count))
      }
    default:
      // Arrays at level 2 end rings, at level 1 polygons.
      var ringsStart = rings.count
      var ringStart = positions.lowerBound
      for index in arrays {
        let (level, end) = closedArrays[index]
        if level == 2 {
          if end > ringStart {
            rings.append(ringStart..<end)
          }
          ringStart = end
        } else if level == 1 {
          if rings.count > ringsStart {
            parts.append(Part(dimension: .area, rings: ringsStart..<rings.count))
          }
          ringsStart = rings.count
        }
      }
    }
  }

  /// Forgets the parts from `start` on, which a geometry that is not a GeometryCollection
  /// read in a `geometries` member it should not have.
  mutating func removeParts(from start: Int) {
    parts.removeSubrange(start...)
  }

  private mutating func addPart(_ dimension: Dimension, ring: Range<Int>) {
    rings.append(ring)
    parts.append(Part(dimension: dimension, rings: rings.count - 1..<rings.count))
  }
}
