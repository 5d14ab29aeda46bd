import PlacesModel
import PlacesModelTestSupport
import Testing

@Suite struct CategoryFilterTests {
  let city = Place(
    id: 1, name: "Oslo", coordinate: .fixture(59.9, 10.7), category: "city")
  let airport = Place(
    id: 2, name: "Gardermoen", coordinate: .fixture(60.2, 11.1),
    category: "airport")
  let unknown = Place(id: 3, name: "Somewhere", coordinate: .fixture(1, 2))

  @Test func allShowsEveryPlace() {
    #expect(CategoryFilter.all.showsEveryPlace)
    #expect([city, airport, unknown].allSatisfy(CategoryFilter.all.shows))
    #expect(CategoryFilter.all.description == "all")
  }

  @Test func namedCategoriesShowOnlyTheirPlaces() {
    let filter = CategoryFilter(showing: ["city"])
    #expect(!filter.showsEveryPlace)
    #expect(filter.shows(city))
    #expect(!filter.shows(airport))
    #expect(!filter.shows(unknown))
    #expect(!filter.shows(category: "City"))
  }

  @Test func uncategorizedPlacesShowOnlyWhenAsked() {
    let filter = CategoryFilter(showing: ["airport"], includingUncategorized: true)
    #expect(filter.shows(unknown))
    #expect(filter.shows(airport))
    #expect(!filter.shows(city))
    #expect(filter.description == "airport,(none)")
  }

  @Test func anEmptyFilterShowsNothing() {
    let filter = CategoryFilter(showing: [String]())
    #expect(![city, airport, unknown].contains(where: filter.shows))
    #expect(filter.description == "")
  }

  @Test func equalFiltersAreEqualWhateverTheOrder() {
    #expect(CategoryFilter(showing: ["a", "b"]) == CategoryFilter(showing: ["b", "a", "a"]))
    #expect(
      CategoryFilter(showing: ["a"]) != CategoryFilter(showing: ["a"], includingUncategorized: true)
    )
    #expect(CategoryFilter(showing: ["airport", "city"]).description == "airport,city")
  }
}
