import PlacesModel
import ViewModels

/// How many of the markers a map shows count each place in its view: the measure of the
/// promise that every place in view is counted by exactly one marker, shared by the map's
/// tests and the bench's coverage figure.
///
/// A place is in view when ``MapViewport/contains(_:)`` says so; a marker counts the places
/// ``MapViewModel/placeIDs(inMarkerWithID:)`` names for it.
package struct MapPlaceCounts {
  /// The number of markers counting each place in view.
  package let counts: [Place.ID: Int]

  /// The counts of `map`'s markers now, over `places` (its catalog's), on a view of `size`.
  ///
  /// - Complexity: O(*n* + *p*) for *n* places and *p* places in the markers shown.
  package init(markersOf map: MapViewModel, size: MapSize, places: [Place]) {
    let viewport = MapViewport(camera: map.camera, size: size)
    var counts: [Place.ID: Int] = [:]
    for place in places where viewport.contains(place.coordinate) {
      counts[place.id] = 0
    }
    for marker in map.markers {
      for id in map.placeIDs(inMarkerWithID: marker.id) ?? [] where counts[id] != nil {
        counts[id, default: 0] += 1
      }
    }
    self.counts = counts
  }

  /// The places in view.
  package var placesInView: Int { counts.count }

  /// The places in view that no marker counts.
  package var uncounted: Int { counts.values.count(where: { $0 == 0 }) }

  /// The places in view that more than one marker counts.
  package var countedTwice: Int { counts.values.count(where: { $0 > 1 }) }

  /// The places in view counted other than once, with their counts.
  package var miscounted: [Place.ID: Int] { counts.filter { $0.value != 1 } }
}
