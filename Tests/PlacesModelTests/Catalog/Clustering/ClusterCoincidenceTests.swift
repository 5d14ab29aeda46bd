import PlacesModel
import PlacesModelTestSupport
import Testing

/// Whether an entry's places lie at one spot, against brute force on the places' positions,
/// as built and after random edits.
struct ClusterCoincidenceTests {
  private static let radius = 60.0
  private static let maximumLevel = 16

  /// A few spots near Paris: the first two hold places at exactly one coordinate, the third
  /// places a few centimetres apart, the fourth places about a metre apart.
  private static let spots: [(latitude: Double, longitude: Double, scatter: Double)] = [
    (48.8566, 2.3522, 0), (48.8606, 2.3376, 0), (48.8530, 2.3499, 2e-7),
    (48.8738, 2.2950, 1e-5),
  ]

  private static func randomPlace(id: PlaceID, using random: inout SplitMix64) -> Place {
    let spot = spots[Int.random(in: 0..<spots.count, using: &random)]
    let scatter = spot.scatter
    return Place(
      id: id, name: "Place \(id)",
      coordinate: .fixture(
        spot.latitude + Double.random(in: -scatter...scatter, using: &random),
        spot.longitude + Double.random(in: -scatter...scatter, using: &random)))
  }

  /// Checks every live entry of the levels 10 to the deepest against brute force: its places'
  /// positions (as the place level holds them) lie within the tolerance along either axis.
  private static func check(_ hierarchy: ClusterHierarchy, label: String) {
    let places = hierarchy.level(hierarchy.placeLevel)
    var coincident = 0
    for level in 10...hierarchy.maximumLevel {
      for entry in hierarchy.level(level).liveEntries {
        let positions = hierarchy.places(of: entry, at: level).compactMap { handle in
          hierarchy.entry(ofPlaceWithHandle: handle).map { (places.x($0), places.y($0)) }
        }
        let xs = positions.map(\.0)
        let ys = positions.map(\.1)
        let expected =
          positions.count > 1
          && (xs.max() ?? 0) - (xs.min() ?? 0) <= hierarchy.coincidenceTolerance
          && (ys.max() ?? 0) - (ys.min() ?? 0) <= hierarchy.coincidenceTolerance
        #expect(
          hierarchy.isCoincident(entry, at: level) == expected,
          "\(label): entry \(entry) of level \(level), \(positions.count) places")
        if expected { coincident += 1 }
      }
    }
    #expect(coincident > 0, "\(label): some entries are coincident")
  }

  @Test func theStandardToleranceIsAQuarterPointAtLevelSixteen() throws {
    let catalog = try PlaceCatalog([Place(id: 1, name: "One", coordinate: .fixture(0, 0))])
    let hierarchy = catalog.clusterHierarchy(radius: 60, maximumLevel: 16)

    #expect(hierarchy.coincidenceTolerance == 64)
    #expect(catalog.clusterHierarchy(radius: 60, maximumLevel: 24).coincidenceTolerance == 0)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func coincidenceIsExactAsBuiltAndAfterEdits(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var catalog = try PlaceCatalog(
      (0..<400).map { Self.randomPlace(id: PlaceID($0), using: &random) })
    Self.check(
      catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel),
      label: "built")
    var nextID: Int64 = 400
    for step in 0..<30 {
      var edits: [PlaceEdit] = []
      for _ in 0..<5 {
        let place = catalog[Int.random(in: 0..<catalog.count, using: &random)]
        guard !edits.contains(where: { $0.id == place.id }) else { continue }
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          edits.append(.update(Self.randomPlace(id: place.id, using: &random)))
        case 1:
          edits.append(.remove(place.id))
        default:
          edits.append(.insert(Self.randomPlace(id: PlaceID(nextID), using: &random)))
          nextID += 1
        }
      }
      catalog = try catalog.applying(edits).catalog
      Self.check(
        catalog.clusterHierarchy(radius: Self.radius, maximumLevel: Self.maximumLevel),
        label: "step \(step)")
    }
  }
}
