import Synchronization

extension MulticastDelegate {
  /// Calls `call` once on each delegate the cursor has yet to reach, in order, honouring
  /// removals made while it runs.
  ///
  /// Always inlined, with `call`, into the broadcast at the caller's site: a delegate value
  /// lent across a call that was not inlined would be copied, which costs a retain and a
  /// release per delegate.
  @inlinable
  @inline(__always)
  func deliver(
    _ cursor: inout DeliveryCursor, skipping skipped: ObjectIdentifier?, _ call: (Delegate) -> Void
  ) {
    while cursor.index < cursor.end {
      let index = cursor.index
      // The cursor's pointers, not its storage reference, so that reading costs no retain.
      let entry = cursor.entries.unsafelyUnwrapped + index
      let state = cursor.states.unsafelyUnwrapped[index].load(ordering: .acquiring)
      if state & 1 != 0 {  // Removed.
        cursor.index = index + 1
        continue
      }
      let retained: UnsafeMutableRawPointer
      do {
        // Read in place: copying the entry would retain and release its weak reference.
        guard let object = entry.pointee.object else {
          cursor.index = index + 1
          continue
        }
        if core.generation.load(ordering: .acquiring) != cursor.generation {
          // The storage was replaced (swept or grown): look again from this entry.
          core.resynchronize(&cursor, resumingAt: state >> 1)
          continue
        }
        cursor.index = index + 1
        if ObjectIdentifier(object) == skipped {
          continue
        }
        // The reference the weak load returned passes to the delegate value built below; the
        // retain here and the release of `object` at the end of this scope cancel out.
        retained = Unmanaged.passRetained(object).toOpaque()
      }
      DelegateRepresentation.withDelegate(taking: retained, witness: entry.pointee.witness, call)
    }
  }

  /// A broadcast to deliver later, skipping `sender`, which it holds weakly meanwhile.
  @inlinable
  func queuedBroadcast(
    skipping sender: Delegate?, _ call: @escaping (Delegate) -> Void
  ) -> QueuedBroadcast {
    let senderObject = sender.map { $0 as AnyObject }
    return QueuedBroadcast { [weak senderObject] in
      var cursor = self.core.beginQueued()
      self.deliver(&cursor, skipping: senderObject.map(ObjectIdentifier.init), call)
    }
  }
}
