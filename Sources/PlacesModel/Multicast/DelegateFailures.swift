/// The errors thrown by delegates during one ``MulticastDelegate/tryInvoke(_:)``.
public struct DelegateFailures: Error {
  /// Every error thrown, in registration order of the delegates that threw.
  public let errors: [any Error]

  /// Creates the aggregate from the errors thrown.
  public init(errors: [any Error]) {
    self.errors = errors
  }
}

extension DelegateFailures: CustomStringConvertible {
  /// A message listing every error.
  public var description: String {
    "\(errors.count) delegate(s) failed: " + errors.map { "\($0)" }.joined(separator: "; ")
  }
}
