import MapBenchSupport
import PlacesModel
import ViewModels

/// Whether every place in view is counted by a marker, over a walk of random cameras.
///
/// Each camera's places in view are counted as the map's tests count them (``MapPlaceCounts``).
/// Counted, not timed: the figure repeats exactly from run to run.
enum MapCoverage {
  /// The seed of the walk.
  static let seed: UInt64 = 24

  /// What the walk found.
  struct Result {
    /// Cameras looked through.
    var cameras = 0
    /// Of those, the ones reached by zooming in across a level's boundary by less than the
    /// hysteresis (a quarter): the level before is still shown.
    var inHysteresisBand = 0
    /// Places in view, summed over the cameras.
    var placesInView = 0
    /// Places in view that no marker counts.
    var uncounted = 0
    /// Places in view that more than one marker counts.
    var countedTwice = 0
    /// Cameras with a place counted other than once.
    var camerasMissing = 0
  }

  /// Walks `cameras` cameras over `model`'s catalog of `places` on a phone-sized view: jumps
  /// to a random place at a random zoom (fractional), zooms in by a tenth to a half of a level
  /// at a time (into the hysteresis band), zooms out, and pans.
  static func walk(model: PlacesModel, places: [Place], cameras: Int) throws -> Result {
    var generator = SplitMix64(seed: seed)
    let size = MapSize.phone
    let map = MapViewModel(model: model, camera: .world, viewSize: size)
    var camera = MapCamera.world
    var result = Result()
    for _ in 0..<cameras {
      var zoom = camera.zoom
      var centre = camera.centre
      switch Int.random(in: 0..<5, using: &generator) {
      case 0:
        zoom = Double.random(in: 0...19, using: &generator)
        centre = places[Int.random(in: 0..<places.count, using: &generator)].coordinate
      case 1, 2:
        zoom = min(zoom + Double.random(in: 0.1...0.5, using: &generator), 20)
        if zoom.rounded(.down) == camera.zoom.rounded(.down) + 1,
          zoom - zoom.rounded(.down) < 0.25
        {
          result.inHysteresisBand += 1
        }
      case 3:
        zoom = max(zoom - Double.random(in: 0.1...0.5, using: &generator), 0)
      default:
        let span = 360 / camera.worldWidthInPoints * size.width / 2
        let longitude = centre.longitude + Double.random(in: -span...span, using: &generator)
        centre = try Coordinate(
          latitude: centre.latitude,
          longitude: longitude > 180
            ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude)
      }
      camera = try MapCamera(centre: centre, zoom: zoom)
      map.cameraChanged(to: camera, viewSize: size)
      let counts = MapPlaceCounts(markersOf: map, size: size, places: places)
      let (uncounted, twice) = (counts.uncounted, counts.countedTwice)
      result.cameras += 1
      result.placesInView += counts.placesInView
      result.uncounted += uncounted
      result.countedTwice += twice
      if uncounted + twice > 0 { result.camerasMissing += 1 }
    }
    return result
  }
}
