import PlacesModel

/// The commands a place's detail card carries out.
public protocol PlaceCardViewDelegate: AnyObject {
  /// Shows the details of `place`.
  func showDetails(of place: Place)
  /// Dismisses the card, going back to the screen beneath it.
  func dismiss()
}
