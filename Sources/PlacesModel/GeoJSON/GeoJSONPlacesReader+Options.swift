extension GeoJSONPlacesReader {
  /// How a reader turns features into places: where ids and names come from, what it does
  /// with features that are not points, and whether it skips what it cannot place.
  ///
  /// The defaults load GeoJSON as common tools write it (GDAL/ogr2ogr, QGIS, Natural Earth,
  /// osmtogeojson, geojson.io): ids from the feature's `id`, or by position when no feature
  /// has one; the name from the first of ``defaultNameProperties`` that the feature has;
  /// other geometries placed on themselves (``NonPointGeometry/representativePoint``);
  /// features without a geometry or a name skipped and counted in the ``GeoJSONLoadReport``.
  public struct Options: Equatable, Sendable {
    /// Where each place's identifier comes from; ``IDSource/feature`` unless given.
    public var ids: IDSource
    /// The properties that may hold a place's name, in the order they are tried, each a
    /// property path.
    ///
    /// The first whose value is a string with a visible character (not empty, not only white
    /// space) names the place.
    /// ``defaultNameProperties`` unless given.
    ///
    /// A property path names a member of `properties`, or, with dots, a member of objects
    /// nested in it: `tags.name` is the member `name` of the object `tags`, as osm2geojson
    /// writes OpenStreetMap tags, and `tags.name:en` its member `name:en`. A key that holds a
    /// dot or a backslash writes it after a backslash: `addr\.city` is the one key
    /// `addr.city`, `a\\b` the key `a\b`; a backslash before any other character, or at
    /// the end, stands for itself. A path that meets something other than an object on the
    /// way finds nothing. ``IDSource/property(_:)`` takes a path too.
    public var nameProperties: [String]
    /// What becomes of a feature whose geometry is not a `Point`;
    /// ``NonPointGeometry/representativePoint`` unless given.
    public var nonPointGeometry: NonPointGeometry
    /// Whether every feature must become a place, as in strict mode; `false` unless given.
    ///
    /// When `true`, what would otherwise be skipped or left out (no geometry, an empty
    /// geometry, no name, a non-point geometry under ``NonPointGeometry/skip``, a `category`,
    /// `country` or `population` that cannot be used) is an error instead, and nothing loads.
    public var isStrict: Bool
    /// Text written before every id of the file, so that files whose ids overlap can be read
    /// as one catalog (``GeoJSONPlacesReader/load(sources:)``); empty, meaning none, unless
    /// given.
    ///
    /// A prefix makes every id a string: the prefix followed by the id as
    /// ``PlaceID/description`` writes it. With `airport:`, the number `1` becomes the string
    /// `airport:1` and the string `LHR` the string `airport:LHR`; ids numbered by position
    /// become `airport:0`, `airport:1`, and so on. Since ``PlaceID`` tells numbers from
    /// strings, a prefixed id never equals a number of another file, and an app selects the
    /// place by the prefixed string. Ids are checked for uniqueness, and named in the errors
    /// about the file's features, as the file gives them, before the prefix is written.
    public var idPrefix: String

    /// The name properties tried when none is chosen, in order: `name`, then the spellings
    /// that Natural Earth, shapefiles, OpenStreetMap and simplestyle (geojson.io) use.
    ///
    /// `name`, `Name`, `NAME`, `name_en`, `NAME_EN`, `name:en`, `title`.
    public static let defaultNameProperties = [
      "name", "Name", "NAME", "name_en", "NAME_EN", "name:en", "title",
    ]

    /// Creates options; every parameter has the default described on its property.
    public init(
      ids: IDSource = .feature,
      nameProperties: [String] = Options.defaultNameProperties,
      nonPointGeometry: NonPointGeometry = .representativePoint,
      isStrict: Bool = false,
      idPrefix: String = ""
    ) {
      self.ids = ids
      self.nameProperties = nameProperties
      self.nonPointGeometry = nonPointGeometry
      self.isStrict = isStrict
      self.idPrefix = idPrefix
    }
  }

  /// Where a place's identifier comes from.
  public enum IDSource: Equatable, Sendable {
    /// The feature's `id` member, a whole number or a string (RFC 7946 §3.2).
    ///
    /// When no feature has an `id`, as GDAL writes by default, each place's id is its
    /// feature's position, as ``position``. A file in which some features have an `id` and
    /// others do not is an error that names the first feature without one.
    case feature
    /// The member of the feature's `properties` that the property path names, such as
    /// `osm_id`, `airport_id` or `tags.ref` (the syntax of ``Options/nameProperties``), a
    /// whole number or a string; every feature must have it.
    case property(String)
    /// The feature's position in the `features` array, counting from 0 as error messages
    /// do, so ids stay the same whatever is skipped; any `id` member is ignored.
    case position
  }

  /// What becomes of a feature whose geometry is not a single `Point`.
  public enum NonPointGeometry: Equatable, Sendable {
    /// The place is a point on the geometry itself, so that its marker sits on the thing:
    /// - a polygon (a `Polygon`, or the part of greatest area of a `MultiPolygon` or
    ///   `GeometryCollection`, holes taken out) is placed at its pole of inaccessibility, the
    ///   point inside it farthest from its edges, as Mapbox's polylabel finds it, in a plane
    ///   where a degree of longitude is as long as at the polygon's middle latitude; the point
    ///   is inside the polygon, never in a hole;
    /// - a line (a `LineString`, or the longest line of a `MultiLineString` or of a collection
    ///   without polygons) is placed halfway along it, measured with
    ///   ``Coordinate/distance(to:)``;
    /// - points (a `MultiPoint`, or the points of a collection without lines or polygons) are
    ///   placed at the point nearest their middle on the sphere.
    ///
    /// Parts are compared by area on the sphere and by length in metres, so a shape split at
    /// the antimeridian (RFC 7946 §3.1.9), such as Fiji or Russia, is placed on its largest
    /// part, not between its parts; an edge spanning more than 180° of longitude is taken to
    /// cross the antimeridian. The first of equal parts wins, so placing is deterministic.
    /// The search inside a polygon looks at a bounded number of points, so its cost stays
    /// bounded for rings of any size.
    case representativePoint
    /// The place is at the centre of the geometry's bounding box: halfway between the least
    /// and the greatest latitude, and between the westmost and the eastmost longitude, of all
    /// its positions. The box is the narrowest that holds them: it crosses the antimeridian
    /// when that makes it narrower, so parts on both sides of it are placed between them, not
    /// near longitude 0. For a MultiPoint, LineString, Polygon (holes included), Multi* or
    /// GeometryCollection alike. Cheap; for a ring-shaped or strongly concave shape, or one of
    /// several parts, the centre may lie outside the shape.
    case boundingBoxCentre
    /// The feature is skipped and counted in the report, or is an error in strict mode.
    case skip
  }
}
