/// The errors thrown by delegates during one ``MulticastDelegate/tryInvoke(_:)``, each with the
/// delegate that threw it.
public struct DelegateFailures: Error {
  /// One delegate's failure.
  public struct Failure: Sendable {
    /// The delegate that threw: compare with `ObjectIdentifier(delegate)`.
    public let delegate: ObjectIdentifier
    /// The delegate's class, for logs.
    public let delegateType: String
    /// Where the delegate came among those called, from 0, in registration order.
    public let position: Int
    /// What it threw.
    public let error: any Error

    /// Records that the delegate `delegate`, of class `delegateType`, called at `position`,
    /// threw `error`.
    @usableFromInline package init(
      delegate: ObjectIdentifier, delegateType: String, position: Int, error: any Error
    ) {
      self.delegate = delegate
      self.delegateType = delegateType
      self.position = position
      self.error = error
    }
  }

  /// Every failure, in registration order of the delegates that threw.
  public let failures: [Failure]

  /// Every error thrown, in registration order of the delegates that threw.
  public var errors: [any Error] { failures.map(\.error) }

  /// Creates the aggregate from the failures.
  @usableFromInline package init(failures: [Failure]) {
    self.failures = failures
  }
}

extension DelegateFailures: CustomStringConvertible {
  /// A message listing every error with the delegate that threw it.
  public var description: String {
    "\(failures.count) delegate(s) failed: "
      + failures.map { "delegate \($0.position) (\($0.delegateType)): \($0.error)" }
      .joined(separator: "; ")
  }
}
