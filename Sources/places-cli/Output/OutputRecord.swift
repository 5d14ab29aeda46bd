/// One line of output: a view command, a place printed by `list`, or an event of the session
/// such as a reload of the places file.
struct OutputRecord {
  /// The view and command, for a view command; `nil` for a listed place.
  var heading: (view: String, command: String)?
  /// The arguments or fields, in the order printed.
  var fields: [(name: String, value: OutputValue)]
  /// The event, such as `reload`, for a line that is neither a view command nor a place: the
  /// first word in text, the member `event` in JSON.
  var event: String? = nil

  /// The record as one line, without the line feed.
  func rendered(as format: OutputFormat) -> String {
    switch format {
    case .text:
      var words: [String] = []
      if let event {
        words.append(event)
      }
      if let heading {
        words.append("\(heading.view): \(heading.command)")
      }
      words += fields.map { "\($0.name)=\($0.value.text)" }
      return words.joined(separator: " ")
    case .json:
      var members: [String] = []
      if let event {
        members += OutputValue.word(event).jsonMembers(named: "event")
      }
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
