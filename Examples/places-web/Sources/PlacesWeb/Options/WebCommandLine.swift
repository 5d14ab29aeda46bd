import PlacesModel

/// Reads `places-web`'s command line into ``WebOptions``, or says what is wrong with it.
///
/// Options take their value as the next word or after `=` (`--port 8080`, `--port=8080`); a
/// flag takes none. `--places FILE` may be given once for each file; the reading options
/// (``readingOptions``) that follow a `--places FILE` apply to that file alone, those before
/// the first `--places` to every file, as in `places-cli`. Every other option is given at most
/// once, and a reading option at most once for each file and once before the first file.
package enum WebCommandLine {
  /// What a parse gives: options to serve with, or a request for the help or the version.
  package enum Action: Equatable, Sendable {
    /// Serve with these options.
    case serve(WebOptions)
    /// Print the usage and exit.
    case help
  }

  /// The options that take a value.
  static let valueOptions = ["--places", "--host", "--port", "--assets", "--max-sessions"]
  /// The options that say how one file, or every file, is read; each takes a value.
  static let readingOptions = ["--id-property", "--name-property", "--non-point", "--id-prefix"]
  /// The options that take none.
  static let flags = ["--watch", "--allow-edits", "--strict", "--help", "-h"]

  /// The reading options given so far for every file, or for one.
  private struct ReadingScope {
    var options = GeoJSONPlacesReader.Options()
    var seen: Set<String> = []
  }

  /// Parses `arguments`, which do not include the tool's name.
  ///
  /// - Throws: ``WebUsageError`` for the first word at fault.
  package static func parse(_ arguments: [String]) throws(WebUsageError) -> Action {
    var options = WebOptions()
    var seen: Set<String> = []
    var everyFile = ReadingScope()
    var files: [(file: String, scope: ReadingScope)] = []
    var words = arguments[...]
    while let word = words.popFirst() {
      let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      let attached = parts.count == 2 ? String(parts[1]) : nil
      guard name.hasPrefix("-") else { throw .unexpectedArgument(word) }
      if flags.contains(name) {
        if let attached { throw .unexpectedValue(attached, option: name) }
        if name == "--help" || name == "-h" { return .help }
        guard seen.insert(name).inserted else { throw .repeatedOption(name) }
        continue
      }
      guard valueOptions.contains(name) || readingOptions.contains(name) else {
        throw .unknownOption(word)
      }
      guard let value = attached ?? words.popFirst() else { throw .missingValue(option: name) }
      if name == "--places" {
        guard !value.isEmpty else {
          throw .invalidValue(value, option: name, expected: "the path of a GeoJSON file")
        }
        files.append((value, ReadingScope(options: everyFile.options)))
      } else if readingOptions.contains(name) {
        if files.isEmpty {
          guard name != "--id-prefix" else {
            throw .optionNeedsOption(name, required: "--places FILE before it")
          }
          try apply(value, to: name, in: &everyFile)
        } else {
          try apply(value, to: name, in: &files[files.count - 1].scope)
        }
      } else {
        guard seen.insert(name).inserted else { throw .repeatedOption(name) }
        try apply(value, to: name, in: &options)
      }
    }
    options.watchesPlacesFiles = seen.contains("--watch")
    options.allowsEdits = seen.contains("--allow-edits")
    if options.watchesPlacesFiles && files.isEmpty {
      throw .optionNeedsOption("--watch", required: "--places")
    }
    if seen.contains("--strict") && files.isEmpty {
      throw .optionNeedsOption("--strict", required: "--places")
    }
    options.placesSources = files.map { file, scope in
      var readingOptions = scope.options
      readingOptions.isStrict = seen.contains("--strict")
      return GeoJSONPlacesReader.Source(file: file, options: readingOptions)
    }
    return .serve(options)
  }

  /// Records the reading option `option` with `value` in `scope`.
  private static func apply(
    _ value: String, to option: String, in scope: inout ReadingScope
  ) throws(WebUsageError) {
    guard scope.seen.insert(option).inserted else { throw .repeatedOption(option) }
    switch option {
    case "--id-property":
      guard !value.isEmpty else {
        throw .invalidValue(value, option: option, expected: "a property name")
      }
      scope.options.ids = .property(value)
    case "--name-property":
      guard !value.isEmpty else {
        throw .invalidValue(value, option: option, expected: "a property name")
      }
      scope.options.nameProperties = [value]
    case "--non-point":
      switch value {
      case "centre": scope.options.nonPointGeometry = .boundingBoxCentre
      case "skip": scope.options.nonPointGeometry = .skip
      default: throw .invalidValue(value, option: option, expected: "centre or skip")
      }
    default:  // --id-prefix
      guard !value.isEmpty else {
        throw .invalidValue(value, option: option, expected: "text to write before ids")
      }
      scope.options.idPrefix = value
    }
  }

  /// Records the server option `option` with `value` in `options`.
  private static func apply(
    _ value: String, to option: String, in options: inout WebOptions
  ) throws(WebUsageError) {
    switch option {
    case "--host":
      guard !value.isEmpty, !value.contains(where: { $0 == "/" || $0.isWhitespace }) else {
        throw .invalidValue(value, option: option, expected: "an address such as 127.0.0.1")
      }
      options.host = value
    case "--port":
      guard let port = Int(value), (0...65535).contains(port) else {
        throw .invalidValue(value, option: option, expected: "a port number from 0 to 65535")
      }
      options.port = port
    case "--assets":
      guard !value.isEmpty else {
        throw .invalidValue(value, option: option, expected: "a folder")
      }
      options.assetsDirectory = value
    default:  // --max-sessions
      guard let limit = Int(value), limit >= 1 else {
        throw .invalidValue(value, option: option, expected: "a whole number of at least 1")
      }
      options.sessionLimit = limit
    }
  }

  /// The known option closest to `word` by edit distance, if one is close enough to be a typo.
  static func nearestOption(to word: String) -> String? {
    let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
    let candidates = (valueOptions + readingOptions + flags).map { ($0, editDistance(name, $0)) }
    guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.1 < name.count
    else { return nil }
    return best.0
  }

  /// The Levenshtein distance between two words.
  private static func editDistance(_ left: String, _ right: String) -> Int {
    let left = Array(left)
    let right = Array(right)
    var previous = Array(0...right.count)
    for (i, l) in left.enumerated() {
      var current = [i + 1]
      for (j, r) in right.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1)))
      }
      previous = current
    }
    return previous[right.count]
  }

  /// The usage printed by `--help`.
  package static let usage = """
    USAGE: places-web [--places FILE [READING OPTIONS]]... [--watch] [--strict]
                      [--host ADDRESS] [--port PORT] [--allow-edits] [--assets DIR]
                      [--max-sessions N]

    Serves a map of the places to web browsers: each page is a session with its own map,
    list, search and selection over one shared catalog. The first line printed is the
    address to open.

    OPTIONS:
      --places FILE       A GeoJSON file of places (default: the sample of 200 places). Give
                          it once for each file to serve several as one catalog, in order;
                          an id two files give is an error naming both.
      --watch             Follow each FILE: read it again after it changes and apply its
                          difference alone; every page updates.
      --strict            Every feature of every file must become a place.
      --host ADDRESS      The address to listen on (default: 127.0.0.1, this machine only).
      --port PORT         The port to listen on (default: 8080; 0 picks a free one).
      --allow-edits       Let pages add, move, rename and remove places.
      --assets DIR        Where Leaflet is installed (default: /usr/share/javascript/leaflet,
                          Debian's libjs-leaflet).
      --max-sessions N    The most pages open at once (default: 256).
      -h, --help          Show this help.

    READING OPTIONS (after a --places FILE: for that file; before the first: for every file):
      --id-property FIELD    Take the ids from this property of the features.
      --name-property FIELD  Take the names from this property.
      --non-point centre|skip
                             Place other geometries at their box's centre, or skip them
                             (default: on the geometry itself).
      --id-prefix TEXT       Write TEXT before each id of the file (after a --places only):
                             --places world.geojson --places airports.geojson --id-prefix airport:

    EXIT STATUS: 0 after Ctrl-C or SIGTERM, 64 for a wrong command line, 65 for a places file
    that is not valid or ids two files share, 66 for one that is missing or unreadable, 69
    when the address cannot be listened on (the port is in use, say).

    """
}
