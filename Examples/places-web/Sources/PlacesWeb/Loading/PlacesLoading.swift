import Foundation
import PlacesModel

/// Reads the places `places-web` serves: the file given, or the sample shipped with it.
package enum PlacesLoading {
  /// What a load gave: the catalog, where it came from, and the line that says what was
  /// skipped, if anything was.
  package struct Loaded: Sendable {
    /// The catalog of the places read.
    package var catalog: PlaceCatalog
    /// The file the places came from, as given, or the sample's name.
    package var source: String
    /// `places-web: loaded N places from FILE; …` when features were skipped, else `nil`.
    package var skipNote: String?
  }

  /// The name the sample goes by in messages.
  package static let sampleName = "the built-in sample"

  /// Reads `file`, or the sample when it is `nil`, and makes the catalog.
  ///
  /// - Throws: ``/PlacesModel/GeoJSONError`` when the file is missing, unreadable or not
  ///   valid GeoJSON, ``CatalogLoadError`` when two places share an identifier.
  package static func load(file: String?) throws -> Loaded {
    let reader = GeoJSONPlacesReader()
    let load: GeoJSONLoad
    let source: String
    if let file {
      load = try reader.load(contentsOfFile: file)
      source = file
    } else {
      let sample = try sampleText()
      load = try reader.load(text: sample, file: sampleName)
      source = sampleName
    }
    let catalog: PlaceCatalog
    do {
      catalog = try PlaceCatalog(load.places)
    } catch {
      throw CatalogLoadError(file: source, error: error)
    }
    var note: String?
    if !load.report.isEmpty {
      let count = load.places.count
      note =
        "places-web: loaded \(count) \(count == 1 ? "place" : "places") from \(source); "
        + "\(load.report.summary)\n"
    }
    return Loaded(catalog: catalog, source: source, skipNote: note)
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
