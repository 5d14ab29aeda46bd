/// A column of a ``ClusterLevel`` whose values are indexes into a level (or offsets into such
/// a column): 2 bytes a value when every value fits in 16 bits, else 4.
///
/// A level of at most 2^16 entries is indexed in 2 bytes: every level of a hierarchy of fewer
/// than 2^16 places, so every level of each category's hierarchy on a map of categories that
/// share a catalog (see ``CategoryClusterHierarchies``), and the levels of few entries of a
/// large one. Reading a value tests which width the column has: the same every read, so it is
/// predicted.
package struct CompactColumn: RandomAccessCollection, Sendable {
  /// The values when every one fits in 16 bits; empty otherwise.
  private let narrow: [UInt16]
  /// The values when some value does not fit in 16 bits; empty otherwise.
  private let wide: [UInt32]
  /// Whether the values are in ``narrow``: so they are unless ``wide`` holds them.
  @inline(__always)
  private var isNarrow: Bool { wide.isEmpty }

  /// A column of `values`, in 2 bytes each when they all fit.
  ///
  /// - Complexity: O(*n*).
  package init(_ values: [UInt32]) {
    let fits = values.allSatisfy { $0 <= UInt32(UInt16.max) }
    narrow = fits ? values.map { UInt16(truncatingIfNeeded: $0) } : []
    wide = fits ? [] : values
  }

  /// The index of the first value: 0.
  package var startIndex: Int { 0 }

  /// The number of values.
  package var endIndex: Int { isNarrow ? narrow.count : wide.count }

  /// The value at `index`.
  @inline(__always)
  package subscript(index: Int) -> UInt32 {
    isNarrow ? UInt32(narrow[index]) : wide[index]
  }

  /// The bytes the values take.
  package var byteCount: Int { isNarrow ? narrow.count * 2 : wide.count * 4 }
}
