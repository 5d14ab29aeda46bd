/// The syntax of a property path in the reader's options: keys into nested objects of a
/// feature's `properties`, separated by dots.
///
/// `name` is the member `name` of `properties`; `tags.name` is the member `name` of the object
/// `tags`; `tags.name:en` the member `name:en` of it. A key that contains a dot or a backslash
/// writes it after a backslash: `addr\.city` is the one key `addr.city`, and `a\\b` the key
/// `a\b`. A backslash before any other character, or at the end, is itself.
enum GeoJSONPropertyPath {
  /// The keys `path` names, outermost first; at least one, possibly empty.
  ///
  /// - Complexity: O(*n*) in the length of `path`.
  static func keys(of path: String) -> [String] {
    var keys: [String] = []
    var key = ""
    var characters = path.makeIterator()
    while let character = characters.next() {
      switch character {
      case ".":
        keys.append(key)
        key = ""
      case "\\":
        guard let escaped = characters.next() else {
          key.append(character)
          break
        }
        if escaped != ".", escaped != "\\" {
          key.append(character)
        }
        key.append(escaped)
      default:
        key.append(character)
      }
    }
    keys.append(key)
    return keys
  }
}
