import Foundation
import Testing

/// The command-line transcripts of README.md are what the tool prints: each block whose first
/// line is `$ swift run places-cli ARGUMENTS`, or `$ printf 'INPUT' | swift run places-cli
/// ARGUMENTS`, is run with those arguments (split at spaces) and that input (`\n` a line break),
/// and must print the block's other lines, exactly.
struct ReadmeTranscriptTests {
  /// One transcript: a command and what it prints.
  struct Transcript: CustomTestStringConvertible {
    let arguments: [String]
    let input: String
    let output: String

    var testDescription: String { "places-cli \(arguments.joined(separator: " "))" }
  }

  /// Every transcript of README.md.
  static let transcripts: [Transcript] = {
    let readme = PlacesCLI.packageRoot.appendingPathComponent("README.md")
    guard let text = try? PlacesCLI.readText(of: readme) else { return [] }
    var transcripts: [Transcript] = []
    // The lines of the fenced block being read; `isPlain` when it is fenced with ``` alone.
    var block: (lines: [Substring], isPlain: Bool)?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let (lines, isPlain) = block {
          if isPlain, let transcript = transcript(of: lines) { transcripts.append(transcript) }
          block = nil
        } else {
          block = ([], line == "```")
        }
      } else {
        block?.lines.append(line)
      }
    }
    return transcripts
  }()

  /// The transcript in the lines of a block, if its first line runs the tool.
  private static func transcript(of lines: [Substring]) -> Transcript? {
    guard let command = lines.first, command.hasPrefix("$ ") else { return nil }
    var input = ""
    var invocation = command.dropFirst(2)
    if invocation.hasPrefix("printf '"), let end = invocation.dropFirst(8).firstIndex(of: "'") {
      input = invocation[invocation.index(invocation.startIndex, offsetBy: 8)..<end]
        .replacingOccurrences(of: "\\n", with: "\n")
      invocation = invocation[end...].drop { $0 != "|" }.dropFirst()
    }
    let words = invocation.split(separator: " ").map(String.init)
    guard words.starts(with: ["swift", "run", "places-cli"]) else { return nil }
    let output = lines.dropFirst().map { $0 + "\n" }.joined()
    return Transcript(arguments: Array(words.dropFirst(3)), input: input, output: output)
  }

  @Test func theReadmeHasTheTranscriptsOfSelectAndOfAZoom() {
    #expect(Self.transcripts.contains { $0.arguments == ["select", "42"] })
    #expect(
      Self.transcripts.contains { $0.arguments == ["session"] && $0.input.contains("camera") })
  }

  @Test(arguments: transcripts)
  func theToolPrintsWhatTheReadmeShows(_ transcript: Transcript) async throws {
    let run = try await PlacesCLI.run(transcript.arguments, input: transcript.input)

    #expect(run.standardOutput == transcript.output)
    #expect(run.status == 0)
  }
}
