/// Reads one input as a GeoJSON places file and checks what the reader promises.
///
/// The input goes through ``GeoJSONPlacesReader/places(from:source:)-([UInt8],_)``. Beyond not
/// crashing, hanging or exhausting memory, the reader must:
/// - read valid UTF-8 text the same through the `String` entry point as through the bytes;
/// - on success, return places with unique identifiers and non-empty names, which, written
///   back as GeoJSON, read back as the same places (so numbers round correctly, escapes
///   decode faithfully and ids keep their kind), and a report whose counts and positions lie
///   within the input;
/// - in strict mode, load exactly when the default mode loads with nothing to report, and
///   then the same places;
/// - on failure, give an error whose positions are 1-based and lie within the input, with
///   each kind of feature problem once;
/// - give the same result with a larger ``GeoJSONPlacesReader/maximumDepth``, unless the input
///   was refused for nesting too deep.
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
  case .failure(let error):
    checkError(error, bytes: bytes, source: source)
  }
  checkStrictMode(bytes, source: source, load: load)
  checkDeeperReader(bytes, source: source, result: result)
  checkLeadingNumber(bytes)
  return 0
}

// MARK: - Invariants

/// Checks the places read from valid input, and that they survive being written and read again.
private func checkPlaces(_ places: [Place], reader: GeoJSONPlacesReader) {
  expect(Set(places.map(\.id)).count == places.count, "duplicate ids were accepted")
  expect(places.allSatisfy { !$0.name.isEmpty }, "an empty name was accepted")
  let written = Array(geoJSON(for: places).utf8)
  do {
    let reread = try reader.load(bytes: written, file: "rewritten.geojson").places
    expect(reread == places, "places written back as GeoJSON read back differently")
  } catch {
    expect(false, "places written back as GeoJSON were refused: \(error)")
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
  case .nothingToPlace(_, let report):
    expect(report.skippedFeatureCount >= 1, "nothing to place, but nothing was skipped")
    checkReport(report, bytes: bytes)
  case .empty:
    expect(
      bytes.allSatisfy { [0x09, 0x0A, 0x0D, 0x20, 0xEF, 0xBB, 0xBF].contains($0) },
      "input with content was reported as empty")
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

/// Returns `places` as a GeoJSON FeatureCollection, numbers in Swift's shortest round-trip form.
private func geoJSON(for places: [Place]) -> String {
  let features = places.map { place in
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
  return #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ",\n"))]}"#
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
