/// How a delegate value is rebuilt from the object a weak reference holds.
///
/// A class-bound existential such as `any PlacesModelDelegate` is the object reference
/// followed by one witness table; a class type is the reference alone. For these two layouts
/// the multicast keeps the witness word beside the weak reference and rebuilds the value
/// without a dynamic cast (checked at registration: the first word must be the object).
/// Any other layout falls back to a checked `as?` cast on each call.
@usableFromInline
enum DelegateRepresentation: Sendable {
  case reference
  case referenceAndWitness
  case dynamicCast

  init<Delegate>(of type: Delegate.Type) {
    switch MemoryLayout<Delegate>.size {
    case MemoryLayout<UInt>.size: self = .reference
    case 2 * MemoryLayout<UInt>.size: self = .referenceAndWitness
    default: self = .dynamicCast
    }
  }

  /// The object behind `delegate`, which must be a class instance.
  func object<Delegate>(of delegate: Delegate) -> AnyObject {
    guard type(of: delegate as Any) is AnyClass else {
      preconditionFailure(
        "MulticastDelegate holds delegates weakly, so it can only hold class instances; "
          + "\(type(of: delegate as Any)) is a value type. Make the protocol class-bound "
          + "(`protocol P: AnyObject`) and conform a class to it."
      )
    }
    let object = delegate as AnyObject
    if self != .dynamicCast {
      let firstWord = withUnsafeBytes(of: delegate) { $0.load(as: UInt.self) }
      precondition(
        firstWord == Self.address(of: object),
        "unexpected layout of \(Delegate.self): its first word is not the object reference"
      )
    }
    return object
  }

  /// The identity used to find `delegate` among the registrations.
  @usableFromInline
  func identity<Delegate>(of delegate: Delegate) -> ObjectIdentifier {
    ObjectIdentifier(delegate as AnyObject)
  }

  /// The word kept beside the weak reference to rebuild `delegate`.
  func witness<Delegate>(of delegate: Delegate) -> UInt {
    guard self == .referenceAndWitness else { return 0 }
    return withUnsafeBytes(of: delegate) {
      $0.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
    }
  }

  /// Calls `body` with the delegate value for `object`, which the caller keeps alive, without
  /// retaining it again.
  @inlinable
  func withDelegate<Delegate>(
    from object: AnyObject, witness: UInt, _ body: (Delegate) -> Void
  ) {
    switch self {
    case .reference:
      body(unsafeBitCast(object, to: Delegate.self))
    case .referenceAndWitness:
      // The value is lent from a stack buffer holding its two words and never destroyed
      // there, so it costs no retain and release; `object` keeps the delegate alive.
      withUnsafeTemporaryAllocation(
        byteCount: MemoryLayout<Delegate>.size, alignment: MemoryLayout<Delegate>.alignment
      ) { buffer in
        guard let base = buffer.baseAddress else { return }
        base.storeBytes(of: Self.address(of: object), as: UInt.self)
        base.storeBytes(of: witness, toByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
        body(base.bindMemory(to: Delegate.self, capacity: 1).pointee)
      }
      extendLifetime(object)
    case .dynamicCast:
      if let delegate = object as? Delegate {
        body(delegate)
      }
    }
  }

  @inlinable
  static func address(of object: AnyObject) -> UInt {
    UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
  }
}
