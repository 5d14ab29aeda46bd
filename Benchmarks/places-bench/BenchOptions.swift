import BenchSupport

/// The command line of `places-bench`.
struct BenchOptions {
  /// A group of figures that can be measured on its own with `--only`.
  enum Section: String, CaseIterable {
    case broadcast, instructions, allocations, registration, removal, memory, loading, selection
    case map, search, index, list, edits, startup
    /// A page of a cluster's places, for clusters of places at one spot.
    case spread
    /// The sustained streams of edits, the memory after them and the session of moves: a part
    /// of `edits`.
    case sustained
    /// The map with categories: filter changes, moves under a filter, memory by category; a
    /// part of `map`.
    case categories
  }

  /// A child-process mode that prints one machine-readable line.
  enum Probe {
    case broadcast(form: BroadcastImplementation, delegates: Int, broadcasts: Int)
    case loadPeak(path: String, decoder: Bool)
    case mapMoves(path: String, stop: String, moves: Int)
    case firstScreen(path: String, runs: Int, loadOnly: Bool)
    case removal(delegates: Int)
    case registration(delegates: Int)
  }

  /// What the command line asks for.
  enum Output {
    case text, markdown, json
  }

  /// A command line that cannot be understood.
  struct UsageError: Error {
    let message: String
  }

  static let usage = """
    usage: places-bench [--quick] [--json | --markdown] [--data DIR] [--supercluster DIR]
                        [--only SECTION,...] [--enforce] [--edit-count N]

      --quick         tiny sizes and few samples: a smoke test that checks no speed
      --enforce       exit with status 3 if a deterministic target (instruction counts,
                      allocations) is missed; CI runs `--only instructions --enforce`
      --json          print the figures as one JSON object
      --markdown      print the tables as Markdown
      --data DIR      the folder holding places-world.geojson (default ../shared/data)
      --supercluster DIR
                      also run supercluster under node for the map figures; DIR holds
                      node_modules/supercluster and node_modules/kdbush
      --edit-count N  the number of edits in each sustained stream of `edits` (default
                      100000, 3000 with --quick): a shorter run while profiling
      --only LIST     measure only these sections: \
    \(Section.allCases.map(\.rawValue).joined(separator: ", "))

    probes, run as child processes by the bench itself:
      --only broadcast-probe --form FORM --delegates N --broadcasts K
      --only removal-probe --delegates N
      --only registration-probe --delegates N
      --only load-peak --file PATH [--decoder]
      --only map-moves --stop STOP --moves K [--file PATH]   (for instruction counts)
      --only first-screen --runs K [--load-only] [--file PATH]  (for profiles)
    FORM is one of: \(BroadcastImplementation.allCases.map(\.rawValue).joined(separator: ", "))
    """

  var quick = false
  var output = Output.text
  var dataDirectory = "../shared/data"
  var sections = Set(Section.allCases)
  var probe: Probe?
  var showsHelp = false
  /// The folder holding `node_modules/supercluster`, to measure it beside the map.
  var superclusterDirectory: String?
  var enforcesTargets = false
  /// The edits of each sustained stream, when not the default.
  var editCount: Int?

  /// The file loaded: the world file, or the small sample with `--quick`.
  var dataFile: String {
    "\(dataDirectory)/\(quick ? "places-sample.geojson" : "places-world.geojson")"
  }

  /// Parses the arguments that follow the program's name.
  init(arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    var probeName: String?
    var form = BroadcastImplementation.multicastWithArgument
    var delegates = 100
    var broadcasts = 1_000
    var file: String?
    var decoder = false
    var stop = "city"
    var runs = 1
    var loadOnly = false
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--json": output = .json
      case "--markdown": output = .markdown
      case "--decoder": decoder = true
      case "--load-only": loadOnly = true
      case "--runs": runs = try Self.count(of: argument, from: &remaining)
      case "--enforce": enforcesTargets = true
      case "-h", "--help": showsHelp = true
      case "--data": dataDirectory = try Self.value(of: argument, from: &remaining)
      case "--supercluster":
        superclusterDirectory = try Self.value(of: argument, from: &remaining)
      case "--file": file = try Self.value(of: argument, from: &remaining)
      case "--stop": stop = try Self.value(of: argument, from: &remaining)
      case "--edit-count": editCount = try Self.count(of: argument, from: &remaining)
      case "--moves": broadcasts = try Self.count(of: argument, from: &remaining)
      case "--delegates": delegates = try Self.count(of: argument, from: &remaining)
      case "--broadcasts": broadcasts = try Self.count(of: argument, from: &remaining)
      case "--form":
        let name = try Self.value(of: argument, from: &remaining)
        guard let named = BroadcastImplementation(rawValue: name) else {
          throw UsageError(message: "unknown form \(name)")
        }
        form = named
      case "--only":
        let list = try Self.value(of: argument, from: &remaining)
        let probes = [
          "broadcast-probe", "load-peak", "removal-probe", "registration-probe", "map-moves",
          "first-screen",
        ]
        if probes.contains(list) {
          probeName = list
          continue
        }
        sections = []
        for name in list.split(separator: ",") {
          guard let section = Section(rawValue: String(name)) else {
            throw UsageError(message: "unknown section \(name)")
          }
          sections.insert(section)
        }
      default:
        throw UsageError(message: "unknown argument \(argument)")
      }
    }
    switch probeName {
    case "broadcast-probe":
      probe = .broadcast(form: form, delegates: delegates, broadcasts: broadcasts)
    case "removal-probe":
      probe = .removal(delegates: delegates)
    case "registration-probe":
      probe = .registration(delegates: delegates)
    case "load-peak":
      probe = .loadPeak(path: file ?? dataFile, decoder: decoder)
    case "map-moves":
      probe = .mapMoves(path: file ?? dataFile, stop: stop, moves: broadcasts)
    case "first-screen":
      probe = .firstScreen(path: file ?? dataFile, runs: runs, loadOnly: loadOnly)
    default:
      break
    }
  }

  private static func value(
    of option: String, from remaining: inout ArraySlice<String>
  ) throws(UsageError) -> String {
    guard let value = remaining.popFirst() else {
      throw UsageError(message: "\(option) needs a value")
    }
    return value
  }

  private static func count(
    of option: String, from remaining: inout ArraySlice<String>
  ) throws(UsageError) -> Int {
    let text = try value(of: option, from: &remaining)
    guard let number = Int(text), number > 0 else {
      throw UsageError(message: "\(option) needs a positive whole number, not \(text)")
    }
    return number
  }
}
