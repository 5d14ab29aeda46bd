import PlacesModel
import ViewModels

/// The statuses the tool exits with, from `sysexits.h` where one fits.
enum ExitStatus: Int32 {
  /// Everything succeeded.
  case success = 0
  /// No place has the identifier given, or no cluster with the identity given is on the map.
  case noSuchPlace = 1
  /// `add` named an identifier a place already has.
  case placeExists = 2
  /// The command line was wrong (`EX_USAGE`).
  case usage = 64
  /// The places file was read but is malformed or invalid (`EX_DATAERR`).
  case invalidData = 65
  /// The places file is missing or cannot be read (`EX_NOINPUT`).
  case missingData = 66
  /// The tool itself failed (`EX_SOFTWARE`); no known error leads here.
  case internalError = 70
  /// Input or output failed (`EX_IOERR`): standard output could not be written to, for example
  /// because the disk is full, a session's standard input could not be read, or `browse`
  /// could not set up or read the terminal.
  case ioError = 74
  /// `browse` was ended by a hang-up signal (128 + `SIGHUP`), after restoring the terminal.
  case hungUp = 129
  /// `browse` was interrupted: Control-C or `SIGINT` (128 + 2), after restoring the terminal.
  case interrupted = 130
  /// `browse` was ended by a termination signal (128 + `SIGTERM`), after restoring the
  /// terminal.
  case terminated = 143

  /// The status for `error`: the one place where errors become exit statuses.
  init(for error: any Error) {
    switch error {
    case is UsageError:
      self = .usage
    case let error as GeoJSONError:
      switch error.category {
      case .fileMissing, .unreadable: self = .missingData
      case .notGeoJSON, .invalidPlaces: self = .invalidData
      }
    case is TerminalError:
      self = .ioError
    case is CatalogError:
      self = .invalidData
    case is OutputError, is InputError:
      self = .ioError
    case is EditError:
      self = .placeExists
    case let error as PlacesModelError:
      switch error {
      case .unknownPlace: self = .noSuchPlace
      case .duplicateID: self = .invalidData
      case .invalidEdit(_, _, .unknownID): self = .noSuchPlace
      case .invalidEdit(_, _, .idInUse): self = .placeExists
      case .invalidEdit(_, _, .emptyName): self = .usage
      }
    case let error as ViewModelError:
      switch error {
      case .modelRefused(let error): self.init(for: error)
      case .rowOutOfRange, .matchOutOfRange, .spreadPageOutOfRange: self = .usage
      case .unknownCluster: self = .noSuchPlace
      }
    default:
      self = .internalError
    }
  }
}
