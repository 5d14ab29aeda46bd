// Checks that every public symbol written in the source has a documentation comment.
//
// Usage: check-symbol-docs [--list] SYMBOL-GRAPH-DIRECTORY...
//
// With `--list` it checks nothing and prints every public symbol written in the source, one a
// line, as `module<TAB>kind<TAB>path` (scripts/count-public-symbols.sh counts them).
//
// Reads the `*.symbols.json` files that `swift-symbolgraph-extract` wrote (with
// `-minimum-access-level public -skip-synthesized-members -skip-inherited-docs`, so a symbol's
// comment is its own, never one inherited from a protocol). Symbols without a source location
// are made by the compiler (an enum's `init(rawValue:)`, say): nobody can write a comment for
// them, so they are not counted. Prints each undocumented symbol as `file:line: error: ...` and
// exits with status 1 if there is one, 2 if an input cannot be read.
import Foundation

struct Failure: Error, CustomStringConvertible {
  let description: String
}

func symbolGraphFiles(in directories: [String]) throws(Failure) -> [URL] {
  var files: [URL] = []
  for directory in directories {
    let url = URL(fileURLWithPath: directory, isDirectory: true)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      throw Failure(description: "cannot read the folder \(directory)")
    }
    files += names.filter { $0.hasSuffix(".symbols.json") }.sorted().map {
      url.appendingPathComponent($0)
    }
  }
  return files
}

/// The undocumented symbols of one graph as `file:line: error:` lines, how many symbols were
/// checked, and each of them as `module<TAB>kind<TAB>path`.
func check(_ file: URL) throws -> (problems: [String], checked: Int, listed: [String]) {
  let data = try Data(contentsOf: file)
  guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
    let symbols = graph["symbols"] as? [[String: Any]]
  else {
    throw Failure(description: "\(file.path): not a symbol graph (no \"symbols\" array)")
  }
  let module = (graph["module"] as? [String: Any])?["name"] as? String ?? "?"
  var problems: [String] = []
  var listed: [String] = []
  var checked = 0
  for symbol in symbols {
    let access = symbol["accessLevel"] as? String ?? ""
    guard access == "public" || access == "open",
      let location = symbol["location"] as? [String: Any]
    else { continue }
    checked += 1
    let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
    let kind = (symbol["kind"] as? [String: Any])?["displayName"] as? String ?? "symbol"
    listed.append("\(module)\t\(kind.lowercased())\t\(path)")
    let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []
    let text = lines.compactMap { $0["text"] as? String }.joined()
    guard text.allSatisfy(\.isWhitespace) else { continue }
    let uri = location["uri"] as? String ?? ""
    let sourcePath = URL(string: uri)?.path ?? uri
    let position = location["position"] as? [String: Any]
    let line = (position?["line"] as? Int).map { $0 + 1 } ?? 0
    problems.append(
      "\(sourcePath):\(line): error: public \(kind.lowercased()) '\(path)' has no documentation "
        + "comment; add a /// comment that says what it promises")
  }
  return (problems, checked, listed)
}

let isListing = CommandLine.arguments.dropFirst().first == "--list"
let directories = Array(CommandLine.arguments.dropFirst(isListing ? 2 : 1))
do {
  guard !directories.isEmpty else {
    throw Failure(description: "usage: check-symbol-docs [--list] SYMBOL-GRAPH-DIRECTORY...")
  }
  let files = try symbolGraphFiles(in: directories)
  guard !files.isEmpty else {
    throw Failure(description: "no *.symbols.json file in \(directories.joined(separator: ", "))")
  }
  var problems: [String] = []
  var listed: [String] = []
  var checked = 0
  for file in files {
    let result = try check(file)
    problems += result.problems
    listed += result.listed
    checked += result.checked
  }
  if isListing {
    // A symbol extended from another module's graph can appear twice: list it once.
    for symbol in Set(listed).sorted() {
      print(symbol)
    }
    exit(0)
  }
  for problem in Set(problems).sorted() {
    print(problem)
  }
  if problems.isEmpty {
    print("documentation: all \(checked) public symbols have a documentation comment")
  } else {
    print("documentation: \(Set(problems).count) of \(checked) public symbols undocumented")
    exit(1)
  }
} catch {
  FileHandle.standardError.write(Data("check-symbol-docs: \(error)\n".utf8))
  exit(2)
}
