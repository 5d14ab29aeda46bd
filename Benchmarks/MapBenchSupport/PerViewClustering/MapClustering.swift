import PlacesModel
import ViewModels

/// The markers of one viewport: its places, each alone or in a cluster.
///
/// Made by ``MapClusterIndex/clustering(for:options:unclusteredPlaceAt:)``.
///
/// ## Guarantees
/// - **Region:** only places in the viewport's region (``MapViewport/contains(_:)``) are
///   counted; a marker sits in the region, and places outside it are in no marker.
/// - **Counts:** every place in the region is in exactly one marker, so the counts add up to
///   the number of places in the region. ``placeIDs(inMarkerWithID:)`` names them.
/// - **Separation:** at zooms up to ``MapClusterOptions/maximumZoom``, no two markers are
///   closer than ``MapClusterOptions/radius`` points on the view, measured between their
///   positions in Web Mercator (places beyond ±85.0511° at the square's edge). Exceptions: the
///   unclustered place (the selection, like MapKit's required display priority) has its own
///   marker wherever it is, and is counted in no cluster; above the maximum zoom, every place
///   has its own marker, however close. The user's location is not a marker.
/// - **Identity and stability:** a place's marker is identified by the place; a cluster by the
///   grid cell of its seed (``MapClusterID``), which depends only on the zoom's grid level, not
///   on where the view is. Panning at one zoom keeps a cluster's identity, count and
///   coordinate as long as none of the cells it was merged from reaches the region's edge
///   (where a cell is clipped to the places in view) and its neighbours within merging
///   distance are unchanged; near the edges, clusters change as places come into view.
/// - **The antimeridian:** the region and the merging are continuous across longitude 180; a
///   cluster of places on both sides sits between them. When the view is at least as wide as
///   the world, each place counts once, on the copy of the world that holds the camera's
///   centre, and separation is measured on that copy.
/// - **Order:** markers come in the Z-order of their seeds, the unclustered place last.
package struct MapClustering: Sendable {
  /// The viewport the markers are for.
  package let viewport: MapViewport
  /// The options they were clustered with.
  package let options: MapClusterOptions
  /// The markers, in the Z-order of their seed cells; the unclustered place's comes last.
  package let markers: [MapMarker]

  let index: MapClusterIndex
  /// The places of the markers, as runs in code order.
  let members: [MemberRange]
  /// For each marker, its runs: `members[membersOfMarker[i]]`.
  let membersOfMarker: [Range<Int>]
  /// The index in code order of the place kept out of clusters, if any.
  let unclustered: Int?

  // MARK: - Members

  /// The identifiers of the places the marker `id` stands for, in Z-order; `nil` if no marker
  /// has that identity.
  ///
  /// - Complexity: O(*m* + *k*) for *m* markers and *k* places.
  package func placeIDs(inMarkerWithID id: MapMarker.ID) -> [Place.ID]? {
    guard let marker = markers.firstIndex(where: { $0.id == id }) else { return nil }
    var identifiers: [Place.ID] = []
    for run in members[membersOfMarker[marker]] {
      for sorted in run.lower..<run.upper {
        identifiers.append(index.places[Int(index.positions[sorted])].id)
      }
    }
    return identifiers
  }

  // MARK: - Splitting a cluster

  /// The camera that splits the cluster `id`: the one a tap on it should fly to.
  ///
  /// The camera centres on the middle of the cluster's places and zooms in by whole steps
  /// from the current zoom until the places of the cluster that are in view are shown in at
  /// least two markers (some alone, some in smaller clusters), at the same view size. Above
  /// ``MapClusterOptions/maximumZoom`` every place has its own marker, so the search ends
  /// there; if the options cluster up to ``MapCamera/maximumZoom`` and the places share one
  /// position, it ends at that zoom without splitting them.
  ///
  /// - Returns: The camera, or `nil` if no cluster has identity `id`.
  /// - Complexity: One clustering per zoom step tried, usually one or two, plus O(*k*) for the
  ///   cluster's *k* places.
  package func cameraSplitting(clusterWithID id: MapClusterID) -> MapCamera? {
    guard let marker = markers.firstIndex(where: { $0.id == .cluster(id) }) else { return nil }
    let runs = members[membersOfMarker[marker]].sorted { $0.lower < $1.lower }
    var west = Double.infinity
    var east = -Double.infinity
    var north = Double.infinity
    var south = -Double.infinity
    for run in runs {
      let wraps = Double(run.wraps) * WebMercator.worldSize
      for sorted in run.lower..<run.upper {
        let x = Double(index.x(at: sorted)) + wraps
        let y = Double(index.y(at: sorted))
        west = min(west, x)
        east = max(east, x)
        north = min(north, y)
        south = max(south, y)
      }
    }
    let centre = WebMercator.coordinate(x: (west + east) / 2, y: (north + south) / 2)
    let lastZoom = min(MapCamera.maximumZoom, options.maximumZoom.rounded(.down) + 1)
    var zoom = min(viewport.camera.zoom.rounded(.down) + 1, MapCamera.maximumZoom)
    while true {
      let camera = MapCamera(uncheckedCentre: centre, zoom: zoom)
      if zoom >= lastZoom {
        return camera
      }
      let closer = index.clustering(
        for: MapViewport(camera: camera, size: viewport.size), options: options,
        unclusteredSortedIndex: unclustered)
      if closer.showsApart(runs) {
        return camera
      }
      zoom += 1
    }
  }

  /// Whether the places of `runs` (sorted) that are in the region are in two markers or more.
  private func showsApart(_ runs: [MemberRange]) -> Bool {
    var markersHolding = 0
    for markerRuns in membersOfMarker {
      let holds = members[markerRuns].contains { run in
        Self.overlaps(run.lower, run.upper, runs)
      }
      if holds {
        markersHolding += 1
        if markersHolding >= 2 { return true }
      }
    }
    return false
  }

  /// Whether `lower..<upper` overlaps one of `runs`, which are sorted and disjoint.
  private static func overlaps(_ lower: Int, _ upper: Int, _ runs: [MemberRange]) -> Bool {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].upper <= lower { low = middle + 1 } else { high = middle }
    }
    return low < runs.count && runs[low].lower < upper
  }
}

extension MapClusterIndex {
  /// The markers of `viewport`: the places in its region, clustered where they would be closer
  /// than `options.radius` points.
  ///
  /// The grid level whose cells are between one and two radii wide at the zoom is taken; each
  /// of its cells that meets the region gives a candidate with the places of the cell that are
  /// in the region (cells crossing the edge are clipped by descending into them). Candidates
  /// closer than the radius are then merged (see ``MapClustering`` for the guarantees). A
  /// candidate of one place is that place's marker; the others are clusters.
  ///
  /// - Parameters:
  ///   - viewport: What the view shows.
  ///   - options: The radius and the last zoom at which places are clustered.
  ///   - position: The catalog position of a place to keep out of clusters, normally the
  ///     selection: it gets its own marker if it is in the region, and no cluster counts it.
  /// - Returns: The markers, and which places each stands for.
  /// - Complexity: O(*c* log *n* + *m* log *m*) for the *c* cells and runs in view and the *m*
  ///   candidates, times the few merging rounds; independent of the places out of view.
  package func clustering(
    for viewport: MapViewport,
    options: MapClusterOptions = .standard,
    unclusteredPlaceAt position: Int? = nil
  ) -> MapClustering {
    clustering(
      for: viewport, options: options,
      unclusteredSortedIndex: position.flatMap(sortedIndex(ofPlaceAt:)))
  }

  func clustering(
    for viewport: MapViewport,
    options: MapClusterOptions,
    unclusteredSortedIndex unclustered: Int?
  ) -> MapClustering {
    let frame = viewport.frame
    let isClustering = options.clusters(atZoom: viewport.camera.zoom)
    let radius = options.radius * frame.unitsPerPoint
    var cellLevel = 0
    if isClustering {
      // The deepest level whose cells are at least a radius wide.
      while cellLevel < 32, Double(UInt64(1) << UInt64(31 - cellLevel)) >= radius {
        cellLevel += 1
      }
    }
    var query = ClusterQuery(
      index: self, frame: frame, cellLevel: cellLevel, unclustered: unclustered)
    query.run()

    var markers: [MapMarker] = []
    var members: [MemberRange] = []
    var membersOfMarker: [Range<Int>] = []
    func addPlace(at sorted: Int, wraps: Int64) {
      markers.append(MapMarker(place: places[Int(positions[sorted])]))
      members.append(MemberRange(lower: sorted, upper: sorted + 1, wraps: wraps))
      membersOfMarker.append(members.count - 1..<members.count)
    }
    if isClustering {
      var merger = ClusterMerger(candidates: query.candidates)
      merger.merge(radius: radius)
      for group in merger.groups {
        let seed = query.candidates[group.seed]
        if group.count == 1 {
          let run = query.ranges[seed.firstRange]
          addPlace(at: run.lower, wraps: run.wraps)
          continue
        }
        let first = members.count
        var candidate = group.head
        while candidate >= 0 {
          let runs = query.candidates[candidate]
          members += query.ranges[runs.firstRange..<runs.endRange]
          candidate = merger.next[candidate]
        }
        membersOfMarker.append(first..<members.count)
        let cell = MapClusterID(
          cellLevel: seed.level, column: Int(seed.column), row: Int(seed.row), copy: seed.copy)
        markers.append(
          MapMarker(
            cluster: cell, count: group.count,
            coordinate: WebMercator.coordinate(x: group.x, y: group.y)))
      }
    } else {
      for run in query.ranges {
        for sorted in run.lower..<run.upper {
          addPlace(at: sorted, wraps: run.wraps)
        }
      }
    }
    if let unclustered, query.unclusteredIsInRegion {
      addPlace(at: unclustered, wraps: query.unclusteredWraps)
    }
    return MapClustering(
      viewport: viewport, options: options, markers: markers, index: self, members: members,
      membersOfMarker: membersOfMarker, unclustered: unclustered)
  }
}
