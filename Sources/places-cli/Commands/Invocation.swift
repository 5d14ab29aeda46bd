import PlacesModel

/// What one command line, or one line of a session, asks for.
struct Invocation: Equatable {
  /// What to do.
  enum Action: Equatable {
    /// Runs a command.
    case run(Command)
    /// Prints the tool's help, or a command's.
    case help(CommandName?)
    /// Prints the version; when `verbose`, the licence and the data attributions after it.
    case version(verbose: Bool)
  }

  /// What to do.
  var action: Action
  /// The GeoJSON file to read places from; `nil` for the built-in places.
  var placesFile: String?
  /// Whether to reload ``placesFile`` when it changes on disk (`--watch`).
  var watchesPlacesFile = false
  /// How to print results.
  var format = OutputFormat.text
  /// How to read the places: ids, names, other geometries and strictness.
  var readerOptions = GeoJSONPlacesReader.Options()
}
