/// Reads `places-web`'s command line into ``WebOptions``, or says what is wrong with it.
///
/// Options take their value as the next word or after `=` (`--port 8080`, `--port=8080`); a
/// flag takes none. Each is given at most once.
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
  /// The options that take none.
  static let flags = ["--watch", "--allow-edits", "--help", "-h"]

  /// Parses `arguments`, which do not include the tool's name.
  ///
  /// - Throws: ``WebUsageError`` for the first word at fault.
  package static func parse(_ arguments: [String]) throws(WebUsageError) -> Action {
    var options = WebOptions()
    var seen: Set<String> = []
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
        if name == "--watch" { options.watchesPlacesFile = true }
        if name == "--allow-edits" { options.allowsEdits = true }
        continue
      }
      guard valueOptions.contains(name) else { throw .unknownOption(word) }
      guard seen.insert(name).inserted else { throw .repeatedOption(name) }
      guard let value = attached ?? words.popFirst() else { throw .missingValue(option: name) }
      try apply(value, to: name, in: &options)
    }
    if options.watchesPlacesFile && options.placesFile == nil {
      throw .optionNeedsOption("--watch", required: "--places")
    }
    return .serve(options)
  }

  private static func apply(
    _ value: String, to option: String, in options: inout WebOptions
  ) throws(WebUsageError) {
    switch option {
    case "--places":
      guard !value.isEmpty else {
        throw .invalidValue(value, option: option, expected: "a GeoJSON file")
      }
      options.placesFile = value
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
    let candidates = (valueOptions + flags).map { ($0, editDistance(name, $0)) }
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
    USAGE: places-web [--places FILE] [--watch] [--host ADDRESS] [--port PORT]
                      [--allow-edits] [--assets DIR] [--max-sessions N]

    Serves a map of the places to web browsers: each page is a session with its own map,
    list, search and selection over one shared catalog. The first line printed is the
    address to open.

    OPTIONS:
      --places FILE       The GeoJSON file of places (default: the sample of 200 places).
      --watch             Follow FILE: read it again after each change; every page updates.
      --host ADDRESS      The address to listen on (default: 127.0.0.1, this machine only).
      --port PORT         The port to listen on (default: 8080; 0 picks a free one).
      --allow-edits       Let pages add, move, rename and remove places.
      --assets DIR        Where Leaflet is installed (default: /usr/share/javascript/leaflet,
                          Debian's libjs-leaflet).
      --max-sessions N    The most pages open at once (default: 256).
      -h, --help          Show this help.

    EXIT STATUS: 0 after Ctrl-C or SIGTERM, 64 for a wrong command line, 65 for a places file
    that is not valid, 66 for one that is missing or unreadable, 69 when the address cannot
    be listened on (the port is in use, say).

    """
}
