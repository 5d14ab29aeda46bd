/// Reads one input as a GeoJSON places file and checks what the reader promises.
///
/// The input goes through ``GeoJSONPlacesReader/places(from:source:)-([UInt8],_)``. Beyond not
/// crashing, hanging or exhausting memory, the reader must:
/// - read valid UTF-8 text the same through the `String` entry point as through the bytes;
/// - on success, return places with unique identifiers and non-empty names, which, written
///   back as GeoJSON, read back as the same places (so numbers round correctly and escapes
///   decode faithfully);
/// - on failure, give an error whose position is 1-based and lies within the input;
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
  let result = Result { () throws(GeoJSONError) in try reader.places(from: bytes, source: source) }

  if let text = String(validating: bytes, as: UTF8.self) {
    let textResult = Result { () throws(GeoJSONError) in
      try reader.places(from: text, source: source)
    }
    expect(textResult == result, "the String and byte entry points disagree")
  }

  switch result {
  case .success(let places):
    checkPlaces(places, reader: reader)
  case .failure(let error):
    checkError(error, bytes: bytes, source: source)
  }
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
    let reread = try reader.places(from: written, source: "rewritten.geojson")
    expect(reread == places, "places written back as GeoJSON read back differently")
  } catch {
    expect(false, "places written back as GeoJSON were refused: \(error)")
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
  case .invalidFeature(_, let index, let line, _):
    expect(index >= 0, "negative feature index \(index)")
    expect((1...lineCount).contains(line), "line \(line) is outside the input")
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
    try deeperReader.places(from: bytes, source: source)
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
    return #"{"type":"Feature","id":\#(place.id),"#
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
