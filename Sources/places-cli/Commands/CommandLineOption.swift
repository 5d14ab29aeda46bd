import PlacesModel

/// An option the tool accepts: the one table that both the parser and `--help` read.
struct CommandLineOption {
  /// Which option it is, in the order help lists them.
  enum Key: CaseIterable {
    case places
    case idProperty
    case nameProperty
    case nonPoint
    case idPrefix
    case strict
    case format
    case from
    case near
    case limit
    case offset
    case page
    case category
    case clusterByCategory
    case watch
    case help
    case version
    case verbose
  }

  /// Which option it is.
  let key: Key
  /// The names it is typed as, the long one last, such as `-h` and `--help`.
  let names: [String]
  /// What its value looks like in help, such as `FILE` or `text|json`; `nil` for a flag,
  /// which takes no value.
  let value: String?
  /// What it does, for help: a sentence or two, wrapped when printed.
  let summary: String
  /// The commands it applies to; `nil` for every command.
  let commands: [CommandName]?
  /// Whether it may be given only on the tool's command line, not on a line of a session.
  let isCommandLineOnly: Bool

  /// Whether it says how to read a places file, so that after a `--places FILE` it applies to
  /// that file alone.
  var isPerFile: Bool {
    switch key {
    case .idProperty, .nameProperty, .nonPoint, .idPrefix: true
    case .places, .strict, .format, .from, .near, .limit, .offset, .page, .category,
      .clusterByCategory, .watch,
      .help, .version, .verbose:
      false
    }
  }

  /// The name used in messages: the long one.
  var name: String { names[names.count - 1] }

  /// The option's names and value as help shows them, such as `-h, --help` or
  /// `--format text|json`.
  var synopsis: String {
    names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
  }

  /// Every option, in the order help lists them.
  static let all = Key.allCases.map(CommandLineOption.init)

  /// The option typed as `name`, or `nil`.
  static func named(_ name: String) -> CommandLineOption? {
    all.first { $0.names.contains(name) }
  }

  // MARK: - The table

  /// The row of the table for `key`.
  init(_ key: Key) {
    self.key = key
    switch key {
    case .places:
      names = ["--places"]
      value = "FILE"
      summary =
        "Read the places from a GeoJSON file instead of the built-in ones. Give it again to "
        + "read several files as one catalog; an id may then be used by one file only. The "
        + "reading options after a --places FILE apply to that file, those before the first "
        + "--places to every file."
      commands = nil
      isCommandLineOnly = true
    case .idProperty:
      names = ["--id-property"]
      value = "FIELD"
      summary =
        "Take each place's id from this property of the features (for example osm_id, or "
        + "tags.ref inside an object; write a dot in a key as \\.) instead of the feature's "
        + "\"id\". Without it, a file whose features have no \"id\" numbers them by position, "
        + "from 0."
      commands = nil
      isCommandLineOnly = true
    case .nameProperty:
      names = ["--name-property"]
      value = "FIELD"
      summary =
        "Take each place's name from this property only (tags.name reaches into an object, as "
        + "osm2geojson writes; write a dot in a key as \\.). Without it, the first of "
        + GeoJSONPlacesReader.Options.defaultNameProperties.joined(separator: ", ")
        + " that a feature has names it."
      commands = nil
      isCommandLineOnly = true
    case .nonPoint:
      names = ["--non-point"]
      value = NonPointChoice.allCases.map(\.rawValue).joined(separator: "|")
      summary =
        "Place a feature whose geometry is not a Point at the centre of its bounding box, or "
        + "skip it. Without it, a polygon is placed inside itself (its largest part's pole of "
        + "inaccessibility), a line halfway along it, points on the one nearest their middle."
      commands = nil
      isCommandLineOnly = true
    case .idPrefix:
      names = ["--id-prefix"]
      value = "TEXT"
      summary =
        "Write TEXT before every id of the file, so that files whose ids overlap can be read "
        + "together: with --id-prefix airport:, the id 1 becomes the string airport:1, which "
        + "select takes as it is. Needs --places."
      commands = nil
      isCommandLineOnly = true
    case .strict:
      names = ["--strict"]
      value = nil
      summary =
        "Load all or nothing: refuse the file if a feature would be skipped (no geometry, no "
        + "name) or a value left out, instead of loading the rest."
      commands = nil
      isCommandLineOnly = true
    case .format:
      names = ["--format"]
      value = "text|json"
      summary = "Print text lines (default) or one JSON object per line."
      commands = nil
      isCommandLineOnly = true
    case .from:
      names = ["--from"]
      value = "map|list|search"
      summary =
        "The view the tap comes from (default: map). With search, the place must be among "
        + "the matches of the session's last 'search'."
      commands = [.select]
      isCommandLineOnly = false
    case .near:
      names = ["--near"]
      value = "LAT,LON"
      summary =
        "Order by distance from this point, for example --near 59.86,17.64. Without it, a "
        + "session uses the location of an earlier 'locate'."
      commands = [.list]
      isCommandLineOnly = false
    case .limit:
      names = ["--limit"]
      value = "N"
      summary =
        "Print at most N lines (search: 10 by default; list: every place; cluster: every "
        + "place of the cluster)."
      commands = [.search, .list, .cluster]
      isCommandLineOnly = false
    case .offset:
      names = ["--offset"]
      value = "K"
      summary = "Skip the first K places of the cluster's order (default 0)."
      commands = [.cluster]
      isCommandLineOnly = false
    case .page:
      names = ["--page"]
      value = "K"
      summary =
        "After spreading the cluster's places, show page K of the spread (from 0), as the "
        + "spread's page control would; the cluster's spread stays shown if it already is."
      commands = [.tapCluster]
      isCommandLineOnly = false
    case .category:
      names = ["--category"]
      value = "C[,C...]"
      summary =
        "Show only the places of these categories, separated by commas, in every view (the "
        + "map, the list and search), as an app's filter: --category city,airport. (none) "
        + "stands for the places without a category. In a session, use 'filter C[,C...]' "
        + "instead. With add, the new place's one category: --category city."
      commands = [
        .select, .deselect, .locate, .camera, .list, .search, .add, .move, .rename, .remove,
        .tapCluster, .cluster, .session, .browse,
      ]
      isCommandLineOnly = false
    case .clusterByCategory:
      names = ["--cluster-by-category"]
      value = nil
      summary =
        "Cluster the map's places only with places of their own category (those without one "
        + "together), as MapKit's clusteringIdentifier does: a cluster then holds one category, "
        + "and markers of two categories may overlap."
      commands = [
        .select, .deselect, .locate, .camera, .session, .browse, .add, .move, .rename, .remove,
        .filter, .tapCluster, .cluster,
      ]
      isCommandLineOnly = true
    case .watch:
      names = ["--watch"]
      value = nil
      summary =
        "With --places: reload a file when it changes on disk (saved by an editor or "
        + "rewritten by a script) and apply its difference alone, so the views update in "
        + "place; each --places file is followed. A file that cannot be loaded keeps the last "
        + "good places."
      commands = [.browse, .session]
      isCommandLineOnly = true
    case .help:
      names = ["-h", "--help"]
      value = nil
      summary = "Show this help; after a command, that command's help."
      commands = nil
      isCommandLineOnly = false
    case .version:
      names = ["--version"]
      value = nil
      summary = "Show the version, one line: places-cli and the version number."
      commands = nil
      isCommandLineOnly = false
    case .verbose:
      names = ["--verbose"]
      value = nil
      summary =
        "With --version, also show the code's licence and the attributions and licences of "
        + "the built-in data."
      commands = nil
      isCommandLineOnly = false
    }
  }
}

/// The choices of `--non-point`.
enum NonPointChoice: String, CaseIterable {
  /// At the centre of the geometry's bounding box, instead of on the geometry.
  case centre
  /// Skipped.
  case skip

  /// What the reader does for this choice.
  var readerChoice: GeoJSONPlacesReader.NonPointGeometry {
    switch self {
    case .centre: .boundingBoxCentre
    case .skip: .skip
    }
  }
}
