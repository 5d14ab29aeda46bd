extension GeoJSONPlacesReader {
  /// One file of a catalog read from several (``load(sources:)``), and how to read it.
  ///
  /// Each file may need its own options: a partner's feed may keep its ids in a property, the
  /// user's saved places may need an ``Options/idPrefix`` to keep their ids apart from the
  /// shipped ones.
  public struct Source: Equatable, Sendable {
    /// The path of the file; errors name the file by it.
    public var file: String
    /// How the file's features become places; `nil` reads it with the reader's own
    /// ``GeoJSONPlacesReader/options``.
    public var options: Options?

    /// Creates a source that reads `file` with `options`, or with the reader's options when
    /// `options` is `nil`.
    public init(file: String, options: Options? = nil) {
      self.file = file
      self.options = options
    }
  }

  /// Reads the files of `sources` as one catalog: their places one file after another, each
  /// file read with its own options, and which file each place came from.
  ///
  /// Every file is read as ``load(contentsOfFile:)`` reads it, and the ids of all of them
  /// together must be unique: an id that two files give, with their prefixes written
  /// (``Options/idPrefix``), is an error naming both files and the first feature of the later
  /// file that gives it. The first error found, in the order of `sources`, is thrown, and
  /// nothing is returned partially. No sources give an empty catalog.
  ///
  /// ```swift
  /// let reader = GeoJSONPlacesReader()
  /// let airports = GeoJSONPlacesReader.Options(idPrefix: "airport:")
  /// let sources = [
  ///   GeoJSONPlacesReader.Source(file: "places-world.geojson"),
  ///   GeoJSONPlacesReader.Source(file: "places-airports.geojson", options: airports),
  /// ]
  /// do {
  ///   let catalog = try reader.load(sources: sources)
  ///   if let first = catalog.places.first, let file = catalog.file(ofPlaceAt: 0) {
  ///     print("\(first.name) comes from \(file.file)")
  ///   }
  /// } catch {
  ///   print(error)
  /// }
  /// ```
  ///
  /// - Throws: The errors of ``load(contentsOfFile:)`` for the first file that fails, or
  ///   ``GeoJSONError/duplicateIDAcrossFiles(file:index:id:otherFile:otherIndex:count:)``.
  /// - Complexity: O(*n*) in the total size of the files, one held in memory at a time while
  ///   it is read, and on average O(*p*) in the number of places to check the ids when there
  ///   are two files or more.
  public func load(sources: [Source]) throws(GeoJSONError) -> GeoJSONCatalogLoad {
    var loads: [(file: String, load: GeoJSONLoad)] = []
    loads.reserveCapacity(sources.count)
    for source in sources {
      loads.append((source.file, try load(source: source)))
    }
    return try GeoJSONCatalogLoad(loads)
  }

  /// Reads the file of `source` alone, as ``load(sources:)`` reads it: for an app that reads a
  /// changed file again and puts it in its catalog with
  /// ``GeoJSONCatalogLoad/replacingFile(at:with:)``.
  ///
  /// - Throws: The errors of ``load(contentsOfFile:)``.
  /// - Complexity: O(*n*) in the size of the file.
  public func load(source: Source) throws(GeoJSONError) -> GeoJSONLoad {
    guard let options = source.options, options != self.options else {
      return try load(contentsOfFile: source.file)
    }
    var reader = GeoJSONPlacesReader(options: options, maximumDepth: maximumDepth)
    reader.readsUsualFeaturesFirst = readsUsualFeaturesFirst
    return try reader.load(contentsOfFile: source.file)
  }
}
