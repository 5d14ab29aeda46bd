/// What a ``GeoJSONPlacesReader`` read from several files as one catalog
/// (``GeoJSONPlacesReader/load(sources:)``): every place, and which file each came from.
///
/// The places of the first file come first, in its order, then those of the second, and so
/// on; ids are unique across all of them. ``files`` says, for each file in the order given,
/// which places it gave, what it left out and its form.
public struct GeoJSONCatalogLoad: Equatable, Sendable {
  /// One file's part of the catalog.
  public struct File: Equatable, Sendable {
    /// The path of the file, as its source gives it.
    public let file: String
    /// The positions in ``GeoJSONCatalogLoad/places`` of the places the file gave.
    public let placeRange: Range<Int>
    /// The features the file skipped and the values it left out.
    public let report: GeoJSONLoadReport
    /// The form of GeoJSON the file has.
    public let form: GeoJSONLoad.Form
    /// Each of the file's places' position in its `features`, or `nil` when they are its
    /// features one for one.
    let featureIndexOfPlace: [Int]?

    /// The position in the file's `features` of its place at `offset` in ``placeRange``.
    func featureIndex(ofPlaceAt offset: Int) -> Int {
      featureIndexOfPlace?[offset] ?? offset
    }
  }

  /// Every place, the first file's first, each file's in its order.
  public let places: [Place]
  /// Each file's part, in the order the files were given.
  public let files: [File]

  /// Puts `loads` together as one catalog, in their order.
  ///
  /// - Throws: ``GeoJSONError/duplicateIDAcrossFiles(file:index:id:otherFile:otherIndex:count:)``
  ///   if two of the loads give the same id.
  /// - Complexity: O(*p*) on average in the number of places.
  init(_ loads: [(file: String, load: GeoJSONLoad)]) throws(GeoJSONError) {
    var files: [File] = []
    files.reserveCapacity(loads.count)
    var start = 0
    for (file, load) in loads {
      let end = start + load.places.count
      files.append(
        File(
          file: file, placeRange: start..<end, report: load.report, form: load.form,
          featureIndexOfPlace: load.featureIndexOfPlace))
      start = end
    }
    if loads.count == 1 {
      // One file's places are taken as they are, without a copy.
      places = loads[0].load.places
    } else {
      var places: [Place] = []
      places.reserveCapacity(start)
      for (_, load) in loads {
        places += load.places
      }
      self.places = places
    }
    self.files = files
    try checkIDsAreUnique()
  }

  private init(places: [Place], files: [File]) {
    self.places = places
    self.files = files
  }

  /// The position in ``files`` of the file that gave the place at `index` in ``places``, or
  /// `nil` if `index` is not a position in ``places``.
  ///
  /// - Complexity: O(log *f*) in the number of files.
  public func fileIndex(ofPlaceAt index: Int) -> Int? {
    guard places.indices.contains(index) else { return nil }
    var low = 0
    var high = files.count
    while low < high {
      let middle = (low + high) / 2
      if files[middle].placeRange.upperBound <= index {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < files.count ? low : nil
  }

  /// The file that gave the place at `index` in ``places``, or `nil` if `index` is not a
  /// position in ``places``.
  ///
  /// - Complexity: O(log *f*) in the number of files.
  public func file(ofPlaceAt index: Int) -> File? {
    fileIndex(ofPlaceAt: index).map { files[$0] }
  }

  /// The catalog with the places of the file at `fileIndex` in ``files`` replaced by those of
  /// `load`, the file read again (``GeoJSONPlacesReader/load(source:)``); the other files'
  /// places are kept as they are, in their positions.
  ///
  /// - Precondition: `fileIndex` is a position in ``files``.
  /// - Throws: ``GeoJSONError/duplicateIDAcrossFiles(file:index:id:otherFile:otherIndex:count:)``
  ///   if the file now gives an id that another file gives; the catalog is then unchanged.
  /// - Complexity: O(*p*) on average in the number of places of all files.
  public func replacingFile(
    at fileIndex: Int, with load: GeoJSONLoad
  ) throws(GeoJSONError) -> GeoJSONCatalogLoad {
    precondition(files.indices.contains(fileIndex), "no file at \(fileIndex)")
    let old = files[fileIndex]
    let shift = load.places.count - old.placeRange.count
    var newPlaces: [Place] = []
    newPlaces.reserveCapacity(places.count + shift)
    newPlaces += places[..<old.placeRange.lowerBound]
    newPlaces += load.places
    newPlaces += places[old.placeRange.upperBound...]
    var newFiles = files
    newFiles[fileIndex] = File(
      file: old.file,
      placeRange: old.placeRange.lowerBound..<old.placeRange.lowerBound + load.places.count,
      report: load.report, form: load.form, featureIndexOfPlace: load.featureIndexOfPlace)
    for index in newFiles.indices.dropFirst(fileIndex + 1) {
      let range = newFiles[index].placeRange
      newFiles[index] = File(
        file: newFiles[index].file, placeRange: range.lowerBound + shift..<range.upperBound + shift,
        report: newFiles[index].report, form: newFiles[index].form,
        featureIndexOfPlace: newFiles[index].featureIndexOfPlace)
    }
    let catalog = GeoJSONCatalogLoad(places: newPlaces, files: newFiles)
    try catalog.checkIDsAreUnique()
    return catalog
  }

  /// Fails if two files give the same id, naming the first feature, in file order, whose id
  /// an earlier file gives.
  ///
  /// Each file's ids are unique already, as the reader checks them, so only ids of different
  /// files are compared; one file needs no check.
  private func checkIDsAreUnique() throws(GeoJSONError) {
    guard files.count > 1 else { return }
    var owner: [PlaceID: (file: Int, offset: Int)] = [:]
    owner.reserveCapacity(places.count)
    var first: (file: Int, offset: Int, other: (file: Int, offset: Int))?
    var count = 0
    for (fileIndex, file) in files.enumerated() {
      for (offset, place) in places[file.placeRange].enumerated() {
        if let other = owner[place.id] {
          count += 1
          if first == nil {
            first = (fileIndex, offset, other)
          }
        } else {
          owner[place.id] = (fileIndex, offset)
        }
      }
    }
    guard let first else { return }
    let file = files[first.file]
    let other = files[first.other.file]
    throw .duplicateIDAcrossFiles(
      file: file.file, index: file.featureIndex(ofPlaceAt: first.offset),
      id: places[file.placeRange.lowerBound + first.offset].id, otherFile: other.file,
      otherIndex: other.featureIndex(ofPlaceAt: first.other.offset), count: count)
  }
}
