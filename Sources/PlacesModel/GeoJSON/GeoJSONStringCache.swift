/// The last string made from the input, kept to be returned again while the next string has
/// the same bytes, as a column of categories or country codes has.
struct GeoJSONStringCache {
  /// Where the kept string's bytes are in the input, without escapes.
  private var start = 0
  private var count = -1
  private var string = ""

  /// Returns the string content in `span`, the one kept if its bytes are the same.
  @inline(__always)
  mutating func string(_ span: GeoJSONStringSpan, in scanner: inout GeoJSONScanner) -> String {
    let length = span.end - span.start
    if !span.hasEscapes, length == count, length <= 16,
      GeoJSONByte.equal(scanner.base + span.start, scanner.base + start, count: length)
    {
      return string
    }
    string = scanner.makeString(span)
    if !span.hasEscapes {
      start = span.start
      count = length
    } else {
      count = -1
    }
    return string
  }
}
