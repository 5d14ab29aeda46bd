import Foundation

let tool = PlacesTool(
  standardOutput: .standardOutput,
  standardError: .standardError,
  readLine: { readLine(strippingNewline: true) },
  // A session reads standard input with read(2), which tells a failed read from the end.
  makeSessionInput: { FileDescriptorLineInput(fileDescriptor: 0) }
)
exit(tool.run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
