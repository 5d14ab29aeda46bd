/// One change of the markers on a map, with where the new ones came from and where the old
/// ones went: enough to animate clusters splitting and merging.
///
/// At one zoom level (a pan) the update adds exactly the markers that came into view and
/// removes exactly those that left; nothing that stays on screen changes. When the zoom level
/// changes, each added marker whose ancestor was on the map names it (``Addition/from``: it
/// split from that cluster, and can grow out of its position), and each removed marker whose
/// ancestor is on the map now names it (``Removal/into``: it merged into that cluster, and can
/// move into its position). Counts add up along the way: a cluster's count is the sum of its
/// parts'.
///
/// After an edit of the catalog (a place inserted, moved or removed), the update holds only the
/// markers that changed, at the same level, and relates the two catalogs' markers through a
/// place: a place's marker through its place, a cluster through its representative place. An
/// added marker names the marker that held that place before the edit (``Addition/from``), and
/// a removed marker the marker that holds it now (``Removal/into``), when that marker is on the
/// map and is another marker. A marker that only changed its count or position is removed and added again under
/// the same identity, without lineage.
public struct MapMarkerUpdate: Hashable, Sendable {
  /// A marker that left the map.
  public struct Removal: Hashable, Sendable {
    /// The marker's identity.
    public let id: MapMarker.ID
    /// The marker it merged into, on the map after the update, when the zoom went out or the
    /// catalog changed.
    public let into: MapMarker?

    /// Creates a removal of the marker `id`, merged into `into` if given.
    ///
    /// Public for an app's views: a view that implements both `updateMarkers` requirements of
    /// ``MapViewDelegate`` forwards the plain one as an update, and a view's own tests build
    /// the updates it is to animate.
    public init(id: MapMarker.ID, into: MapMarker? = nil) {
      self.id = id
      self.into = into
    }
  }

  /// A marker that came onto the map.
  public struct Addition: Hashable, Sendable {
    /// The marker.
    public let marker: MapMarker
    /// The marker it split from, on the map before the update, when the zoom went in or the
    /// catalog changed.
    public let from: MapMarker?

    /// Creates an addition of `marker`, split from `from` if given.
    ///
    /// Public for an app's views, as ``Removal/init(id:into:)`` is.
    public init(marker: MapMarker, from: MapMarker? = nil) {
      self.marker = marker
      self.from = from
    }
  }

  /// The markers that left the map (or changed: they come back in ``added``).
  public let removed: [Removal]
  /// The markers that came onto the map (or changed), in the map's order.
  public let added: [Addition]

  /// Creates an update.
  ///
  /// Public for an app's views, as ``Removal/init(id:into:)`` is.
  public init(removed: [Removal], added: [Addition]) {
    self.removed = removed
    self.added = added
  }

  /// The identities of the removed markers.
  public var removedIDs: [MapMarker.ID] { removed.map(\.id) }

  /// The added markers.
  public var addedMarkers: [MapMarker] { added.map(\.marker) }

  /// How many added markers split from a marker that was on the map.
  public var splitCount: Int { added.count { $0.from != nil } }

  /// How many removed markers merged into a marker that is on the map.
  public var mergedCount: Int { removed.count { $0.into != nil } }
}
