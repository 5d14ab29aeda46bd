import PlacesModel
import ViewModels

/// The detail card of `browse`: the details of the place its ``PlaceCardScreenState`` shows.
///
/// The screen state is the card view model's view (one state for every card, as one card is
/// shown at a time); the panel only reads it.
final class TerminalCardView {
  /// The place shown, as the card's view model commands; attach it as the view model's view.
  let state = PlaceCardScreenState()

  /// The lines of the card: the name, then the details known.
  var lines: [String] {
    guard let place = state.place else { return [] }
    var lines = [place.name]
    let kind = [place.category, place.country].compactMap { $0 }.joined(separator: ", ")
    if !kind.isEmpty { lines.append(kind) }
    if let population = place.population {
      lines.append("population \(GeoJSONLoadReport.grouped(population))")
    }
    lines.append(Self.position(place.coordinate))
    lines.append("id \(place.id)")
    return lines
  }

  /// Draws the card into the rectangle at `x`, `y` of `width` by `height` cells: a title bar,
  /// then the lines, or a hint while no place is selected.
  func draw(into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int) {
    let titleStyle = TextStyle(isBold: true, isUnderlined: true)
    screen.fill(x: x, y: y, width: width, height: 1, style: titleStyle)
    screen.draw("Card", x: x + 1, y: y, maxWidth: width - 2, style: titleStyle)
    let body = lines
    guard !body.isEmpty else {
      screen.draw(
        "Enter or a click selects", x: x + 1, y: y + 1, maxWidth: width - 2,
        style: TextStyle(isDim: true))
      return
    }
    for (index, line) in body.enumerated() where index + 1 < height {
      screen.draw(
        line, x: x + 1, y: y + 1 + index, maxWidth: width - 2,
        style: TextStyle(isBold: index == 0))
    }
  }

  /// A coordinate in degrees with hemispheres, to four decimals: `59.3294°N 18.0687°E`.
  static func position(_ coordinate: Coordinate) -> String {
    degrees(coordinate.latitude, positive: "N", negative: "S") + " "
      + degrees(coordinate.longitude, positive: "E", negative: "W")
  }

  private static func degrees(_ value: Double, positive: String, negative: String) -> String {
    let tenThousandths = Int((abs(value) * 10_000).rounded())
    let fraction = String(tenThousandths % 10_000)
    let padded = String(repeating: "0", count: 4 - fraction.count) + fraction
    return "\(tenThousandths / 10_000).\(padded)°\(value < 0 ? negative : positive)"
  }
}
