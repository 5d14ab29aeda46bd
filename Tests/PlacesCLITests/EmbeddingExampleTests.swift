import Foundation
import Testing

@testable import places_cli

/// The embedding example of README.md is the `embedding-example` program, built with the
/// package; these tests keep the program, the README's block and the output it shows the same.
struct EmbeddingExampleTests {

  @Test func theExampleProgramIsTheReadmeBlock() throws {
    let example = try ReadmeExample(
      readme: PlacesCLI.readText(of: PlacesCLI.packageRoot.appendingPathComponent("README.md")))
    let program = try PlacesCLI.readText(
      of: PlacesCLI.packageRoot.appendingPathComponent("Examples/embedding-example/main.swift"))

    #expect(
      ReadmeExample.droppingLeadingComments(program) == example.code,
      "Examples/embedding-example/main.swift differs from README.md: run scripts/extract-readme-example.sh"
    )
  }

  @Test func theReadmeExampleDrivesEveryScreenFromOneTap() async throws {
    let example = try ReadmeExample(
      readme: PlacesCLI.readText(of: PlacesCLI.packageRoot.appendingPathComponent("README.md")))
    let folder = try TemporaryFolder()
    try folder.write(BuiltInPlaces.geoJSON, to: "places.geojson")

    let run = try await PlacesCLI.run(
      [], executable: PlacesCLI.executable(named: "embedding-example"), in: folder.url)

    #expect(run.standardOutput == example.output)
    #expect(run.standardError == "")
    #expect(run.status == 0)
    for screen in ["map: ", "list: ", "card: "] {
      #expect(run.lines.contains { $0.hasPrefix(screen) }, "no line from \(screen)")
    }
  }
}

/// The embedding example of README.md: the first block fenced exactly ```` ```swift ```` under
/// the heading that starts with `## Embedding` (a block fenced ```` ```swift apple-platforms ````
/// is for Apple platforms and not taken), and the block after it, which shows what the program
/// prints.
struct ReadmeExample {
  /// Why README.md has no example to check.
  struct Missing: Error, CustomStringConvertible {
    let what: String
    var description: String { "README.md has no \(what)" }
  }

  /// The program, one line break after each line.
  let code: String
  /// What the README says the program prints.
  let output: String

  /// Finds the example in the text of README.md.
  init(readme: String) throws {
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    guard let heading = lines.firstIndex(where: { $0.hasPrefix("## Embedding") }) else {
      throw Missing(what: "heading starting with '## Embedding'")
    }
    let section = lines[(heading + 1)...].prefix { !$0.hasPrefix("## ") }
    guard let codeStart = section.firstIndex(of: "```swift"),
      let codeEnd = section[(codeStart + 1)...].firstIndex(of: "```")
    else {
      throw Missing(what: "```swift block under '## Embedding'")
    }
    guard let outputStart = section[(codeEnd + 1)...].firstIndex(where: { $0.hasPrefix("```") }),
      let outputEnd = section[(outputStart + 1)...].firstIndex(of: "```")
    else {
      throw Missing(what: "block after the example showing what it prints")
    }
    code = section[(codeStart + 1)..<codeEnd].map { $0 + "\n" }.joined()
    output = section[(outputStart + 1)..<outputEnd].map { $0 + "\n" }.joined()
  }

  /// `program` without the comment lines and blank lines it starts with.
  static func droppingLeadingComments(_ program: String) -> String {
    var rest = program[...]
    while rest.hasPrefix("//") || rest.hasPrefix("\n") {
      rest = rest.drop { $0 != "\n" }.dropFirst()
    }
    return String(rest)
  }
}
