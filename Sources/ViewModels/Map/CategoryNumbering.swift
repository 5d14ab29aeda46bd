/// Numbers for categories, given in the order they are first seen, so that a composition
/// (``CategoryComposition``) names a category by a small number rather than by its name.
///
/// A category is first looked up by its representation: equal bits of two `String?` values
/// (the characters of a short string, the storage of a long one) make equal values. A small
/// table keeps the categories last numbered, each with its bits, and the category asked last
/// is checked before it: the places of a catalog share a few such values, and a category
/// whose bits are found there has its number without a comparison of characters. The table
/// holds the strings whose bits it keeps, so that the storage of a long one cannot be freed
/// and reused by another string while its bits are kept. A category not found that way is
/// looked up by name: a short list of names in order (most catalogs have a few categories,
/// whose names compare faster than they hash), a table by name past
/// ``categoriesSearchedInOrder``. So equal names that differ in their bits (two copies of a
/// long name, or one written with a composed accent and one with a combining accent) share
/// a number.
///
/// A first filter at world zoom numbers every place's category: with 12 categories in no
/// order, the names compared in order took a third of that read.
package struct CategoryNumbering {
  /// The categories, by number.
  package private(set) var names: [String?] = []
  /// The number of each category of ``names``, once there are more than
  /// ``categoriesSearchedInOrder``.
  private var numbers: [String?: Int] = [:]

  /// The most categories ``number(of:)`` searches in order.
  private static let categoriesSearchedInOrder = 16

  /// The two words of a `String?` on a 64-bit platform: equal for two values only when the
  /// values are equal, as long as a string whose storage they name is held (a freed storage
  /// may be given to another string).
  private struct Bits: Equatable {
    var low: UInt64
    var high: UInt64

    init(_ category: String?) {
      (low, high) = withUnsafeBytes(of: category) {
        ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      }
    }

    /// Its slot in a table of 2^`bits` slots: a mix of both words.
    func slot(bits: Int) -> Int {
      let mixed = (low ^ high &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
      return Int(truncatingIfNeeded: mixed >> UInt64(64 - bits))
    }
  }

  /// The slots of the table of categories numbered lately: 2^6.
  private static let slotBits = 6
  /// The bits of the categories numbered lately, by slot; a slot keeps the last one.
  ///
  /// Empty until the first category is numbered by its bits (and so always where a `String?`
  /// is not two words): a map makes a numbering for every catalog an edit installs, and most
  /// never number one.
  private var rememberedBits: [Bits?] = []
  /// The number of each category of ``rememberedBits``, in the same slot.
  private var rememberedNumbers: [Int] = []
  /// The category of each slot of ``rememberedBits``, held so that its storage stays its
  /// own; never read.
  private var rememberedCategories: [String?] = []
  /// The bits and the number of the category asked last, held in ``rememberedCategories``.
  private var last: (bits: Bits, number: Int)?

  /// No categories numbered yet.
  package init() {}

  /// The number of `category`, given on first sight.
  package mutating func number(of category: String?) -> Int {
    // A `String?` is two words on 64-bit platforms; elsewhere (arm64_32: 12 bytes), by name.
    guard MemoryLayout<String?>.size == MemoryLayout<Bits>.size else { return lookUp(category) }
    let bits = Bits(category)
    if let last, last.bits == bits { return last.number }
    if rememberedBits.isEmpty {
      let slots = 1 << Self.slotBits
      rememberedBits = Array(repeating: nil, count: slots)
      rememberedNumbers = Array(repeating: 0, count: slots)
      rememberedCategories = Array(repeating: nil, count: slots)
    }
    let slot = bits.slot(bits: Self.slotBits)
    let number: Int
    if rememberedBits[slot] == bits {
      number = rememberedNumbers[slot]
    } else {
      number = lookUp(category)
      (rememberedBits[slot], rememberedNumbers[slot]) = (bits, number)
      rememberedCategories[slot] = category
    }
    last = (bits, number)
    return number
  }

  /// The number of `category`, given on first sight, found by name.
  private mutating func lookUp(_ category: String?) -> Int {
    if names.count <= Self.categoriesSearchedInOrder {
      if let number = names.firstIndex(of: category) { return number }
    } else if let number = numbers[category] {
      return number
    }
    numbers[category] = names.count
    names.append(category)
    return names.count - 1
  }
}
