/// How the tool prints results.
enum OutputFormat: String, CaseIterable {
  /// One line per result: `map: moveCamera to=59.32938,18.06871 animated=true`.
  case text
  /// One JSON object per line: `{"view":"map","command":"moveCamera",...}`.
  case json
}
