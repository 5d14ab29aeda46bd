// Must NOT compile: a value type cannot listen to a PlacesModel, whose delegate protocol is
// class-bound, so it cannot be registered with `addDelegate` (nor with any MulticastDelegate of
// that protocol). `.ci/run` checks that the compiler rejects it.
import PlacesModel

struct ValueListener: PlacesModelDelegate {}

func register(on model: PlacesModel) {
  model.addDelegate(ValueListener())
  MulticastDelegate<any PlacesModelDelegate>().add(ValueListener())
}
