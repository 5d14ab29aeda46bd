import PlacesModel
import ViewModels

/// A message as JSON gives it, every member optional: ``action()`` checks the members its
/// `type` needs.
struct RawMessage: Decodable {
  var type: String
  var seq: Int?
  var lat: Double?
  var lon: Double?
  var zoom: Double?
  var width: Double?
  var height: Double?
  var id: RawPlaceID?
  var level: Int?
  var representative: RawPlaceID?
  var from: Int?
  var count: Int?
  var row: Int?
  var text: String?
  var limit: Int?
  var index: Int?
  var name: String?
  var categories: [String]?
  var uncategorized: Bool?

  typealias Problem = ClientMessageError.Problem

  /// The action the members describe.
  func action() throws(Problem) -> ClientMessage.Action {
    switch type {
    case "camera":
      let centre = try coordinate()
      let zoom = try required(zoom, "zoom", "a number")
      let camera: MapCamera
      do {
        camera = try MapCamera(centre: centre, zoom: zoom)
      } catch {
        throw .invalidMember("zoom", expected: "a zoom from 0 to \(MapCamera.maximumZoom)")
      }
      let width = try required(width, "width", "a number")
      let height = try required(height, "height", "a number")
      do {
        return .camera(camera, try MapSize(width: width, height: height))
      } catch {
        throw .invalidMember(
          "width", expected: "a size from 1 to \(Int(MapSize.maximumSide)) on each side")
      }
    case "tapMarker":
      return .tapMarker(try required(id, "id", "a place id").id)
    case "tapCluster":
      let level = try required(level, "level", "a whole number")
      let representative = try required(representative, "representative", "a place id")
      return .tapCluster(MapClusterID(level: level, representative: representative.id))
    case "tapMap":
      return .tapMap
    case "rows":
      let from = try required(from, "from", "a whole number")
      let count = try required(count, "count", "a whole number")
      guard from >= 0 else { throw .invalidMember("from", expected: "0 or more") }
      guard (0...ClientMessage.maximumRows).contains(count) else {
        throw .invalidMember("count", expected: "from 0 to \(ClientMessage.maximumRows)")
      }
      return .rows(from: from, count: count)
    case "spreadPage":
      return .spreadPage(try required(index, "index", "a whole number"))
    case "tapRow":
      return .tapRow(try required(row, "row", "a whole number"))
    case "query":
      let text = try required(text, "text", "a string")
      guard text.count <= ClientMessage.maximumTextLength else {
        throw .invalidMember(
          "text", expected: "at most \(ClientMessage.maximumTextLength) characters")
      }
      let limit = limit ?? 20
      guard (0...ClientMessage.maximumMatches).contains(limit) else {
        throw .invalidMember("limit", expected: "from 0 to \(ClientMessage.maximumMatches)")
      }
      return .query(text, limit: limit)
    case "chooseMatch":
      return .chooseMatch(try required(index, "index", "a whole number"))
    case "closeCard":
      return .closeCard
    case "locate":
      return .locate(lat == nil && lon == nil ? nil : try coordinate())
    case "filter":
      return .filter(try categoryFilter())
    case "add":
      let name = try validName()
      return .add(name: name, at: try coordinate())
    case "move":
      let id = try required(id, "id", "a place id").id
      return .move(id, to: try coordinate())
    case "rename":
      let id = try required(id, "id", "a place id").id
      return .rename(id, to: try validName())
    case "remove":
      return .remove(try required(id, "id", "a place id").id)
    default:
      throw .unknownType(type)
    }
  }

  private func required<Value>(
    _ value: Value?, _ member: String, _ expected: String
  ) throws(Problem) -> Value {
    guard let value else { throw .invalidMember(member, expected: expected) }
    return value
  }

  private func validName() throws(Problem) -> String {
    let name = try required(name, "name", "a string")
    guard !name.allSatisfy(\.isWhitespace), name.count <= ClientMessage.maximumTextLength else {
      throw .invalidMember(
        "name", expected: "a name of 1 to \(ClientMessage.maximumTextLength) characters")
    }
    return name
  }

  /// The filter of `categories` and `uncategorized`: every place when `categories`
  /// is absent or null, whatever `uncategorized` says.
  private func categoryFilter() throws(Problem) -> CategoryFilter {
    guard let categories else { return .all }
    guard categories.count <= ClientMessage.maximumCategories else {
      throw .invalidMember(
        "categories", expected: "at most \(ClientMessage.maximumCategories) names")
    }
    guard categories.allSatisfy({ !$0.isEmpty && $0.count <= ClientMessage.maximumTextLength })
    else {
      throw .invalidMember(
        "categories",
        expected: "names of 1 to \(ClientMessage.maximumTextLength) characters")
    }
    return CategoryFilter(showing: categories, includingUncategorized: uncategorized ?? false)
  }

  /// The coordinate of `lat` and `lon`.
  private func coordinate() throws(Problem) -> Coordinate {
    let latitude = try self.required(lat, "lat", "a latitude")
    let longitude = try self.required(lon, "lon", "a longitude")
    do {
      return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      throw .invalidMember("lat", expected: "a latitude from -90 to 90 and 'lon' from -180 to 180")
    }
  }
}

/// A place identifier as JSON writes it: a whole number, or a string.
struct RawPlaceID: Decodable {
  var id: PlaceID

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int64.self) {
      id = PlaceID(number)
    } else {
      id = PlaceID(try container.decode(String.self))
    }
  }
}
