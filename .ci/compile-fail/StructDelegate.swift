// Must NOT compile: a value type cannot be registered with a MulticastDelegate whose
// delegate protocol is class-bound. `.ci/run` checks that the compiler rejects it.
import PlacesModel

struct ValueListener: PlacesModelDelegate {}

func register(on model: PlacesModel) {
  model.delegates.add(ValueListener())
}
