import Foundation

/// A folder whose files are served under a URL prefix, and nothing outside it.
///
/// A request's path is resolved inside the folder by its words alone: percent-escapes are
/// decoded first, and a path with an empty word, `.` or `..`, a word starting with a dot (a
/// hidden file), a backslash or a NUL is refused, so no path can leave the folder or reach its
/// hidden files, whatever the escapes. Symbolic links inside the folder are the folder owner's
/// choice, and followed.
package struct StaticFiles: Sendable {
  /// The URL path the files are served under, such as `/assets/`.
  package let prefix: String
  /// The folder, as given.
  package let folder: String

  /// Serves the files of `folder` under `prefix`, which starts and ends with `/`.
  package init(prefix: String, folder: String) {
    self.prefix = prefix
    self.folder = folder
  }

  /// The file a request for `urlPath` reads, or `nil` when the path is not under ``prefix`` or
  /// would leave the folder.
  package func filePath(forURLPath urlPath: String) -> String? {
    guard urlPath.hasPrefix(prefix) else { return nil }
    let encoded = urlPath.dropFirst(prefix.count)
    guard let relative = String(encoded).removingPercentEncoding else { return nil }
    let words = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard !words.isEmpty else { return nil }
    for word in words {
      guard !word.isEmpty, !word.hasPrefix("."), !word.contains("\\"), !word.contains("\0")
      else { return nil }
    }
    return folder + "/" + words.joined(separator: "/")
  }

  /// The media type of the file at `path`, by its extension.
  package static func contentType(ofFile path: String) -> String {
    let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
    switch ext {
    case "html": return "text/html; charset=utf-8"
    case "js": return "text/javascript; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "json", "geojson", "map": return "application/json"
    case "png": return "image/png"
    case "svg": return "image/svg+xml"
    default: return "application/octet-stream"
    }
  }
}
