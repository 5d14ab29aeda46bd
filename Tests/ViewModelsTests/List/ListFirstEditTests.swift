import PlacesModel
import Testing
import ViewModelTestSupport
import ViewModels

/// The first edit of a list whose rows were never read (a view that shows a count, as the
/// command line's does), over a catalog whose order by name was never built.
struct ListFirstEditTests {
  /// A view that keeps what it was told, reading no row.
  private final class CountingListView: ListViewDelegate {
    var updates: [ListRowChanges] = []
    var reloads = 0
    func reloadRows(_ rows: ListRows, order: ListOrder) { reloads += 1 }
    func updateRows(_ rows: ListRows, order: ListOrder, changes: ListRowChanges) {
      updates.append(changes)
    }
    func highlightRow(at row: Int) {}
    func scrollToRow(at row: Int, animated: Bool) {}
    func clearHighlight() {}
  }

  /// A model of four places, its first catalog, and a list of it by name whose view reads no
  /// row.
  private static func unreadList() throws -> (
    PlacesModel, PlaceCatalog, ListViewModel, CountingListView
  ) {
    let model = try PlacesModel(places: [.london, .paris, .rome, .stockholm])
    let first = model.places
    let list = ListViewModel(model: model)
    let view = CountingListView()
    list.view = view
    return (model, first, list, view)
  }

  @Test func aMoveBuildsNoOrderByName() throws {
    let (model, first, list, view) = try Self.unreadList()
    #expect(first.indexBuildCount == 0)

    try model.update(Place.paris.changing(coordinate: .uppsala))

    // The place keeps its row, which shows no coordinate: no row is searched for, in either
    // catalog, so neither order is built.
    #expect(first.indexBuildCount == 0)
    #expect(model.places.indexBuildCount == 0)
    #expect(view.updates.isEmpty)
    #expect(list.rows.map(\.id) == ([.london, .paris, .rome, .stockholm] as [Place]).map(\.id))
  }

  @Test func aNewCategoryWithEveryCategoryShownKeepsTheRow() throws {
    let (model, first, list, view) = try Self.unreadList()

    try model.update(Place.rome.changing(category: "museum"))

    #expect(first.indexBuildCount == 0)
    #expect(view.updates.isEmpty)
    withExtendedLifetime(list) {}
  }

  @Test func aPlaceGivenAHiddenCategoryLeavesTheFilteredRows() throws {
    let (model, _, list, view) = try Self.unreadList()
    list.categoryFilter = CategoryFilter(showing: ["city"])

    try model.update(Place.rome.changing(category: "museum"))

    #expect(view.updates.last == ListRowChanges(removed: [2], inserted: [], reloaded: []))
    #expect(list.rows.map(\.id) == ([.london, .paris, .stockholm] as [Place]).map(\.id))
  }

  @Test func aRenameThatMovesTheRowReadsBothOrders() throws {
    let (model, first, list, view) = try Self.unreadList()

    try model.update(Place.london.renamed("Zagreb"))

    #expect(first.indexBuildCount == 1)
    #expect(view.updates == [ListRowChanges(removed: [0], inserted: [3], reloaded: [])])
    #expect(list.rows.map(\.id) == ([.paris, .rome, .stockholm, .london] as [Place]).map(\.id))
  }

  @Test func aNewCountryKeepsTheRowAndReloadsIt() throws {
    let (model, first, list, view) = try Self.unreadList()

    try model.update(Place.rome.changing(country: "VA"))

    #expect(first.indexBuildCount == 0)
    #expect(view.reloads == 1)
    #expect(view.updates == [ListRowChanges(removed: [], inserted: [], reloaded: [2])])
    withExtendedLifetime(list) {}
  }
}
