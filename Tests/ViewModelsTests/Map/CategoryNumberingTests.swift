import PlacesModelTestSupport
import Testing
import ViewModels

/// The numbers a map gives categories (``CategoryNumbering``), against a brute-force model:
/// each name, compared as a string, numbered in the order first seen.
struct CategoryNumberingTests {
  /// The number the model gives `category` after `seen`, appending it when new.
  static func modelNumber(of category: String?, seen: inout [String?]) -> Int {
    if let number = seen.firstIndex(of: category) { return number }
    seen.append(category)
    return seen.count - 1
  }

  /// A name of `index`: short ones (held in the string itself) and long ones (held in
  /// storage, each call making a copy of its own), `nil` for some.
  static func name(_ index: Int) -> String? {
    switch index % 4 {
    case 0: nil
    case 1: "c\(index)"
    case 2: "a category with a long name, number \(index)"
    default: String(repeating: "é", count: 9) + " \(index)"
    }
  }

  /// Names drawn from pools of 3, 40 and 300 (more than the names searched in order and the
  /// slots of categories numbered lately), in runs and scattered, each long one a fresh copy:
  /// the numbers are the model's.
  @Test(arguments: [3, 40, 300], [1, 2, 3] as [UInt64])
  func numbersAreGivenInTheOrderFirstSeen(poolSize: Int, seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var numbering = CategoryNumbering()
    var seen: [String?] = []
    for _ in 0..<20_000 {
      let index = Int(generator.next() % UInt64(poolSize))
      let run = generator.next() % 4 == 0 ? Int(generator.next() % 8) + 1 : 1
      for _ in 0..<run {
        let category = Self.name(index)
        let expected = Self.modelNumber(of: category, seen: &seen)
        #expect(numbering.number(of: category) == expected, "\(String(describing: category))")
      }
    }
    #expect(numbering.names == seen)
  }

  /// Copies of long names dropped after their number do not lend it to later names.
  ///
  /// Copies of a few long names are made, numbered and dropped between new names of the same
  /// length: a copy's storage, once freed, may be given to a later name, whose bits are then
  /// the copy's. Each name gets the model's number.
  @Test(arguments: [4, 5] as [UInt64])
  func copiesDroppedAfterTheirNumberDoNotLendItToLaterNames(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var numbering = CategoryNumbering()
    var seen: [String?] = []
    var nextNew = 0
    for _ in 0..<20_000 {
      // Names of one length (35 characters), made at run time, each in storage of its own.
      let number: Int
      if generator.next() % 2 == 0 {
        number = 100_000 + Int(generator.next() % 3)
      } else {
        nextNew += 1
        number = 200_000 + nextNew
      }
      let name = "a long category name, number \(number)"
      let expected = Self.modelNumber(of: name, seen: &seen)
      #expect(numbering.number(of: name) == expected, "\(name)")
    }
  }

  /// Equal names written differently (a composed accent and a combining one) and equal long
  /// names in storage of their own share one number: names are compared as strings.
  @Test func equalNamesWrittenDifferentlyShareANumber() {
    var numbering = CategoryNumbering()
    let composed = "Caf\u{E9}"
    let combining = "Cafe\u{301}"
    #expect(numbering.number(of: composed) == 0)
    #expect(numbering.number(of: nil) == 1)
    #expect(numbering.number(of: combining) == 0)
    // Made at run time, each in storage of its own.
    let long = "museums " + String(repeating: "and galleries ", count: 3)
    let copy = ["museums ", String(repeating: "and galleries ", count: 3)].joined()
    #expect(numbering.number(of: long) == 2)
    #expect(numbering.number(of: copy) == 2)
    #expect(numbering.names.count == 3)
  }
}
