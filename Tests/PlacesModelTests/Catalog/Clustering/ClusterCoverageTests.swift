import Foundation
import PlacesModel
import PlacesModelTestSupport
import Testing

/// A view's query counts every place in view once, and entries' reaches and means are exact.
///
/// At every level and zoom, on data made to chain clusters far from their positions, on the
/// world file, and after edits: each place in view is counted by exactly one entry found, and
/// each entry's reach and mean are those of its places. Checked against brute force with fixed
/// seeds.
struct ClusterCoverageTests {
  static let radius = 60.0
  static let maximumLevel = 16

  // MARK: - Catalogs made to chain

  /// Places in lines spaced just under the radius apart at levels 3, 5, 8 and 11, rings of
  /// places as far apart, and a dense city beside a sparse coast.
  static func chainingCatalog(seed: UInt64) -> [Place] {
    var generator = SplitMix64(seed: seed)
    var coordinates: [(Double, Double)] = []
    func degrees(atLevel level: Int) -> Double {
      radius / (256 * Double(1 << level)) * 360 * 0.97
    }
    // Lines along parallels, along a meridian and on a diagonal, across the antimeridian too.
    for (index, level) in [3, 5, 8, 11].enumerated() {
      let step = degrees(atLevel: level)
      let latitude = -40 + Double(index) * 25
      let start = Double.random(in: -180...180, using: &generator)
      for number in 0..<min(400, Int(60 / step)) {
        coordinates.append((latitude, start + Double(number) * step))
        coordinates.append((-60 + Double(number) * step * 0.7, start + 40 + Double(number) * step))
      }
      for number in 0..<min(200, Int(30 / step)) {
        coordinates.append((-20 + Double(number) * step, start - 30))
      }
    }
    // Rings whose neighbours are just under the radius apart.
    for level in [4, 7, 10] {
      let step = degrees(atLevel: level)
      let centre = (
        Double.random(in: -50...50, using: &generator),
        Double.random(in: -180...180, using: &generator)
      )
      for count in [12, 40, 150] {
        let ringRadius = step * Double(count) / (2 * Double.pi)
        for number in 0..<count {
          let angle = 2 * Double.pi * Double(number) / Double(count)
          coordinates.append(
            (centre.0 + ringRadius * sin(angle), centre.1 + ringRadius * cos(angle)))
        }
      }
    }
    // A dense city beside a sparse coast.
    let city = (Double.random(in: -40...40, using: &generator), 100.0)
    for _ in 0..<1_500 {
      coordinates.append(
        (
          city.0 + Double.random(in: -0.05...0.05, using: &generator),
          city.1 + Double.random(in: -0.05...0.05, using: &generator)
        ))
    }
    for number in 0..<600 {
      let along = Double(number) * 0.04
      coordinates.append((city.0 - 12 + along, city.1 + 0.2 + 0.8 * sin(along / 2)))
    }
    return coordinates.enumerated().map { index, coordinate in
      var longitude = coordinate.1.truncatingRemainder(dividingBy: 360)
      if longitude > 180 { longitude -= 360 }
      if longitude < -180 { longitude += 360 }
      return Place(
        id: PlaceID(index), name: "Place \(index)",
        coordinate: .fixture(min(max(coordinate.0, -89), 89), longitude),
        population: Int.random(in: 0...3, using: &generator) * 1_000)
    }
  }

  // MARK: - Brute force

  /// A random view at `level` shown at a zoom from the level to the end of its hysteresis
  /// band (a quarter past the next level), fractional or whole, around a place or anywhere.
  static func randomView(
    at level: Int, placeLevel: Int, positions: [(x: UInt32, y: UInt32)],
    using generator: inout SplitMix64
  ) -> (view: MercatorRect, margin: UInt32, zoom: Double) {
    let band = level == placeLevel ? 4.0 : 1.25
    let zoom =
      Bool.random(using: &generator)
      ? Double(level) : Double(level) + Double.random(in: 0..<band, using: &generator)
    let unitsPerPoint = WebMercator.unitsPerPoint(atZoom: zoom)
    let centre: (x: Double, y: Double)
    if !positions.isEmpty, Int.random(in: 0..<4, using: &generator) > 0 {
      let place = positions[Int.random(in: 0..<positions.count, using: &generator)]
      let jitter = 400 * unitsPerPoint
      centre = (
        Double(place.x) + Double.random(in: -jitter...jitter, using: &generator),
        Double(place.y) + Double.random(in: -jitter...jitter, using: &generator)
      )
    } else {
      centre = (
        Double.random(in: 0..<WebMercator.worldSize, using: &generator),
        Double.random(in: 0..<WebMercator.worldSize, using: &generator)
      )
    }
    let halfWidth = Double.random(in: 150...600, using: &generator) * unitsPerPoint
    let halfHeight = Double.random(in: 150...600, using: &generator) * unitsPerPoint
    let world = WebMercator.worldSize
    let rows =
      UInt32(
        min(max(centre.y - halfHeight, 0), world - 1))...UInt32(
        min(max(centre.y + halfHeight, 0), world - 1))
    let margin = UInt32((radius * unitsPerPoint).rounded(.up))
    guard 2 * halfWidth < world - 2 else {
      return (MercatorRect(west: 0, east: .max, y: rows), margin, zoom)
    }
    func wrapped(_ x: Double) -> UInt32 {
      var fraction = (x / world).truncatingRemainder(dividingBy: 1)
      if fraction < 0 { fraction += 1 }
      return UInt32(min(fraction * world, world - 1))
    }
    return (
      MercatorRect(
        west: wrapped(centre.x - halfWidth), east: wrapped(centre.x + halfWidth), y: rows),
      margin, zoom
    )
  }

  /// The entry of each place (by handle) at every level, from the place level up.
  static func ancestors(in hierarchy: ClusterHierarchy, handles: [UInt32]) -> [[Int]] {
    var ancestors = [[Int]](repeating: [], count: hierarchy.placeLevel + 1)
    ancestors[hierarchy.placeLevel] = handles.map { hierarchy.entry(ofPlaceWithHandle: $0) ?? -1 }
    for level in stride(from: hierarchy.placeLevel - 1, through: 0, by: -1) {
      let below = hierarchy.level(level + 1)
      ancestors[level] = ancestors[level + 1].map { below.parent($0) }
    }
    return ancestors
  }

  /// Checks `cameras` random views at every level of `hierarchy`, whose places at `positions`
  /// have `handles`: each place in view is counted by the entry found that holds it, every
  /// entry within the margin is found, and every entry found is within the margin or reaches
  /// into the view.
  static func checkCoverage(
    of hierarchy: ClusterHierarchy, handles: [UInt32], positions: [(x: UInt32, y: UInt32)],
    cameras: Int, seed: UInt64, label: String
  ) {
    var generator = SplitMix64(seed: seed)
    let ancestors = ancestors(in: hierarchy, handles: handles)
    var missed = 0
    for camera in 0..<cameras {
      let level = camera % (hierarchy.placeLevel + 1)
      let (view, margin, zoom) = randomView(
        at: level, placeLevel: hierarchy.placeLevel, positions: positions, using: &generator)
      let found = hierarchy.entries(atLevel: level, inView: view, margin: margin)
      #expect(zip(found, found.dropFirst()).allSatisfy { $0 < $1 }, "\(label): ascending")
      let foundSet = Set(found)
      for (place, position) in positions.enumerated() where view.contains(position) {
        if !foundSet.contains(ancestors[level][place]) { missed += 1 }
      }
      let node = hierarchy.level(level)
      let region = view.widened(by: margin)
      for entry in node.liveEntries where region.contains((node.x(entry), node.y(entry))) {
        #expect(foundSet.contains(entry), "\(label): an entry within the margin is shown")
      }
      for entry in found {
        #expect(
          node.count(entry) > 0
            && (region.contains((node.x(entry), node.y(entry)))
              || node.bounds(entry).intersects(view)),
          "\(label): level \(level) zoom \(zoom): an entry shown has a reason")
      }
    }
    #expect(missed == 0, "\(label): places in view that no entry found counts")
  }

  /// Checks that each live entry's mean is its places' exact mean (its sum's remainders are
  /// the places' offsets from it, summed) and, on levels as built, that its reach is the
  /// farthest any of its places lies along either axis.
  static func checkMeansAndReaches(
    of hierarchy: ClusterHierarchy, position: (UInt32) -> (x: UInt32, y: UInt32), label: String
  ) {
    for levelNumber in 0...hierarchy.placeLevel {
      let level = hierarchy.level(levelNumber)
      for entry in level.liveEntries {
        let members = hierarchy.places(of: entry, at: levelNumber).map(position)
        let (x, y) = (level.x(entry), level.y(entry))
        let dx = members.map { Int64(Int32(bitPattern: $0.x &- x)) }
        let dy = members.map { Int64($0.y) - Int64(y) }
        let spread = dx.map { abs($0) }.max() ?? 0
        // A mean across half the world depends on the copies it was summed on.
        guard spread < 1 << 30 else { continue }
        let mean = level.sum(entry).mean
        #expect(mean.x == x && mean.y == y, "\(label): level \(levelNumber)")
        #expect(
          dx.reduce(0, +) == Int64(mean.remainderX) && dy.reduce(0, +) == Int64(mean.remainderY),
          "\(label): level \(levelNumber): the mean of the places, exactly")
        if level.isUnedited {
          let farthest = max(spread, dy.map { abs($0) }.max() ?? 0)
          #expect(
            Int64(level.built.reach[entry]) == farthest, "\(label): level \(levelNumber): reach")
        }
      }
    }
  }

  // MARK: - Tests

  @Test(arguments: [1, 2] as [UInt64])
  func everyPlaceInViewIsCountedOnChainingData(seed: UInt64) {
    let places = Self.chainingCatalog(seed: seed)
    let hierarchy = ClusterHierarchy(
      places: places, radius: Self.radius, maximumLevel: Self.maximumLevel)
    let positions = places.map { WebMercator.position(of: $0.coordinate) }
    Self.checkCoverage(
      of: hierarchy, handles: places.indices.map { UInt32($0) }, positions: positions,
      cameras: 450, seed: seed, label: "chaining \(seed)")
    Self.checkMeansAndReaches(of: hierarchy, position: { positions[Int($0)] }, label: "built")
  }

  @Test(arguments: [3, 4] as [UInt64])
  func everyPlaceInViewIsCountedOnRandomData(seed: UInt64) {
    let places = ClusterHierarchyTests.catalog(count: 3_000, seed: seed)
    let hierarchy = ClusterHierarchy(places: places, radius: 40, maximumLevel: 12)
    let positions = places.map { WebMercator.position(of: $0.coordinate) }
    Self.checkCoverage(
      of: hierarchy, handles: places.indices.map { UInt32($0) }, positions: positions,
      cameras: 300, seed: seed, label: "random \(seed)")
    Self.checkMeansAndReaches(of: hierarchy, position: { positions[Int($0)] }, label: "built")
  }

  @Test(arguments: [5, 6] as [UInt64])
  func everyPlaceInViewIsCountedAfterEdits(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var catalog = try PlaceCatalog(Self.chainingCatalog(seed: seed))
    _ = catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel)
    var nextID: Int64 = 1_000_000
    for step in 0..<TestSize.steps(40) {
      var edits: [PlaceEdit] = []
      for _ in 0..<3 {
        edits += ClusterHierarchyEditTests.randomBatch(
          of: catalog, nextID: &nextID, using: &generator)
      }
      // A place of a chain moved along it, out and back: bounds and sums follow.
      let place = catalog[Int.random(in: 0..<catalog.count, using: &generator)]
      if !edits.contains(where: { $0.id == place.id }) {
        edits.append(
          .update(
            Place(
              id: place.id, name: place.name,
              coordinate: .fixture(
                place.coordinate.latitude,
                min(
                  max(
                    place.coordinate.longitude + Double.random(in: -3...3, using: &generator), -180),
                  180)),
              population: place.population)))
      }
      catalog = try catalog.applying(edits).catalog
      guard step % 10 == 9 else { continue }
      let hierarchy = catalog.clusterHierarchy(
        radius: Self.radius, maximumLevel: Self.maximumLevel)
      let handles = catalog.compactMap { catalog.handle(ofPlaceWithID: $0.id) }
      let positions = catalog.map { WebMercator.position(of: $0.coordinate) }
      Self.checkCoverage(
        of: hierarchy, handles: handles, positions: positions, cameras: 120,
        seed: seed &+ UInt64(step), label: "edits \(seed) step \(step)")
      Self.checkMeansAndReaches(
        of: hierarchy,
        position: { WebMercator.position(of: catalog.place(withHandle: $0).coordinate) },
        label: "edits \(seed) step \(step)")
    }
  }

  @Test(
    .enabled(if: GeoJSONFixture.hasWorldFile, "needs ../shared/data/places-world.geojson"))
  func everyPlaceInViewIsCountedOnTheWorldFile() throws {
    let places = try GeoJSONPlacesReader().load(contentsOfFile: GeoJSONFixture.worldPath).places
    let hierarchy = ClusterHierarchy(
      places: places, radius: Self.radius, maximumLevel: Self.maximumLevel)
    let positions = places.map { WebMercator.position(of: $0.coordinate) }
    Self.checkCoverage(
      of: hierarchy, handles: places.indices.map { UInt32($0) }, positions: positions,
      cameras: 170, seed: 7, label: "world")
  }
}
