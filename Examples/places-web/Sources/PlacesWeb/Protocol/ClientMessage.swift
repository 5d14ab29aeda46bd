import Foundation
import PlacesModel
import ViewModels

/// One message a page sends over its WebSocket: a JSON object whose `type` names what the user
/// did, with `seq`, the page's number for it, which the answer carries back.
///
/// | `type` | members | what it is |
/// |---|---|---|
/// | `camera` | `lat`, `lon`, `zoom`, `width`, `height` | the map now shows this (after a pan, a zoom, a resize) |
/// | `tapMarker` | `id` | a place's marker was tapped |
/// | `tapCluster` | `level`, `representative` | a cluster's marker was tapped |
/// | `tapMap` | | the map was tapped away from markers |
/// | `spreadPage` | `index` | the spread shown is to show its page `index` (from 0) |
/// | `rows` | `from`, `count` | the list needs these rows (those on screen) |
/// | `tapRow` | `row` | a row of the list was tapped |
/// | `query` | `text`, `limit` | the search box now holds `text` |
/// | `chooseMatch` | `index` | a search match was chosen |
/// | `closeCard` | | the card was closed |
/// | `locate` | `lat`, `lon`, or neither | the user's location, or that it is unknown |
/// | `filter` | `categories` (absent or null: all), `uncategorized` | show only these categories |
/// | `add` | `name`, `lat`, `lon` | add a place there (with `--allow-edits`) |
/// | `move` | `id`, `lat`, `lon` | move a place (with `--allow-edits`) |
/// | `rename` | `id`, `name` | rename a place (with `--allow-edits`) |
/// | `remove` | `id` | remove a place (with `--allow-edits`) |
///
/// A place's `id` is its identifier as JSON: a number, or a string.
package struct ClientMessage: Equatable, Sendable {
  /// What the user did.
  package enum Action: Equatable, Sendable {
    case camera(MapCamera, MapSize)
    case tapMarker(Place.ID)
    case tapCluster(MapClusterID)
    case tapMap
    case spreadPage(Int)
    case rows(from: Int, count: Int)
    case tapRow(Int)
    case query(String, limit: Int)
    case chooseMatch(Int)
    case closeCard
    case locate(Coordinate?)
    case filter(CategoryFilter)
    case add(name: String, at: Coordinate)
    case move(Place.ID, to: Coordinate)
    case rename(Place.ID, to: String)
    case remove(Place.ID)

    /// Whether the action edits the shared catalog.
    package var isEdit: Bool {
      switch self {
      case .add, .move, .rename, .remove: true
      default: false
      }
    }
  }

  /// The page's number for the message, answered with `done` or `error`; `nil` if it gave none.
  package var seq: Int?
  /// What the user did.
  package var action: Action

  /// A message numbered `seq` saying that the user did `action`.
  package init(seq: Int?, action: Action) {
    self.seq = seq
    self.action = action
  }

  /// The largest message read, in bytes of UTF-8: 64 KiB.
  package static let maximumSize = 64 * 1024
  /// The most rows one `rows` message may ask for.
  package static let maximumRows = 500
  /// The most matches one `query` may ask for.
  package static let maximumMatches = 100
  /// The longest name or query, in characters.
  package static let maximumTextLength = 200
  /// The most categories one `filter` may name.
  package static let maximumCategories = 256

  /// Reads one message.
  ///
  /// - Throws: ``ClientMessageError``: the message is too large, is not JSON, is not an
  ///   object, names no known `type`, or a member is missing or out of range. The error carries
  ///   the `seq` when it could be read, so that the answer reaches the right message.
  package static func decode(_ text: String) throws(ClientMessageError) -> ClientMessage {
    guard text.utf8.count <= maximumSize else {
      throw ClientMessageError(seq: nil, problem: .tooLarge(bytes: text.utf8.count))
    }
    let raw: RawMessage
    do {
      raw = try JSONDecoder().decode(RawMessage.self, from: Data(text.utf8))
    } catch let error as DecodingError {
      throw ClientMessageError(seq: nil, problem: .malformed(Self.describe(error)))
    } catch {
      throw ClientMessageError(seq: nil, problem: .malformed("not JSON"))
    }
    do {
      return ClientMessage(seq: raw.seq, action: try raw.action())
    } catch {
      throw ClientMessageError(seq: raw.seq, problem: error)
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? "not a JSON object" : "'\(path)' has the wrong type"
    case .keyNotFound(let key, _):
      return "'\(key.stringValue)' is missing"
    case .dataCorrupted:
      return "not JSON"
    @unknown default:
      return "not JSON"
    }
  }
}

/// Why a message from a page was refused; the session answers with an `error` message and
/// goes on.
package struct ClientMessageError: Error, Equatable, Sendable {
  /// What was wrong.
  package enum Problem: Error, Equatable, Sendable {
    /// Over ``ClientMessage/maximumSize`` bytes.
    case tooLarge(bytes: Int)
    /// Not a JSON object of the expected shape.
    case malformed(String)
    /// A `type` the server does not know.
    case unknownType(String)
    /// A member is missing, of the wrong kind or out of range.
    case invalidMember(String, expected: String)
    /// An edit, but the server was started without `--allow-edits`.
    case editsNotAllowed
  }

  /// The message's `seq`, when it could be read.
  package var seq: Int?
  /// What was wrong.
  package var problem: Problem

  /// The refusal of the message numbered `seq` for `problem`.
  package init(seq: Int?, problem: Problem) {
    self.seq = seq
    self.problem = problem
  }
}

extension ClientMessageError.Problem: CustomStringConvertible {
  /// A sentence for the page's error message.
  package var description: String {
    switch self {
    case .tooLarge(let bytes):
      "message of \(bytes) bytes is over the limit of \(ClientMessage.maximumSize)"
    case .malformed(let why):
      "malformed message: \(why)"
    case .unknownType(let type):
      "unknown message type '\(type)'"
    case .invalidMember(let member, let expected):
      "'\(member)' must be \(expected)"
    case .editsNotAllowed:
      "edits are not allowed: start places-web with --allow-edits"
    }
  }
}
