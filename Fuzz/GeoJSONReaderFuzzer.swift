/// Reads one input as GeoJSON places and checks what the reader, and the search over what it
/// read, promise.
///
/// The input goes through ``GeoJSONPlacesReader/load(bytes:file:)``, which takes every form:
/// a FeatureCollection, a single Feature or geometry, and text sequences with and without
/// record separators. Beyond not crashing, hanging or exhausting memory, the reader must:
/// - read valid UTF-8 text the same through the `String` entry point as through the bytes;
/// - on success, return places with unique identifiers and non-empty names, which, written
///   back as a FeatureCollection, as a text sequence (RFC 8142) and one feature per line, read
///   back as the same places in each form (so numbers round correctly, escapes decode
///   faithfully and ids keep their kind), and a report whose counts and positions lie within
///   the input;
/// - place a feature wherever the options say without changing what loads: with the
///   bounding-box centre the same places load, with the same ids and names and report;
/// - with names and ids taken from nested property paths, keep the same promises;
/// - read the same, or fail the same, with its fast path for features in the usual form
///   turned off;
/// - in strict mode, load exactly when the default mode loads with nothing to report, and
///   then the same places;
/// - on failure, give an error whose positions are 1-based and lie within the input, with
///   each kind of feature problem once;
/// - give the same result with a larger ``GeoJSONPlacesReader/maximumDepth``, unless the input
///   was refused for nesting too deep.
///
/// The places it loads are then searched for by their names, whole, cut short and with a typo
/// derived from the input, and the search's matches must be those a brute-force search finds,
/// in the same order (``PlaceNameIndex``'s rules, typos included).
///
/// An input that starts with a number, which the reader refuses as not an object, also checks
/// the scanner's number conversion against the standard library's correctly rounded parser.
///
/// Built by `scripts/fuzz.sh` with plain `swiftc`, together with every source of `PlacesModel`
/// in one module, so that it reaches the scanner, an internal type.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The number of bytes in the input.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSONReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let reader = GeoJSONPlacesReader()
  let source = "fuzz.geojson"
  let load = Result { () throws(GeoJSONError) in try reader.load(bytes: bytes, file: source) }
  let result = load.map(\.places)

  if let text = String(validating: bytes, as: UTF8.self) {
    let textResult = Result { () throws(GeoJSONError) in
      try reader.load(text: text, file: source).places
    }
    expect(textResult == result, "the String and byte entry points disagree")
  }

  switch load {
  case .success(let load):
    checkPlaces(load.places, reader: reader)
    checkReport(load.report, bytes: bytes)
    checkSearch(load.places, bytes: bytes)
  case .failure(let error):
    checkError(error, bytes: bytes, source: source)
  }
  checkStrictMode(bytes, source: source, load: load)
  checkGeneralPath(bytes, source: source, load: load)
  checkBoundingBoxCentre(bytes, source: source, load: load)
  checkPropertyPaths(bytes, source: source)
  checkDeeperReader(bytes, source: source, result: result)
  checkLeadingNumber(bytes)
  return 0
}

// MARK: - Invariants

/// Checks the places read from valid input, and that they survive being written and read again.
private func checkPlaces(_ places: [Place], reader: GeoJSONPlacesReader) {
  expect(Set(places.map(\.id)).count == places.count, "duplicate ids were accepted")
  expect(places.allSatisfy { !$0.name.isEmpty }, "an empty name was accepted")
  let features = places.map(geoJSONFeature)
  let forms: [(GeoJSONLoad.Form, String)] = [
    (
      .featureCollection,
      #"{"type":"FeatureCollection","features":["#
        + features.joined(separator: ",\n") + "]}"
    ),
    (.textSequence, features.map { "\u{1E}" + $0 + "\n" }.joined()),
    (places.count == 1 ? .feature : .newlineDelimited, features.joined(separator: "\n")),
  ]
  for (form, text) in forms where !(form != .featureCollection && places.isEmpty) {
    do {
      let reread = try reader.load(bytes: Array(text.utf8), file: "rewritten.geojson")
      expect(reread.places == places, "places written back as \(form) read back differently")
      expect(reread.form == form, "places written back as \(form) read as \(reread.form)")
    } catch {
      expect(false, "places written back as \(form) were refused: \(error)")
    }
  }
}

/// Checks that placing non-point geometries at their box's centre loads the same features,
/// with the same ids, names and report, or fails alike.
private func checkBoundingBoxCentre(
  _ bytes: [UInt8], source: String, load: Result<GeoJSONLoad, GeoJSONError>
) {
  let centre = GeoJSONPlacesReader(options: .init(nonPointGeometry: .boundingBoxCentre))
  let centreLoad = Result { () throws(GeoJSONError) in try centre.load(bytes: bytes, file: source) }
  switch (load, centreLoad) {
  case (.success(let load), .success(let centred)):
    expect(load.places.map(\.id) == centred.places.map(\.id), "placing changed the ids")
    expect(load.places.map(\.name) == centred.places.map(\.name), "placing changed the names")
    expect(load.report == centred.report, "placing changed the report")
  case (.failure(let error), .failure(let centred)):
    expect(error == centred, "placing changed the error")
  default:
    expect(false, "placing at the centre changed whether the input loads")
  }
}

/// Checks that names and ids taken from nested property paths keep the reader's promises.
private func checkPropertyPaths(_ bytes: [UInt8], source: String) {
  let reader = GeoJSONPlacesReader(
    options: .init(
      ids: .property("tags.id"), nameProperties: ["tags.name", #"a\.b.name:en"#, "name"]))
  switch Result(catching: { () throws(GeoJSONError) in try reader.load(bytes: bytes, file: source) }
  )
  {
  case .success(let load):
    expect(Set(load.places.map(\.id)).count == load.places.count, "duplicate ids by path")
    expect(load.places.allSatisfy { !$0.name.isEmpty }, "an empty name by path")
    checkReport(load.report, bytes: bytes)
  case .failure(let error):
    checkError(error, bytes: bytes, source: source)
  }
}

/// Checks that a report's counts are positive and its first features lie inside the input.
private func checkReport(_ report: GeoJSONLoadReport, bytes: [UInt8]) {
  let lineCount = bytes.count(where: { $0 == 0x0A }) + 1
  for entry in report.entries {
    expect(entry.count >= 1, "a report entry counts \(entry.count) features")
    expect(entry.firstIndex >= 0, "negative feature index \(entry.firstIndex) in a report")
    expect((1...lineCount).contains(entry.firstLine), "report line \(entry.firstLine) is outside")
  }
  expect(
    Set(report.entries.map(\.reason)).count == report.entries.count,
    "a reason appears twice in a report")
  _ = report.summary
}

/// Checks that strict mode loads exactly when the default mode loads with nothing skipped or
/// left out, and then loads the same places.
private func checkStrictMode(
  _ bytes: [UInt8], source: String, load: Result<GeoJSONLoad, GeoJSONError>
) {
  let strict = GeoJSONPlacesReader(options: .init(isStrict: true))
  let strictResult = Result { () throws(GeoJSONError) in
    try strict.load(bytes: bytes, file: source).places
  }
  switch (load, strictResult) {
  case (.success(let load), .success(let places)):
    expect(load.report.isEmpty, "strict mode loaded what the default mode reported skipping")
    expect(places == load.places, "strict mode loaded other places")
  case (.success(let load), .failure):
    expect(!load.report.isEmpty, "strict mode refused what the default mode loaded whole")
  case (.failure, .success):
    expect(false, "strict mode loaded what the default mode refused")
  case (.failure, .failure):
    break
  }
}

/// Checks that the general path alone reads what the reader reads with its fast path for
/// features in the usual form: the same places, report and form, or the same error.
private func checkGeneralPath(
  _ bytes: [UInt8], source: String, load: Result<GeoJSONLoad, GeoJSONError>
) {
  var general = GeoJSONPlacesReader()
  general.readsUsualFeaturesFirst = false
  let generalLoad = Result { () throws(GeoJSONError) in
    try general.load(bytes: bytes, file: source)
  }
  expect(generalLoad == load, "the usual-feature path and the general path read differently")
}

/// Checks that searching `places` for their names, whole, cut short or with a typo chosen by
/// the input's bytes, finds what a brute-force search finds, in its order.
private func checkSearch(_ places: [Place], bytes: [UInt8]) {
  guard !places.isEmpty, places.count <= 200 else { return }
  let index = PlaceNameIndex(places: places)
  let origin = places[Int(bytes.first ?? 0) % places.count].coordinate
  var queries: [String] = []
  for (offset, place) in places.prefix(4).enumerated() {
    let folded = Array(SearchFolding.folded(place.name).unicodeScalars)
    guard !folded.isEmpty else { continue }
    let seed = Int(bytes[offset % bytes.count])
    var typo = folded
    let at = seed % folded.count
    switch seed % 4 {
    case 0: typo.insert("x", at: at)
    case 1: typo.remove(at: at)
    case 2: typo[at] = "q"
    default: if at + 1 < typo.count { typo.swapAt(at, at + 1) }
    }
    for scalars in [folded, Array(folded.prefix(1 + seed % folded.count)), typo] {
      var query = ""
      query.unicodeScalars.append(contentsOf: scalars)
      queries.append(query)
    }
  }
  for query in queries {
    for near in [nil, origin] {
      let found = index.matches(for: query, near: near, limit: 1_000).map {
        (places[$0.position].id, $0.kind)
      }
      let expected = bruteForceSearch(query, in: places, near: near)
      expect(
        found.map(\.0) == expected.map(\.0) && found.map(\.1) == expected.map(\.1),
        "searching \(query) found \(found), not \(expected)")
    }
  }
}

/// Every match of `query` in `places`, by folding and comparing every name, ranked as
/// ``PlaceNameIndex`` documents: by kind, fewest typos, then nearest first (distance, catalog
/// position) or most populous, folded name and identifier.
private func bruteForceSearch(
  _ query: String, in places: [Place], near origin: Coordinate?
) -> [(PlaceID, SearchMatchKind)] {
  let key = SearchFolding.folded(query)
  guard !key.isEmpty else { return [] }
  let queryWords = key.split(separator: " ").map { Array($0.unicodeScalars) }
  var found: [(position: Int, kind: SearchMatchKind, typos: Int)] = []
  for (position, place) in places.enumerated() {
    let name = SearchFolding.folded(place.name)
    let starts = [name.startIndex] + name.indices.filter { name[$0] == " " }.map(name.index(after:))
    if name == key {
      found.append((position, .exactName, 0))
    } else if name.hasPrefix(key) {
      found.append((position, .namePrefix, 0))
    } else if starts.dropFirst().contains(where: { name[$0...].hasPrefix(key) }) {
      found.append((position, .wordPrefix, 0))
    } else if let typos = starts.compactMap({ typos(of: queryWords, in: String(name[$0...])) })
      .min()
    {
      found.append((position, .typo, typos))
    }
  }
  func isBefore(_ left: Int, _ right: Int) -> Bool {
    let (leftPlace, rightPlace) = (places[left], places[right])
    if let origin {
      let (leftDistance, rightDistance) = (
        origin.distance(to: leftPlace.coordinate), origin.distance(to: rightPlace.coordinate)
      )
      return leftDistance != rightDistance ? leftDistance < rightDistance : left < right
    }
    let (leftPopulation, rightPopulation) = (leftPlace.population ?? 0, rightPlace.population ?? 0)
    if leftPopulation != rightPopulation { return leftPopulation > rightPopulation }
    let (leftName, rightName) = (
      SearchFolding.folded(leftPlace.name).utf8, SearchFolding.folded(rightPlace.name).utf8
    )
    if !leftName.elementsEqual(rightName) { return leftName.lexicographicallyPrecedes(rightName) }
    return leftPlace.id < rightPlace.id
  }
  return found.sorted { left, right in
    if left.kind != right.kind { return left.kind < right.kind }
    if left.typos != right.typos { return left.typos < right.typos }
    return isBefore(left.position, right.position)
  }
  .map { (places[$0.position].id, $0.kind) }
}

/// The typos `queryWords` need to match `text`, a folded name from one of its words on, or
/// `nil`: each earlier word a whole word, the last the start of one, each within its budget.
private func typos(of queryWords: [[Unicode.Scalar]], in text: String) -> Int? {
  let textWords = text.split(separator: " ").map { Array($0.unicodeScalars) }
  guard textWords.count >= queryWords.count else { return nil }
  var total = 0
  for (offset, queryWord) in queryWords.enumerated() {
    let table = editDistances(queryWord, textWords[offset])
    let budget = queryWord.count < 5 ? 0 : queryWord.count < 9 ? 1 : 2
    let typos =
      offset == queryWords.count - 1
      ? table.map { $0[queryWord.count] }.min() ?? 0
      : table[textWords[offset].count][queryWord.count]
    guard typos <= budget else { return nil }
    total += typos
  }
  return total
}

/// The optimal-string-alignment distances from `query` to every prefix of `text`, an edit at
/// the query's first letter costing two.
private func editDistances(_ query: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> [[Int]] {
  var table = [[Int]](repeating: [Int](repeating: 0, count: query.count + 1), count: text.count + 1)
  for column in 1..<(query.count + 1) {
    table[0][column] = table[0][column - 1] + (column == 1 ? 2 : 1)
  }
  for row in 1..<(text.count + 1) {
    table[row][0] = table[row - 1][0] + 2
    for column in 1..<(query.count + 1) {
      let cost = column == 1 ? 2 : 1
      var best = min(
        table[row - 1][column - 1] + (text[row - 1] == query[column - 1] ? 0 : cost),
        table[row][column - 1] + cost, table[row - 1][column] + 1)
      if row > 1, column > 1, text[row - 1] == query[column - 2],
        text[row - 2] == query[column - 1]
      {
        best = min(best, table[row - 2][column - 2] + (column == 2 ? 2 : 1))
      }
      table[row][column] = best
    }
  }
  return table
}

/// Checks that an error names the source and, where it has one, a position inside the input.
private func checkError(_ error: GeoJSONError, bytes: [UInt8], source: String) {
  expect(error.file == source, "the error names another file")
  expect(!error.isMissingOrUnreadable, "bytes in memory were reported as unreadable")
  let lineCount = bytes.count(where: { $0 == 0x0A }) + 1
  switch error {
  case .malformedJSON(_, let line, let column, _):
    expect((1...lineCount).contains(line), "line \(line) is outside the input")
    expect(column >= 1 && column <= bytes.count + 1, "column \(column) is outside the input")
  case .invalidFeatures(_, let failures):
    expect(!failures.isEmpty, "no failure in an error about features")
    for failure in failures {
      expect(failure.index >= 0, "negative feature index \(failure.index)")
      expect((1...lineCount).contains(failure.line), "line \(failure.line) is outside the input")
      expect(failure.count >= 1, "a failure counts \(failure.count) features")
    }
    expect(
      Set(failures.map(\.problem.kind)).count == failures.count,
      "a kind of problem is reported twice")
  case .projectedCoordinates(_, _, let index, let line, let value):
    expect(index >= 0, "negative feature index \(index)")
    expect((1...lineCount).contains(line), "line \(line) is outside the input")
    expect(value.isFinite && abs(value) > 1_000, "\(value) was taken for a projected coordinate")
  case .nothingToPlace(_, let report):
    expect(report.skippedFeatureCount >= 1, "nothing to place, but nothing was skipped")
    checkReport(report, bytes: bytes)
  case .empty:
    expect(
      bytes.allSatisfy { [0x09, 0x0A, 0x0D, 0x20, 0xEF, 0xBB, 0xBF].contains($0) },
      "input with content was reported as empty")
  case .duplicateIDAcrossFiles:
    expect(false, "one input was reported as two files giving an id")
  case .notAFeatureCollection, .fileNotFound, .unreadable:
    break
  }
  _ = error.description
}

/// Checks that a reader allowing deeper nesting gives `result` for `bytes`, unless `result` is
/// an error for nesting too deep; only inputs with enough brackets to nest that deep are read
/// again, and those that nest too deep are read again all the same, to exercise deep skipping.
private func checkDeeperReader(
  _ bytes: [UInt8], source: String, result: Result<[Place], GeoJSONError>
) {
  let defaultDepth = GeoJSONPlacesReader().maximumDepth
  guard bytes.count(where: { $0 == 0x5B || $0 == 0x7B }) > defaultDepth else { return }
  let deeperReader = GeoJSONPlacesReader(maximumDepth: defaultDepth * 8)
  let deeperResult = Result { () throws(GeoJSONError) in
    try deeperReader.load(bytes: bytes, file: source).places
  }
  if case .failure(.malformedJSON(_, _, _, let reason)) = result,
    reason.hasPrefix("nested more than")
  {
    return
  }
  expect(deeperResult == result, "a deeper maximum depth changes the result")
}

/// Checks that a number at the start of `bytes` converts as `Double(_:)` and `Int(_:)` convert
/// its text.
private func checkLeadingNumber(_ bytes: [UInt8]) {
  bytes.withUnsafeBufferPointer { buffer in
    guard let base = buffer.baseAddress else { return }
    var scanner = GeoJSONScanner(base: base, count: buffer.count, maximumDepth: 64)
    guard scanner.isAtNumber, let number = try? scanner.scanNumber() else { return }
    let text = String(decoding: buffer[number.start..<number.end], as: UTF8.self)
    let value = number.doubleValue(in: base)
    let expected = Double(text)
    expect(
      value.bitPattern == expected?.bitPattern,
      "\(text) converts to \(value), not \(expected.map(String.init(describing:)) ?? "nil")")
    if let integer = number.integerValue {
      expect(Int(text) == integer, "\(text) converts to the integer \(integer)")
    } else if number.isInteger {
      expect(Int(text) == nil, "\(text) fits in Int but was refused as an integer")
    }
  }
}

/// Traps with `message` unless `condition` holds, so that libFuzzer records the input.
private func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  fatalError("invariant broken: \(message())")
}

// MARK: - Writing GeoJSON

/// Returns `place` as a GeoJSON Feature on one line, numbers in Swift's shortest round-trip
/// form.
private func geoJSONFeature(for place: Place) -> String {
  var properties = [#""name":\#(jsonString(place.name))"#]
  if let category = place.category {
    properties.append(#""category":\#(jsonString(category))"#)
  }
  if let country = place.country {
    properties.append(#""country":\#(jsonString(country))"#)
  }
  if let population = place.population {
    properties.append(#""population":\#(population)"#)
  }
  let coordinates = "[\(place.coordinate.longitude),\(place.coordinate.latitude)]"
  let id = place.id.isNumber ? place.id.description : jsonString(place.id.description)
  return #"{"type":"Feature","id":\#(id),"#
    + #""geometry":{"type":"Point","coordinates":\#(coordinates)},"#
    + #""properties":{\#(properties.joined(separator: ","))}}"#
}

/// Returns `text` as a JSON string literal, escaping quotes, backslashes and control characters.
private func jsonString(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\u{00}"..."\u{1F}":
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
