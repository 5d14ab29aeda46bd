/// Why a map input was refused.
public enum MapViewModelError: Error, Equatable, Sendable {
  /// No cluster with this identity is on the map (it was replaced by a camera move, say).
  case unknownCluster(MapClusterID)
}

extension MapViewModelError: CustomStringConvertible {
  /// A message that names the cluster.
  public var description: String {
    switch self {
    case .unknownCluster(let id):
      "no cluster \(id) is on the map"
    }
  }
}
