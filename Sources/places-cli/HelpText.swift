/// The text `--help` prints, for the tool and for each command.
enum HelpText {
  /// The help for `command`, or for the tool when `command` is `nil`.
  static func text(for command: CommandName?) -> String {
    switch command {
    case nil: tool
    case .select: select
    case .deselect: deselect
    case .locate: locate
    case .camera: camera
    case .list: list
    case .session: session
    case .help: help
    }
  }

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
      camera LAT LON ZOOM
                        Show the map centred there at ZOOM, as a pan or zoom would.
      list              Print the places, nearest first when a location is known.
      session           Read commands from standard input, one per line, against one model.
      help [COMMAND]    Show this help, or a command's.

    OPTIONS (before or after the command):
      --places FILE       Read the places from a GeoJSON file instead of the built-in ones.
      --format text|json  Print text lines (default) or one JSON object per line.
      -h, --help          Show this help; after a command, that command's help.
      --version           Show the version and the attribution of the built-in data.

    OUTPUT:
      Each view command is one line naming the view (map, list or card), the command and its
      arguments. Rows are printed as their count; markers as how many were added and removed,
      and how many the map then shows (count), of which how many are clusters:
        map: moveCamera to=59.32938,18.06871 zoom=0.0 animated=true
        map: updateMarkers added=2 removed=1 count=7 clusters=5
        list: reloadRows count=200 order=name
      With --format json, each line is one object with the keys "view" and "command" and the
      arguments by name (a coordinate as "latitude" and "longitude"); markers are listed in
      full, a place with "id" and "name", a cluster with "cluster", each with its coordinate
      and "count":
        {"view":"map","command":"moveCamera","latitude":59.32938,"longitude":18.06871,"zoom":0.0,"animated":true}
      The map is a phone-sized screen (390x844 points) that starts out showing the whole
      world (zoom 0); the views first print the state they start from. Errors go to standard
      error, and a command that fails prints nothing on standard output.

    EXIT STATUS:
      0   Success.
      1   No place has the id given.
      64  Usage error: unknown command or option, an id that is not an integer, a missing or
          extra argument, a bad option value, or a coordinate or zoom out of range.
      65  The places file is malformed or invalid.
      66  The places file is missing or unreadable.

    Run 'places-cli COMMAND --help' for a command's details.

    """

  private static let select = """
    USAGE: places-cli select ID [--from map|list] [OPTIONS]

    Selects the place with the integer id ID, as a tap on its marker on the map (the default)
    or on its row in the list would, and prints the commands every view receives: the map
    centres the camera on the place, updates its markers (the selected place always has its
    own marker, never hidden in a cluster) and selects the marker; the list highlights the
    row and scrolls to it; the detail card shows the place. Whichever view the tap comes from,
    each view reacts once, in the same order.

    OPTIONS:
      --from map|list   The view the tap comes from (default: map).

    EXAMPLES:
      places-cli select 42
      places-cli select 42 --from list --format json

    Exits with 1 if no place has the id, and with 64 if ID is not an integer.

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

  private static let camera = """
    USAGE: places-cli camera LAT LON ZOOM [OPTIONS]

    Reports that the map now shows latitude LAT and longitude LON, in degrees, at its centre,
    at zoom ZOOM (0 to 24: at zoom 0 the whole world is 256 points wide, and each step
    doubles the scale; about 4 shows a continent, 11 a city, 16 a street), as a pan or a
    zoom would. Prints the markers the map receives: the places in view, with places closer
    than 60 points clustered, as the difference from what it showed before.

    The map is a phone-sized screen, 390x844 points, that starts at latitude 0, longitude 0,
    zoom 0. In a session the camera carries from line to line, and a later 'select' centres
    it on the place, keeping the zoom.

    EXAMPLES:
      places-cli camera 48.86 2.35 11
      printf 'camera 59.33 18.07 4\\nselect 42\\n' | places-cli session

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
      --near LAT,LON    Order by distance from this point, for example --near 59.86,17.64.
                        Without it, a session uses the location of an earlier 'locate'.

    """

  private static let session = """
    USAGE: places-cli session [--places FILE] [--format text|json]

    Reads commands from standard input, one per line, and runs them against one live model,
    so the selection and the location carry from line to line. This is how another program
    drives the core.

    Each line has the grammar of the command line without the tool's name, for example
    'select 42 --from list' or 'locate 59.86 17.64'; --places, --format and 'session' are
    given on the command line only. Empty lines and lines starting with # are skipped.

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
