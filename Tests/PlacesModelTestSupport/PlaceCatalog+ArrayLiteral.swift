import PlacesModel

/// Lets a test write a catalog as an array of places, `[.rome, .paris]`, where a
/// ``PlaceCatalog`` is expected: in a comparison with the model's catalog, or in a change.
///
/// Tests only: the literal must not repeat an identifier (the test stops if it does); an app
/// builds a catalog with `PlaceCatalog(_:)`, which throws instead.
extension PlaceCatalog: ExpressibleByArrayLiteral {
  /// The catalog of `places`, which must have unique identifiers.
  public init(arrayLiteral places: Place...) {
    do {
      try self.init(places)
    } catch {
      preconditionFailure("a test's catalog literal repeats an identifier: \(error)")
    }
  }
}
