import Foundation
import PlacesModel
import Testing

/// Where the reader places a feature whose geometry is not a Point: on the geometry itself by
/// default, at the centre of its bounding box when asked.
struct GeoJSONPlacementTests {
  private func place(
    _ geometry: String, _ nonPoint: GeoJSONPlacesReader.NonPointGeometry = .representativePoint
  ) throws -> Coordinate {
    let text = GeoJSONFixture.collection(GeoJSONFixture.feature(geometry: geometry))
    let reader = GeoJSONPlacesReader(options: .init(nonPointGeometry: nonPoint))
    let places = try reader.load(text: text, file: BadGeoJSON.source).places
    return try #require(places.first).coordinate
  }

  private static func isInside(_ coordinate: Coordinate, _ geometry: String) throws -> Bool {
    let object = try JSONSerialization.jsonObject(with: Data(geometry.utf8))
    let polygons = ShapeContainment.polygons(ofGeometry: object as? [String: Any] ?? [:])
    return ShapeContainment.isInside(coordinate, polygons)
  }

  // MARK: - Polygons

  @Test func placesAPolygonWithAHoleInsideItNotInTheHole() throws {
    // The square's box centre, (1, 1), is in the hole.
    let geometry =
      #"{"type":"Polygon","coordinates":[[[0,0],[2,0],[2,2],[0,2],[0,0]],"#
      + #"[[0.5,0.5],[1.5,0.5],[1.5,1.5],[0.5,1.5],[0.5,0.5]]]}"#

    let inside = try place(geometry)
    let centre = try place(geometry, .boundingBoxCentre)

    #expect(try Self.isInside(inside, geometry))
    #expect(centre == GeoJSONFixture.coordinate(1, 1))
    #expect(try !Self.isInside(centre, geometry))
  }

  @Test func placesAConcaveRingInsideIt() throws {
    // A C open to the east: the box centre, (5, 5), is in the opening.
    let geometry =
      #"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,2],[2,2],[2,8],[10,8],[10,10],"#
      + #"[0,10],[0,0]]]}"#

    let coordinate = try place(geometry)

    #expect(try Self.isInside(coordinate, geometry))
    #expect(coordinate.longitude < 2)
  }

  @Test func placesASquareAtItsMiddle() throws {
    let coordinate = try place(
      #"{"type":"Polygon","coordinates":[[[10,40],[12,40],[12,42],[10,42],[10,40]]]}"#)

    #expect(abs(coordinate.latitude - 41) < 0.01)
    #expect(abs(coordinate.longitude - 11) < 0.01)
  }

  @Test func placesAMultiPolygonInItsLargestPart() throws {
    let geometry =
      #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,1],[0,0]]],"#
      + #"[[[20,0],[24,0],[24,4],[20,4],[20,0]]],[[[40,0],[41,0],[41,1],[40,1],[40,0]]]]}"#

    let coordinate = try place(geometry)

    #expect(abs(coordinate.longitude - 22) < 0.05)
    #expect(abs(coordinate.latitude - 2) < 0.05)
  }

  @Test func comparesPartsByTheirAreaOnTheSphere() throws {
    // Equal in square degrees, but the part near the pole is much smaller on the Earth.
    let geometry =
      #"{"type":"MultiPolygon","coordinates":[[[[0,80],[10,80],[10,85],[0,85],[0,80]]],"#
      + #"[[[0,0],[10,0],[10,5],[0,5],[0,0]]]]}"#

    #expect(try place(geometry).latitude < 5)
  }

  @Test func placesAShapeSplitAtTheAntimeridianOnItsLargestPart() throws {
    // Fiji-like: a large island west of 180 and a small piece east of it, split as RFC 7946
    // asks.
    let geometry =
      #"{"type":"MultiPolygon","coordinates":[[[[177,-18],[180,-18],[180,-16],[177,-16],"#
      + #"[177,-18]]],[[[-180,-17],[-179.5,-17],[-179.5,-16.5],[-180,-16.5],[-180,-17]]]]}"#

    let inside = try place(geometry)
    let centre = try place(geometry, .boundingBoxCentre)

    #expect(try Self.isInside(inside, geometry))
    #expect(inside.longitude > 177 && inside.longitude < 180)
    // The narrowest box crosses the antimeridian: from 177 east to -179.5.
    #expect(abs(centre.longitude - 178.75) < 1e-9)
    #expect(centre.latitude == -17)
  }

  @Test func placesARingThatCrossesTheAntimeridianUnsplitOnIt() throws {
    let coordinate = try place(
      #"{"type":"Polygon","coordinates":[[[179,-1],[-179,-1],[-179,1],[179,1],[179,-1]]]}"#)

    #expect(abs(abs(coordinate.longitude) - 180) < 0.01)
    #expect(abs(coordinate.latitude) < 0.01)
  }

  @Test func placesAPolygonWithoutAreaOnItsOutline() throws {
    let coordinate = try place(
      #"{"type":"Polygon","coordinates":[[[0,0],[4,0],[0,0]]]}"#)

    #expect(coordinate == GeoJSONFixture.coordinate(0, 4))
  }

  // MARK: - Lines and points

  @Test func placesALineHalfwayAlongIt() throws {
    // 10° east along the equator, then 10° north: the middle is the corner.
    let coordinate = try place(#"{"type":"LineString","coordinates":[[0,0],[10,0],[10,10]]}"#)

    #expect(abs(coordinate.longitude - 10) < 1e-6)
    #expect(abs(coordinate.latitude) < 1e-6)
  }

  @Test func placesAMultiLineStringOnItsLongestLine() throws {
    let coordinate = try place(
      #"{"type":"MultiLineString","coordinates":[[[0,0],[1,0]],[[20,0],[20,4]],[[30,0],[31,0]]]}"#)

    #expect(abs(coordinate.longitude - 20) < 1e-9)
    #expect(abs(coordinate.latitude - 2) < 1e-6)
  }

  @Test func placesALineAcrossTheAntimeridianOnIt() throws {
    let coordinate = try place(#"{"type":"LineString","coordinates":[[179,10],[-179,10]]}"#)

    #expect(abs(abs(coordinate.longitude) - 180) < 1e-6)
    #expect(abs(coordinate.latitude - 10) < 1e-9)
  }

  @Test func placesMultiPointOnThePointNearestTheirMiddle() throws {
    let coordinate = try place(
      #"{"type":"MultiPoint","coordinates":[[0,0],[10,0],[4,1],[2,0]]}"#)

    #expect(coordinate == GeoJSONFixture.coordinate(1, 4))
  }

  @Test func placesACollectionOnItsPolygonBeforeItsLinesAndPoints() throws {
    let geometry =
      #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[50,50]},"#
      + #"{"type":"LineString","coordinates":[[0,0],[40,0]]},"#
      + #"{"type":"Polygon","coordinates":[[[-10,-10],[-8,-10],[-8,-8],[-10,-8],[-10,-10]]]}]}"#

    let coordinate = try place(geometry)

    #expect(abs(coordinate.longitude + 9) < 0.01)
    #expect(abs(coordinate.latitude + 9) < 0.01)
  }

  @Test func ignoresGeometriesOfAPolygonAndCoordinatesOfACollection() throws {
    let polygon =
      #"{"geometries":[{"type":"Point","coordinates":[50,50]}],"type":"Polygon","#
      + #""coordinates":[[[0,0],[2,0],[2,2],[0,2],[0,0]]]}"#
    let collection =
      #"{"coordinates":[[[0,0],[2,0],[2,2],[0,2],[0,0]]],"type":"GeometryCollection","#
      + #""geometries":[{"type":"Point","coordinates":[50,50]}]}"#

    let placed = try place(polygon)
    #expect(abs(placed.latitude - 1) < 0.01 && abs(placed.longitude - 1) < 0.01)
    #expect(try place(collection) == GeoJSONFixture.coordinate(50, 50))
  }

  // MARK: - Natural Earth

  @Test func placesEveryCountryWrittenByGDALInsideItsShape() throws {
    let path = GeoJSONFixture.fixture("gdal/natural-earth-countries.geojson")
    try Self.expectEveryPlaceInsideItsShape(path: path, count: 12)
    let places = try GeoJSONPlacesReader().load(contentsOfFile: path).places
    let byName = Dictionary(places.map { ($0.name, $0.coordinate) }) { first, _ in first }

    let fiji = try #require(byName["Fiji"])
    #expect(fiji.longitude > 177 && fiji.longitude < 179, "on Viti Levu, not near 0°")
    let france = try #require(byName["France"])
    #expect(france.latitude > 42 && france.longitude > -5, "in Europe, not in the Atlantic")
    let russia = try #require(byName["Russia"])
    #expect(russia.longitude > 40, "in Russia, not on the prime meridian")
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: GeoJSONFixture.countriesPath),
      "needs ../shared/data/world-countries-50m.geojson"))
  func placesEveryNaturalEarthCountryInsideItsShape() throws {
    try Self.expectEveryPlaceInsideItsShape(path: GeoJSONFixture.countriesPath, count: 241)
  }

  /// Loads the countries at `path` and expects each place inside its own feature's shape.
  private static func expectEveryPlaceInsideItsShape(path: String, count: Int) throws {
    let load = try GeoJSONPlacesReader().load(contentsOfFile: path)
    let features = try ShapeContainment.features(ofFile: path)
    #expect(load.places.count == count)
    #expect(features.count == count)
    for (place, feature) in zip(load.places, features) {
      let polygons = ShapeContainment.polygons(
        ofGeometry: feature["geometry"] as? [String: Any] ?? [:])
      #expect(
        ShapeContainment.isInside(place.coordinate, polygons),
        "\(place.name) is placed at \(place.coordinate), outside its shape")
    }
  }
}
