import PlacesModel

/// How `places-web` exits, with the statuses `places-cli` gives the same failures.
package enum WebExitStatus: Int32 {
  /// Served until Ctrl-C or SIGTERM, or printed the help.
  case success = 0
  /// The command line was wrong (`EX_USAGE`).
  case usage = 64
  /// The places file was read but is malformed or invalid (`EX_DATAERR`).
  case invalidData = 65
  /// The places file is missing or cannot be read (`EX_NOINPUT`).
  case missingData = 66
  /// The address cannot be listened on: the port is in use, say (`EX_UNAVAILABLE`).
  case unavailable = 69
  /// The tool itself failed (`EX_SOFTWARE`); no known error leads here.
  case internalError = 70

  /// The status for `error`: the one place where errors become exit statuses.
  package init(for error: any Error) {
    switch error {
    case is WebUsageError:
      self = .usage
    case let error as GeoJSONError:
      switch error.category {
      case .fileMissing, .unreadable: self = .missingData
      case .notGeoJSON, .invalidPlaces: self = .invalidData
      }
    case is CatalogLoadError:
      self = .invalidData
    case is ListenError:
      self = .unavailable
    default:
      self = .internalError
    }
  }
}
