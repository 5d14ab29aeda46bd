// The place fixtures live in PlacesModelTestSupport, shared with the model's tests; re-exported
// here so a test that imports the spies has the places they are about.
@_exported import PlacesModelTestSupport
