import PlacesModel

extension MapViewModel {
  /// The categories whose places the map shows: ``/PlacesModel/CategoryFilter/all`` by
  /// default.
  ///
  /// Setting it changes the markers at once (sequenced with the model's broadcasts, as a
  /// camera report is), from the cluster hierarchies already built: no catalog is made and no
  /// index is built again. The view is told in one `updateMarkers`, with lineage: a marker
  /// whose entry still shows places but fewer or more of them is removed `into` its
  /// replacement, and the replacement added `from` it (when the two have different
  /// identities); the markers of entries with no shown place are removed, those of entries
  /// that now show places added. Nothing is sent when no marker changed. Reading it gives the
  /// filter applied last.
  ///
  /// What the markers promise under a filter: every place of a shown category in the view is
  /// counted by exactly one marker, no place of a hidden category is counted by any, and a
  /// cluster sits at the exact mean of the places it counts. With
  /// ``MapClusterOptions/clustersByCategory``, a filter only hides the other categories'
  /// markers: the shown ones are those of the unfiltered map, with all their spacing. Without
  /// it, a cluster that holds places of hidden categories is replaced by one of its shown
  /// places alone, at their mean, which may lie closer than the radius to another marker; a
  /// cluster with one shown place becomes that place's marker. The selected place keeps its
  /// own marker whatever the filter. Pans under a filter change only the markers that came
  /// into or left the view, as without one.
  ///
  /// - Complexity: One clustering of the view, whose search of the level is skipped when
  ///   the camera is where the markers shown, or those of the filter before, were found
  ///   (with clustering by category, only the categories neither showed are searched);
  ///   without clustering by category, plus O(*k*) for each cluster of *k* places in view the
  ///   first time a filter that hides some category shows it (read in parts on several cores
  ///   when the clusters in view hold many thousands of places; O(*n* + *e*) for the
  ///   catalog's *n* places and the *e* entries of the levels below the view's, in order, when
  ///   they hold a quarter of the catalog or more), O(categories) after that. What was read of
  ///   a cluster is kept across the model's edits while the cluster keeps its places, so an
  ///   edit under such a filter reads again only the clusters that hold an edited place or
  ///   gained or lost one. A change back to the filter before the last change, with the
  ///   camera's entries and the selection unchanged, takes the markers that filter showed.
  public var categoryFilter: CategoryFilter {
    get { filter }
    set { sequence(.filter(newValue)) }
  }

  /// The difference between two layers of one level, source and selection under two filters:
  /// the markers of each entry compared, an added marker naming the marker its entry showed
  /// before (``MapMarkerUpdate/Addition/from``), a removed one the marker its entry shows now
  /// (``MapMarkerUpdate/Removal/into``), when the two are different markers with different
  /// identities.
  ///
  /// - Complexity: O(*n*) for *n* entries in the two layers, walked together
  ///   (``MapMarkerLayer/forEachEntry(alongside:_:)``); an entry whose marker the new layer
  ///   took over from the old one is passed over without comparing the markers.
  static func filterUpdate(
    from previous: MapMarkerLayer, to current: MapMarkerLayer
  ) -> MapMarkerUpdate {
    var removed: [MapMarkerUpdate.Removal] = []
    var added: [MapMarkerUpdate.Addition] = []
    // A filter change replaces most markers in view: room for all of them, made once.
    removed.reserveCapacity(previous.entries.count + 1)
    added.reserveCapacity(current.entries.count + 1)
    // The markers are read where the layers hold them, and copied only into the update.
    previous.forEachEntry(alongside: current) { _, oldShown, newShown, inBoth in
      if inBoth && oldShown === newShown { return }
      switch (oldShown, newShown) {
      case (let old?, let new?):
        guard old.marker != new.marker else { return }
        let isOther = old.marker.id != new.marker.id
        removed.append(.init(id: old.marker.id, into: isOther ? new.marker : nil))
        added.append(.init(marker: new.marker, from: isOther ? old.marker : nil))
      case (let old?, nil):
        removed.append(.init(id: old.marker.id))
      case (nil, let new?):
        added.append(.init(marker: new.marker))
      case (nil, nil):
        return
      }
    }
    if previous.selectedMarker != current.selectedMarker {
      if let marker = previous.selectedMarker { removed.append(.init(id: marker.id)) }
      if let marker = current.selectedMarker { added.append(.init(marker: marker)) }
    }
    return MapMarkerUpdate(removed: removed, added: added)
  }
}
