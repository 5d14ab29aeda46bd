/// Small GeoJSON documents for `--places`.
enum GeoJSONFixtures {
  /// Three places whose names need escaping in JSON and quoting in text.
  static let awkwardNames = """
    {"type":"FeatureCollection","features":[
    {"type":"Feature","id":1,"geometry":{"type":"Point","coordinates":[-97.0,32.0]},"properties":{"name":"Fly \\"N\\" K Airport","category":"airport","country":"US"}},
    {"type":"Feature","id":2,"geometry":{"type":"Point","coordinates":[-175.2018,-21.1394]},"properties":{"name":"Nuku‘alofa","country":"TO"}},
    {"type":"Feature","id":3,"geometry":{"type":"Point","coordinates":[0.0,-90.0]},"properties":{"name":"Back\\\\slash\\ttab\\u0001"}}
    ]}

    """

  /// Valid JSON whose second feature has a latitude out of range.
  static let latitudeOutOfRange = """
    {"type":"FeatureCollection","features":[
    {"type":"Feature","id":1,"geometry":{"type":"Point","coordinates":[0,0]},"properties":{"name":"Null Island"}},
    {"type":"Feature","id":2,"geometry":{"type":"Point","coordinates":[0,95]},"properties":{"name":"Beyond"}}
    ]}

    """

  /// Not JSON at all: the document stops in the middle.
  static let truncated = """
    {"type":"FeatureCollection","features":[
    {"type":"Feature","id":1,
    """
}
