/// The member names the places reader looks for, at any level; every other name is ``other``.
enum GeoJSONKey: UInt32 {
  case type
  case features
  case id
  case geometry
  case properties
  case coordinates
  case geometries
  case category
  case country
  case population
  case crs
  // The default name properties, in the order they are tried.
  case name
  case nameCapitalized
  case nameUppercase
  case nameEnglish
  case nameEnglishUppercase
  case nameEnglishTagged
  case title
  case other

  /// Identifies the member name spelt by `count` bytes at `start`.
  ///
  /// Compares whole words loaded from the name with the little-endian encoding of each
  /// candidate's ASCII bytes; loads never reach past the name's last byte.
  @inline(__always)
  init(_ start: UnsafePointer<UInt8>, count: Int) {
    let raw = UnsafeRawPointer(start)
    @inline(__always)
    func word16(at offset: Int) -> UInt16 {
      UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }
    @inline(__always)
    func word32(at offset: Int) -> UInt32 {
      UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    @inline(__always)
    func word64(at offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    switch count {
    case 3:
      // "cr", "rs"
      self = word16(at: 0) == 0x7263 && word16(at: 1) == 0x7372 ? .crs : .other
    case 2:
      self = word16(at: 0) == 0x6469 ? .id : .other  // "id"
    case 4:
      switch word32(at: 0) {
      case 0x6570_7974: self = .type  // "type"
      case 0x656D_616E: self = .name  // "name"
      case 0x656D_614E: self = .nameCapitalized  // "Name"
      case 0x454D_414E: self = .nameUppercase  // "NAME"
      default: self = .other
      }
    case 5:
      // "titl", "itle"
      self = word32(at: 0) == 0x6C74_6974 && word32(at: 1) == 0x656C_7469 ? .title : .other
    case 7:
      switch (word32(at: 0), word32(at: 3)) {
      case (0x6E75_6F63, 0x7972_746E): self = .country  // "coun", "ntry"
      case (0x656D_616E, 0x6E65_5F65): self = .nameEnglish  // "name", "e_en"
      case (0x454D_414E, 0x4E45_5F45): self = .nameEnglishUppercase  // "NAME", "E_EN"
      case (0x656D_616E, 0x6E65_3A65): self = .nameEnglishTagged  // "name", "e:en"
      default: self = .other
      }
    case 8:
      switch word64(at: 0) {
      case 0x7972_7465_6D6F_6567: self = .geometry  // "geometry"
      case 0x7365_7275_7461_6566: self = .features  // "features"
      case 0x7972_6F67_6574_6163: self = .category  // "category"
      default: self = .other
      }
    case 10:
      switch (word64(at: 0), word16(at: 8)) {
      case (0x6974_7265_706F_7270, 0x7365): self = .properties  // "properti", "es"
      case (0x6974_616C_7570_6F70, 0x6E6F): self = .population  // "populati", "on"
      case (0x6972_7465_6D6F_6567, 0x7365): self = .geometries  // "geometri", "es"
      default: self = .other
      }
    case 11:
      // "coordina", "ates"
      let isCoordinates = word64(at: 0) == 0x616E_6964_726F_6F63 && word32(at: 7) == 0x7365_7461
      self = isCoordinates ? .coordinates : .other
    default:
      self = .other
    }
  }

  /// The name as it appears in JSON, for messages.
  var name: String {
    switch self {
    case .type: "type"
    case .features: "features"
    case .id: "id"
    case .geometry: "geometry"
    case .properties: "properties"
    case .coordinates: "coordinates"
    case .geometries: "geometries"
    case .category: "category"
    case .country: "country"
    case .population: "population"
    case .crs: "crs"
    case .name: "name"
    case .nameCapitalized: "Name"
    case .nameUppercase: "NAME"
    case .nameEnglish: "name_en"
    case .nameEnglishUppercase: "NAME_EN"
    case .nameEnglishTagged: "name:en"
    case .title: "title"
    case .other: "other"
    }
  }

  /// The position of the key in ``GeoJSONPlacesReader/Options/defaultNameProperties``, or
  /// `nil` if it is not one of them.
  @inline(__always)
  var defaultNamePriority: Int? {
    rawValue >= GeoJSONKey.name.rawValue && rawValue <= GeoJSONKey.title.rawValue
      ? Int(rawValue - GeoJSONKey.name.rawValue) : nil
  }

  /// A distinct bit for this key, to notice repeated members.
  @inline(__always)
  var bit: UInt32 { 1 << rawValue }
}
