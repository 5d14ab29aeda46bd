/// The member names the places reader looks for, at any level; every other name is ``other``.
enum GeoJSONKey: UInt16 {
  case type
  case features
  case id
  case geometry
  case properties
  case coordinates
  case name
  case category
  case country
  case population
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
    case 2:
      self = word16(at: 0) == 0x6469 ? .id : .other  // "id"
    case 4:
      switch word32(at: 0) {
      case 0x6570_7974: self = .type  // "type"
      case 0x656D_616E: self = .name  // "name"
      default: self = .other
      }
    case 7:
      // "coun", "ntry"
      self = word32(at: 0) == 0x6E75_6F63 && word32(at: 3) == 0x7972_746E ? .country : .other
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
    case .name: "name"
    case .category: "category"
    case .country: "country"
    case .population: "population"
    case .other: "other"
    }
  }

  /// A distinct bit for this key, to notice repeated members.
  var bit: UInt16 { 1 << rawValue }
}
