/// Builds one flow, keeps its objects alive and starts it.
///
/// A coordinator owns what its flow creates; everything else holds those objects weakly, so
/// releasing a coordinator releases its flow and its children's flows.
public protocol Coordinator: AnyObject {
  /// The coordinators of the flows this one has started and not yet finished.
  var children: [any Coordinator] { get }
  /// Builds the flow and shows it.
  func start()
}
