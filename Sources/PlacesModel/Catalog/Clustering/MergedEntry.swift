/// An entry that replaces entries of a level: where it is, what it holds, and whom.
struct MergedEntry {
  /// Its places, summed.
  let sum: PositionSum
  let representative: UInt32
  /// The indexes of the entries it replaces, its seed first.
  let members: [Int]
}
