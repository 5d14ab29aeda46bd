/// One line of output: a view command, or a place printed by `list`.
struct OutputRecord {
  /// The view and command, for a view command; `nil` for a listed place.
  var heading: (view: String, command: String)?
  /// The arguments or fields, in the order printed.
  var fields: [(name: String, value: OutputValue)]

  /// The record as one line, without the line feed.
  func rendered(as format: OutputFormat) -> String {
    switch format {
    case .text:
      var words: [String] = []
      if let heading {
        words.append("\(heading.view): \(heading.command)")
      }
      words += fields.map { "\($0.name)=\($0.value.text)" }
      return words.joined(separator: " ")
    case .json:
      var members: [String] = []
      if let heading {
        members += OutputValue.word(heading.view).jsonMembers(named: "view")
        members += OutputValue.word(heading.command).jsonMembers(named: "command")
      }
      for field in fields {
        members += field.value.jsonMembers(named: field.name)
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }
}
