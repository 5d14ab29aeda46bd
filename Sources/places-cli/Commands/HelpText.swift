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
    case .camera: camera
    case .list: list
    case .session: session
    case .search: search
    case .add: add
    case .move: move
    case .rename: rename
    case .remove: remove
    case .filter: filter
    case .tapCluster: tapCluster
    case .cluster: cluster
    case .browse: browse
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

  /// The options that choose and read the places file.
  private static var readingOptions: [CommandLineOption] {
    CommandLineOption.all.filter { $0.commands == nil && $0.isCommandLineOnly && $0.key != .format }
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

  /// How often `--watch` checks the file, as help says it: `0.25 s`.
  private static var watchInterval: String {
    let (seconds, attoseconds) = FileWatcher.defaultInterval.components
    let hundredths = Int(seconds) * 100 + Int(attoseconds / 10_000_000_000_000_000)
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
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
      camera LAT LON ZOOM
                        Show the map centred there at ZOOM, as a pan or zoom would.
      list              Print the places, nearest first when a location is known.
      search TEXT       Print the places whose names match TEXT, best first.
      add ID LAT LON NAME [--category C]
                        Add a place to the catalog.
      move ID LAT LON   Move a place.
      rename ID NAME    Give a place a new name.
      remove ID         Remove a place from the catalog.
      filter [C[,C...]] Show only the places of these categories (none: every place).
      tap-cluster LEVEL/ID [--page K]
                        Tap a cluster marker: fly to where it splits, or spread its places.
      cluster LEVEL/ID [--limit N] [--offset K]
                        Print a cluster's summary and its places, most populous first.
      session           Read commands from standard input, one per line, against one model.
      browse            Explore the map interactively in the terminal.
      help [COMMAND]    Show this help, or a command's.

    With --places FILE --watch, 'session' and 'browse' follow the file as it changes on disk.
    With --category C[,C...], the views show only the places of those categories, as an app's
    filter would: places-cli list --category city,airport.

    OPTIONS (before or after the command; an option that takes a value may be given once, a
    reading option once for every file and once before the first --places; after --, every
    word is an argument, as a name that starts with '-' needs):
    \(optionLines(commonOptions))
    PLACES FILES:
      Any GeoJSON FeatureCollection (RFC 7946), as GDAL/ogr2ogr, QGIS, osmtogeojson or
      geojson.io write it, a single Feature, or a GeoJSON text sequence, one feature per line
      with or without the RS character (RFC 8142, GDAL's GeoJSONSeq). Ids are the features'
      "id" (numbers or strings, kept as written), or positions from 0 when no feature has one.
      Names come from the first name property found. A Point is the place; a polygon is placed
      inside itself, a line halfway along it. Coordinates must be longitude and latitude in
      degrees: convert a projected file with ogr2ogr -t_srs EPSG:4326 out.geojson in.geojson.
      Features with no geometry or no name are skipped, and a load that skipped anything says
      so in one line on standard error:
        places-cli: loaded 3,376 places from FILE; skipped 12 without a name, 1 with no geometry

    SEVERAL FILES:
      Give --places once for each file to read them as one catalog, in the order given; an id
      that two files give is an error (status 65) naming both files and the feature. The
      reading options (--id-property, --name-property, --non-point, --id-prefix) that follow a
      --places FILE apply to that file alone, those before the first --places to every file;
      --strict applies to every file. --id-prefix airport: writes airport: before each id of
      its file, so that its id 1 becomes the string airport:1. With --watch, each file is
      followed, and a change to one is read and applied alone. For example:
        places-cli list --places cities.geojson --places airports.geojson --id-prefix airport:

    OUTPUT:
      Each view command is one line naming the view (map, list or card), the command and its
      arguments; an id that is a string is quoted. Rows are printed as their count; markers as
      how many were added and removed, and how many the map then shows (count), of which how
      many are clusters:
        map: moveCamera to=59.32938,18.06871 zoom=0.0 animated=true
        map: updateMarkers added=2 removed=1 count=7 clusters=5
        list: reloadRows count=200 order=name
      With --format json, each line is one object with the keys "view" and "command" and the
      arguments by name (a coordinate as "latitude" and "longitude"); markers are listed in
      full, a place with "id" and "name", a cluster with "cluster", each with its coordinate
      and "count":
        {"view":"map","command":"moveCamera","latitude":1.5,"longitude":2.5,"zoom":0.0,"animated":true}
      The map is a phone-sized screen (390x844 points) that starts out showing the whole
      world (zoom 0); the views first print the state they start from. Errors go to standard
      error, and a command that fails prints nothing on standard output.

    EXIT STATUS:
      0   Success.
      1   No place has the id given, or no cluster marker with the identity given is on the
          map.
      2   'add' was given an id a place already has.
      64  Usage error: unknown command or option, an option given twice, an id that is not an
          integer where every id is one, a missing or extra argument, a bad option value, or
          a coordinate or zoom out of range.
      65  The places file is malformed or invalid, or has features but none that can be
          placed (a collection of no features loads as no places, with a note).
      66  The places file is missing or unreadable.
      74  Standard output could not be written (a full disk, say), standard input could not
          be read ('session'), or 'browse' could not set up the terminal.

    Run 'places-cli COMMAND --help' for a command's details.

    """

  private static let select = """
    USAGE: places-cli select ID [--from map|list|search] [OPTIONS]

    Selects the place with the id ID, as a tap on its marker on the map (the default) or on
    its row in the list would, and prints the commands every view receives: the map centres
    the camera on the place, updates its markers (the selected place always has its own
    marker, never hidden in a cluster) and selects the marker; the list highlights the row and
    scrolls to it; the detail card shows the place. Whichever view the tap comes from, each
    view reacts once, in the same order.

    ID is the id as the places file gives it: 42, or node/123456 or LHR where the file has
    string ids. Where every id is a number, ID must be one; otherwise ID names the number it
    spells if a place has that number as its id, and else the string it is. An id in double
    quotes, as 'list' prints a string id ("LHR"), names the string inside them, its escapes
    (\\", \\\\, \\n, \\u001b and the others JSON has) read as 'list' writes them.

    OPTIONS:
    \(optionLines(options(of: .select)))
    EXAMPLES:
      places-cli select 42
      places-cli select 42 --from list --format json
      places-cli select LHR --places airports.geojson --id-property iata
      printf 'search stockholm\\nselect 42 --from search\\n' | places-cli session

    Exits with 1 if no place has the id ('list' and 'search' show the ids), and with 64 if ID
    is not an integer where every id is one, with --from search not among the matches, or
    with --from list hidden by the filter.

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
    list reorders its rows nearest first. In a session, later 'list' commands use it. The two
    numbers may also be typed with a comma between them, as --near takes them.

    EXAMPLES:
      places-cli locate 59.85882 17.63889
      places-cli locate -33.92,18.42
      places-cli locate "59.3, 18.0"

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
    USAGE: places-cli list [--near LAT,LON] [--limit N] [OPTIONS]

    Prints the places, one per line, with id, name and country; nearest first, with the
    distance in kilometres, when a location is known, and by name otherwise. Places at the
    same distance keep the order of the places file. Prints no view commands.

      id=42 name="Stockholm" country="SE" distanceKm=63.7
      {"id":42,"name":"Stockholm","country":"SE","distanceKm":63.7}

    OPTIONS:
    \(optionLines(options(of: .list)))
    EXAMPLES:
      places-cli list --limit 5
      places-cli list --category airport --near 59.86,17.64 --limit 3

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
    'places-cli: line N: message' on standard error, and the session goes on. 'help' and
    --version print their text; with --format json, as one object, so that every line stays
    one: {"event":"help","text":"USAGE: ..."}, {"event":"version","text":"places-cli ..."}.

    OPTIONS:
    \(optionLines(options(of: .session)))
    WATCHING:
      With --places FILE --watch, the file is checked every \(watchInterval) between lines and
      while the session waits for one; once a change has stopped (two checks in a row agree,
      so a file being written is not read half-way), it is read again, with the same options,
      and the difference by id applied to the model. Then a line says what changed, and the
      views' reactions follow, as after 'add' or 'move':
        reload file="places.geojson" inserted=2 updated=1 removed=0 reordered=false count=203
        {"event":"reload","file":"places.geojson","inserted":2,"updated":1,"removed":0,...}
      reordered=true says the file's order changed (places moved, or new ones written among
      the old), so the catalog was replaced whole instead of edited. A file that
      cannot be loaded (invalid, or gone for a moment) changes nothing: the session reports
      'places-cli: reload: FILE: problem; keeping the last good places (N)' on standard error
      and goes on; the file is read again at its next change. Editors that save by renaming a
      new file over the old one are followed. The session still ends at the end of its input.
      With several --places files, each is followed: a change to one reads that file alone and
      applies its difference alone, in a reload line naming it; the catalog keeps the files'
      order (a place new to a file that is not the last is reordered=true), and a file that
      now gives another file's id is refused like an invalid one.

    EXIT STATUS:
      0 if every line succeeded, else the status of the last line that failed (see
      'places-cli --help'); 65 or 66 at once if the places cannot be loaded. With --watch, a
      reload that fails counts as a failed line (65 if the file is invalid, 66 if it is
      missing or unreadable) until a later reload of the file succeeds.

    A session's views show every place until a line 'filter C[,C...]' says which categories
    to show (see 'places-cli help filter'), or --category C[,C...] on its command line.

    EXAMPLES:
      printf 'select 42\\nlocate 59.86 17.64\\nlist\\n' | places-cli session
      printf 'filter airport\\nlist --limit 3\\nfilter\\n' | places-cli session
      places-cli session --places places.geojson --watch

    """

  private static let search = """
    USAGE: places-cli search TEXT [--limit N] [OPTIONS]

    Prints the places whose names match TEXT, best first, one per line, as the search screen
    shows them while the text is typed; TEXT may be several words. Matching ignores case and
    accents ('malmo' finds Malmö, 'sao paulo' finds São Paulo) and looks at the start of every
    word of a name ('paulo' finds São Paulo too). Exact names come first, then names that start
    with TEXT, then names with a later word that does; within each, the nearest first when a
    location is known (in a session, after 'locate'), else the most populous first.

      id=42 name="Stockholm" country="SE" match=namePrefix population=1515017
      {"id":42,"name":"Stockholm","country":"SE","match":"namePrefix","population":1515017}

    With a location, each line ends with distanceKm. Prints nothing when nothing matches. In a
    session, 'select ID --from search' then chooses a match, as a tap on it would.

    OPTIONS:
    \(optionLines(options(of: .search)))
    EXAMPLES:
      places-cli search sao paulo
      places-cli search san --limit 3 --format json
      places-cli search san --category city --limit 3

    """

  private static let browse = """
    USAGE: places-cli browse [OPTIONS]

    Takes over the terminal with the map, the list and the card of the selected place, and
    gives the terminal back as it found it when you quit. Standard input and standard output
    must both be a terminal; for scripted use, run 'places-cli session' instead.

    A selection made on the map, in the list or by a search shows in all three, as 'select'
    does. The map is drawn with braille characters, so use a font that has them; 80 by 24
    cells is enough; the smallest it draws in is
    \(BrowseLayout.minimumSize.width) by \(BrowseLayout.minimumSize.height).
    NO_COLOR set (to anything) turns colours off; with TERM=dumb it refuses to start.

    OPTIONS:
    \(optionLines(readingOptions + options(of: .browse)))
    WATCHING:
      With --places FILE --watch, the file is checked every \(watchInterval) and read again
      once a change has stopped; the map, the list and the card update in place to the new
      places, keeping the camera and, if its place is still there, the selection. While the
      file cannot be loaded (invalid, or gone for a moment), the last good places stay on
      screen and the status line shows the problem until the file loads again. With several
      --places files, each is followed, and a change to one is read and applied alone.

    KEYS:
      arrows, h j k l     Pan the map (in the list, up and down move instead).
      + and -, the wheel  Zoom in and out (the wheel at the pointer).
      drag                Pan the map.
      Tab                 Move between the map and the list.
      PgUp, PgDn          Move in the list by a screen; Home and End to its ends; the
                          wheel over the list moves in it too.
      Enter               Select the row; on the map, the marker nearest the centre (a
                          cluster zooms in).
      Esc                 Deselect.
      /                   Search places by name; type, then up, down and Enter to choose a
                          match. Esc goes back. Left, Right, Home, End, Control-W (a word)
                          and Control-U (the line) edit the text.
      .                   Set your location to the map's centre: the list goes nearest first.
      x                   Forget your location: the list goes by name again. The status line
                          says which order the list is in.
      click               Select a marker or a row.
      ?                   Show the keys.
      Control-Z           Suspend, as a shell's job; 'fg' brings it back.
      q, Control-C        Quit.

    EXIT STATUS:
      0 after q; 130 after Control-C or SIGINT, 143 after SIGTERM, 129 after SIGHUP, each once
      the terminal is restored; 64 when standard input or output is not a terminal; 65 or 66
      if the places cannot be loaded; 74 if the terminal cannot be set up.

    """

  private static let add = """
    USAGE: places-cli add ID LAT LON NAME [--category C] [OPTIONS]

    Adds a place with the id ID at latitude LAT and longitude LON, named NAME (several words
    are joined with spaces), after the catalog's places, and prints the commands every view
    receives: the map updates its markers, the list updates the rows that changed
    (list: updateRows count=201 order=name removed=0 inserted=1 reloaded=0). In a session the
    place stays for the lines that follow.

    ID is read as 'select' reads it; where every id is a number, ID must be one. An id in
    double quotes is a string.

    OPTIONS:
    \(optionLines(options(of: .add)))
    EXAMPLES:
      places-cli add 9001 59.86 17.64 Uppsala --category city
      printf 'add 9001 59.86 17.64 "Uppsala C"\\nselect 9001\\n' | places-cli session

    Exits with 2 if a place already has the id, and with 64 if a number is missing, not a
    number or out of range, NAME is empty, or the category holds a comma or is (none).

    """

  private static let move = """
    USAGE: places-cli move ID LAT LON [OPTIONS]

    Moves the place with the id ID to latitude LAT and longitude LON, keeping everything else,
    and prints the commands every view receives: the map updates its markers, the list the
    rows that changed, the card of the selected place shows its new coordinate.

    EXAMPLE:
      printf 'select 42\\nmove 42 59.0 18.0\\n' | places-cli session

    Exits with 1 if no place has the id, and with 64 if a number is missing, not a number or
    out of range.

    """

  private static let rename = """
    USAGE: places-cli rename ID NAME [OPTIONS]

    Gives the place with the id ID the name NAME (several words are joined with spaces), and
    prints the commands every view receives: the list moves its row, the card of the selected
    place shows the new name, and the search shows its matches again if the place was or now
    is among them.

    Exits with 1 if no place has the id, and with 64 if NAME is empty.

    """

  private static let remove = """
    USAGE: places-cli remove ID [OPTIONS]

    Removes the place with the id ID, and prints the commands every view receives: the map
    removes its marker, the list its row; if the place was selected, the selection is cleared
    and its card dismissed.

    Exits with 1 if no place has the id.

    """

  private static let filter = """
    USAGE: places-cli filter [C[,C...]] [OPTIONS]

    Shows only the places of the categories C (separated by commas or spaces) in every view,
    as an app's filter would, and prints the commands the views receive: the list removes
    the rows of the places hidden and inserts those shown (list: updateRows ... removed=N
    inserted=M), or reloads its rows when many change or it is ordered by distance; the
    search shows its matches again among the places shown. (none) stands for the places
    without a category. With no category, every place is shown again. The selection stays,
    even when the filter hides its place: the list then highlights no row. In a session the
    filter holds for the lines that follow; on the command line, --category C[,C...] sets it
    for the one command.

    EXAMPLES:
      places-cli filter city
      printf 'filter airport,city\\nsearch san --limit 3\\nfilter\\n' | places-cli session

    Exits with 64 if a category name is empty (filter city,,airport).

    """

  private static let tapCluster = """
    USAGE: places-cli tap-cluster LEVEL/ID [--page K] [OPTIONS]

    Taps the cluster marker LEVEL/ID (16/9001: the level at which the cluster formed and its
    representative place's id, as --format json prints each cluster marker's "cluster"), as a
    user would, and prints the commands every view receives. A cluster whose places can be
    told apart flies in: the map moves the camera to the zoom at which it splits and updates
    its markers. A cluster whose places all lie at one spot (no zoom tells them apart: a
    market's stalls, a building's offices) is spread instead: the camera stays, and the map
    is told its places, most populous first, then by name, each a marker of its own around
    the spot, no two closer than 44 points, as many as fit on the screen (one page):
      map: spreadMarkers cluster=16/9001 at=48.85659997630574,2.3522000340744853 markers=3 page=0 pages=1 pageSize=3 total=3
    In JSON each marker is listed with its offset in points from the cluster's marker (dx,
    dy). 'select ID' then selects one of them, as a tap on it would, and keeps the spread;
    the next camera move, a 'deselect' (a tap on the map) or a second tap on the cluster
    gathers them back (map: gatherSpreadMarkers). With --page K, the spread shows its page K
    (from 0).

    The cluster must be on the map now: a camera move replaces the clusters shown.

    OPTIONS:
    \(optionLines(options(of: .tapCluster)))
    EXAMPLES:
      places-cli tap-cluster 0/57
      printf 'add 9001 48.8566 2.3522 "Stall 1"\\nadd 9002 48.8566 2.3522 "Stall 2"\\nadd 9003 48.8566 2.3522 "Stall 3"\\ncamera 48.8566 2.3522 16\\ntap-cluster 16/9001\\n' | places-cli session

    Exits with 1 if no cluster marker with that identity is on the map, and with 64 if
    LEVEL/ID is not a cluster's identity or the spread has no page K.

    """

  private static let cluster = """
    USAGE: places-cli cluster LEVEL/ID [--limit N] [--offset K] [OPTIONS]

    Prints the cluster marker LEVEL/ID on the map (as 'tap-cluster' takes it): one line with
    its coordinate, its count, its representative place, the zoom at which it splits, whether
    its places all lie at one spot (coincident=true: a tap spreads them), its counts by
    category, and how many places follow; then its places, one line each, the most populous
    first (places without a population last), then by name, then by id, from the K-th (from
    0), at most N of them: the order and the pages an app's "show these places" sheet uses.
    The selected place has a marker of its own and is not among them.

    OPTIONS:
    \(optionLines(options(of: .cluster)))
    EXAMPLES:
      places-cli cluster 0/57 --limit 5
      places-cli cluster 0/57 --offset 5 --limit 5 --format json

    Exits with 1 if no cluster marker with that identity is on the map, and with 64 if
    LEVEL/ID is not a cluster's identity.

    """

  private static let help = """
    USAGE: places-cli help [COMMAND]

    Shows the help for the tool, or for COMMAND; the same as 'places-cli COMMAND --help'.

    """
}
