import PlacesModel
import Testing

/// A patch keeps up to three children in the value, in order, and notes longer lists as kept
/// apart.
struct PatchChildrenTests {
  @Test(arguments: 0...6)
  func shortListsAreKeptInOrderAndLongerOnesApart(count: Int) {
    let children = (0..<count).map { UInt32(1_000 - 7 * $0) }
    let kept = PatchChildren(children)
    if count <= PatchChildren.inlineCapacity {
      #expect(!kept.isSpilled)
      #expect(kept.inline == children)
      #expect(kept.keepsInline(children))
      #expect(!kept.keepsInline(children + [7]))
      if let last = children.last {
        #expect(!kept.keepsInline(children.dropLast() + [last + 1]))
      }
    } else {
      #expect(kept.isSpilled)
      #expect(kept.inline == nil)
      #expect(!kept.keepsInline(children))
    }
  }

  @Test func childNumbersKeepEveryBit() {
    let children: [UInt32] = [0, .max, 0x8000_0001]
    #expect(PatchChildren(children).inline == children)
  }
}
