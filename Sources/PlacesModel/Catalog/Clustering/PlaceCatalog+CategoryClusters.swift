extension PlaceCatalog {
  /// The places clustered within their categories at every zoom level with `radius` points,
  /// down to `maximumLevel` (see ``CategoryClusterHierarchies``), for a map that clusters by
  /// category; built once per catalog and parameters, on first use, and derived through edits.
  package func categoryClusterHierarchies(radius: Double, maximumLevel: Int)
    -> CategoryClusterHierarchies
  {
    storage.categoryClusterHierarchies(radius: radius, maximumLevel: maximumLevel)
  }
}
