/// Z-order (Morton) codes: the bits of x and y interleaved, x in the even bits.
///
/// Sorting points by their code puts every cell of every level of the quadtree over the world
/// square in one contiguous run: the cell at level *l* holding a point is named by the top 2*l*
/// bits of the point's code.
package enum MortonCode {
  /// The code of the point `x`, `y`.
  @inlinable
  package static func code(x: UInt32, y: UInt32) -> UInt64 {
    spread(x) | spread(y) << 1
  }

  /// The smallest code inside the cell at `level` whose column and row are `column` and `row`.
  @inlinable
  package static func firstCode(level: Int, column: UInt64, row: UInt64) -> UInt64 {
    guard level > 0 else { return 0 }
    let shift = UInt64(32 - level)
    return code(
      x: UInt32(truncatingIfNeeded: column << shift), y: UInt32(truncatingIfNeeded: row << shift))
  }

  /// The x of the point with `code`.
  @inlinable
  package static func x(of code: UInt64) -> UInt32 {
    compact(code)
  }

  /// The y of the point with `code`.
  @inlinable
  package static func y(of code: UInt64) -> UInt32 {
    compact(code >> 1)
  }

  /// `value`'s bits moved to the even positions of a 64-bit word.
  @usableFromInline
  static func spread(_ value: UInt32) -> UInt64 {
    var bits = UInt64(value)
    bits = (bits | bits << 16) & 0x0000_FFFF_0000_FFFF
    bits = (bits | bits << 8) & 0x00FF_00FF_00FF_00FF
    bits = (bits | bits << 4) & 0x0F0F_0F0F_0F0F_0F0F
    bits = (bits | bits << 2) & 0x3333_3333_3333_3333
    bits = (bits | bits << 1) & 0x5555_5555_5555_5555
    return bits
  }

  /// The even bits of `code`, packed into 32 bits.
  @usableFromInline
  static func compact(_ code: UInt64) -> UInt32 {
    var bits = code & 0x5555_5555_5555_5555
    bits = (bits | bits >> 1) & 0x3333_3333_3333_3333
    bits = (bits | bits >> 2) & 0x0F0F_0F0F_0F0F_0F0F
    bits = (bits | bits >> 4) & 0x00FF_00FF_00FF_00FF
    bits = (bits | bits >> 8) & 0x0000_FFFF_0000_FFFF
    bits = (bits | bits >> 16) & 0x0000_0000_FFFF_FFFF
    return UInt32(truncatingIfNeeded: bits)
  }
}
