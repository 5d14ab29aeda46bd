/// What a load left out, by reason, with the first feature each reason applied to.
///
/// Without strict mode, a feature that cannot be placed is skipped, and a `category`,
/// `country` or `population` value that cannot be used (of the wrong kind, or a population
/// below 0) is left out of its place; both are
/// counted here so that a front end can say so. A skipped feature is counted once, under the
/// first reason that applies in the order of ``Reason``'s cases.
public struct GeoJSONLoadReport: Equatable, Sendable {
  /// Why a feature was skipped or a value left out.
  public enum Reason: Hashable, Sendable {
    /// The feature has no `geometry`, or it is `null`; the feature is skipped.
    case noGeometry
    /// The geometry has no positions, such as an empty `Point`, `LineString` or
    /// `GeometryCollection` (RFC 7946 §3.1 lets them stand for no geometry); the feature is
    /// skipped.
    case emptyGeometry
    /// The geometry is not a `Point` and ``GeoJSONPlacesReader/NonPointGeometry/skip`` is
    /// in force; the feature is skipped.
    case notAPoint
    /// None of the name properties holds a string with a visible character; the feature is
    /// skipped.
    case noName
    /// The property, `category`, `country` or `population`, has a value that cannot be used:
    /// of the wrong kind, or a population below 0; the place loads without it.
    case unusableValue(property: String)

    /// Whether the reason makes the feature skipped, rather than one value left out.
    public var skipsFeature: Bool {
      switch self {
      case .noGeometry, .emptyGeometry, .notAPoint, .noName: true
      case .unusableValue: false
      }
    }
  }

  /// How often one reason applied, and where first.
  public struct Entry: Equatable, Sendable {
    /// Why.
    public let reason: Reason
    /// How many features it applied to.
    public let count: Int
    /// The 0-based position in `features` of the first feature it applied to.
    public let firstIndex: Int
    /// The 1-based line where that feature starts.
    public let firstLine: Int

    /// Creates an entry from its parts.
    package init(reason: Reason, count: Int, firstIndex: Int, firstLine: Int) {
      self.reason = reason
      self.count = count
      self.firstIndex = firstIndex
      self.firstLine = firstLine
    }
  }

  /// One entry per reason that applied, in the order the reasons first occurred in the file.
  public let entries: [Entry]

  /// Creates a report from its entries; an empty report unless given.
  package init(entries: [Entry] = []) {
    self.entries = entries
  }

  /// Whether nothing was skipped or left out.
  public var isEmpty: Bool { entries.isEmpty }

  /// The number of features skipped, for every reason.
  ///
  /// - Complexity: O(*r*) in the number of reasons.
  public var skippedFeatureCount: Int {
    entries.reduce(0) { $0 + ($1.reason.skipsFeature ? $1.count : 0) }
  }

  /// The counts in words; empty when nothing was skipped or left out.
  ///
  /// For example `skipped 12 without a name, 1 with no geometry; left out 2 unusable
  /// population values`. Counts use `,` between thousands.
  public var summary: String {
    var parts: [String] = []
    let skipped = entries.filter(\.reason.skipsFeature)
    if !skipped.isEmpty {
      parts.append("skipped " + skipped.map(\.phrase).joined(separator: ", "))
    }
    let leftOut = entries.filter { !$0.reason.skipsFeature }
    if !leftOut.isEmpty {
      parts.append("left out " + leftOut.map(\.phrase).joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }
}

extension GeoJSONLoadReport.Entry {
  /// The count and the reason in words, such as `12 without a name`.
  fileprivate var phrase: String {
    "\(GeoJSONLoadReport.grouped(count)) \(reason.phrase(count: count))"
  }
}

extension GeoJSONLoadReport.Reason {
  /// The reason in words, after a count of `count`, such as `without a name`.
  func phrase(count: Int) -> String {
    switch self {
    case .noGeometry: "with no geometry"
    case .emptyGeometry: "with an empty geometry"
    case .notAPoint: count == 1 ? "that is not a point" : "that are not points"
    case .noName: "without a name"
    case .unusableValue(let property):
      "unusable \(property) \(count == 1 ? "value" : "values")"
    }
  }
}

extension GeoJSONLoadReport {
  /// Returns `count` in decimal with `,` between groups of three digits, such as `3,376`.
  package static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 {
        result.append(",")
      }
      result.append(digit)
    }
    return count < 0 ? "-" + result : result
  }
}
