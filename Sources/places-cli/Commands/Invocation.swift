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
  /// The GeoJSON files to read places from, in the order given, each with its own reading
  /// options; empty for the built-in places.
  var placesSources: [GeoJSONPlacesReader.Source] = []
  /// Whether to reload each of ``placesSources`` when it changes on disk (`--watch`).
  var watchesPlacesFile = false
  /// Whether the map clusters places only with places of their own category
  /// (`--cluster-by-category`; see ``/ViewModels/MapClusterOptions/clustersByCategory``).
  var clustersByCategory = false
  /// How to print results.
  var format = OutputFormat.text
  /// The categories every view shows (`--category`, but for `add`); `nil` when not given.
  var categoryFilter: CategoryFilter?
  /// How to read the built-in places.
  ///
  /// These are the options given before the first `--places`; each of ``placesSources`` has
  /// its own.
  var readerOptions = GeoJSONPlacesReader.Options()

  /// The files of ``placesSources``, in order.
  var placesFiles: [String] { placesSources.map(\.file) }
}
