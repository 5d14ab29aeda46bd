import PlacesModel
import Testing

struct PlaceIDTests {
  @Test func numbersAndStringsAreDifferentIdentifiers() {
    #expect(PlaceID(42) != PlaceID("42"))
    #expect(PlaceID(42) == 42)
    #expect(PlaceID("LHR") == "LHR")
    #expect(PlaceID(Int64(42)) == PlaceID(42))
  }

  @Test func readsWhatItHolds() {
    #expect(PlaceID(42).integerValue == 42)
    #expect(PlaceID(42).stringValue == nil)
    #expect(PlaceID(42).isNumber)
    #expect(PlaceID("node/1").stringValue == "node/1")
    #expect(PlaceID("node/1").integerValue == nil)
    #expect(!PlaceID("node/1").isNumber)
  }

  @Test(arguments: [
    ("42", "42"), ("-7", "-7"), ("007", "7"), ("-0", "0"), ("0", "0"),
    ("9223372036854775807", "9223372036854775807"),
    ("9223372036854775808", "9223372036854775808"),
    ("-00099999999999999999999", "-99999999999999999999"),
  ])
  func parsesWholeNumbersOfAnySize(text: String, description: String) throws {
    let id = try #require(PlaceID(wholeNumber: text))

    #expect(id.isNumber)
    #expect(id.description == description)
  }

  @Test(arguments: ["", "-", "4x2", "1.0", "+1", " 1", "1e3", "١٢"])
  func refusesTextThatIsNotAWholeNumber(text: String) {
    #expect(PlaceID(wholeNumber: text) == nil)
  }

  @Test func largeNumbersBeyondSixtyFourBitsKeepTheirValue() throws {
    let large = try #require(PlaceID(wholeNumber: "123456789012345678901234567890"))

    #expect(large.integerValue == nil)
    #expect(large == PlaceID(wholeNumber: "000123456789012345678901234567890"))
    #expect(large != PlaceID("123456789012345678901234567890"))
  }

  @Test func ordersNumbersByValueBeforeStrings() throws {
    let ids: [PlaceID] = [
      "b", 10, try #require(PlaceID(wholeNumber: "100000000000000000000")), "a", -3,
      try #require(PlaceID(wholeNumber: "-100000000000000000000")),
      try #require(PlaceID(wholeNumber: "-99999999999999999999")), "10", 2,
      try #require(PlaceID(wholeNumber: "99999999999999999999")),
    ]

    #expect(
      ids.sorted().map(\.description) == [
        "-100000000000000000000", "-99999999999999999999", "-3", "2", "10",
        "99999999999999999999", "100000000000000000000", "10", "a", "b",
      ])
    #expect(
      ids.sorted().map(\.isNumber) == Array(repeating: true, count: 7) + [false, false, false])
  }

  @Test func orderIsStrict() throws {
    let large = try #require(PlaceID(wholeNumber: "-100000000000000000000"))

    #expect(!(large < large))
    #expect(!(PlaceID(1) < PlaceID(1)))
    #expect(!(PlaceID("x") < PlaceID("x")))
  }

  @Test func describesTheIdentifierAsAUserTypesIt() {
    #expect(PlaceID(42).description == "42")
    #expect(PlaceID("node/123456").description == "node/123456")
    #expect("\(PlaceID("LHR"))" == "LHR")
  }

  @Test func hashesEqualIdentifiersAlike() {
    let set: Set<PlaceID> = [1, 1, "1", "a", PlaceID(Int64(1))]

    #expect(set.count == 3)
  }
}
