import Foundation

/// Parses one line of `--format json` output.
enum JSONLine {
  struct NotAnObject: Error {
    let line: String
  }

  static func object(from line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    guard let object = value as? [String: Any] else { throw NotAnObject(line: line) }
    return object
  }
}
