import PlacesModel
import ViewModels

/// The card of the selected place on one page.
final class WebCardView: PlaceCardViewDelegate {
  private let outbox: Outbox

  init(outbox: Outbox) {
    self.outbox = outbox
  }

  func showDetails(of place: Place) {
    outbox.send("card") {
      $0.key("place")
      $0.place(place)
    }
  }

  func dismiss() {
    outbox.send("card") {
      $0.key("place")
      $0.null()
    }
  }
}
