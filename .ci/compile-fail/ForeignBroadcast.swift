// Must NOT compile: only the model broadcasts. A caller can neither reach the model's multicast
// (to send listeners an event the model did not make, or to unregister every view model) nor
// hand a view model or coordinator a model event itself: they listen through private listeners
// and are no `PlacesModelDelegate`s. `.ci/run` checks that the compiler rejects each line.
import Coordinators
import PlacesModel
import ViewModels

func desynchronise(model: PlacesModel, map: MapViewModel, app: AppCoordinator) {
  model.delegates.invoke { $0.didSelectItem(2) }
  model.delegates.removeAll()
  map.didSelectItem(2)
  app.listViewModel.didChange(places: [])
  map.selectionDidChange(to: 2)
  let listener: any PlacesModelDelegate = map
  _ = listener
  map.catalogDidChange(to: .empty)
  app.listViewModel.didChange(places: [], changes: PlaceCatalogChanges(from: .empty, to: .empty))
}
