import PlacesModel

/// The places of one run: the files of its `--places` options read as one catalog, or the
/// built-in places without any; with `--watch`, each file is read again alone when it changes.
///
/// The catalog last read whole is kept, so that a file read again replaces only its own places
/// (``GeoJSONCatalogLoad/replacingFile(at:with:)``), and the places handed on are always those
/// a fresh load of every file would give: the first file's first, each in its file's order.
final class PlacesFiles {
  /// The files to read, each with its reading options; empty for the built-in places.
  let sources: [GeoJSONPlacesReader.Source]
  /// How the built-in places are read.
  private let builtInOptions: GeoJSONPlacesReader.Options
  /// The catalog last read whole, which a file read again changes.
  private var catalog: GeoJSONCatalogLoad?
  /// The catalog with the file last read again, until its watch keeps what was read
  /// (``acceptReload()``).
  private var pending: GeoJSONCatalogLoad?

  /// The places `invocation` names.
  init(for invocation: Invocation) {
    sources = invocation.placesSources
    builtInOptions = invocation.readerOptions
  }

  /// The name of the places' origin in messages: the files, or the built-in sample.
  var source: String {
    sources.isEmpty ? BuiltInPlaces.source : sources.map(\.file).joined(separator: ", ")
  }

  /// Reads every file (or the built-in places) and returns the places, with a line for each
  /// file that skipped anything (`nil` if none did).
  ///
  /// - Throws: ``GeoJSONError`` for the first file that cannot be read, or for an id that two
  ///   files give.
  func load() throws(GeoJSONError) -> (places: [Place], skipNote: String?) {
    guard !sources.isEmpty else {
      let load = try GeoJSONPlacesReader(options: builtInOptions).load(
        text: BuiltInPlaces.geoJSON, file: BuiltInPlaces.source)
      return (load.places, Self.skipNote(load.report, count: load.places.count, of: source))
    }
    let catalog = try GeoJSONPlacesReader().load(sources: sources)
    self.catalog = catalog
    let notes = catalog.files.compactMap { file in
      Self.skipNote(file.report, count: file.placeRange.count, of: file.file)
    }
    return (catalog.places, notes.isEmpty ? nil : notes.joined())
  }

  /// Reads the file at `index` in ``sources`` again and returns every file's places, with the
  /// line saying what that file skipped, if anything.
  ///
  /// The file's places replace those it gave before once ``acceptReload()`` keeps them, so
  /// that a read dropped because the file changed meanwhile leaves no trace; if they cannot
  /// (the file cannot be read, or gives an id another file gives), nothing changes.
  ///
  /// - Throws: ``GeoJSONError`` naming the file.
  func reload(fileAt index: Int) throws(GeoJSONError) -> (places: [Place], skipNote: String?) {
    pending = nil
    guard let old = catalog else {
      // No load has succeeded yet: every file is read.
      return try load()
    }
    let load = try GeoJSONPlacesReader().load(source: sources[index])
    let catalog = try old.replacingFile(at: index, with: load)
    pending = catalog
    return (
      catalog.places,
      Self.skipNote(load.report, count: load.places.count, of: sources[index].file)
    )
  }

  /// Keeps the file last read again by ``reload(fileAt:)`` as part of the catalog.
  func acceptReload() {
    if let pending {
      catalog = pending
    }
    pending = nil
  }

  /// The watches of every file, each reading its file again alone after a change; made before
  /// the first load, so that a change made during it is seen.
  func watches(making makeWatcher: (String) -> FileWatcher) -> [PlacesFileWatch] {
    sources.indices.map { index in
      PlacesFileWatch(
        watcher: makeWatcher(sources[index].file),
        load: { try self.reload(fileAt: index) },
        accept: { self.acceptReload() })
    }
  }

  /// The line that says what the load of `source`, which gave `count` places, skipped, or
  /// that it held no feature at all; `nil` when it gave places and skipped nothing.
  private static func skipNote(
    _ report: GeoJSONLoadReport, count: Int, of source: String
  ) -> String? {
    guard !report.isEmpty else {
      // An empty collection is a catalog of no places, but a mistaken export should be seen.
      guard count == 0 else { return nil }
      return "\(PlacesTool.name): loaded no places from \(source.escapedForMessage()): it holds "
        + "no features\n"
    }
    return "\(PlacesTool.name): loaded \(GeoJSONLoadReport.grouped(count)) "
      + "\(count == 1 ? "place" : "places") from \(source.escapedForMessage()); "
      + "\(report.summary)\n"
  }
}
