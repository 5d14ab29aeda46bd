import Foundation

let tool = PlacesTool(
  standardOutput: .standardOutput,
  standardError: .standardError,
  readLine: { readLine(strippingNewline: true) }
)
exit(tool.run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
