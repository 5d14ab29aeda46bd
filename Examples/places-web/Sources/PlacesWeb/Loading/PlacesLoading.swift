import Foundation
import PlacesModel

/// Reads the places `places-web` serves: the files given, as one catalog, or the sample
/// shipped with it.
package enum PlacesLoading {
  /// What a load gave: the catalog, where it came from, and the lines that say what was
  /// skipped, if anything was.
  package struct Loaded: Sendable {
    /// The catalog of the places read.
    package var catalog: PlaceCatalog
    /// The places of every file and which file each came from, for reading one file again;
    /// `nil` for the sample.
    package var files: GeoJSONCatalogLoad?
    /// `places-web: loaded N places from FILE; …`, a line for each file whose features were
    /// skipped, or `nil` when none was.
    package var skipNote: String?
  }

  /// The name the sample goes by in messages.
  package static let sampleName = "the built-in sample"

  /// Reads the files of `sources` as one catalog, in order, or the sample when there is none.
  ///
  /// - Throws: ``/PlacesModel/GeoJSONError`` for the first file that is missing, unreadable
  ///   or not valid GeoJSON, or an id two files give; ``CatalogLoadError`` when the places
  ///   cannot form a catalog.
  package static func load(sources: [GeoJSONPlacesReader.Source]) throws -> Loaded {
    let reader = GeoJSONPlacesReader()
    guard !sources.isEmpty else {
      let sample = try reader.load(text: try sampleText(), file: sampleName)
      return Loaded(catalog: try catalog(of: sample.places, from: sampleName), files: nil)
    }
    let files = try reader.load(sources: sources)
    let catalog = try catalog(of: files.places, from: sources.map(\.file).joined(separator: ", "))
    let notes = files.files.compactMap(skipNote(for:))
    return Loaded(catalog: catalog, files: files, skipNote: notes.isEmpty ? nil : notes.joined())
  }

  /// The catalog of `places`, read from `source`.
  private static func catalog(of places: [Place], from source: String) throws -> PlaceCatalog {
    do {
      return try PlaceCatalog(places)
    } catch {
      throw CatalogLoadError(file: source, error: error)
    }
  }

  /// `places-web: loaded N places from FILE; …` when features of `file` were skipped.
  package static func skipNote(for file: GeoJSONCatalogLoad.File) -> String? {
    guard !file.report.isEmpty else { return nil }
    let count = file.placeRange.count
    return "places-web: loaded \(count) \(count == 1 ? "place" : "places") from \(file.file); "
      + "\(file.report.summary)\n"
  }

  /// The sample's GeoJSON, a copy of `../shared/data/places-sample.geojson`.
  private static func sampleText() throws -> String {
    guard
      let url = Bundle.module.url(forResource: "SampleData/places-sample", withExtension: "geojson")
    else { throw CocoaError(.fileNoSuchFile) }
    return try String(contentsOf: url, encoding: .utf8)
  }
}

/// Places read from a file that cannot form a catalog: two share an identifier.
package struct CatalogLoadError: Error, Equatable {
  /// The file the places came from.
  package let file: String
  /// What the catalog refused.
  package let error: PlacesModelError

  /// The refusal of the places of `file` for `error`.
  package init(file: String, error: PlacesModelError) {
    self.file = file
    self.error = error
  }
}

extension CatalogLoadError: CustomStringConvertible {
  /// The file and the problem, as `places-cli` words it.
  package var description: String { "\(file): \(error)" }
}

/// The server could not listen on the address asked for.
package struct ListenError: Error, Equatable {
  /// The address, as `HOST:PORT`.
  package let address: String
  /// Why, as the system says it (`address already in use`).
  package let reason: String

  /// The failure to listen on `address` for `reason`.
  package init(address: String, reason: String) {
    self.address = address
    self.reason = reason
  }
}

extension ListenError: CustomStringConvertible {
  /// `cannot listen on HOST:PORT: REASON`.
  package var description: String { "cannot listen on \(address): \(reason)" }
}
