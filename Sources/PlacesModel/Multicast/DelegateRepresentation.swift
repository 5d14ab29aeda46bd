/// How a delegate value is rebuilt, without a dynamic cast, from the object a weak reference
/// holds.
///
/// The multicast is generic over any `Delegate`, so it cannot declare `weak var delegate:
/// Delegate?`; it keeps a weak `AnyObject` and, beside it, the one word of the value that is
/// not the object, and rebuilds the value from the two on each call.
///
/// ## The assumption, and how it is checked
/// This rests on the layout Swift's ABI fixes for class references and class existential
/// containers ("Existential Container Layout" in the compiler's `docs/ABI/TypeLayout.rst`):
/// a value of class type is one word, the object reference; a class-bound existential such as
/// `any PlacesModelDelegate` or `any SomeClass & P` is the object reference followed by one
/// witness-table pointer per protocol that has witness tables. So a `Delegate` whose values are
/// class instances and whose size is one word is the reference alone, and one whose size is
/// two words is the reference and one witness table. Every other size (two or more witness
/// tables, or an opaque existential of a protocol that is not class-bound) uses a checked
/// `as?` cast on each call instead.
///
/// ``object(of:)`` checks each delegate at registration, in every build configuration: the
/// value must be a class instance, and its first word must be that object's address. A layout
/// that broke the assumption stops the program there, with a message, before anything is kept.
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

  /// The object behind `delegate`, after checking that it is a class instance laid out as
  /// this representation assumes.
  func object<Delegate>(of delegate: Delegate) -> AnyObject {
    guard type(of: delegate as Any) is AnyClass else {
      // `fatalError`, not `preconditionFailure`: an optimised build keeps this message.
      fatalError(
        "MulticastDelegate holds delegates weakly, so it can only hold class instances; "
          + "\(type(of: delegate as Any)) is a value type. Make the protocol class-bound "
          + "(`protocol P: AnyObject`) and conform a class to it."
      )
    }
    let object = delegate as AnyObject
    if self != .dynamicCast {
      let firstWord = withUnsafeBytes(of: delegate) { $0.load(as: UInt.self) }
      if firstWord != Self.address(of: object) {
        fatalError(
          "MulticastDelegate cannot rebuild values of \(Delegate.self): the first word of this "
            + "one is not its object reference, which Swift's class-existential layout promises"
        )
      }
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

  /// Calls `body` with the delegate value for the object at `retained`, which holds one
  /// strong reference that this call takes over and releases.
  ///
  /// The layout is chosen from `MemoryLayout<Delegate>.size`, a constant once specialised,
  /// so only one branch is compiled at each call site. The value is built around the caller's
  /// reference (moved out of a local pair of words for a class existential) rather than
  /// copied from the object, so a call costs the weak load's retain and this release and
  /// nothing more, whether or not `body` is inlined.
  @inlinable
  @inline(__always)
  static func withDelegate<Delegate>(
    taking retained: UnsafeMutableRawPointer, witness: UInt, _ body: (Delegate) -> Void
  ) {
    switch MemoryLayout<Delegate>.size {
    case MemoryLayout<UInt>.size:
      let object = Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
      body(unsafeBitCast(object, to: Delegate.self))
    case 2 * MemoryLayout<UInt>.size:
      var words = (UInt(bitPattern: retained), witness)
      let delegate = withUnsafeMutableBytes(of: &words) { bytes in
        bytes.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: Delegate.self).move()
      }
      body(delegate)
    default:
      let object = Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
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
