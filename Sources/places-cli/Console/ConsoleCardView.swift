import PlacesModel
import ViewModels

/// A detail card that prints each command it receives as a line naming the view `card`.
final class ConsoleCardView: PlaceCardViewDelegate {
  private let output: OutputBuffer

  /// Creates a view that prints into `output`.
  init(output: OutputBuffer) {
    self.output = output
  }

  func showDetails(of place: Place) {
    var fields: [(name: String, value: OutputValue)] = [
      ("id", .identifier(place.id)), ("name", .text(place.name)),
    ]
    if let country = place.country {
      fields.append(("country", .text(country)))
    }
    if let category = place.category {
      fields.append(("category", .text(category)))
    }
    if let population = place.population {
      fields.append(("population", .integer(population)))
    }
    output.append(OutputRecord(heading: ("card", "showDetails"), fields: fields))
  }

  func dismiss() {
    output.append(OutputRecord(heading: ("card", "dismiss"), fields: []))
  }
}
