/// What a ``GeoJSONPlacesReader`` read from one file: the places, and what it left out.
public struct GeoJSONLoad: Equatable, Sendable {
  /// The places, in file order; identifiers are unique.
  public var places: [Place]
  /// The features skipped and the values left out, by reason; empty when every feature
  /// became a place whole.
  public var report: GeoJSONLoadReport

  /// Creates a load from its parts.
  public init(places: [Place], report: GeoJSONLoadReport = GeoJSONLoadReport()) {
    self.places = places
    self.report = report
  }
}
