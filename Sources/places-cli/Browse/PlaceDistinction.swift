import PlacesModel

/// What tells apart places whose names are the same, for the list and the search panel of
/// `browse`: where each is, as a short latitude and longitude.
enum PlaceDistinction {
  /// `coordinate` in whole degrees, such as `43°N 81°W`, then `detail` after a space unless
  /// it is empty.
  static func position(of coordinate: Coordinate, before detail: String = "") -> String {
    func part(_ value: Double, _ positive: String, _ negative: String) -> String {
      let degrees = Int(abs(value).rounded())
      return "\(degrees)°" + (value < 0 && degrees > 0 ? negative : positive)
    }
    let position = part(coordinate.latitude, "N", "S") + " " + part(coordinate.longitude, "E", "W")
    return detail.isEmpty ? position : position + " " + detail
  }

  /// Whether the element at `index` of `names` is the same as a neighbour: in an order by name
  /// or by match, places of the same name sit together.
  static func hasNamesake(at index: Int, in names: [String]) -> Bool {
    (index > 0 && names[index - 1] == names[index])
      || (index + 1 < names.count && names[index + 1] == names[index])
  }
}
