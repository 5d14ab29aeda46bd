/// What a ``GeoJSONPlacesReader`` read from one file: the places, what it left out, and the
/// form the file has.
public struct GeoJSONLoad: Equatable, Sendable {
  /// The forms of GeoJSON the reader takes, told apart by their first bytes and top-level
  /// `type`.
  public enum Form: Equatable, Sendable, CustomStringConvertible {
    /// A FeatureCollection (RFC 7946 §3.3), the usual form.
    case featureCollection
    /// A single Feature at the top level, read as a collection of one, as GDAL and Leaflet
    /// read it.
    case feature
    /// A bare geometry at the top level, read as a collection of one feature that has no
    /// properties, and so no name: it loads only as a place it cannot name, which is skipped.
    case geometry
    /// A GeoJSON text sequence (RFC 8142, RFC 7464): each feature after a record separator
    /// (RS, 0x1E) and usually before a line feed, as GDAL's GeoJSONSeq driver writes with
    /// `RS=YES`.
    case textSequence
    /// Features one per line with no record separator (newline-delimited GeoJSON, `.geojsonl`
    /// or `.ndjson`), as GDAL's GeoJSONSeq driver writes by default and large exports are
    /// made.
    case newlineDelimited

    /// The form in words, such as `a GeoJSON text sequence (RFC 8142)`.
    public var description: String {
      switch self {
      case .featureCollection: "a FeatureCollection"
      case .feature: "a single Feature"
      case .geometry: "a single geometry"
      case .textSequence: "a GeoJSON text sequence (RFC 8142)"
      case .newlineDelimited: "newline-delimited GeoJSON, one feature per line"
      }
    }
  }

  /// The places, in file order; identifiers are unique.
  public let places: [Place]
  /// The features skipped and the values left out, by reason; empty when every feature
  /// became a place whole.
  public let report: GeoJSONLoadReport
  /// The form of GeoJSON the file has.
  public let form: Form

  /// Each place's position in `features`, as error messages number features, or `nil` when
  /// the places are the features one for one, in order.
  package let featureIndexOfPlace: [Int]?

  /// Creates a load from its parts; the report is empty, the form a FeatureCollection and
  /// the places the features one for one unless given.
  package init(
    places: [Place], report: GeoJSONLoadReport = GeoJSONLoadReport(),
    form: Form = .featureCollection, featureIndexOfPlace: [Int]? = nil
  ) {
    self.places = places
    self.report = report
    self.form = form
    self.featureIndexOfPlace = featureIndexOfPlace
  }

  /// The position in `features` of the place at `index` in ``places``.
  package func featureIndex(ofPlaceAt index: Int) -> Int {
    featureIndexOfPlace?[index] ?? index
  }

  /// Whether two loads read the same places, skips and form; how features map to places,
  /// which follows from the skips, is not compared.
  public static func == (left: GeoJSONLoad, right: GeoJSONLoad) -> Bool {
    left.places == right.places && left.report == right.report && left.form == right.form
  }
}
