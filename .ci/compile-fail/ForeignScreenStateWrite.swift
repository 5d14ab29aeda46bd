// Must NOT compile: only the view model a screen state is attached to writes it. A view reads
// the state; it can neither call a command on it nor pass it off as a view, to a view model or
// as a view-delegate value, that anything but its view model could command. `.ci/run` checks
// that the compiler rejects each line.
import PlacesModel
import ViewModels

func overwrite(
  map: MapScreenState, list: ListScreenState, card: PlaceCardScreenState,
  search: SearchScreenState, mapViewModel: MapViewModel, listViewModel: ListViewModel
) {
  map.updateMarkers(removing: [], adding: [])
  map.selectMarker(id: 2)
  list.highlightRow(at: 0)
  card.dismiss()
  search.showMatches([])
  mapViewModel.view = map
  listViewModel.view = list
  let cardView: any PlaceCardViewDelegate = card
  let searchView: any SearchViewDelegate = search
  _ = (cardView, searchView, map.makeWriter())
}
