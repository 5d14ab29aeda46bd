/// The text `--help` prints, for the tool and for each command.
///
/// The prose is written here; every list of options is made from ``CommandLineOption/all``,
/// the table the parser reads, so the two cannot drift.
enum HelpText {
  /// The help for `command`, or for the tool when `command` is `nil`.
  static func text(for command: CommandName?) -> String {
    switch command {
    case nil: tool
    case .select: select
    case .deselect: deselect
    case .locate: locate
    case .list: list
    case .session: session
    case .help: help
    }
  }

  // MARK: - Options from the table

  /// The column where option descriptions start, after the longest synopsis.
  private static let descriptionColumn =
    4 + (CommandLineOption.all.map(\.synopsis.count).max() ?? 0)

  /// The lines describing `options`: each synopsis, then its summary wrapped to 96 columns
  /// in a column of its own; each line ends with a line feed.
  static func optionLines(_ options: [CommandLineOption]) -> String {
    let indent = String(repeating: " ", count: descriptionColumn)
    return options.map { option in
      let padding = String(repeating: " ", count: descriptionColumn - 2 - option.synopsis.count)
      return wrapped(option.summary, firstLine: "  " + option.synopsis + padding, indent: indent)
    }.joined()
  }

  /// The options that apply to every command.
  private static var commonOptions: [CommandLineOption] {
    CommandLineOption.all.filter { $0.commands == nil }
  }

  /// The options of `command` alone.
  private static func options(of command: CommandName) -> [CommandLineOption] {
    CommandLineOption.all.filter { $0.commands?.contains(command) ?? false }
  }

  /// The options a session takes only from the tool's command line, as an indented list
  /// such as `  --places FILE, --format text|json`, wrapped, ending with a line feed.
  private static var commandLineOnlyOptions: String {
    let list = CommandLineOption.all.filter(\.isCommandLineOnly).map(\.synopsis)
    return wrapped(list.joined(separator: ", ") + ".", firstLine: "  ", indent: "  ")
  }

  /// `text` broken at spaces into lines of at most 96 columns, the first starting with
  /// `firstLine` and the others with `indent`; each line ends with a line feed.
  private static func wrapped(_ text: String, firstLine: String, indent: String) -> String {
    let width = 96
    var lines: [String] = []
    var line = firstLine
    var lineHasWords = false
    for word in text.split(separator: " ") {
      if lineHasWords, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
        lineHasWords = false
      }
      line += (lineHasWords ? " " : "") + word
      lineHasWords = true
    }
    lines.append(line)
    return lines.map { $0 + "\n" }.joined()
  }

  // MARK: - Prose

  private static let tool = """
    OVERVIEW: Drive the places map, list and detail card from the command line.

    Loads places (by default the built-in sample of 200 places), turns each command into the
    tap or change a user would make, and prints every command the view models then issue to
    their views, one per line, in the order they were issued.

    USAGE: places-cli [OPTIONS] COMMAND [ARGUMENTS] [OPTIONS]

    COMMANDS:
      select ID         Select a place, as a tap on its map marker would.
      deselect          Clear the selection, as a tap on the empty map would.
      locate LAT LON    Set the user's location.
      list              Print the places, nearest first when a location is known.
      session           Read commands from standard input, one per line, against one model.
      help [COMMAND]    Show this help, or a command's.

    OPTIONS (before or after the command; an option that takes a value may be given once):
    \(optionLines(commonOptions))
    PLACES FILES:
      Any GeoJSON FeatureCollection (RFC 7946), as GDAL/ogr2ogr, QGIS, osmtogeojson or
      geojson.io write it. Ids are the features' "id" (numbers or strings, kept as written), or
      positions from 0 when no feature has one. Names come from the first name property found.
      A Point is the place; other geometries are placed at the centre of their bounding box.
      Features with no geometry or no name are skipped, and a load that skipped anything says
      so in one line on standard error:
        places-cli: loaded 3,376 places from FILE; skipped 12 without a name, 1 with no geometry

    OUTPUT:
      Each view command is one line naming the view (map, list or card), the command and its
      arguments. Markers and rows are printed as their count; an id that is a string is quoted:
        map: moveCamera to=59.32938,18.06871 animated=true
        list: reloadRows count=200 order=name
      With --format json, each line is one object with the keys "view" and "command" and the
      arguments by name (a coordinate as "latitude" and "longitude"):
        {"view":"map","command":"moveCamera","latitude":59.32938,"longitude":18.06871,"animated":true}
      The views first print the state they start from. Errors go to standard error, and a
      command that fails prints nothing on standard output.

    EXIT STATUS:
      0   Success.
      1   No place has the id given.
      64  Usage error: unknown command or option, an option given twice, an id that is not an
          integer where every id is one, a missing or extra argument, a bad option value, or
          a coordinate out of range.
      65  The places file is malformed or invalid, or has no feature that can be placed.
      66  The places file is missing or unreadable.

    Run 'places-cli COMMAND --help' for a command's details.

    """

  private static let select = """
    USAGE: places-cli select ID [--from map|list] [OPTIONS]

    Selects the place with the id ID, as a tap on its marker on the map (the default) or on
    its row in the list would, and prints the commands every view receives: the map selects
    the marker, moves the camera and shows the bottom card; the list highlights the row and
    scrolls to it; the detail card shows the place. Whichever view the tap comes from, each
    view reacts once, in the same order.

    ID is the id as the places file gives it: 42, or node/123456 or LHR where the file has
    string ids. Where every id is a number, ID must be one; otherwise ID names the number it
    spells if a place has that number as its id, and else the string it is.

    OPTIONS:
    \(optionLines(options(of: .select)))
    EXAMPLES:
      places-cli select 42
      places-cli select 42 --from list --format json
      places-cli select LHR --places airports.geojson --id-property iata

    Exits with 1 if no place has the id, and with 64 if ID is not an integer where every id
    is one.

    """

  private static let deselect = """
    USAGE: places-cli deselect [OPTIONS]

    Clears the selection, as a tap on the map away from any marker would, and prints the
    commands the views receive. With nothing selected, it prints only the views' start-up
    lines. In a session, it dismisses the card of the place selected before.

    """

  private static let locate = """
    USAGE: places-cli locate LAT LON [OPTIONS]

    Sets the user's location to latitude LAT (-90...90) and longitude LON (-180...180), in
    degrees, and prints the commands the views receive: the map shows the location and the
    list reorders its rows nearest first. In a session, later 'list' commands use it.

    EXAMPLES:
      places-cli locate 59.85882 17.63889
      places-cli locate -33.92 18.42

    Exits with 64 if a number is missing, not a number, or out of range.

    """

  private static let list = """
    USAGE: places-cli list [--near LAT,LON] [OPTIONS]

    Prints the places, one per line, with id, name and country; nearest first, with the
    distance in kilometres, when a location is known, and by name otherwise. Prints no view
    commands.

      id=42 name="Stockholm" country="SE" distanceKm=63.7
      {"id":42,"name":"Stockholm","country":"SE","distanceKm":63.7}

    OPTIONS:
    \(optionLines(options(of: .list)))
    """

  private static let session = """
    USAGE: places-cli session [OPTIONS]

    Reads commands from standard input, one per line, and runs them against one live model,
    so the selection and the location carry from line to line. This is how another program
    drives the core.

    Each line has the grammar of the command line without the tool's name, for example
    'select 42 --from list' or 'locate 59.86 17.64'. Empty lines and lines starting with #
    are skipped. 'session' itself and these options are given on the command line only:
    \(commandLineOnlyOptions)

    The views' start-up lines are printed first; then each line's output is written as soon
    as the line has run. A line that fails prints nothing on standard output and reports
    'places-cli: line N: message' on standard error, and the session goes on.

    EXIT STATUS:
      0 if every line succeeded, else the status of the last line that failed (see
      'places-cli --help'); 65 or 66 at once if the places cannot be loaded.

    EXAMPLE:
      printf 'select 42\\nlocate 59.86 17.64\\nlist\\n' | places-cli session

    """

  private static let help = """
    USAGE: places-cli help [COMMAND]

    Shows the help for the tool, or for COMMAND; the same as 'places-cli COMMAND --help'.

    """
}
