/// A failure found while parsing, positioned by byte offset; becomes a ``GeoJSONError`` once
/// the file name is known and lines are counted.
///
/// Offsets rather than lines are carried so that the happy path never counts lines.
enum GeoJSONFailure: Error {
  /// The input holds nothing but whitespace and a byte-order mark.
  case empty
  /// The JSON syntax is broken at `offset`.
  case malformed(offset: Int, reason: String)
  /// The JSON is valid so far but is not a FeatureCollection.
  case notAFeatureCollection(String)
  /// The feature that starts at `offset` is not a valid place.
  case invalidFeature(index: Int, offset: Int, problem: GeoJSONError.FeatureProblem)

  /// Whether the failure is about the meaning of valid JSON rather than its syntax.
  var isSemantic: Bool {
    switch self {
    case .empty, .malformed:
      false
    case .notAFeatureCollection, .invalidFeature:
      true
    }
  }

  /// Returns the public error for this failure in `bytes`, read from `file`.
  ///
  /// - Complexity: O(*offset*), to count the lines before the failure.
  func error(file: String, bytes: UnsafeBufferPointer<UInt8>) -> GeoJSONError {
    switch self {
    case .empty:
      return .empty(file: file)
    case .malformed(let offset, let reason):
      let position = TextPosition(of: offset, in: bytes)
      return .malformedJSON(
        file: file, line: position.line, column: position.column, reason: reason)
    case .notAFeatureCollection(let reason):
      return .notAFeatureCollection(file: file, reason: reason)
    case .invalidFeature(let index, let offset, let problem):
      let position = TextPosition(of: offset, in: bytes)
      return .invalidFeature(file: file, index: index, line: position.line, problem: problem)
    }
  }
}

/// A 1-based line and byte column, computed from a byte offset.
private struct TextPosition {
  var line = 1
  var column = 1

  /// Counts the line feeds before `offset`; a leading byte-order mark takes no column.
  init(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let limit = min(max(offset, 0), bytes.count)
    var lineStart = 0
    for index in 0..<limit where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    if lineStart == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), limit >= 3 {
      lineStart = 3
    }
    column = limit - lineStart + 1
  }
}
