/// An entry's children one level down as a ``LevelPatch`` keeps them: up to three in the value
/// itself, as plain numbers, or a note that they are kept apart, in a table of arrays.
///
/// A patch's tables of children are copied a leaf at a time by every edit that writes them: a
/// leaf of these values is copied as bytes, touching no reference count, where a leaf of arrays
/// retained each one (and freeing the copy released each). Short lists are the common case: a
/// place carried up the levels alone is an entry of one child at each of them.
package struct PatchChildren: Sendable {
  /// The number of children, or ``spilledCount`` when they are kept apart.
  private let count: UInt32
  private let first: UInt32
  private let second: UInt32
  private let third: UInt32

  /// The most children kept in the value.
  package static var inlineCapacity: Int { 3 }

  private static var spilledCount: UInt32 { .max }

  /// `children` in the value when there are at most ``inlineCapacity``; otherwise the note that
  /// they are kept apart.
  package init(_ children: [UInt32]) {
    guard children.count <= Self.inlineCapacity else {
      (count, first, second, third) = (Self.spilledCount, 0, 0, 0)
      return
    }
    count = UInt32(children.count)
    first = children.count > 0 ? children[0] : 0
    second = children.count > 1 ? children[1] : 0
    third = children.count > 2 ? children[2] : 0
  }

  /// Whether the children are kept apart, not in the value.
  package var isSpilled: Bool { count == Self.spilledCount }

  /// Whether the value keeps exactly `children`, in order (never when they are kept apart):
  /// asked without making an array.
  package func keepsInline(_ children: [UInt32]) -> Bool {
    guard !isSpilled, Int(count) == children.count else { return false }
    switch count {
    case 0: return true
    case 1: return children[0] == first
    case 2: return children[0] == first && children[1] == second
    default: return children[0] == first && children[1] == second && children[2] == third
    }
  }

  /// The children kept in the value, in order; `nil` when they are kept apart.
  package var inline: [UInt32]? {
    switch count {
    case 0: []
    case 1: [first]
    case 2: [first, second]
    case 3: [first, second, third]
    default: nil
    }
  }
}
