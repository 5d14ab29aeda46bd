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
  /// The feature that starts at `offset` is not a valid place; caught by the parser, which
  /// tallies it and goes on with the next feature.
  case invalidFeature(index: Int, offset: Int, problem: GeoJSONError.FeatureProblem)
  /// Features are not valid places: each kind of problem with its first occurrence.
  case invalidFeatures(GeoJSONTally<String, GeoJSONFeatureIssue>)
  /// The coordinates are projected, not degrees: the `crs` member's name if there is one, and
  /// the first feature with a coordinate out of range, which starts at `offset`.
  case projected(crs: String?, index: Int, offset: Int, value: Double)
  /// Every feature was skipped, for these reasons.
  case nothingToPlace(GeoJSONTally<GeoJSONLoadReport.Reason, GeoJSONLoadReport.Reason>)

  /// Whether the failure is about the meaning of valid JSON rather than its syntax.
  var isSemantic: Bool {
    switch self {
    case .empty, .malformed:
      false
    case .notAFeatureCollection, .invalidFeature, .invalidFeatures, .projected, .nothingToPlace:
      true
    }
  }

  /// Returns the public error for this failure in `bytes`, read from `file`.
  ///
  /// - Complexity: O(*offset*) of the furthest offset, to count the lines before it.
  func error(file: String, bytes: UnsafeBufferPointer<UInt8>) -> GeoJSONError {
    switch self {
    case .empty:
      return .empty(file: file)
    case .malformed(let offset, let reason):
      let position = GeoJSONTextPosition(of: offset, in: bytes)
      return .malformedJSON(
        file: file, line: position.line, column: position.column, reason: reason)
    case .notAFeatureCollection(let reason):
      return .notAFeatureCollection(file: file, reason: reason)
    case .invalidFeature(let index, let offset, let problem):
      let line = GeoJSONTextPosition(of: offset, in: bytes).line
      return .invalidFeatures(
        file: file, failures: [.init(index: index, line: line, problem: problem)])
    case .invalidFeatures(let tally):
      let lines = GeoJSONTextPosition.lines(at: tally.entries.map(\.offset), in: bytes)
      let failures = zip(tally.entries, lines).map { entry, line in
        GeoJSONError.FeatureFailure(
          index: entry.index, line: line, problem: entry.item.problem, count: entry.count,
          id: entry.item.id)
      }
      return .invalidFeatures(file: file, failures: failures)
    case .projected(let crs, let index, let offset, let value):
      let line = GeoJSONTextPosition(of: offset, in: bytes).line
      return .projectedCoordinates(file: file, crs: crs, index: index, line: line, value: value)
    case .nothingToPlace(let tally):
      return .nothingToPlace(file: file, report: tally.report(in: bytes))
    }
  }
}

/// A problem of one feature, with the feature's id when it has one that could be read.
struct GeoJSONFeatureIssue: Sendable {
  var problem: GeoJSONError.FeatureProblem
  var id: PlaceID?
}

/// Counts occurrences by key and keeps the first occurrence of each key, in the order keys
/// first occur.
///
/// Keys are few (one per kind of problem or reason), so they are found by a linear search.
struct GeoJSONTally<Key: Equatable, Item> {
  /// One key's first occurrence and count.
  struct Entry {
    var key: Key
    var item: Item
    var index: Int
    var offset: Int
    var count: Int
  }

  private(set) var entries: [Entry] = []

  /// Whether nothing has been counted.
  var isEmpty: Bool { entries.isEmpty }

  /// Whether something has been counted under `key`.
  func contains(key: Key) -> Bool {
    entries.contains { $0.key == key }
  }

  /// Counts `count` occurrences of `item` under `key`, the first at the feature at `index`
  /// that starts at `offset`.
  mutating func add(_ item: Item, key: Key, index: Int, offset: Int, count: Int = 1) {
    if let position = entries.firstIndex(where: { $0.key == key }) {
      entries[position].count += count
    } else {
      entries.append(Entry(key: key, item: item, index: index, offset: offset, count: count))
    }
  }
}

extension GeoJSONTally: Sendable where Key: Sendable, Item: Sendable {}
extension GeoJSONTally.Entry: Sendable where Key: Sendable, Item: Sendable {}

extension GeoJSONTally where Key == GeoJSONLoadReport.Reason {
  /// The public report, with lines counted in `bytes`.
  func report(in bytes: UnsafeBufferPointer<UInt8>) -> GeoJSONLoadReport {
    let lines = GeoJSONTextPosition.lines(at: entries.map(\.offset), in: bytes)
    return GeoJSONLoadReport(
      entries: zip(entries, lines).map { entry, line in
        GeoJSONLoadReport.Entry(
          reason: entry.key, count: entry.count, firstIndex: entry.index, firstLine: line)
      })
  }
}

/// A 1-based line and byte column, computed from a byte offset.
struct GeoJSONTextPosition {
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

  /// The 1-based line of each offset, in one pass over the bytes before the last of them.
  ///
  /// - Complexity: O(*m* log *m* + *offset*) for *m* offsets, the furthest at *offset*.
  static func lines(at offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    var lines = [Int](repeating: 1, count: offsets.count)
    var line = 1
    var index = 0
    for position in order {
      let limit = min(max(offsets[position], 0), bytes.count)
      while index < limit {
        if bytes[index] == 0x0A {
          line += 1
        }
        index += 1
      }
      lines[position] = line
    }
    return lines
  }
}
